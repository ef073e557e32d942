import TapeJSON

/// A value stored out of line behind one immutable reference: `Boxed`'s role in the twins (a record
/// holding an optional record of its own type, and large optional records), without a property
/// wrapper. `Indirect<T>?` decodes and encodes as `T?` does: the value itself, through a single-value
/// container.
///
/// Its conformances are written by hand, as ``TapeJSONDecodable`` and ``TapeJSONEncodable`` document:
/// the generated path reads and writes the wrapped value by its own generated path.
public struct Indirect<Value: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let box: Box

    public init(_ value: Value) { box = Box(value) }

    public var value: Value { box.value }
}

extension Indirect: Equatable where Value: Equatable {
    public static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs.value == rhs.value }
}

extension Indirect: Decodable where Value: Decodable {
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(Value.self))
    }
}

extension Indirect: Encodable where Value: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension Indirect: TapeJSONDecodable where Value: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        self.init(try Value(tapeJSON: decoder))
    }
}

extension Indirect: TapeJSONEncodable where Value: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        try value.encode(tapeJSON: encoder)
    }
}
