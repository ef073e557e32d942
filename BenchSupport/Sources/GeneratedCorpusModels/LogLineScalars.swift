import TapeJSONMacros

// LogTimestamp and LogUserID decode themselves by hand (a string or an integer), which the macro
// cannot see into; their generated-path conformances are written by hand, reading what their
// init(from:) reads, in the same order.

extension LogTimestamp: TapeJSONDecodable, TapeJSONEncodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        if let text = try? decoder.decode(String.self) {
            self = .iso8601(text)
        } else {
            // Anything else (and an error) is init(from:)'s to answer.
            self = .epochMilliseconds(try decoder.decode(Int64.self))
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
        if let number = try? decoder.decode(Int64.self) {
            self = .number(number)
        } else {
            self = .text(try decoder.decode(String.self))
        }
    }

    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        switch self {
        case .number(let number): try encoder.encode(number)
        case .text(let text): try encoder.encode(text)
        }
    }
}
