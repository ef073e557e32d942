/// The place of one value in the output, handed to ``TapeJSONEncodable/encode(tapeJSON:)``.
///
/// It writes into the encoder's output buffer directly, so it is valid only during the
/// `encode(tapeJSON:)` call it is given to. It is non-escapable (`~Escapable`), as are the containers
/// it begins: the compiler rejects storing them, returning them or capturing them in an escaping
/// closure. It is not `Sendable`: one encode call runs on one thread.
public struct TapeJSONValueEncoder: ~Escapable {
    @usableFromInline let core: EncodingCore

    /// Made only by the encoding core and the containers, for a call of `encode(tapeJSON:)` during which
    /// the core lives; the callee, which cannot keep it, bounds its lifetime (`immortal` only tells the
    /// compiler that the value depends on no other non-escapable one).
    @usableFromInline
    @_lifetime(immortal)
    init(core: EncodingCore) { self.core = core }

    /// The keys of the containers from the root to this value, as `encode(to:)` would see them.
    public var codingPath: [any CodingKey] { core.generatedCodingPath(appending: nil) }

    /// The encoder's `userInfo`.
    public var userInfo: [CodingUserInfoKey: Any] { core.configuration.userInfo }

    /// Writes `value` as this whole value, as a single-value container's `encode(_:)` does (a
    /// raw-value enum writes its `rawValue` so).
    public func encode<T: Encodable>(_ value: T) throws {
        try core.encodeGeneratedValue(value, entry: nil)
    }

    /// Writes `null`.
    public func encodeNil() { core.out.append("null") }

    /// Begins this value as an object (writes `{`); call ``TapeJSONObjectEncoder/end()`` when its members
    /// are written.
    @_lifetime(copy self)
    public func beginObject() -> TapeJSONObjectEncoder {
        core.openGenerated(UInt8(ascii: "{"))
        return TapeJSONObjectEncoder(core: core, pushed: false)
    }

    /// Begins this value as an array (writes `[`); call ``TapeJSONArrayEncoder/end()`` when its elements
    /// are written.
    @_lifetime(copy self)
    public func beginArray() -> TapeJSONArrayEncoder {
        core.openGenerated(UInt8(ascii: "["))
        return TapeJSONArrayEncoder(core: core)
    }

    /// Writes `value` through its `encode(to:)`.
    func encodeThroughCodable<T: Encodable>(_ value: T) throws {
        try core.encodeBridged(value, entry: nil)
    }

    // An array of one of the common scalars is written in one loop, with no coding-path step per
    // element (a non-finite float's error gets its element's path). `Array`'s inlinable
    // `encode(tapeJSON:)` picks the loop by its element type where that type is known, and passes the
    // array borrowed (a generic dispatcher here copied each array, and retained the core for its path
    // closure: a tenth of canada.json's generated encoding, whose arrays hold two numbers each;
    // callgrind). Number arrays, canada.json and mesh.json, were written at a quarter of the Codable
    // path's speed element by element.

    /// `[Double]` in one loop.
    @usableFromInline
    func _encodeElements(_ array: [Double]) throws {
        try core.writeArray(array, depth: core.generatedOpen, path: { core.generatedCodingPath(appending: nil) })
    }

    /// `[Float]` in one loop.
    @usableFromInline
    func _encodeElements(_ array: [Float]) throws {
        try core.writeArray(array, depth: core.generatedOpen, path: { core.generatedCodingPath(appending: nil) })
    }

    /// `[Int]` in one loop.
    @usableFromInline
    func _encodeElements(_ array: [Int]) { core.writeArray(array, depth: core.generatedOpen) }

    /// `[Int64]` in one loop.
    @usableFromInline
    func _encodeElements(_ array: [Int64]) { core.writeArray(array, depth: core.generatedOpen) }

    /// `[String]` in one loop.
    @usableFromInline
    func _encodeElements(_ array: [String]) { core.writeArray(array, depth: core.generatedOpen) }
}

