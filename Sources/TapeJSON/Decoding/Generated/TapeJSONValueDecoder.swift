/// One JSON value of the document being decoded, handed to ``TapeJSONDecodable/init(tapeJSON:)``.
///
/// It reads the parsed document in place, so it is valid only during the `init(tapeJSON:)` call it is
/// given to. It is non-escapable (`~Escapable`), as is the ``TapeJSONObjectDecoder`` it makes: the
/// compiler rejects storing either, returning it or capturing it in an escaping closure. It is not
/// `Sendable`: one decode call runs on one thread.
public struct TapeJSONValueDecoder: ~Escapable {
    let session: DecodingSession
    /// Tape index of the value.
    let index: Int
    /// The value's depth (the number of frames in its coding path).
    let depth: Int

    /// Made only by the session, for a call of `init(tapeJSON:)` during which the session lives; the
    /// callee, which cannot keep it, bounds its lifetime (`immortal` only tells the compiler that the
    /// value depends on no other non-escapable one).
    @_lifetime(immortal)
    init(session: DecodingSession, index: Int, depth: Int) {
        self.session = session
        self.index = index
        self.depth = depth
    }

    /// The keys of the containers from the root to this value, as `init(from:)` would see them.
    public var codingPath: [any CodingKey] { session.path(depth: depth, valueIndex: index) }

    /// The decoder's `userInfo`.
    public var userInfo: [CodingUserInfoKey: Any] { session.userInfo }

    /// The value as an object whose members are read by key.
    ///
    /// - Throws: `DecodingError`, as `container(keyedBy:)` does, when the value is not an object.
    @_lifetime(copy self)
    public func objectDecoder() throws -> TapeJSONObjectDecoder {
        guard session.tape.tagByte(index) == TapeTag.startObject.rawValue else {
            throw session.keyedContainerError(at: index, path: codingPath)
        }
        return TapeJSONObjectDecoder(session: session, start: index, depth: depth)
    }

    /// The whole value as a `T` (a raw-value enum reads its `RawValue` so), as a single-value
    /// container's `decode(_:)` reads it.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if DecodingSession.readsDirectly(type) { return try decodeScalar(type) }
        return try decodeInPlace(type)
    }

    /// `decode(_:)` for one of `readsDirectly`'s scalars, read from the tape when it is one (the `T?`
    /// kept out of `decode(_:)`, which would otherwise look up `Optional<T>`'s metadata on every call).
    @inline(never)
    private func decodeScalar<T: Decodable>(_ type: T.Type) throws -> T {
        if let scalar = session.readDirectly(type, at: index) { return scalar }
        return try decodeInPlace(type)
    }

    private func decodeInPlace<T: Decodable>(_ type: T.Type) throws -> T {
        try session.withValueInPlace(at: index, depth: depth) { try session.decodeCurrent(type) }
    }

    /// Whether the value is `null`.
    public func decodeNil() -> Bool { session.isNull(index) }

    /// The value as a `T` when it is one, nil otherwise: for a conformance that tries one type and then
    /// another, as `try? container.decode(_:)` does in `init(from:)`, without making the error. (The
    /// common scalars are read from the tape; another type goes through `decode(_:)`.)
    public func value<T: Decodable>(as type: T.Type) -> T? {
        if DecodingSession.readsDirectly(type) { return session.readDirectly(type, at: index) }
        return try? decode(type)
    }

    // Concrete forms of `decode(_:)` and `value(as:)` for the common scalars: the generic forms,
    // called unspecialised from the conforming type's module, compare metadata and wrap the result in
    // an `Optional<T>` whose metadata is looked up each call (LogLine's hand-written `LogTimestamp`
    // conformance: about 440 instructions per `value(as: String.self)`, callgrind). These read the tape.

    /// `decode(_:)` for `String`.
    public func decode(_ type: String.Type) throws -> String {
        if let value = session.string(at: index) { return value }
        return try decodeInPlace(type)
    }

    /// `decode(_:)` for `Int`.
    public func decode(_ type: Int.Type) throws -> Int {
        if let value = session.integer(Int.self, at: index) { return value }
        return try decodeInPlace(type)
    }

    /// `decode(_:)` for `Int64`.
    public func decode(_ type: Int64.Type) throws -> Int64 {
        if let value = session.integer(Int64.self, at: index) { return value }
        return try decodeInPlace(type)
    }

    /// `decode(_:)` for `Double`.
    public func decode(_ type: Double.Type) throws -> Double {
        if let value = session.double(at: index) { return value }
        return try decodeInPlace(type)
    }

    /// `decode(_:)` for `Bool`.
    public func decode(_ type: Bool.Type) throws -> Bool {
        if let value = session.bool(at: index) { return value }
        return try decodeInPlace(type)
    }

    /// `value(as:)` for `String`.
    public func value(as type: String.Type) -> String? { session.string(at: index) }

    /// `value(as:)` for `Int`.
    public func value(as type: Int.Type) -> Int? { session.integer(Int.self, at: index) }

    /// `value(as:)` for `Int64`.
    public func value(as type: Int64.Type) -> Int64? { session.integer(Int64.self, at: index) }

    /// `value(as:)` for `Double`.
    public func value(as type: Double.Type) -> Double? { session.double(at: index) }

    /// `value(as:)` for `Bool`.
    public func value(as type: Bool.Type) -> Bool? { session.bool(at: index) }

    /// The value decoded by `T`'s `init(from:)`, with this value's coding path: for what a hand-written
    /// conformance leaves to the Codable path (its error cases, say), so the result is exactly
    /// `init(from:)`'s. Never the generated path (so a type may call it for itself).
    public func decodeThroughCodable<T: Decodable>(_ type: T.Type) throws -> T {
        try session.withValueInPlace(at: index, depth: depth) { try type.init(from: session) }
    }

    /// The error a raw-value enum's `init(from:)` throws for a raw value that names no case.
    public func invalidRawValue<RawValue>(_ rawValue: RawValue, of type: Any.Type) -> any Error {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "Cannot initialize \(type) from invalid \(RawValue.self) value \(rawValue)"))
    }

    /// An error for a value that is not what a hand-written conformance reads, at this value's coding
    /// path. (A conformance must throw what its `init(from:)` would: this one suits only the values
    /// `init(from:)` also rejects with `.dataCorrupted`.)
    public func mismatch() -> any Error {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath, debugDescription: "The value does not match the type's generated decoding."))
    }
}

