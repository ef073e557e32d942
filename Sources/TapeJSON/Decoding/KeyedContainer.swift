/// A keyed container on one JSON object of the tape.
///
/// It holds its session (strongly, as Foundation's containers hold their decoder: a container kept
/// after `init(from:)` keeps its session, workspace and document alive, and frees them when it is
/// released), the object's start and end words, its depth (which picks its key cursor and its coding
/// path) and the `KeyMemo` table of its key type; nothing is built when it is created. Each lookup goes
/// through `DecodingSession.findMember`; with `keyOptions` set, a key that is not found literally is
/// then tried as a key path (`KeyPathResolution`).
struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let session: DecodingSession
    /// Tape index of the object's `{` word.
    let start: Int
    /// Tape index of the object's `}` word.
    let endWord: Int
    /// The object's depth below the session's root.
    let depth: Int
    /// The workspace's `KeyMemo` table for `Key`, when it has one.
    let keyMemo: UnsafeMutablePointer<KeyMemo.Entry>?

    // Inlined into the `MadeKeyedContainer` witness that `KeyedContainerFactory` calls, which then
    // writes the fields in place instead of copying a temporary.
    @inline(__always)
    init(session: DecodingSession, start: Int, endWord: Int, depth: Int, keyMemo: UnsafeMutablePointer<KeyMemo.Entry>?) {
        self.session = session
        self.start = start
        self.endWord = endWord
        self.depth = depth
        self.keyMemo = keyMemo
    }

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
        guard session.withUnsafeWorkspace({ $0.keyPaths != nil }) else { return false }
        return (try? resolveKeyPath(key, optional: true)).map { !$0.isMissing } ?? false
    }

    // MARK: - Finding values

    /// Tape index of `key`'s value when the key is in the object literally.
    @inline(__always)
    func lookup(_ key: Key, in session: DecodingSession) -> Int? {
        guard let memo = keyMemo else {
            return session.findMember(key, start: start, endWord: endWord, depth: depth)
        }
        // The key's UTF-8, from the memo (see `KeyMemo`): no call to `stringValue`.
        let entry = memo + Int(unsafeBitCast(key, to: UInt8.self))
        if entry.pointee.bytes == nil { session.workspace.keyMemos.fill(entry, with: key) }
        return session.findMember(utf8: UnsafeBufferPointer(start: entry.pointee.bytes, count: entry.pointee.count),
                                  start: start, endWord: endWord, depth: depth, memo: entry)
    }

    /// Tape index of `key`'s value when the key is in the object literally.
    @inline(__always)
    func lookup(_ key: Key) -> Int? {
        lookup(key, in: session)
    }

    /// Tape index of the value a scalar is read from, or `keyNotFound`.
    @inline(__always)
    func require(_ key: Key, in session: DecodingSession) throws -> Int {
        if let index = lookup(key, in: session) { return index }
        return try requireThroughKeyPath(key)
    }

    /// Tape index of the value a scalar is read from, or nil when the key is absent.
    @inline(__always)
    func locate(_ key: Key, in session: DecodingSession) throws -> Int? {
        if let index = lookup(key, in: session) { return index }
        guard session.withUnsafeWorkspace({ $0.keyPaths != nil }) else { return nil }
        return try locateThroughKeyPath(key)
    }

    /// Tape index of the value a scalar is read from, or nil when the key is absent.
    func locate(_ key: Key) throws -> Int? {
        try locate(key, in: session)
    }

    // MARK: - Scalars

    func decodeNil(forKey key: Key) throws -> Bool {
        session.isNull(try require(key, in: session))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(key) { $0.bool(at: $1) } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(key) { $0.string(at: $1) } }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(key) { $0.double(at: $1) } }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(key) { $0.float(at: $1) } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(key) { $0.integer(Int.self, at: $1) } }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(key) { $0.integer(Int8.self, at: $1) } }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(key) { $0.integer(Int16.self, at: $1) } }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(key) { $0.integer(Int32.self, at: $1) } }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(key) { $0.integer(Int64.self, at: $1) } }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try scalar(key) { $0.integer(Int128.self, at: $1) } }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(key) { $0.integer(UInt.self, at: $1) } }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(key) { $0.integer(UInt8.self, at: $1) } }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(key) { $0.integer(UInt16.self, at: $1) } }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(key) { $0.integer(UInt32.self, at: $1) } }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(key) { $0.integer(UInt64.self, at: $1) } }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try scalar(key) { $0.integer(UInt128.self, at: $1) } }

    /// The member's value read by `read` (a tape reader of the session), or the error
    /// `decode(_:forKey:)` throws.
    @inline(__always)
    private func scalar<T>(_ key: Key, _ read: (DecodingSession, Int) -> T?) throws -> T {
        let session = self.session
        let index = try require(key, in: session)
        if let value = read(session, index) { return value }
        throw session.scalarError(T.self, at: index, path: path(appending: key))
    }

    // MARK: - Optional scalars

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try scalarIfPresent(key) { $0.bool(at: $1) } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try scalarIfPresent(key) { $0.string(at: $1) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try scalarIfPresent(key) { $0.double(at: $1) } }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try scalarIfPresent(key) { $0.float(at: $1) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try scalarIfPresent(key) { $0.integer(Int.self, at: $1) } }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try scalarIfPresent(key) { $0.integer(Int8.self, at: $1) } }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try scalarIfPresent(key) { $0.integer(Int16.self, at: $1) } }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try scalarIfPresent(key) { $0.integer(Int32.self, at: $1) } }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try scalarIfPresent(key) { $0.integer(Int64.self, at: $1) } }
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try scalarIfPresent(key) { $0.integer(Int128.self, at: $1) } }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try scalarIfPresent(key) { $0.integer(UInt.self, at: $1) } }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try scalarIfPresent(key) { $0.integer(UInt8.self, at: $1) } }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try scalarIfPresent(key) { $0.integer(UInt16.self, at: $1) } }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try scalarIfPresent(key) { $0.integer(UInt32.self, at: $1) } }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try scalarIfPresent(key) { $0.integer(UInt64.self, at: $1) } }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try scalarIfPresent(key) { $0.integer(UInt128.self, at: $1) } }

    /// `scalar(_:_:)` with `decodeIfPresent`'s rules: nil when the member is missing or null.
    @inline(__always)
    private func scalarIfPresent<T>(_ key: Key, _ read: (DecodingSession, Int) -> T?) throws -> T? {
        let session = self.session
        guard let index = try locate(key, in: session), !session.isNull(index) else { return nil }
        if let value = read(session, index) { return value }
        throw session.scalarError(T.self, at: index, path: path(appending: key))
    }

    // MARK: - Nested values

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let session = self.session
        if let index = lookup(key, in: session) {
            return try session.decodeNested(type, at: index, parentDepth: depth,
                                            component: session.component(for: key, keyIndex: index - 1))
        }
        return try decodeAbsent(type, key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let session = self.session
        if let index = lookup(key, in: session) {
            if session.isNull(index) { return nil }
            return try session.decodeNested(type, at: index, parentDepth: depth,
                                            component: session.component(for: key, keyIndex: index - 1))
        }
        guard session.withUnsafeWorkspace({ $0.keyPaths != nil }) else { return nil }
        return try decodeThroughKeyPath(type, key, optional: true)
    }

    /// `decode` for a key that is not in the object literally: a key path, or `keyNotFound`.
    @inline(never)
    private func decodeAbsent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        guard session.withUnsafeWorkspace({ $0.keyPaths != nil }) else {
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

extension DecodingSession {
    /// A keyed container on the object at `start`, at `depth`, made through the workspace's maker for
    /// `Key` (see `KeyedContainerMaker`).
    @inline(__always)
    func keyedContainer<Key: CodingKey>(_ type: Key.Type, start: Int, depth: Int) -> KeyedDecodingContainer<Key> {
        if depth >= cursorsInUse { cursorsInUse = depth + 1 }
        let endWord = tape.containerEnd(start) - 1
        if let maker = withUnsafeWorkspace({ $0.keyedContainerMakers.maker(for: type) }) {
            return maker._withUnsafeGuaranteedRef { $0.make(session: self, start: start, endWord: endWord, depth: depth) }
        }
        return makeKeyedContainer(type, start: start, endWord: endWord, depth: depth)
    }

    /// `keyedContainer` for a key type met for the first time (or past the makers' limit).
    @inline(never)
    private func makeKeyedContainer<Key: CodingKey>(_ type: Key.Type, start: Int, endWord: Int,
                                                    depth: Int) -> KeyedDecodingContainer<Key> {
        let keyMemo = workspace.keyMemos.table(for: type)
        if let maker = workspace.keyedContainerMakers.add(for: type, keyMemo: keyMemo) {
            return maker.make(session: self, start: start, endWord: endWord, depth: depth)
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(session: self, start: start, endWord: endWord, depth: depth,
                                                          keyMemo: keyMemo))
    }
}
