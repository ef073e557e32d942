/// A `JSONValue` encodes as the JSON it is, so a subtree read from one document can be written inside
/// another output (by `TapeJSONEncoder`, `JSONEncoder` or any encoder): objects as keyed containers
/// (members in document order; a key that occurs twice keeps its last value), arrays as unkeyed ones,
/// numbers as `Int64`, `UInt64` or `Double` as simdjson read them, and a number beyond those
/// (``bigNumberText``) as its text with `TapeJSONEncoder` (every digit kept), as an `Int128`, `UInt128`
/// or `Decimal` where it fits one with any other encoder.
extension JSONValue: Encodable {
    /// Encodes the value as the JSON it is, as described on this extension.
    public func encode(to encoder: any Encoder) throws {
        switch kind {
        case .object:
            var container = encoder.container(keyedBy: DocumentKey.self)
            for member in members { try container.encode(member.value, forKey: DocumentKey(stringValue: member.key)) }
        case .array:
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .string:
            var container = encoder.singleValueContainer()
            try container.encode(string!)
        case .int:
            var container = encoder.singleValueContainer()
            try container.encode(int64!)
        case .uint:
            var container = encoder.singleValueContainer()
            try container.encode(uint64!)
        case .double:
            var container = encoder.singleValueContainer()
            if let text = bigNumberText {
                try container.encode(VerbatimNumber(text: text))
            } else {
                try container.encode(double!)
            }
        case .bool:
            var container = encoder.singleValueContainer()
            try container.encode(bool!)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }

    /// The key of a member of an encoded `JSONValue` object.
    private struct DocumentKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