/// A JSON object of the document being decoded: its members found by key, as a keyed container
/// finds them (the decoder's key strategy, the same member when a key appears twice), with no
/// `String` made to compare a key.
///
/// Valid only during the ``TapeJSONDecodable/init(tapeJSON:)`` call that made it: non-escapable
/// (`~Escapable`), it cannot outlive the ``TapeJSONValueDecoder`` it came from.
public struct TapeJSONObjectDecoder: ~Escapable {
    let session: DecodingSession
    /// Tape index of the object's `{` word.
    let start: Int
    /// Tape index of the object's `}` word.
    let endWord: Int
    /// The object's depth (as a keyed container's).
    let depth: Int

    /// Made by a ``TapeJSONValueDecoder`` or another object decoder, whose lifetime it takes (see
    /// `TapeJSONValueDecoder.init(session:index:depth:)`).
    @_lifetime(immortal)
    init(session: DecodingSession, start: Int, depth: Int) {
        self.session = session
        self.start = start
        self.depth = depth
        endWord = session.tape.containerEnd(start) - 1
        session.reserve(depth: depth)
        if depth >= session.cursorsInUse { session.cursorsInUse = depth + 1 }
    }

    /// The keys of the containers from the root to this object, as its keyed container's.
    public var codingPath: [any CodingKey] { session.path(depth: depth, valueIndex: start) }

    /// The coding path of the member `key`, for its errors.
    func path(appending key: some CodingKey) -> [any CodingKey] {
        var path = codingPath
        path.append(key)
        return path
    }

    /// The number of members (a key that appears twice counts twice).
    public var count: Int { session.tape.elementCount(start) }

