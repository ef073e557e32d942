import Foundation

/// The Foundation types that Foundation's decoder decodes itself rather than through their own
/// `init(from:)`: `Data` (by the data strategy), `URL` (from a string) and `Decimal` (from a number).
/// Each reads the session's current value, whose path frame is already pushed.
extension DecodingSession {
    func decodeData() throws -> Data {
        let index = valueIndex
        if isNull(index) { throw valueNotFound(Data.self, path: codingPath) }
        switch context.dataStrategy {
        case .deferredToData:
            return try Data(from: self)
        case .base64:
            guard let text = string(at: index) else {
                throw typeMismatch(String.self, at: index, path: codingPath)
            }
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64."))
            }
            return data
        case .custom(let decode):
            return try decode(self)
        }
    }

    func decodeURL() throws -> URL {
        let index = valueIndex
        if isNull(index) { throw valueNotFound(URL.self, path: codingPath) }
        guard let text = string(at: index) else {
            throw typeMismatch(String.self, at: index, path: codingPath)
        }
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "Invalid URL string."))
        }
        return url
    }

    /// A `Decimal` from the number's binary value: exact for integers; for other numbers, the
    /// decimal of the shortest text that reads back as the same `Double`.
    func decodeDecimal() throws -> Decimal {
        let index = valueIndex
        switch tape.tag(index) {
        case .int64: return Decimal(tape.int64(index))
        case .uint64: return Decimal(tape.uint64(index))
        case .double:
            let value = tape.double(index)
            return Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(value)
        case .null:
            throw valueNotFound(Decimal.self, path: codingPath)
        default:
            throw DecodingError.typeMismatch(Decimal.self, DecodingError.Context(codingPath: codingPath, debugDescription: ""))
        }
    }
}
