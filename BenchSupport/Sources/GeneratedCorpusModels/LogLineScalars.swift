import TapeJSON

// LogTimestamp and LogUserID decode themselves by hand (a string or an integer), which the macro
// cannot see into; their generated-path conformances are written by hand: the value read as
// init(from:) reads it (`value(as:)` tries a type without making an error, as `try?` discards one),
// and anything else left to init(from:) itself, so that its error is the answer.

extension LogTimestamp: TapeJSONDecodable, TapeJSONEncodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        if let text = decoder.value(as: String.self) {
            self = .iso8601(text)
        } else if let milliseconds = decoder.value(as: Int64.self) {
            self = .epochMilliseconds(milliseconds)
        } else {
            self = try decoder.decodeThroughCodable(LogTimestamp.self)
        }
    }

    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        switch self {
        case .iso8601(let text): try encoder.encode(text)
        case .epochMilliseconds(let milliseconds): try encoder.encode(milliseconds)
        }
    }
}

extension LogUserID: TapeJSONDecodable, TapeJSONEncodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        if let number = decoder.value(as: Int64.self) {
            self = .number(number)
        } else if let text = decoder.value(as: String.self) {
            self = .text(text)
        } else {
            self = try decoder.decodeThroughCodable(LogUserID.self)
        }
    }

    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        switch self {
        case .number(let number): try encoder.encode(number)
        case .text(let text): try encoder.encode(text)
        }
    }
}
