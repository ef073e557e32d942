/// One JSON value of the document being decoded, handed to ``TapeJSONDecodable/init(tapeJSON:)``.
///
/// It reads the parsed document in place. It is valid only during the `init(tapeJSON:)` call it is
/// given to: keep neither it nor the ``TapeJSONObjectDecoder`` it makes. It is not `Sendable`: one
/// decode call runs on one thread.
public struct TapeJSONValueDecoder {
    let session: DecodingSession
    /// Tape index of the value.
    let index: Int
    /// The value's depth (the number of frames in its coding path).
    let depth: Int

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
    /// - Throws: when the value is not an object (the value is then decoded by `init(from:)`).
    public func objectDecoder() throws -> TapeJSONObjectDecoder {
        let tape = session.tape
        guard tape.tagByte(index) == TapeTag.startObject.rawValue else { throw GeneratedPathMismatch() }
        return TapeJSONObjectDecoder(session: session, start: index, depth: depth)
    }

    /// The whole value as a `T` (a raw-value enum reads its `RawValue` so), as a single-value
    /// container's `decode(_:)` reads it.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let scalar = try session.generatedScalar(type, at: index) { return scalar }
        return try session.withValueInPlace(at: index, depth: depth) {
            try session.decodeCurrent(type)
        }
    }

    /// Whether the value is `null`.
    public func decodeNil() -> Bool { session.isNull(index) }

    /// The error to throw when the value is not what the generated code reads: the value is then
    /// decoded by `init(from:)`, whose result or error the caller gets.
    public func mismatch() -> any Error { GeneratedPathMismatch() }
}

/// A JSON object of the document being decoded: its members found by key, as a keyed container
/// finds them (the decoder's key strategy, the same member when a key appears twice), with no
/// `String` made to compare a key.
///
/// Valid only during the ``TapeJSONDecodable/init(tapeJSON:)`` call that made it.
public struct TapeJSONObjectDecoder {
    let session: DecodingSession
    /// Tape index of the object's `{` word.
    let start: Int
    /// Tape index of the object's `}` word.
    let endWord: Int
    /// The object's depth (as a keyed container's).
    let depth: Int

    init(session: DecodingSession, start: Int, depth: Int) {
        self.session = session
        self.start = start
        self.depth = depth
        endWord = session.tape.containerEnd(start) - 1
        session.reserve(depth: depth)
        if depth >= session.cursorsInUse { session.cursorsInUse = depth + 1 }
    }

    /// The number of members (a key that appears twice counts twice).
    public var count: Int { session.tape.elementCount(start) }

    /// Tape index of the value of the member whose key (as the key strategy converts it) is `name`:
    /// the member the Codable path's lookup finds (the same code, with its cursor).
    @inline(__always)
    func find(_ name: StaticString) -> Int? {
        name.withUTF8Buffer { session.findMember(utf8: $0, start: start, endWord: endWord, depth: depth) }
    }

    /// Whether the object has a member whose key is `name`.
    public func contains(named name: StaticString) -> Bool { find(name) != nil }

    /// The value of the member `name`, as `decode(_:forKey:)` reads it.
    ///
    /// An optional `type` takes the other overload, with `decodeIfPresent` semantics, as synthesized
    /// `Decodable` does for an optional property (also when the optional is spelled by a typealias).
    ///
    /// - Parameters:
    ///   - type: the property's type.
    ///   - key: the `CodingKey` of the member, for the coding path of values decoded below it.
    ///   - name: the key's `stringValue`.
    /// - Throws: when the member is missing or is not a `T` (the enclosing value is then decoded
    ///   by `init(from:)`).
    public func decode<T: Decodable, K: CodingKey>(_ type: T.Type, forKey key: K, named name: StaticString) throws -> T {
        guard let index = find(name) else { throw GeneratedPathMismatch() }
        return try value(T.self, at: index, key: key)
    }

    /// The value of the member `name`, or nil when it is missing or `null`, as
    /// `decodeIfPresent(_:forKey:)` reads it.
    public func decode<T: Decodable, K: CodingKey>(_ type: T?.Type, forKey key: K, named name: StaticString) throws -> T? {
        guard let index = find(name), !session.isNull(index) else { return nil }
        return try value(T.self, at: index, key: key)
    }

    // MARK: - The common scalars

    // Concrete overloads: the generic forms, called from another module unspecialised, look up the
    // metadata of `Optional<T>` on every call (a third of a record's decoding time, measured with
    // callgrind on a ten-field record); these read the tape directly.