/// An object being written: its members in the order they are encoded, as a keyed container writes
/// them under `.useDefaultKeys`.
///
/// Non-escapable, as the ``TapeJSONValueEncoder`` that began it.
public struct TapeJSONObjectEncoder: ~Escapable {
    @usableFromInline let core: EncodingCore
    /// Whether this object pushed its key on the coding path (a nested member object).
    let pushed: Bool
    var count = 0

    /// Made by a ``TapeJSONValueEncoder`` or another object encoder, whose lifetime it takes (see
    /// `TapeJSONValueEncoder.init(core:)`).
    @_lifetime(immortal)
    init(core: EncodingCore, pushed: Bool) {
        self.core = core
        self.pushed = pushed
    }

    @inline(__always)
    private mutating func writeKey(_ name: StaticString) {
        if count > 0 { core.out.append(UInt8(ascii: ",")) }
        count &+= 1
        name.withUTF8Buffer { core.out.appendQuoted($0, escapeSlashes: core.escapeSlashes) }
        core.out.append(UInt8(ascii: ":"))
    }

    /// Writes the member `name` with `value`, as `encode(_:forKey:)` does.
    ///
    /// - Parameters:
    ///   - value: the member's value.
    ///   - key: the `CodingKey` of the member, for the coding path of values written below it.
    ///   - name: the key's `stringValue`.
    public mutating func encode<T: Encodable, K: CodingKey>(_ value: T, forKey key: K, named name: StaticString) throws {
        writeKey(name)
        try core.encodeGeneratedValue(value, entry: .key(key))
    }

    /// Writes the member `name` with `value`, or nothing when `value` is nil, as
    /// `encodeIfPresent(_:forKey:)` does.
    ///
    /// Inlinable, as the other optional form: unwrapped in the caller, where `T` is known, it costs no
    /// `Optional<T>` metadata lookup (called unspecialised, each call looked it up: 17% of the LogLine
    /// encode row's instructions, callgrind).
    @inlinable
    public mutating func encode<T: Encodable, K: CodingKey>(_ value: T?, forKey key: K, named name: StaticString) throws {
        if let value { try encode(value, forKey: key, named: name) }
    }

    /// `encode(_:forKey:named:)` for a value with a generated path of its own.
    ///
    /// Inlinable, as `Array`'s and `TapeJSONArrayEncoder`'s: the generated code of a member such as
    /// `[[[Double]]]` (canada.json's coordinates) is then specialised in the model's module down to
    /// its innermost array, with no witness-table call and no generic loop per element.
    @inlinable
    public mutating func encode<T: TapeJSONEncodable, K: CodingKey>(_ value: T, forKey key: K, named name: StaticString) throws {
        _beginMember(forKey: key, named: name)
        try value.encode(tapeJSON: TapeJSONValueEncoder(core: core))
        core._endGeneratedMember()
    }

    /// Writes the member's key and puts it on the coding path.
    @usableFromInline
    mutating func _beginMember<K: CodingKey>(forKey key: K, named name: StaticString) {
        writeKey(name)
        core.generatedPath.append(.key(key))
    }

    /// `encode(_:forKey:named:)` for an optional value with a generated path of its own.
    @inlinable
    public mutating func encode<T: TapeJSONEncodable, K: CodingKey>(_ value: T?, forKey key: K, named name: StaticString) throws {
        if let value { try encode(value, forKey: key, named: name) }
    }

    // MARK: - The common scalars

    // Concrete overloads: written here, with no coding-path step and no generic call per member (the
    // generic forms push the key on the coding path for values below it, which scalars never have).

    /// `encode(_:forKey:named:)` for `String`.
    public mutating func encode<K: CodingKey>(_ value: String, forKey key: K, named name: StaticString) throws {
        writeKey(name)
        core.writeString(value)
    }