    /// Tape index of the value of the member whose key (as the key strategy converts it) is `name`:
    /// the member the Codable path's lookup finds. The object's keys, converted under a conversion, are
    /// put in a table once (`MemberSlots`), which gives the same member; without a conversion, only
    /// once a key is not where a lookup in document order finds it (the keyed container's first check,
    /// `expectedMember`, answers the others). An object the table does not take (two members with one
    /// key, more than `MemberSlots.capacity` members) is left to the keyed container's lookup, with the
    /// key's `KeyMemo` entry under a conversion, as a keyed container passes it (the spelling that last
    /// converted to the key is compared first).
    @inline(__always)
    func find<K: CodingKey>(_ name: StaticString, _ key: K) -> Int? {
        // A key spelled with more than one scalar is stored as a pointer (any key the macro writes but
        // a one-character one): read in place. Through `withUTF8Buffer`'s closure, the compiler kept
        // the lookup out of line (about 100 instructions a member on twitter.json, callgrind).
        guard name.hasPointerRepresentation else { return name.withUTF8Buffer { find($0, key) } }
        return find(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount), key)
    }

    @inline(__always)
    private func find<K: CodingKey>(_ name: UnsafeBufferPointer<UInt8>, _ key: K) -> Int? {
        switch session.withUnsafeWorkspace({ $0.keyMatching }) {
        case .converted:
            // The object's converted keys, made once (`MemberSlots`), unless it is left to the
            // keyed container's lookup.
            // (Absent byte for byte, a key that is not ASCII may be spelled in another normalization.)
            if case .some(let found) = session.memberFromSlots(utf8: name, start: start, endWord: endWord,
                                                               depth: depth, converting: true) {
                return found
            }
            return findConverted(key)
        case .exact:
            // `findMember`'s first step, called directly: through it, the strategy was tested again on
            // each member (twitter.json with the macro: 5.17M -> 5.73M instructions, callgrind). Once an
            // object's keys are in the table, it answers in document order too (its expected slot).
            if !session.hasMemberSlots(start: start, depth: depth),
               let index = session.expectedMember(name, start: start, endWord: endWord, depth: depth) {
                return index
            }
            if case .some(let found) = session.memberFromSlots(utf8: name, start: start, endWord: endWord,
                                                               depth: depth, converting: false) {
                return found
            }
            // `scanForMember` compares the two members `expectedMember` does first: the same answer.
            return session.scanForMember(utf8: name, start: start, endWord: endWord, depth: depth, memo: nil)
        case .custom:
            return session.scanForMember(utf8: name, start: start, endWord: endWord, depth: depth, memo: nil)
        }
    }

    @inline(never)
    private func findConverted<K: CodingKey>(_ key: K) -> Int? {
        guard let memo = session.withUnsafeWorkspace({ $0.keyMemos.table(for: K.self) }) else {
            return session.findMember(key, start: start, endWord: endWord, depth: depth)
        }
        let entry = memo + Int(unsafeBitCast(key, to: UInt8.self))
        if entry.pointee.bytes == nil { session.workspace.keyMemos.fill(entry, with: key) }
        return session.findMember(utf8: UnsafeBufferPointer(start: entry.pointee.bytes, count: entry.pointee.count),
                                  start: start, endWord: endWord, depth: depth, memo: entry)
    }

    /// Whether the object has a member `key` (whose `stringValue` is `name`), as `contains(_:)` answers.
    public func contains<K: CodingKey>(_ key: K, named name: StaticString) -> Bool { find(name, key) != nil }

    /// The value of the member `name`, as `decode(_:forKey:)` reads it.
    ///
    /// An optional `type` takes the other overload, with `decodeIfPresent` semantics, as synthesized
    /// `Decodable` does for an optional property (also when the optional is spelled by a typealias).
    ///
    /// - Parameters:
    ///   - type: the property's type.
    ///   - key: the `CodingKey` of the member, for the coding path of values decoded below it.
    ///   - name: the key's `stringValue`.
    /// - Throws: the `DecodingError` `decode(_:forKey:)` throws when the member is missing or is not a `T`.
    public func decode<T: Decodable, K: CodingKey>(_ type: T.Type, forKey key: K, named name: StaticString) throws -> T {
        guard let index = find(name, key) else { throw session.keyNotFound(key, path: codingPath) }
        return try value(T.self, at: index, key: key)
    }

    /// The value of the member `name`, or nil when it is missing or `null`, as
    /// `decodeIfPresent(_:forKey:)` reads it.
    public func decode<T: Decodable, K: CodingKey>(_ type: T?.Type, forKey key: K, named name: StaticString) throws -> T? {
        guard let index = find(name, key), !session.isNull(index) else { return nil }
        return try value(T.self, at: index, key: key)
    }

    // MARK: - The common scalars

    // Concrete overloads: the generic forms, called from another module unspecialised, look up the
    // metadata of `Optional<T>` on every call (a third of a record's decoding time, measured with
    // callgrind on a ten-field record); these read the tape directly.

    /// `decode(_:forKey:named:)` for `String`.
    public func decode<K: CodingKey>(_ type: String.Type, forKey key: K, named name: StaticString) throws -> String {
        try scalar(forKey: key, named: name) { session.string(at: $0) }
    }

    /// `decode(_:forKey:named:)` for `String?`.
    public func decode<K: CodingKey>(_ type: String?.Type, forKey key: K, named name: StaticString) throws -> String? {
        try scalarIfPresent(forKey: key, named: name) { session.string(at: $0) }
    }

    /// `decode(_:forKey:named:)` for `Int`.
    public func decode<K: CodingKey>(_ type: Int.Type, forKey key: K, named name: StaticString) throws -> Int {
        try scalar(forKey: key, named: name) { session.integer(Int.self, at: $0) }
    }

    /// `decode(_:forKey:named:)` for `Int?`.
    public func decode<K: CodingKey>(_ type: Int?.Type, forKey key: K, named name: StaticString) throws -> Int? {
        try scalarIfPresent(forKey: key, named: name) { session.integer(Int.self, at: $0) }
    }

    /// `decode(_:forKey:named:)` for `Int64`.
    public func decode<K: CodingKey>(_ type: Int64.Type, forKey key: K, named name: StaticString) throws -> Int64 {
        try scalar(forKey: key, named: name) { session.int64(at: $0) }
    }

    /// `decode(_:forKey:named:)` for `Int64?`.
    public func decode<K: CodingKey>(_ type: Int64?.Type, forKey key: K, named name: StaticString) throws -> Int64? {
        try scalarIfPresent(forKey: key, named: name) { session.int64(at: $0) }
    }

    /// `decode(_:forKey:named:)` for `Int32`.
    public func decode<K: CodingKey>(_ type: Int32.Type, forKey key: K, named name: StaticString) throws -> Int32 {
        try scalar(forKey: key, named: name) { session.integer(Int32.self, at: $0) }
    }

    /// `decode(_:forKey:named:)` for `Int32?`.
    public func decode<K: CodingKey>(_ type: Int32?.Type, forKey key: K, named name: StaticString) throws -> Int32? {
        try scalarIfPresent(forKey: key, named: name) { session.integer(Int32.self, at: $0) }
    }

    /// `decode(_:forKey:named:)` for `UInt64`.
    public func decode<K: CodingKey>(_ type: UInt64.Type, forKey key: K, named name: StaticString) throws -> UInt64 {
        try scalar(forKey: key, named: name) { session.uint64(at: $0) }
    }

    /// `decode(_:forKey:named:)` for `UInt64?`.
    public func decode<K: CodingKey>(_ type: UInt64?.Type, forKey key: K, named name: StaticString) throws -> UInt64? {
        try scalarIfPresent(forKey: key, named: name) { session.uint64(at: $0) }
    }

    /// `decode(_:forKey:named:)` for `UInt`.
    public func decode<K: CodingKey>(_ type: UInt.Type, forKey key: K, named name: StaticString) throws -> UInt {
        try scalar(forKey: key, named: name) { session.integer(UInt.self, at: $0) }
    }

    /// `decode(_:forKey:named:)` for `UInt?`.
    public func decode<K: CodingKey>(_ type: UInt?.Type, forKey key: K, named name: StaticString) throws -> UInt? {
        try scalarIfPresent(forKey: key, named: name) { session.integer(UInt.self, at: $0) }
    }

    /// `decode(_:forKey:named:)` for `Double`.
    public func decode<K: CodingKey>(_ type: Double.Type, forKey key: K, named name: StaticString) throws -> Double {
        try scalar(forKey: key, named: name) { session.double(at: $0) }
    }

    /// `decode(_:forKey:named:)` for `Double?`.
    public func decode<K: CodingKey>(_ type: Double?.Type, forKey key: K, named name: StaticString) throws -> Double? {
        try scalarIfPresent(forKey: key, named: name) { session.double(at: $0) }
    }

    /// `decode(_:forKey:named:)` for `Float`.
    public func decode<K: CodingKey>(_ type: Float.Type, forKey key: K, named name: StaticString) throws -> Float {
        try scalar(forKey: key, named: name) { session.float(at: $0) }
    }

    /// `decode(_:forKey:named:)` for `Float?`.
    public func decode<K: CodingKey>(_ type: Float?.Type, forKey key: K, named name: StaticString) throws -> Float? {
        try scalarIfPresent(forKey: key, named: name) { session.float(at: $0) }
    }

    /// `decode(_:forKey:named:)` for `Bool`.
    public func decode<K: CodingKey>(_ type: Bool.Type, forKey key: K, named name: StaticString) throws -> Bool {
        try scalar(forKey: key, named: name) { session.bool(at: $0) }
    }

    /// `decode(_:forKey:named:)` for `Bool?`.
    public func decode<K: CodingKey>(_ type: Bool?.Type, forKey key: K, named name: StaticString) throws -> Bool? {
        try scalarIfPresent(forKey: key, named: name) { session.bool(at: $0) }
    }

    /// `decode(_:forKey:named:)` for `[String]`.
    public func decode<K: CodingKey>(_ type: [String].Type, forKey key: K, named name: StaticString) throws -> [String] {
        try scalarArray(forKey: key, named: name) { session.string(at: $0) }
    }

    /// `decode(_:forKey:named:)` for `[String]?`.
    public func decode<K: CodingKey>(_ type: [String]?.Type, forKey key: K, named name: StaticString) throws -> [String]? {
        try scalarArrayIfPresent(forKey: key, named: name) { session.string(at: $0) }
    }

    /// `decode(_:forKey:named:)` for `[Int]`.
    public func decode<K: CodingKey>(_ type: [Int].Type, forKey key: K, named name: StaticString) throws -> [Int] {
        try scalarArray(forKey: key, named: name) { session.integer(Int.self, at: $0) }
    }

    /// `decode(_:forKey:named:)` for `[Int]?`.
    public func decode<K: CodingKey>(_ type: [Int]?.Type, forKey key: K, named name: StaticString) throws -> [Int]? {
        try scalarArrayIfPresent(forKey: key, named: name) { session.integer(Int.self, at: $0) }
    }

    /// `decode(_:forKey:named:)` for `[Double]`.
    public func decode<K: CodingKey>(_ type: [Double].Type, forKey key: K, named name: StaticString) throws -> [Double] {
        try scalarArray(forKey: key, named: name) { session.double(at: $0) }
    }

    /// `decode(_:forKey:named:)` for `[Double]?`.
    public func decode<K: CodingKey>(_ type: [Double]?.Type, forKey key: K, named name: StaticString) throws -> [Double]? {
        try scalarArrayIfPresent(forKey: key, named: name) { session.double(at: $0) }
    }

    /// An array of scalars read by `read`, as the Codable path reads `[String]`, `[Int]` and `[Double]`
    /// (`Array.decodeArray`: the same reader, the same errors), without its type-kind lookup.
    @inline(__always)
    private func scalarArray<T, K: CodingKey>(forKey key: K, named name: StaticString, _ read: (Int) -> T?) throws -> [T] {
        guard let index = find(name, key) else { throw session.keyNotFound(key, path: codingPath) }
        return try scalarArray(at: index, key: key, read)
    }

    /// `scalarArray(forKey:named:_:)` with `decodeIfPresent`'s rules: nil when the member is missing or null.
    @inline(__always)
    private func scalarArrayIfPresent<T, K: CodingKey>(forKey key: K, named name: StaticString, _ read: (Int) -> T?) throws -> [T]? {
        guard let index = find(name, key), !session.isNull(index) else { return nil }
        return try scalarArray(at: index, key: key, read)
    }

    @inline(__always)
    private func scalarArray<T, K: CodingKey>(at index: Int, key: K, _ read: (Int) -> T?) throws -> [T] {
        let session = self.session
        return try session.withValue(at: index, parentDepth: depth, component: session.component(for: key, keyIndex: index - 1)) {
            try session.decodeScalarArray(T.self, read: read)
        }
    }

    /// The member `name` read by `read` (a tape reader of the session), or `decode(_:forKey:)`'s error.
    /// Generic but internal: each concrete overload above gets its own specialised copy.
    @inline(__always)
    private func scalar<T, K: CodingKey>(forKey key: K, named name: StaticString, _ read: (Int) -> T?) throws -> T {
        guard let index = find(name, key) else { throw session.keyNotFound(key, path: codingPath) }
        guard let value = read(index) else { throw session.scalarError(T.self, at: index, path: path(appending: key)) }
        return value
    }

    /// `scalar(forKey:named:_:)` with `decodeIfPresent`'s rules: nil when the member is missing or null.
    @inline(__always)
    private func scalarIfPresent<T, K: CodingKey>(forKey key: K, named name: StaticString, _ read: (Int) -> T?) throws -> T? {
        guard let index = find(name, key), !session.isNull(index) else { return nil }
        guard let value = read(index) else { throw session.scalarError(T.self, at: index, path: path(appending: key)) }
        return value
    }

    // MARK: - Types with a generated path, and arrays

    /// `decode(_:forKey:named:)` for a type with a generated path of its own, called directly (no
    /// type-kind lookup).
    public func decode<T: TapeJSONDecodable, K: CodingKey>(_ type: T.Type, forKey key: K, named name: StaticString) throws -> T {
        guard let index = find(name, key) else { throw session.keyNotFound(key, path: codingPath) }
        return try nestedGenerated(type, at: index, key: key)
    }

    /// `decode(_:forKey:named:)` for an optional type with a generated path of its own.
    public func decode<T: TapeJSONDecodable, K: CodingKey>(_ type: T?.Type, forKey key: K, named name: StaticString) throws -> T? {
        guard let index = find(name, key), !session.isNull(index) else { return nil }
        return try nestedGenerated(T.self, at: index, key: key)
    }

    /// `decode(_:forKey:named:)` for an array of a type with a generated path.
    public func decode<E: TapeJSONDecodable, K: CodingKey>(_ type: [E].Type, forKey key: K, named name: StaticString) throws -> [E] {
        guard let index = find(name, key) else { throw session.keyNotFound(key, path: codingPath) }
        return try generatedArray(E.self, at: index, key: key)
    }

    /// `decode(_:forKey:named:)` for an optional array of a type with a generated path.
    public func decode<E: TapeJSONDecodable, K: CodingKey>(_ type: [E]?.Type, forKey key: K, named name: StaticString) throws -> [E]? {
        guard let index = find(name, key), !session.isNull(index) else { return nil }
        return try generatedArray(E.self, at: index, key: key)
    }

    @inline(__always)
    private func nestedGenerated<T: TapeJSONDecodable, K: CodingKey>(_ type: T.Type, at index: Int, key: K) throws -> T {
        let session = self.session
        let depth = self.depth
        return try session.withValue(at: index, parentDepth: depth, component: session.component(for: key, keyIndex: index - 1)) {
            try T(tapeJSON: TapeJSONValueDecoder(session: session, index: index, depth: depth + 1))
        }
    }

    @inline(__always)
    private func generatedArray<E: TapeJSONDecodable, K: CodingKey>(_ type: E.Type, at index: Int, key: K) throws -> [E] {
        let session = self.session
        return try session.withValue(at: index, parentDepth: depth, component: session.component(for: key, keyIndex: index - 1)) {
            try session.decodeGeneratedArray(E.self)
        }
    }

    /// For an enum with associated values: the position in `names` of the one key of the object that
    /// names a case, as synthesized `init(from:)` finds it (`allKeys`: the object's distinct keys, as
    /// the key strategy spells them, that are case names).
    ///
    /// - Throws: synthesized `init(from:)`'s `typeMismatch` when the object has no such key or more
    ///   than one.
    public func caseIndex(of type: Any.Type, _ names: StaticString...) throws -> Int {
        guard let position = session.casePosition(among: names, start: start, endWord: endWord, depth: depth) else {
            throw DecodingError.typeMismatch(type, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Invalid number of keys found, expected one."))
        }
        return position
    }

    /// The value of the member `name` as an object (an enum case's associated values).
    @_lifetime(copy self)
    public func nestedObject<K: CodingKey>(forKey key: K, named name: StaticString) throws -> TapeJSONObjectDecoder {
        guard let index = find(name, key) else { throw session.keyNotFound(key, path: codingPath) }
        // The frame of the member, as `nestedContainer(keyedBy:forKey:)` leaves it for the values below.
        session.reserve(depth: depth + 1)
        session.unsafeFrames[depth] = PathFrame(component: session.component(for: key, keyIndex: index - 1), valueIndex: index)
        guard session.tape.tagByte(index) == TapeTag.startObject.rawValue else {
            throw session.keyedContainerError(at: index, path: session.path(depth: depth + 1, valueIndex: index))
        }
        return TapeJSONObjectDecoder(session: session, start: index, depth: depth + 1)
    }

    /// The standard scalars read from the tape, anything else through the session (which takes a
    /// nested type's generated path when it has one).
    @inline(__always)
    private func value<T: Decodable, K: CodingKey>(_ type: T.Type, at index: Int, key: K) throws -> T {
        if DecodingSession.readsDirectly(type) { return try directScalar(type, at: index, key: key) }
        return try session.decodeNested(type, at: index, parentDepth: depth,
                                        component: session.component(for: key, keyIndex: index - 1))
    }

    /// `value` for one of `readsDirectly`'s scalars. A function of its own: the `T?` it reads, inlined
    /// into the generic `decode` forms (called unspecialised from the type's module), made each call
    /// look up `Optional<T>`'s metadata, taken or not (10% of citm_catalog's decode with the macro,
    /// callgrind).
    @inline(never)
    private func directScalar<T: Decodable, K: CodingKey>(_ type: T.Type, at index: Int, key: K) throws -> T {
        if let scalar = session.readDirectly(type, at: index) { return scalar }
        throw session.scalarError(type, at: index, path: path(appending: key))
    }
}

