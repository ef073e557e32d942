/// Arrays decoded straight from the tape rather than through `Array.init(from:)`: the elements are
/// counted first (so the array is allocated once) and read without an unkeyed container; arrays of
/// standard scalars are read by code specialised for the scalar type. Errors are those
/// `Array.init(from:)` would produce.
protocol ArrayDecoding {
    /// Decodes the session's current value as an array of `Element`.
    static func decodeArray(from session: DecodingSession) throws -> Self
}

extension Array: ArrayDecoding where Element: Decodable {
    static func decodeArray(from session: DecodingSession) throws -> [Element] {
        let kind = session.kind(of: Element.self)
        switch kind {
        case .string: return unsafeBitCast(try session.decodeScalarArray(String.self) { session.string(at: $0) }, to: [Element].self)
        case .double: return unsafeBitCast(try session.decodeScalarArray(Double.self) { session.double(at: $0) }, to: [Element].self)
        case .int: return unsafeBitCast(try session.decodeIntegerArray(Int.self), to: [Element].self)
        case .int64: return unsafeBitCast(try session.decodeIntegerArray(Int64.self), to: [Element].self)
        case .bool: return unsafeBitCast(try session.decodeScalarArray(Bool.self) { session.bool(at: $0) }, to: [Element].self)
        case .float: return unsafeBitCast(try session.decodeScalarArray(Float.self) { session.float(at: $0) }, to: [Element].self)
        case .int32: return unsafeBitCast(try session.decodeIntegerArray(Int32.self), to: [Element].self)
        case .uint8: return unsafeBitCast(try session.decodeIntegerArray(UInt8.self), to: [Element].self)
        case .uint64: return unsafeBitCast(try session.decodeIntegerArray(UInt64.self), to: [Element].self)
        default: return try decodeElements(from: session, kind: kind)
        }
    }

    /// The general case: each element through `decodeNested`, decoded straight into the array's
    /// storage (appending would copy each element, field by field, from unspecialised code). `kind` is
    /// `Element`'s, looked up once for all the elements.
    private static func decodeElements(from session: DecodingSession, kind: DecodedTypeKind) throws -> [Element] {
        let tape = session.tape
        let start = session.valueIndex
        guard tape.tagByte(start) == TapeTag.startArray.rawValue else {
            throw session.unkeyedContainerError(at: start, path: session.codingPath)
        }
        let depth = session.depth
        let count = tape.elementCount(start)
        // An empty array needs no storage (nor the metadata of a storage type).
        if count == 0 { return [] }
        return try [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            var i = start + 1
            while initialized < count {
                let value = try session.withValue(at: i, parentDepth: depth, component: .index(initialized)) {
                    try session.decodeCurrent(Element.self, kind: kind, decoderDepth: depth)
                }
                buffer.unsafeInitializeElement(at: initialized, to: consume value)
                initialized += 1
                i = tape.skip(i)
            }
        }
    }
}

/// A `Set` decoded as an array of its elements (counted once, scalars read by the specialised loops),
/// then inserted in order, as `Set.init(from:)` inserts what its unkeyed container decodes: the first of
/// two equal elements is kept, and the errors are the same (a `Set` asks for the same unkeyed container
/// and decodes each element at its index). Through `Set.init(from:)`, a `Set<String>` member decoded at
/// 0.94x the Codable path's speed with the macro (the container's generic calls and metadata lookups).
extension Set: ArrayDecoding where Element: Decodable {
    static func decodeArray(from session: DecodingSession) throws -> Set<Element> {
        Set(try [Element].decodeArray(from: session))
    }
}

extension DecodingSession {
    /// The current value as an array of scalars that `read` gets from the tape (nil when an element is
    /// not one); errors as `Array.init(from:)` and the scalar's `init(from:)` would report them.
    @inline(__always)
    func decodeScalarArray<T>(_ type: T.Type, read: (Int) -> T?) throws -> [T] {
        let start = valueIndex
        guard tape.tagByte(start) == TapeTag.startArray.rawValue else {
            throw unkeyedContainerError(at: start, path: codingPath)
        }
        let endWord = tape.containerEnd(start) - 1
        var result: [T] = []
        if endWord == start + 1 { return result }
        result.reserveCapacity(tape.elementCount(start))
        var i = start + 1
        while i < endWord {
            guard let value = read(i) else { throw scalarArrayError(type, at: i, position: result.count) }
            result.append(value)
            i = tape.skip(i)
        }
        return result
    }

    func decodeIntegerArray<T: FixedWidthInteger>(_ type: T.Type) throws -> [T] {
        try decodeScalarArray(type) { integer(type, at: $0) }
    }

    /// Why element `position` (at tape index `i`) of the current array is not a `T`.
    @inline(never)
    func scalarArrayError<T>(_ type: T.Type, at i: Int, position: Int) -> DecodingError {
        var path = codingPath
        path.append(TapeCodingKey(index: position))
        switch type {
        case is String.Type: return stringError(at: i, path: path)
        case is Bool.Type: return boolError(at: i, path: path)
        default: return integerError(type, at: i, path: path)
        }
    }
}
