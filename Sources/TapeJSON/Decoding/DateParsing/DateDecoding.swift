import Foundation

/// Decoding a `Date` by the date strategy, from the session's current value. Dates are parsed only
/// here, when a `Date` is requested.
extension DecodingSession {
    /// `decoderDepth`: the depth of the decoder asked for the date (see `decodeCurrent`).
    func decodeDate(decoderDepth: Int) throws -> Date {
        let index = valueIndex
        if isNull(index) { throw valueNotFound(Date.self, path: codingPath) }
        switch withUnsafeWorkspace({ $0.dateStrategy }) {
        case .deferredToDate:
            return Date(timeIntervalSinceReferenceDate: try decode(Double.self))
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decode(Double.self))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decode(Double.self) / 1000)
        case .iso8601:
            guard tape.tagByte(index) == TapeTag.string.rawValue else {
                throw typeMismatch(String.self, at: index, path: codingPath)
            }
            guard let instant = ISO8601DateParser.parse(tape.stringBytes(index)) else {
                // Foundation reports this one at the path of the decoder that was asked for the date
                // (its containers', nested ones included, without the date's key).
                let path = Array(codingPath.prefix(basePath.count + decoderDepth))
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: path, debugDescription: "Expected date string to be ISO8601-formatted."))
            }
            return instant.date
        case .formatted(let formatter):
            let text = try decode(String.self)
            guard let date = formatter.date(from: text) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: codingPath, debugDescription: "Date string does not match format expected by formatter."))
            }
            return date
        case .custom(let decode):
            return try decode(self)
        case .flexible:
            if let seconds = isNumber(index) ? double(at: index) : nil {
                return Date(timeIntervalSince1970: FlexibleDateParser.epochSeconds(seconds))
            }
            guard tape.tagByte(index) == TapeTag.string.rawValue else {
                throw typeMismatch(Date.self, at: index, path: codingPath)
            }
            guard let instant = FlexibleDateParser.parse(tape.stringBytes(index)) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Expected a date as yyyy-MM-dd, yyyy-MM-dd'T'HH:mm:ss with optional fractional seconds and zone, or a number of seconds or milliseconds since 1970."))
            }
            return instant.date
        }
    }
}