    /// `decode(_:forKey:named:)` for `String`.
    public func decode<K: CodingKey>(_ type: String.Type, forKey key: K, named name: StaticString) throws -> String {
        guard let index = find(name), let value = session.string(at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `String?`.
    public func decode<K: CodingKey>(_ type: String?.Type, forKey key: K, named name: StaticString) throws -> String? {
        guard let index = find(name), !session.isNull(index) else { return nil }
        guard let value = session.string(at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `Int`.
    public func decode<K: CodingKey>(_ type: Int.Type, forKey key: K, named name: StaticString) throws -> Int {
        guard let index = find(name), let value = session.integer(Int.self, at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `Int?`.
    public func decode<K: CodingKey>(_ type: Int?.Type, forKey key: K, named name: StaticString) throws -> Int? {
        guard let index = find(name), !session.isNull(index) else { return nil }
        guard let value = session.integer(Int.self, at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `Int64`.
    public func decode<K: CodingKey>(_ type: Int64.Type, forKey key: K, named name: StaticString) throws -> Int64 {
        guard let index = find(name), let value = session.integer(Int64.self, at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `Int64?`.
    public func decode<K: CodingKey>(_ type: Int64?.Type, forKey key: K, named name: StaticString) throws -> Int64? {
        guard let index = find(name), !session.isNull(index) else { return nil }
        guard let value = session.integer(Int64.self, at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `Int32`.
    public func decode<K: CodingKey>(_ type: Int32.Type, forKey key: K, named name: StaticString) throws -> Int32 {
        guard let index = find(name), let value = session.integer(Int32.self, at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `Int32?`.
    public func decode<K: CodingKey>(_ type: Int32?.Type, forKey key: K, named name: StaticString) throws -> Int32? {
        guard let index = find(name), !session.isNull(index) else { return nil }
        guard let value = session.integer(Int32.self, at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `UInt64`.
    public func decode<K: CodingKey>(_ type: UInt64.Type, forKey key: K, named name: StaticString) throws -> UInt64 {
        guard let index = find(name), let value = session.integer(UInt64.self, at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `UInt64?`.
    public func decode<K: CodingKey>(_ type: UInt64?.Type, forKey key: K, named name: StaticString) throws -> UInt64? {
        guard let index = find(name), !session.isNull(index) else { return nil }
        guard let value = session.integer(UInt64.self, at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `UInt`.
    public func decode<K: CodingKey>(_ type: UInt.Type, forKey key: K, named name: StaticString) throws -> UInt {
        guard let index = find(name), let value = session.integer(UInt.self, at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `UInt?`.
    public func decode<K: CodingKey>(_ type: UInt?.Type, forKey key: K, named name: StaticString) throws -> UInt? {
        guard let index = find(name), !session.isNull(index) else { return nil }
        guard let value = session.integer(UInt.self, at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `Double`.
    public func decode<K: CodingKey>(_ type: Double.Type, forKey key: K, named name: StaticString) throws -> Double {
        guard let index = find(name), let value = session.double(at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `Double?`.
    public func decode<K: CodingKey>(_ type: Double?.Type, forKey key: K, named name: StaticString) throws -> Double? {
        guard let index = find(name), !session.isNull(index) else { return nil }
        guard let value = session.double(at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `Float`.
    public func decode<K: CodingKey>(_ type: Float.Type, forKey key: K, named name: StaticString) throws -> Float {
        guard let index = find(name), let value = session.float(at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `Float?`.
    public func decode<K: CodingKey>(_ type: Float?.Type, forKey key: K, named name: StaticString) throws -> Float? {
        guard let index = find(name), !session.isNull(index) else { return nil }
        guard let value = session.float(at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `Bool`.
    public func decode<K: CodingKey>(_ type: Bool.Type, forKey key: K, named name: StaticString) throws -> Bool {
        guard let index = find(name), let value = session.bool(at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    /// `decode(_:forKey:named:)` for `Bool?`.
    public func decode<K: CodingKey>(_ type: Bool?.Type, forKey key: K, named name: StaticString) throws -> Bool? {
        guard let index = find(name), !session.isNull(index) else { return nil }
        guard let value = session.bool(at: index) else { throw GeneratedPathMismatch() }
        return value
    }

    // MARK: - Types with a generated path, and arrays

    /// `decode(_:forKey:named:)` for a type with a generated path of its own: called directly (a
    /// failure there sends the enclosing value to `init(from:)`, which decodes this one again).
    public func decode<T: TapeJSONDecodable, K: CodingKey>(_ type: T.Type, forKey key: K, named name: StaticString) throws -> T {
        guard let index = find(name) else { throw GeneratedPathMismatch() }
        return try nestedGenerated(type, at: index, key: key)
    }

    /// `decode(_:forKey:named:)` for an optional type with a generated path of its own.
    public func decode<T: TapeJSONDecodable, K: CodingKey>(_ type: T?.Type, forKey key: K, named name: StaticString) throws -> T? {
        guard let index = find(name), !session.isNull(index) else { return nil }
        return try nestedGenerated(T.self, at: index, key: key)
    }

    /// `decode(_:forKey:named:)` for an array of a type with a generated path.
    public func decode<E: TapeJSONDecodable, K: CodingKey>(_ type: [E].Type, forKey key: K, named name: StaticString) throws -> [E] {
        guard let index = find(name) else { throw GeneratedPathMismatch() }
        return try generatedArray(E.self, at: index, key: key)
    }

    /// `decode(_:forKey:named:)` for an optional array of a type with a generated path.
    public func decode<E: TapeJSONDecodable, K: CodingKey>(_ type: [E]?.Type, forKey key: K, named name: StaticString) throws -> [E]? {
        guard let index = find(name), !session.isNull(index) else { return nil }
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

    /// For an enum with associated values: the position in `names` of the object's one member.
    ///
    /// - Throws: when the object does not have exactly one member, or its key is none of `names`.
    public func caseIndex(_ names: StaticString...) throws -> Int {
        guard session.tape.storedCount(start) == 1 else { throw GeneratedPathMismatch() }
        for (position, name) in names.enumerated() where find(name) != nil { return position }
        throw GeneratedPathMismatch()
    }

    /// The value of the member `name` as an object (an enum case's associated values).
    public func nestedObject<K: CodingKey>(forKey key: K, named name: StaticString) throws -> TapeJSONObjectDecoder {
        guard let index = find(name), session.tape.tagByte(index) == TapeTag.startObject.rawValue else {
            throw GeneratedPathMismatch()
        }
        // The frame of the member, as `nestedContainer(keyedBy:forKey:)` leaves it for the values below.
        session.reserve(depth: depth + 1)
        session.frames[depth] = PathFrame(component: session.component(for: key, keyIndex: index - 1), valueIndex: index)
        return TapeJSONObjectDecoder(session: session, start: index, depth: depth + 1)
    }

    /// The standard scalars read from the tape, anything else through the session (which takes a
    /// nested type's generated path when it has one).
    @inline(__always)
    private func value<T: Decodable, K: CodingKey>(_ type: T.Type, at index: Int, key: K) throws -> T {
        if let scalar = try session.generatedScalar(type, at: index) { return scalar }
        return try session.decodeNested(type, at: index, parentDepth: depth,
                                        component: session.component(for: key, keyIndex: index - 1))
    }
}

extension DecodingSession {
    /// The current value as an array of `E`, each element by its generated path, straight into the
    /// array's storage (as `ArrayDecoding.decodeElements`, without a type-kind lookup per array).
    func decodeGeneratedArray<E: TapeJSONDecodable>(_ type: E.Type) throws -> [E] {
        let start = valueIndex
        guard tape.tagByte(start) == TapeTag.startArray.rawValue else { throw GeneratedPathMismatch() }
        let depth = self.depth
        let endWord = tape.containerEnd(start) - 1
        let count = tape.elementCount(start)
        if count == 0 { return [] }
        return try [E](unsafeUninitializedCapacity: count) { buffer, initialized in
            var i = start + 1
            while i < endWord {
                let element = i
                let value = try withValue(at: element, parentDepth: depth, component: .index(initialized)) {
                    try E(tapeJSON: TapeJSONValueDecoder(session: self, index: element, depth: depth + 1))
                }
                (buffer.baseAddress.unsafelyUnwrapped + initialized).initialize(to: consume value)
                initialized += 1
                i = tape.skip(i)
            }
        }
    }

    /// The value at `index` as `T` when `T` is one of the scalars most properties have (read as the
    /// single-value container reads them); nil when `T` is another type.
    ///
    /// - Throws: when the value is not a `T` (the caller's value then goes through `init(from:)`).
    @inline(__always)
    func generatedScalar<T>(_ type: T.Type, at index: Int) throws -> T? {
        if T.self == String.self {
            guard let value = string(at: index) else { throw GeneratedPathMismatch() }
            return unsafeBitCast(value, to: T.self)
        }
        if T.self == Int.self {
            guard let value = integer(Int.self, at: index) else { throw GeneratedPathMismatch() }
            return unsafeBitCast(value, to: T.self)
        }
        if T.self == Double.self {
            guard let value = double(at: index) else { throw GeneratedPathMismatch() }
            return unsafeBitCast(value, to: T.self)
        }
        if T.self == Bool.self {
            guard let value = bool(at: index) else { throw GeneratedPathMismatch() }
            return unsafeBitCast(value, to: T.self)
        }
        if T.self == Int64.self {
            guard let value = integer(Int64.self, at: index) else { throw GeneratedPathMismatch() }
            return unsafeBitCast(value, to: T.self)
        }
        return nil
    }
}

/// Thrown by the generated path when the value is not what it reads; never seen by a caller (the
/// value is decoded again by `init(from:)`).
struct GeneratedPathMismatch: Error {}