    /// `encode(_:forKey:named:)` for `String?`.
    public mutating func encode<K: CodingKey>(_ value: String?, forKey key: K, named name: StaticString) throws {
        guard let value else { return }
        writeKey(name)
        core.writeString(value)
    }

    /// `encode(_:forKey:named:)` for `Int`.
    public mutating func encode<K: CodingKey>(_ value: Int, forKey key: K, named name: StaticString) throws {
        writeKey(name)
        core.out.appendSigned(Int64(value))
    }

    /// `encode(_:forKey:named:)` for `Int?`.
    public mutating func encode<K: CodingKey>(_ value: Int?, forKey key: K, named name: StaticString) throws {
        guard let value else { return }
        writeKey(name)
        core.out.appendSigned(Int64(value))
    }

    /// `encode(_:forKey:named:)` for `Int64`.
    public mutating func encode<K: CodingKey>(_ value: Int64, forKey key: K, named name: StaticString) throws {
        writeKey(name)
        core.out.appendSigned(value)
    }

    /// `encode(_:forKey:named:)` for `Int64?`.
    public mutating func encode<K: CodingKey>(_ value: Int64?, forKey key: K, named name: StaticString) throws {
        guard let value else { return }
        writeKey(name)
        core.out.appendSigned(value)
    }

    /// `encode(_:forKey:named:)` for `Int32`.
    public mutating func encode<K: CodingKey>(_ value: Int32, forKey key: K, named name: StaticString) throws {
        writeKey(name)
        core.out.appendSigned(Int64(value))
    }

    /// `encode(_:forKey:named:)` for `Int32?`.
    public mutating func encode<K: CodingKey>(_ value: Int32?, forKey key: K, named name: StaticString) throws {
        guard let value else { return }
        writeKey(name)
        core.out.appendSigned(Int64(value))
    }

    /// `encode(_:forKey:named:)` for `UInt64`.
    public mutating func encode<K: CodingKey>(_ value: UInt64, forKey key: K, named name: StaticString) throws {
        writeKey(name)
        core.out.appendUnsigned(value)
    }

    /// `encode(_:forKey:named:)` for `UInt64?`.
    public mutating func encode<K: CodingKey>(_ value: UInt64?, forKey key: K, named name: StaticString) throws {
        guard let value else { return }
        writeKey(name)
        core.out.appendUnsigned(value)
    }

    /// `encode(_:forKey:named:)` for `UInt`.
    public mutating func encode<K: CodingKey>(_ value: UInt, forKey key: K, named name: StaticString) throws {
        writeKey(name)
        core.out.appendUnsigned(UInt64(value))
    }

    /// `encode(_:forKey:named:)` for `UInt?`.
    public mutating func encode<K: CodingKey>(_ value: UInt?, forKey key: K, named name: StaticString) throws {
        guard let value else { return }
        writeKey(name)
        core.out.appendUnsigned(UInt64(value))
    }

    /// `encode(_:forKey:named:)` for `Bool`.
    public mutating func encode<K: CodingKey>(_ value: Bool, forKey key: K, named name: StaticString) throws {
        writeKey(name)
        core.writeBool(value)
    }

    /// `encode(_:forKey:named:)` for `Bool?`.
    public mutating func encode<K: CodingKey>(_ value: Bool?, forKey key: K, named name: StaticString) throws {
        guard let value else { return }
        writeKey(name)
        core.writeBool(value)
    }

    /// `encode(_:forKey:named:)` for `Double` (a non-finite value by the encoder's strategy).
    public mutating func encode<K: CodingKey>(_ value: Double, forKey key: K, named name: StaticString) throws {
        writeKey(name)
        if value.isFinite { core.out.appendDouble(value) } else { try core.writeNonConforming(value, path: core.generatedCodingPath(appending: .key(key))) }
    }

