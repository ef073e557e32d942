/// A keyed container on one JSON object of the tape.
///
/// It holds the session, the object's start and end words and its depth (which picks its key cursor
/// and its coding path); nothing is built when it is created. Each lookup goes through
/// `DecodingSession.findMember`; with `keyOptions` set, a key that is not found literally is then tried
/// as a key path (`KeyPathResolution`).
struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let session: DecodingSession
    private let start32: UInt32
    private let endWord32: UInt32
    private let depth32: UInt32

    init(session: DecodingSession, start: Int, depth: Int) {
        self.session = session
        self.start32 = UInt32(truncatingIfNeeded: start)
        self.endWord32 = UInt32(truncatingIfNeeded: session.tape.containerEnd(start) - 1)
        self.depth32 = UInt32(truncatingIfNeeded: depth)
    }

    /// Tape index of the object's `{` word.
    var start: Int { Int(start32) }
    /// Tape index of the object's `}` word.
    var endWord: Int { Int(endWord32) }
    /// The object's depth below the session's root.
    var depth: Int { Int(depth32) }

    var codingPath: [any CodingKey] { session.path(depth: depth, valueIndex: start) }

    /// The coding path of the value under `key`, for errors.
    func path(appending key: Key) -> [any CodingKey] {
        var path = codingPath
        path.append(key)
        return path
    }

    var allKeys: [Key] {
        session.memberKeys(start: start, endWord: endWord, depth: depth).compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        if lookup(key) != nil { return true }
        guard session.context.keyPaths != nil else { return false }
        return (try? resolveKeyPath(key, optional: true)).map { !$0.isMissing } ?? false
    }

    // MARK: - Finding values

    /// Tape index of `key`'s value when the key is in the object literally.
    @inline(__always)
    func lookup(_ key: Key) -> Int? {
        session.findMember(key, start: start, endWord: endWord, depth: depth)
    }

    /// Tape index of the value a scalar is read from, or `keyNotFound`.
    @inline(__always)
    func require(_ key: Key) throws -> Int {
        if let index = lookup(key) { return index }
        return try requireThroughKeyPath(key)
    }

    /// Tape index of the value a scalar is read from, or nil when the key is absent.
    @inline(__always)
    func locate(_ key: Key) throws -> Int? {
        if let index = lookup(key) { return index }
        guard session.context.keyPaths != nil else { return nil }
        return try locateThroughKeyPath(key)
    }

    // MARK: - Scalars

    func decodeNil(forKey key: Key) throws -> Bool {
        session.isNull(try require(key))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let index = try require(key)
        if let value = session.bool(at: index) { return value }
        throw session.boolError(at: index, path: path(appending: key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let index = try require(key)
        if let value = session.string(at: index) { return value }
        throw session.stringError(at: index, path: path(appending: key))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let index = try require(key)
        if let value = session.double(at: index) { return value }
        throw session.floatingPointError(type, at: index, path: path(appending: key))
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        let index = try require(key)
        if let value = session.float(at: index) { return value }
        throw session.floatingPointError(type, at: index, path: path(appending: key))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeInteger(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeInteger(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeInteger(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeInteger(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeInteger(type, key) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try decodeInteger(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeInteger(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeInteger(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeInteger(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeInteger(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeInteger(type, key) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try decodeInteger(type, key) }

    @inline(__always)
    private func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
        let index = try require(key)
        if let value = session.integer(type, at: index) { return value }
        throw session.integerError(type, at: index, path: path(appending: key))
    }

    // MARK: - Optional scalars

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let index = try locate(key), !session.isNull(index) else { return nil }
        if let value = session.bool(at: index) { return value }
        throw session.boolError(at: index, path: path(appending: key))
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let index = try locate(key), !session.isNull(index) else { return nil }
        if let value = session.string(at: index) { return value }
        throw session.stringError(at: index, path: path(appending: key))
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let index = try locate(key), !session.isNull(index) else { return nil }
        if let value = session.double(at: index) { return value }
        throw session.floatingPointError(type, at: index, path: path(appending: key))
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard let index = try locate(key), !session.isNull(index) else { return nil }
        if let value = session.float(at: index) { return value }
        throw session.floatingPointError(type, at: index, path: path(appending: key))
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIntegerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeIntegerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeIntegerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeIntegerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeIntegerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try decodeIntegerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeIntegerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeIntegerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeIntegerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeIntegerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeIntegerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try decodeIntegerIfPresent(type, key) }

    @inline(__always)
    private func decodeIntegerIfPresent<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let index = try locate(key), !session.isNull(index) else { return nil }
        if let value = session.integer(type, at: index) { return value }
        throw session.integerError(type, at: index, path: path(appending: key))
    }

    // MARK: - Nested values

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let index = lookup(key) {
            return try session.decodeNested(type, at: index, parentDepth: depth,
                                            component: session.component(for: key, keyIndex: index - 1))
        }
        return try decodeAbsent(type, key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if let index = lookup(key) {
            if session.isNull(index) { return nil }
            return try session.decodeNested(type, at: index, parentDepth: depth,
                                            component: session.component(for: key, keyIndex: index - 1))
        }
        guard session.context.keyPaths != nil else { return nil }
        return try decodeThroughKeyPath(type, key, optional: true)
    }

    /// `decode` for a key that is not in the object literally: a key path, or `keyNotFound`.
    @inline(never)
    private func decodeAbsent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        guard session.context.keyPaths != nil else {
            throw session.keyNotFound(key, path: codingPath)
        }
        return try decodeThroughKeyPath(type, key, optional: false)!
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey> {
        let (index, component) = try locateNested(key)
        return try session.withValue(at: index, parentDepth: depth, component: component) {
            try session.container(keyedBy: type)
        }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let (index, component) = try locateNested(key)
        return try session.withValue(at: index, parentDepth: depth, component: component) {
            try session.unkeyedContainer()
        }
    }

    /// The value of `key` and its path component: the member's key when found literally, the key
    /// itself when found through a key path.
    private func locateNested(_ key: Key) throws -> (index: Int, component: PathComponent) {
        if let index = lookup(key) {
            return (index, session.component(for: key, keyIndex: index - 1))
        }
        return (try requireThroughKeyPath(key), session.explicitComponent(key))
    }

    func superDecoder() throws -> any Decoder {
        var name = TapeCodingKey.superKey.stringValue
        let index = name.withUTF8 { session.findMember(utf8: $0, start: start, endWord: endWord, depth: depth) }
        return session.makeSuperDecoder(at: index, path: codingPath + [TapeCodingKey.superKey])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        let index = try? locate(key)
        return session.makeSuperDecoder(at: index ?? nil, path: path(appending: key))
    }
}
