/// A string in a parsed document, viewed in place: the UTF-8 bytes simdjson unescaped into its
/// string buffer.
///
/// `JSONString` is non-escapable: it cannot be stored, returned from the closure that received it, or
/// otherwise outlive the document (or event reader) it came from; the compiler enforces this. Copy it
/// out with `string` when you need to keep it. Comparisons with `String` and `StaticString` compare
/// bytes and never allocate.
public struct JSONString: ~Escapable {
    /// The UTF-8 bytes (no terminating NUL, escapes already resolved, already validated).
    public let utf8: Span<UInt8>

    @inlinable
    @_lifetime(copy utf8)
    init(utf8: Span<UInt8>) {
        self.utf8 = utf8
    }

    /// The number of UTF-8 bytes.
    @inlinable public var count: Int { utf8.count }

    /// Whether the string is empty.
    @inlinable public var isEmpty: Bool { utf8.isEmpty }

    /// A copy as a Swift `String` (one copy; the bytes are not validated a second time).
    public var string: String {
        String(copying: UTF8Span(unchecked: utf8, isKnownASCII: false))
    }

    /// Whether the bytes equal those of `other`.
    public func equals(_ other: String) -> Bool {
        var other = other
        return other.withUTF8 { equals($0) }
    }

    /// Whether the bytes equal those of `other`.
    public func equals(_ other: StaticString) -> Bool {
        guard other.hasPointerRepresentation else { return equals(other.description) }
        return equals(UnsafeBufferPointer(start: other.utf8Start, count: other.utf8CodeUnitCount))
    }

    /// Whether the bytes equal `other`.
    public func equals(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard other.count == utf8.count else { return false }
        return utf8.withUnsafeBufferPointer { mine in
            guard let a = mine.baseAddress, let b = other.baseAddress else { return true }
            return memcmp(a, b, mine.count) == 0
        }
    }

    /// Whether the view's bytes are `rhs`'s UTF-8, compared without building a `String`.
    public static func == (lhs: borrowing JSONString, rhs: String) -> Bool { lhs.equals(rhs) }
    /// Whether the view's bytes are `rhs`'s UTF-8.
    public static func == (lhs: borrowing JSONString, rhs: StaticString) -> Bool { lhs.equals(rhs) }
    /// Whether the view's bytes differ from `rhs`'s UTF-8.
    public static func != (lhs: borrowing JSONString, rhs: String) -> Bool { !lhs.equals(rhs) }
    /// Whether the view's bytes differ from `rhs`'s UTF-8.
    public static func != (lhs: borrowing JSONString, rhs: StaticString) -> Bool { !lhs.equals(rhs) }
}
