/// A pull reader of a document's events: call `next()` until it returns nil.
///
/// The reader is non-escapable: it lives no longer than the borrow of the document (or value) it was
/// made from, and so do the events and strings it returns. This is what lets it hand out strings
/// without copying or reference counting. It allocates nothing for documents up to 64 levels deep.
///
/// ```swift
/// var reader = document.events
/// while let event = reader.next() {
///     if case .key(let name) = event, name == "password" { reader.skipValue() }
/// }
/// ```
///
/// A reader is not `Sequence`: Swift's `Sequence` requires escapable elements. Use `JSONValue`
/// cursors for escapable, storable access.
public struct JSONEventReader: ~Escapable {
    @usableFromInline let tape: Tape
    /// The tape index of the next event.
    @usableFromInline var index: Int
    /// One past the last tape index of the walked value.
    @usableFromInline let end: Int
    /// Tape index of the start word of the last `.startObject`/`.startArray` returned, for `skipChildren`.
    @usableFromInline var lastStart: Int = -1
    /// For each open container, whether it is an object: bit k for depth k + 1 (up to 64), then the array.
    @usableFromInline var objectBits: UInt64 = 0
    @usableFromInline var deepObjectBits: [Bool] = []
    @usableFromInline var depth = 0
    /// Whether the innermost open container is an object (cached from the bits).
    @usableFromInline var inObject = false
    /// Whether the next string is a member name.
    @usableFromInline var expectKey = false
    /// The document's big numbers (see `BigNumbers`), nil when it has none.
    @usableFromInline var bigNumbers: BigNumbers? = nil

    @_lifetime(borrow document)
    init(document: borrowing JSONDocument, start: Int, end: Int) {
        self.tape = document.tape
        self.index = start
        self.end = end
        self.bigNumbers = document.storage.bigNumbers
    }

    @_lifetime(borrow value)
    init(value: borrowing JSONValue) {
        self.tape = value.tape
        self.index = value.index
        self.end = value.tape.skip(value.index)
        self.bigNumbers = value.storage.bigNumbers
    }

    @usableFromInline
    mutating func push(object: Bool) {
        depth += 1
        if depth <= 64 {
            let bit: UInt64 = 1 << UInt64(depth - 1)
            if object { objectBits |= bit } else { objectBits &= ~bit }
        } else {
            deepObjectBits.append(object)
        }
        inObject = object
        expectKey = object
    }

    @usableFromInline
    mutating func pop() {
        if depth > 64 { deepObjectBits.removeLast() }
        depth -= 1
        if depth == 0 {
            inObject = false
        } else if depth <= 64 {
            inObject = objectBits & (1 << UInt64(depth - 1)) != 0
        } else {
            inObject = deepObjectBits[depth - 65]
        }
        expectKey = inObject
    }

    /// The next event, or nil after the last one.
    @inlinable @inline(__always)
    @_lifetime(copy self)
    public mutating func next() -> JSONEvent? {
        guard index < end else { return nil }
        let i = index
        let tag = tape.tagByte(i)
        if tag == TapeTag.string.rawValue {
            index = i + 1
            let span = _overrideLifetime(Span(_unsafeElements: tape.stringBytes(i)), copying: self)
            if expectKey {
                expectKey = false
                return .key(JSONString(utf8: span))
            }
            expectKey = inObject
            return .string(JSONString(utf8: span))
        }
        switch tag {
        case TapeTag.startObject.rawValue:
            index = i + 1
            lastStart = i
            push(object: true)
            return .startObject
        case TapeTag.startArray.rawValue:
            index = i + 1
            lastStart = i
            push(object: false)
            return .startArray
        case TapeTag.endObject.rawValue:
            index = i + 1
            pop()
            return .endObject
        case TapeTag.endArray.rawValue:
            index = i + 1
            pop()
            return .endArray
        case TapeTag.int64.rawValue:
            index = i + 2
            expectKey = inObject
            return .int(tape.int64(i))
        case TapeTag.uint64.rawValue:
            index = i + 2
            expectKey = inObject
            return .uint(tape.uint64(i))
        case TapeTag.double.rawValue:
            index = i + 2
            expectKey = inObject
            if tape.word(i + 1) == BigNumbers.placeholderBits, let utf8 = bigNumbers?.utf8(at: i) {
                return .bigNumber(JSONString(utf8: _overrideLifetime(Span(_unsafeElements: utf8), copying: self)))
            }
            return .double(tape.double(i))
        case TapeTag.trueValue.rawValue:
            index = i + 1
            expectKey = inObject
            return .bool(true)
        case TapeTag.falseValue.rawValue:
            index = i + 1
            expectKey = inObject
            return .bool(false)
        case TapeTag.null.rawValue:
            index = i + 1
            expectKey = inObject
            return .null
        default:
            // The root words are outside [start, end); nothing else exists on a simdjson tape.
            index = end
            return nil
        }
    }

    /// After `next()` returned `.startObject` or `.startArray`: jumps past the matching end, in O(1),
    /// so the next event is the one after the container. Does nothing otherwise.
    public mutating func skipChildren() {
        guard lastStart >= 0, index == lastStart + 1 else { return }
        index = tape.containerEnd(lastStart)
        lastStart = -1
        pop()
    }

    /// After `next()` returned `.key`: skips that member's value (whatever its kind) in O(1), so the
    /// next event is the next key or `.endObject`.
    public mutating func skipValue() {
        guard index < end else { return }
        index = tape.skip(index)
        expectKey = inObject
    }
}

extension JSONDocument {
    /// A pull reader over the whole document's events; it cannot outlive this document.
    public var events: JSONEventReader {
        @_lifetime(borrow self)
        get { JSONEventReader(document: self, start: Tape.rootIndex, end: tape.count - 1) }
    }

    /// Pushes every event of the document to `handler` in order, honouring its decisions.
    public func walk<Handler: JSONEventHandler>(_ handler: inout Handler) throws {
        var reader = events
        try reader.drive(&handler)
    }
}

extension JSONValue {
    /// A pull reader over this value's events (one event for a scalar).
    public var events: JSONEventReader {
        @_lifetime(borrow self)
        get { JSONEventReader(value: self) }
    }

    /// Pushes this value's events to `handler`.
    public func walk<Handler: JSONEventHandler>(_ handler: inout Handler) throws {
        var reader = events
        try reader.drive(&handler)
    }
}

extension JSONEventReader {
    mutating func drive<Handler: JSONEventHandler>(_ handler: inout Handler) throws {
        while let event = next() {
            switch try handler.handle(event) {
            case .continue: continue
            case .skipChildren: skipChildren()
            case .stop: return
            }
        }
    }
}
