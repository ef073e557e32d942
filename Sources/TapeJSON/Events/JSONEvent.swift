/// One step of a document's event stream, in document order (SAX style).
///
/// Strings and keys are `JSONString` views into the document's string buffer, so an event is
/// non-escapable too: handle it where you receive it and copy out what you keep.
public enum JSONEvent: ~Escapable {
    case startObject
    case endObject
    case startArray
    case endArray
    /// An object member's name; its value's events follow.
    case key(JSONString)
    case string(JSONString)
    /// An integer that fits `Int64`.
    case int(Int64)
    /// A positive integer above `Int64.max` that fits `UInt64`.
    case uint(UInt64)
    /// Any other number that a Double holds (see `JSONValue` for how numbers are classed).
    case double(Double)
    case bool(Bool)
    case null
    /// A number simdjson cannot hold as `Int64`, `UInt64` or `Double`, as written: an integer outside
    /// `Int64.min...UInt64.max` (`123456789012345678901234567890`) or a number whose magnitude
    /// overflows a Double (`1e400`). Read it with `Int128(_:)`, `Decimal(string:)` and the like.
    case bigNumber(JSONString)
}
