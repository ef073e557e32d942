/// An unkeyed container on one JSON array of the tape.
///
/// Three words (the session and four 32-bit fields), so that the `any UnkeyedDecodingContainer`
/// returned by `unkeyedContainer()` stores it inline instead of boxing it on the heap. Advancing moves
/// to the next element in O(1) with the tape's skip indices.
struct UnkeyedContainer: UnkeyedDecodingContainer {
    let session: DecodingSession
    /// Tape index of the next element (the `]` word at the end).
    private var position: UInt32
    /// Tape index of the array's `]` word, whose payload points back at its `[` word.
    private let endWord: UInt32
    private var index: UInt32
    private let depth32: UInt32

    init(session: DecodingSession, start: Int, depth: Int) {
        self.session = session
        self.position = UInt32(truncatingIfNeeded: start + 1)
        self.endWord = UInt32(truncatingIfNeeded: session.tape.containerEnd(start) - 1)
        self.index = 0
        self.depth32 = UInt32(truncatingIfNeeded: depth)
    }

    private var start: Int { Int(truncatingIfNeeded: session.tape.payload(Int(endWord))) }
    private var depth: Int { Int(depth32) }

    var codingPath: [any CodingKey] { session.path(depth: depth, valueIndex: start) }

    var count: Int? { session.tape.elementCount(start) }

    var isAtEnd: Bool { position >= endWord }

    var currentIndex: Int { Int(index) }

    /// The coding path of the current element, for errors.
    private var currentPath: [any CodingKey] {
        var path = codingPath
        path.append(TapeCodingKey(index: currentIndex))
        return path
    }

    @inline(__always)
    private mutating func advance() {
        position = UInt32(truncatingIfNeeded: session.tape.skip(Int(position)))
        index &+= 1
    }

    /// Tape index of the current element, or Foundation's "at end" error.
    @inline(__always)
    private func current<T>(_ type: T.Type, message: String = "Unkeyed container is at end.") throws -> Int {
        guard position < endWord else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: currentPath, debugDescription: message))
        }
        return Int(position)
    }

    // MARK: - Scalars

    mutating func decodeNil() throws -> Bool {
        let element = try current(Never.self)
        guard session.isNull(element) else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar { $0.bool(at: $1) } }
    mutating func decode(_ type: String.Type) throws -> String { try scalar { $0.string(at: $1) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar { $0.double(at: $1) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar { $0.float(at: $1) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar { $0.integer(Int.self, at: $1) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar { $0.integer(Int8.self, at: $1) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar { $0.integer(Int16.self, at: $1) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar { $0.integer(Int32.self, at: $1) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar { $0.integer(Int64.self, at: $1) } }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try scalar { $0.integer(Int128.self, at: $1) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar { $0.integer(UInt.self, at: $1) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar { $0.integer(UInt8.self, at: $1) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar { $0.integer(UInt16.self, at: $1) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar { $0.integer(UInt32.self, at: $1) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar { $0.integer(UInt64.self, at: $1) } }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try scalar { $0.integer(UInt128.self, at: $1) } }

    /// The current element read by `read` (a tape reader of the session), or the error `decode(_:)`
    /// throws.
    @inline(__always)
    private mutating func scalar<T>(_ read: (DecodingSession, Int) -> T?) throws -> T {
        let element = try current(T.self)
        guard let value = read(session, element) else {
            throw session.scalarError(T.self, at: element, path: currentPath)
        }
        advance()
        return value
    }

    // MARK: - Optional scalars
    //
    // As in Foundation, `decodeIfPresent` at the end of the array returns nil and still counts an
    // element (`currentIndex` moves on).

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try scalarIfPresent { $0.bool(at: $1) } }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try scalarIfPresent { $0.string(at: $1) } }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try scalarIfPresent { $0.double(at: $1) } }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try scalarIfPresent { $0.float(at: $1) } }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try scalarIfPresent { $0.integer(Int.self, at: $1) } }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try scalarIfPresent { $0.integer(Int8.self, at: $1) } }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try scalarIfPresent { $0.integer(Int16.self, at: $1) } }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try scalarIfPresent { $0.integer(Int32.self, at: $1) } }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try scalarIfPresent { $0.integer(Int64.self, at: $1) } }
    mutating func decodeIfPresent(_ type: Int128.Type) throws -> Int128? { try scalarIfPresent { $0.integer(Int128.self, at: $1) } }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try scalarIfPresent { $0.integer(UInt.self, at: $1) } }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try scalarIfPresent { $0.integer(UInt8.self, at: $1) } }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try scalarIfPresent { $0.integer(UInt16.self, at: $1) } }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try scalarIfPresent { $0.integer(UInt32.self, at: $1) } }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try scalarIfPresent { $0.integer(UInt64.self, at: $1) } }
    mutating func decodeIfPresent(_ type: UInt128.Type) throws -> UInt128? { try scalarIfPresent { $0.integer(UInt128.self, at: $1) } }

    /// `scalar(_:)` with `decodeIfPresent`'s rules: nil at the end of the array or on a null.
    @inline(__always)
    private mutating func scalarIfPresent<T>(_ read: (DecodingSession, Int) -> T?) throws -> T? {
        guard let element = presentElement() else { return nil }
        guard let value = read(session, element) else {
            throw session.scalarError(T.self, at: element, path: currentPath)
        }
        advance()
        return value
    }

    /// The current element for `decodeIfPresent`; nil, with the element counted, at the end of the
    /// array or on a null.
    @inline(__always)
    private mutating func presentElement() -> Int? {
        guard position < endWord else {
            index &+= 1
            return nil
        }
        let element = Int(position)
        if session.isNull(element) {
            advance()
            return nil
        }
        return element
    }

    // MARK: - Nested values

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let element = try current(type)
        let value = try session.decodeNested(type, at: element, parentDepth: depth, component: .index(currentIndex))
        advance()
        return value
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        guard let element = presentElement() else { return nil }
        let value = try session.decodeNested(type, at: element, parentDepth: depth, component: .index(currentIndex))
        advance()
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey> {
        let element = try current(KeyedDecodingContainer<NestedKey>.self)
        let container = try session.withValue(at: element, parentDepth: depth, component: .index(currentIndex)) {
            try session.container(keyedBy: type)
        }
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let element = try current((any UnkeyedDecodingContainer).self)
        let container = try session.withValue(at: element, parentDepth: depth, component: .index(currentIndex)) {
            try session.unkeyedContainer()
        }
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let element = try current((any Decoder).self, message: "Cannot get superDecoder() -- unkeyed container is at end.")
        let decoder = session.makeSuperDecoder(at: element, path: currentPath)
        advance()
        return decoder
    }
}