    /// `encode(_:forKey:named:)` for `Double?`.
    public mutating func encode<K: CodingKey>(_ value: Double?, forKey key: K, named name: StaticString) throws {
        guard let value else { return }
        writeKey(name)
        if value.isFinite { core.out.appendDouble(value) } else { try core.writeNonConforming(value, path: core.generatedCodingPath(appending: .key(key))) }
    }

    /// `encode(_:forKey:named:)` for `Float` (a non-finite value by the encoder's strategy).
    public mutating func encode<K: CodingKey>(_ value: Float, forKey key: K, named name: StaticString) throws {
        writeKey(name)
        if value.isFinite { core.out.appendFloat(value) } else { try core.writeNonConforming(value, path: core.generatedCodingPath(appending: .key(key))) }
    }

    /// `encode(_:forKey:named:)` for `Float?`.
    public mutating func encode<K: CodingKey>(_ value: Float?, forKey key: K, named name: StaticString) throws {
        guard let value else { return }
        writeKey(name)
        if value.isFinite { core.out.appendFloat(value) } else { try core.writeNonConforming(value, path: core.generatedCodingPath(appending: .key(key))) }
    }

    /// Begins the member `name` as an object (an enum case's associated values), as
    /// `nestedContainer(keyedBy:forKey:)` does.
    @_lifetime(copy self)
    public mutating func beginObject<K: CodingKey>(forKey key: K, named name: StaticString) -> TapeJSONObjectEncoder {
        writeKey(name)
        core.generatedPath.append(.key(key))
        core.openGenerated(UInt8(ascii: "{"))
        return TapeJSONObjectEncoder(core: core, pushed: true)
    }

    /// A dictionary's entry.
    mutating func encode<T: TapeJSONEncodable>(_ value: T, forDictionaryKey key: String, intValue: Int? = nil) throws {
        if count > 0 { core.out.append(UInt8(ascii: ",")) }
        count &+= 1
        core.out.appendQuoted(key, escapeSlashes: core.escapeSlashes)
        core.out.append(UInt8(ascii: ":"))
        try core.encodeGenerated(value, entry: .key(TapeCodingKey(stringValue: key, intValue: intValue)))
    }

    /// Ends the object (writes `}`).
    public mutating func end() {
        core.closeGenerated(UInt8(ascii: "}"))
        if pushed { core.generatedPath.removeLast() }
    }
}

/// An array being written: its elements in order, as an unkeyed container writes them.
///
/// Non-escapable, as the ``TapeJSONValueEncoder`` that began it.
public struct TapeJSONArrayEncoder: ~Escapable {
    @usableFromInline let core: EncodingCore
    var count = 0

    /// Made by a ``TapeJSONValueEncoder`` (see `TapeJSONValueEncoder.init(core:)`).
    @_lifetime(immortal)
    init(core: EncodingCore) { self.core = core }

    /// Appends `value`.
    public mutating func encode<T: Encodable>(_ value: T) throws {
        _beginElement()
        try core.encodeGeneratedValue(value, entry: nil)
    }

    /// Appends `value`, which has a generated path of its own (inlinable: see
    /// `TapeJSONObjectEncoder.encode(_:forKey:named:)` for a `TapeJSONEncodable` value).
    @inlinable
    public mutating func encode<T: TapeJSONEncodable>(_ value: T) throws {
        _beginElement()
        try value.encode(tapeJSON: TapeJSONValueEncoder(core: core))
    }

    /// The separator, and the element's position on the coding path: the array's entry, pushed with
    /// the first element, moved to each next one.
    @usableFromInline
    mutating func _beginElement() {
        if count > 0 {
            core.out.append(UInt8(ascii: ","))
            core.moveGeneratedElement(to: count)
        } else {
            core.generatedPath.append(.index(0))
        }
        count &+= 1
    }

    /// Ends the array (writes `]`).
    public mutating func end() {
        if count > 0 { core.generatedPath.removeLast() }
        core.closeGenerated(UInt8(ascii: "]"))
    }
}
