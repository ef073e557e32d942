/// A cursor on one value of a `JSONDocument`.
///
/// Cheap to copy (a reference and an index) and safe to keep: it holds its document alive. Navigating
/// never allocates: `value["key"]` compares the key's UTF-8 with the bytes in simdjson's string buffer,
/// skipping each non-matching member's value in O(1).
///
/// Numbers keep simdjson's three classes: integers that fit `Int64` are `.int`, larger positive integers
/// up to `UInt64.max` are `.uint`, and numbers with a fraction or exponent are `.double`. simdjson 3.0.1
/// cannot hold integers outside `Int64.min...UInt64.max` (such as `100000000000000000000`) or numbers
/// whose magnitude overflows a Double (`1e400`); TapeJSON keeps their text (`bigNumberText`) and classes
/// them `.double` (`double` is the text rounded, infinite beyond Double's range). Magnitudes that
/// underflow (`1e-400`) become 0. `-0` is the integer 0 (`.int`); `-0.0` keeps its sign as the Double -0.0.
public struct JSONValue: Sendable {
    let storage: DocumentStorage
    /// Tape index of this value's first word.
    let index: Int

    @inline(__always) var tape: Tape { storage.tape }

    /// The JSON type of a value, with numbers split the way simdjson stores them.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case object, array, string
        /// An integer that fits `Int64`.
        case int
        /// A positive integer above `Int64.max` that fits `UInt64`.
        case uint
        /// Any other number.
        case double
        case bool, null
    }

    /// This value's kind.
    public var kind: Kind {
        switch tape.tag(index) {
        case .startObject: return .object
        case .startArray: return .array
        case .string: return .string
        case .int64: return .int
        case .uint64: return .uint
        case .double: return .double
        case .trueValue, .falseValue: return .bool
        case .null: return .null
        case .root, .endObject, .endArray: preconditionFailure("cursor on a structural tape word")
        }
    }

    /// Whether this value is `null`.
    public var isNull: Bool { tape.tag(index) == .null }

    /// The Boolean, if this is `true` or `false`.
    public var bool: Bool? {
        switch tape.tag(index) {
        case .trueValue: return true
        case .falseValue: return false
        default: return nil
        }
    }

    /// The integer, if this is an integer that fits `Int64`.
    public var int64: Int64? {
        switch tape.tag(index) {
        case .int64: return tape.int64(index)
        default: return nil
        }
    }

    /// The integer, if this is a non-negative integer that fits `UInt64`.
    public var uint64: UInt64? {
        switch tape.tag(index) {
        case .int64: return UInt64(exactly: tape.int64(index))
        case .uint64: return tape.uint64(index)
        default: return nil
        }
    }

    /// The integer, if this is an integer that fits `Int`.
    public var int: Int? { int64.flatMap { Int(exactly: $0) } }

    /// The number as a Double (integers converted, possibly rounding above 2^53), if this is a number.
    public var double: Double? {
        switch tape.tag(index) {
        case .int64: return Double(tape.int64(index))
        case .uint64: return Double(tape.uint64(index))
        case .double:
            if let text = bigNumberText { return Double(text) }
            return tape.double(index)
        default: return nil
        }
    }

    /// The number's text, if this is a number simdjson cannot hold as `Int64`, `UInt64` or `Double`:
    /// an integer outside `Int64.min...UInt64.max` or a number whose magnitude overflows a Double.
    /// Nil for every other value.
    public var bigNumberText: String? {
        guard tape.tag(index) == .double, tape.word(index + 1) == BigNumbers.placeholderBits else { return nil }
        return storage.bigNumbers?.text(at: index)
    }

    /// A copy of the string, if this is a string (one copy from the string buffer, no revalidation).
    public var string: String? {
        guard tape.tag(index) == .string else { return nil }
        return String(validatedUTF8: tape.stringBytes(index))
    }

    /// Calls `body` with a view of the string's UTF-8 bytes, if this is a string; the view is valid
    /// only inside `body`.
    public func withUTF8<R, E: Error>(_ body: (borrowing JSONString) throws(E) -> R) throws(E) -> R? {
        guard tape.tag(index) == .string else { return nil }
        return try withExtendedLifetime(storage) { () throws(E) -> R in
            let span = Span(_unsafeElements: tape.stringBytes(index))
            return try body(JSONString(utf8: span))
        }
    }

    /// Number of elements (array) or members (object); nil for other values.
    public var count: Int? {
        switch tape.tag(index) {
        case .startObject, .startArray: return tape.elementCount(index)
        default: return nil
        }
    }

    /// The value of the first member named `key`, if this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        guard tape.tag(index) == .startObject else { return nil }
        var key = key
        return key.withUTF8 { utf8 in
            withExtendedLifetime(storage) { findMember(utf8) }
        }
    }

    /// The element at `position`, if this is an array that long (walks the array, skipping values in O(1)).
    public subscript(position: Int) -> JSONValue? {
        guard tape.tag(index) == .startArray, position >= 0 else { return nil }
        let end = tape.containerEnd(index) - 1
        var i = index + 1
        var n = 0
        while i < end {
            if n == position { return JSONValue(storage: storage, index: i) }
            i = tape.skip(i)
            n += 1
        }
        return nil
    }

    func findMember(_ key: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        let end = tape.containerEnd(index) - 1
        var i = index + 1
        while i < end {
            if tape.stringEquals(i, key) { return JSONValue(storage: storage, index: i + 1) }
            i = tape.skip(i + 1)
        }
        return nil
    }

    /// The elements of an array (empty for other values), without allocating.
    public var elements: Elements { Elements(value: self) }

    /// The members of an object in document order (empty for other values), without allocating.
    public var members: Members { Members(value: self) }

    /// An array's elements as a `Sequence` of cursors.
    public struct Elements: Sequence, Sendable {
        let value: JSONValue

        /// Walks an array's elements in order, skipping each element's subtree in O(1).
        public struct Iterator: IteratorProtocol, Sendable {
            let storage: DocumentStorage
            var i: Int
            let end: Int
            /// The next element, or nil after the last.
            public mutating func next() -> JSONValue? {
                guard i < end else { return nil }
                defer { i = storage.tape.skip(i) }
                return JSONValue(storage: storage, index: i)
            }
        }

        /// An iterator over the elements (none for a value that is not an array).
        public func makeIterator() -> Iterator {
            let isArray = value.tape.tag(value.index) == .startArray
            return Iterator(storage: value.storage, i: value.index + 1,
                            end: isArray ? value.tape.containerEnd(value.index) - 1 : value.index + 1)
        }

        /// The element count the tape stores for the array (a lower bound for huge arrays); 0 for a
        /// value that is not an array.
        public var underestimatedCount: Int { value.kind == .array ? value.tape.storedCount(value.index) : 0 }
    }

    /// One member of an object: its key and its value.
    public struct Member: Sendable {
        let storage: DocumentStorage
        let keyIndex: Int

        /// The member's value.
        public var value: JSONValue { JSONValue(storage: storage, index: keyIndex + 1) }

        /// A copy of the key.
        public var key: String { String(validatedUTF8: storage.tape.stringBytes(keyIndex)) }

        /// Whether the key equals `name`, compared byte for byte without building a String.
        public func keyEquals(_ name: String) -> Bool {
            var name = name
            return name.withUTF8 { utf8 in withExtendedLifetime(storage) { storage.tape.stringEquals(keyIndex, utf8) } }
        }

        /// Calls `body` with a view of the key's UTF-8 bytes, valid only inside `body`.
        public func withKey<R, E: Error>(_ body: (borrowing JSONString) throws(E) -> R) throws(E) -> R {
            try withExtendedLifetime(storage) { () throws(E) -> R in
                try body(JSONString(utf8: Span(_unsafeElements: storage.tape.stringBytes(keyIndex))))
            }
        }
    }

    /// An object's members as a `Sequence`.
    public struct Members: Sequence, Sendable {
        let value: JSONValue

        /// Walks an object's members in document order, skipping each value's subtree in O(1).
        public struct Iterator: IteratorProtocol, Sendable {
            let storage: DocumentStorage
            var i: Int
            let end: Int
            /// The next member, or nil after the last.
            public mutating func next() -> Member? {
                guard i < end else { return nil }
                defer { i = storage.tape.skip(i + 1) }
                return Member(storage: storage, keyIndex: i)
            }
        }

        /// An iterator over the members (none for a value that is not an object).
        public func makeIterator() -> Iterator {
            let isObject = value.tape.tag(value.index) == .startObject
            return Iterator(storage: value.storage, i: value.index + 1,
                            end: isObject ? value.tape.containerEnd(value.index) - 1 : value.index + 1)
        }

        /// The member count the tape stores for the object (a lower bound for huge objects); 0 for a
        /// value that is not an object.
        public var underestimatedCount: Int { value.kind == .object ? value.tape.storedCount(value.index) : 0 }
    }
}

extension String {
    /// A String from UTF-8 simdjson has already validated: one copy, no second validation.
    @inlinable
    init(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        let span = Span(_unsafeElements: bytes)
        self.init(copying: UTF8Span(unchecked: span, isKnownASCII: false))
    }
}
