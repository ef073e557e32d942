/// A value stored out of line, so that a model can contain an optional value of its own type.
///
/// `TwitterStatus.retweetedStatus` is itself a status; a struct cannot hold itself directly, so the
/// nested status sits in a box. Coding is transparent: an `Indirect<Value>` reads and writes exactly
/// what `Value` does, through the same decoder or encoder, with no extra container level.
public struct Indirect<Value> {
    private final class Box {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let box: Box

    /// The boxed value.
    public var value: Value { box.value }

    /// Boxes `value`.
    public init(_ value: Value) {
        box = Box(value)
    }
}

extension Indirect: Decodable where Value: Decodable {
    /// Decodes `Value` from the same decoder.
    public init(from decoder: any Decoder) throws {
        self.init(try Value(from: decoder))
    }
}

extension Indirect: Encodable where Value: Encodable {
    /// Encodes `Value` into the same encoder.
    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}

extension Indirect: Equatable where Value: Equatable {
    /// Boxes are equal when their values are.
    public static func == (lhs: Indirect, rhs: Indirect) -> Bool {
        lhs.box === rhs.box || lhs.value == rhs.value
    }
}

// The box is immutable (a `let` in a final class), so sharing it across threads is safe whenever
// the value itself is.
extension Indirect: @unchecked Sendable where Value: Sendable {}