extension DecodingSession {
    /// The current value as an array of `E`, each element by its generated path, straight into the
    /// array's storage (as `ArrayDecoding.decodeElements`, without a type-kind lookup per array).
    func decodeGeneratedArray<E: TapeJSONDecodable>(_ type: E.Type) throws -> [E] {
        let start = valueIndex
        guard tape.tagByte(start) == TapeTag.startArray.rawValue else {
            throw unkeyedContainerError(at: start, path: codingPath)
        }
        let depth = self.depth
        let count = tape.elementCount(start)
        if count == 0 { return [] }
        var failure: (any Error)?
        // The storage is made by `E`'s own witness (see `_tapeJSONArray`), specialized in `E`'s module,
        // and filled as `ArrayDecoding.decodeElements` fills it; the first error ends the loop (the
        // elements made so far are counted, and freed with the storage).
        let array = E._tapeJSONArray(unsafeUninitializedCount: count) { buffer, initialized in
            var i = start + 1
            while initialized < count {
                let element = i
                do {
                    let value = try withValue(at: element, parentDepth: depth, component: .index(initialized)) {
                        try E(tapeJSON: TapeJSONValueDecoder(session: self, index: element, depth: depth + 1))
                    }
                    buffer.unsafeInitializeElement(at: initialized, to: consume value)
                } catch {
                    failure = error
                    return
                }
                initialized += 1
                i = tape.skip(i)
            }
        }
        if let failure { throw failure }
        return array
    }

    /// Whether `T` is one of the scalars the generated path reads straight from the tape.
    @inline(__always)
    static func readsDirectly<T>(_ type: T.Type) -> Bool {
        T.self == String.self || T.self == Int.self || T.self == Double.self || T.self == Bool.self || T.self == Int64.self
    }

    /// The value at `index` as `T` (one of `readsDirectly`'s scalars), read as a keyed container reads
    /// it; nil when it is not a `T`.
    @inline(__always)
    func readDirectly<T>(_ type: T.Type, at index: Int) -> T? {
        if T.self == String.self { return string(at: index).map { unsafeBitCast($0, to: T.self) } }
        if T.self == Int.self { return integer(Int.self, at: index).map { unsafeBitCast($0, to: T.self) } }
        if T.self == Double.self { return double(at: index).map { unsafeBitCast($0, to: T.self) } }
        if T.self == Bool.self { return bool(at: index).map { unsafeBitCast($0, to: T.self) } }
        if T.self == Int64.self { return integer(Int64.self, at: index).map { unsafeBitCast($0, to: T.self) } }
        return nil
    }
}

