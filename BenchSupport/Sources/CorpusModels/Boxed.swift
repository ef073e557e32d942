/// Stores an optional record out of line, behind one reference, while keeping value semantics.
///
/// Two uses in the corpus models: a record that contains an optional record of its own type
/// (`TwitterStatus.retweetedStatus`: a struct cannot hold itself inline), and large optional records.
/// Codable's synthesized `init(from:)` builds a struct's properties in place and then copies the whole
/// struct into its result; a struct that holds kilobytes of nested records inline (a GitHub event's
/// payload, with a full repository, issue and comment record) is copied, and every string in it
/// retained and released, once per level of nesting. Boxing the few large optional members keeps the
/// enclosing struct small, so those copies cost a reference instead — whichever decoder runs the
/// synthesized code (TapeJSONDecoder and Foundation's JSONDecoder alike).
///
/// The wrapper is transparent to Codable: an absent key or `null` decodes to `nil` (as
/// `decodeIfPresent` does for a plain optional), and `nil` is left out when encoding (as
/// `encodeIfPresent` does). The box is immutable and replaced on assignment, so copies of the enclosing
/// struct never share a mutation.
@propertyWrapper
public struct Boxed<Value: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box?

    /// Wraps `value` (`nil` takes no allocation).
    public init(wrappedValue value: Value?) {
        box = value.map(Box.init)
    }

    public var wrappedValue: Value? {
        get { box?.value }
        set { box = newValue.map(Box.init) }
    }
}

extension Boxed: Equatable where Value: Equatable {
    public static func == (lhs: Boxed, rhs: Boxed) -> Bool {
        lhs.wrappedValue == rhs.wrappedValue
    }
}

extension Boxed: Decodable where Value: Decodable {
    /// Decodes the value itself from a single-value container (`null` is `nil`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(wrappedValue: container.decodeNil() ? nil : try container.decode(Value.self))
    }
}

extension Boxed: Encodable where Value: Encodable {
    /// Encodes the value, or `null` when it is `nil` (a keyed container leaves the key out instead).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value = wrappedValue {
            try container.encode(value)
        } else {
            try container.encodeNil()
        }
    }
}

extension KeyedDecodingContainer {
    /// A boxed member: absent or `null` is `nil`, exactly as for an unboxed optional property.
    public func decode<Value: Decodable>(_ type: Boxed<Value>.Type, forKey key: Key) throws -> Boxed<Value> {
        Boxed(wrappedValue: try decodeIfPresent(Value.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// A boxed member: `nil` leaves the key out, exactly as for an unboxed optional property.
    public mutating func encode<Value: Encodable>(_ value: Boxed<Value>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}
