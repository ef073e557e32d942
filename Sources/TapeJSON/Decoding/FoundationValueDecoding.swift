import Foundation

/// The Foundation types that Foundation's decoder decodes itself rather than through their own
/// `init(from:)`: `Data` (by the data strategy), `URL` (from a string) and `Decimal` (from a number);
/// and `UUID`, whose canonical text is read here to the value its `init(from:)` gives. Each reads the
/// session's current value, whose path frame is already pushed.
extension DecodingSession {
    func decodeData() throws -> Data {
        let index = valueIndex
        if isNull(index) { throw valueNotFound(Data.self, path: codingPath) }
        switch withUnsafeWorkspace({ $0.dataStrategy }) {
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

    /// A `UUID` from its canonical text (8-4-4-4-12 hex digits, either case) read on the tape, as
    /// `UUID(uuidString:)` reads it, without the `String` and the C `sscanf` that `UUID.init(from:)`
    /// goes through on Linux: 14% of the samples of a CloudTrail-shaped JSON Lines decode, whose
    /// `eventID` is a UUID. Any other value (null, a number, another spelling) goes to
    /// `UUID.init(from:)`, whose value or error is the answer.
    func decodeUUID() throws -> UUID {
        let index = valueIndex
        if tape.tagByte(index) == TapeTag.string.rawValue, let uuid = Self.canonicalUUID(tape.stringBytes(index)) {
            return uuid
        }
        return try UUID(from: self)
    }

    /// The UUID of `text` when it is 36 bytes of 8-4-4-4-12 hex digits, else nil.
    static func canonicalUUID(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &bytes) { out -> Bool in
            var i = 0
            for k in 0..<16 {
                if i == 8 || i == 13 || i == 18 || i == 23 {
                    guard text[i] == UInt8(ascii: "-") else { return false }
                    i += 1
                }
                guard let high = ByteScan.hexValue(text[i]), let low = ByteScan.hexValue(text[i + 1]) else { return false }
                out[k] = high << 4 | low
                i += 2
            }
            return true
        }
        return parsed ? UUID(uuid: bytes) : nil
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

    /// A `Decimal` built from the number's text, as Foundation does: every digit Decimal holds is kept
    /// (38 significant digits; `3.14159265358979323846264338327950288` keeps all of them), and a number
    /// beyond Decimal's exponent range (`100e200`, `1e-400`) is `.dataCorrupted`. The text is found from
    /// the tape index (see `NumberText.swift`); without a source text (never the case for the decoder's
    /// own entry points) the binary value is used: exact for integers, the shortest text of the `Double`
    /// otherwise.
    func decodeDecimal() throws -> Decimal {
        let index = valueIndex
        switch tape.tag(index) {
        case .int64, .uint64, .double:
            if let text = exactNumberText(at: index) {
                // JSON5's Infinity and NaN: Foundation gives NaN (Decimal has no infinity).
                if JSON5Translation.isSpecial(text) { return .nan }
                guard let decimal = Decimal(string: text, locale: nil) else {
                    throw DecodingError.dataCorrupted(DecodingError.Context(
                        codingPath: codingPath,
                        debugDescription: "Parsed JSON number <\(text)> does not fit in Decimal."))
                }
                return decimal
            }
            switch tape.tag(index) {
            case .int64: return Decimal(tape.int64(index))
            case .uint64: return Decimal(tape.uint64(index))
            default:
                let value = tape.double(index)
                return Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(value)
            }
        case .null:
            throw valueNotFound(Decimal.self, path: codingPath)
        default:
            throw DecodingError.typeMismatch(Decimal.self, DecodingError.Context(codingPath: codingPath, debugDescription: ""))
        }
    }
}
