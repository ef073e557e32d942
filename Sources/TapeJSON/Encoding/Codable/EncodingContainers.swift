import Foundation

/// A keyed container: where it writes (its object, `level` and `id`, opened by the slot at `depth`).
/// It holds the encoding core, not the slot, so that a slot whose container a value keeps stays
/// reusable; a new one (and the standard library's box around it) is made for every object, as
/// Foundation does. Reusing the boxes (handing one out again once nothing else holds it) saved about
/// a sixth of citm_catalog's time, but needs the standard library's private layout of
/// `KeyedEncodingContainer`, which the decoder gave up too (README, "Encode JSON").
struct TapeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let core: EncodingCore
    /// The depth of the slot that opened the container.
    let depth: Int
    let level: Int
    let id: UInt32
    /// Keys of the nested containers from the slot's encoder to this one.
    let path: [any CodingKey]
    let rawKeys: Bool
    /// The coding path of a container that writes nothing (its slot may be gone by the time it is read).
    let deadPath: [any CodingKey]?

    init(core: EncodingCore, slotDepth: Int, level: Int, id: UInt32, path: [any CodingKey], rawKeys: Bool,
         deadPath: [any CodingKey]? = nil) {
        self.core = core
        self.depth = slotDepth
        self.level = level
        self.id = id
        self.path = path
        self.rawKeys = rawKeys
        self.deadPath = deadPath
    }

    /// A container that writes nothing (the call has stopped writing, see `EncodingCore`).
    static func dead(_ encoder: SlotEncoder) -> Self {
        Self(core: encoder.core, slotDepth: encoder.depth, level: -1, id: 0, path: [], rawKeys: false,
             deadPath: encoder.codingPath)
    }

    /// The slot that opened the container: valid once `core.enter` has let the container write (the
    /// slot at that depth is then the one that opened this object).
    @inline(__always) private var encoder: SlotEncoder { core.slots[depth] }

    var codingPath: [any CodingKey] {
        if let deadPath { return deadPath + path }
        guard depth < core.slots.count else { return path }
        return encoder.codingPath + path
    }

    @inline(__always)
    private func member(_ key: Key) -> Bool {
        guard core.enter(level: level, id: id, slotDepth: depth) else { return false }
        core.beginMember(level: level, key: key, raw: rawKeys, path: { codingPath })
        return true
    }

    private func path(_ key: Key) -> [any CodingKey] {
        var result = codingPath
        result.append(key)
        return result
    }

    mutating func encodeNil(forKey key: Key) throws { if member(key) { core.out.append("null") } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { if member(key) { core.writeBool(value) } }
    mutating func encode(_ value: String, forKey key: Key) throws { if member(key) { core.writeString(value) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { if member(key) { core.out.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { if member(key) { core.out.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { if member(key) { core.out.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { if member(key) { core.out.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { if member(key) { core.out.appendSigned(value) } }
    mutating func encode(_ value: Int128, forKey key: Key) throws { if member(key) { core.out.appendDescription(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { if member(key) { core.out.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { if member(key) { core.out.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { if member(key) { core.out.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { if member(key) { core.out.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { if member(key) { core.out.appendUnsigned(value) } }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { if member(key) { core.out.appendDescription(value) } }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        if value.isFinite {
            if member(key) { core.out.appendDouble(value) }
        } else {
            try encodeThrowing(key) { try core.writeDouble(value, path: path(key)) }
        }
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        if value.isFinite {
            if member(key) { core.out.appendFloat(value) }
        } else {
            try encodeThrowing(key) { try core.writeFloat(value, path: path(key)) }
        }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeThrowing(key) {
            try core.encodeValue(value, parent: encoder, path: path, key: key)
        }
    }

    // `encodeIfPresent`: the protocol's default implementations are generic over the container, so
    // every call through `KeyedEncodingContainer` instantiated `Optional<T>` metadata at run time
    // (the runtime's metadata cache lookup was 7% of encoding a LogLine, whose optional fields
    // go through here); these witnesses take the nil case first and write the value directly.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        switch value {
        case .some(let value): try encode(value, forKey: key)
        case .none: return
        }
    }

    /// Writes the key and then the value; a value that throws is taken back.
    @inline(__always)
    private func encodeThrowing(_ key: Key, _ body: () throws -> Void) throws {
        guard core.enter(level: level, id: id, slotDepth: depth) else { return }
        let mark = core.mark(level: level)
        core.beginMember(level: level, key: key, raw: rawKeys, path: { codingPath })
        do {
            try body()
        } catch {
            core.rollback(to: mark, level: level, slotDepth: depth)
            throw error
        }
    }

    /// A nested container for a key already in this object: Foundation merges into an existing
    /// container of the same kind (the call falls back to it) and traps otherwise (an error here).
    private func keyIsNew(_ key: Key, opening open: UInt8) -> Bool {
        guard core.enter(level: level, id: id, slotDepth: depth) else { return false }
        guard let existing = core.valueStart(ofExistingKey: key, level: level, raw: rawKeys, path: { codingPath }) else {
            return true
        }
        if core.out[existing] == open {
            core.stopForFallback()
        } else {
            // The path of the key, as for a value that fails to encode under it.
            var keyPath = codingPath
            keyPath.append(key)
            core.misuse("a nested container was requested for key \"\(key.stringValue)\", which already has a value of another kind",
                        codingPath: keyPath)
        }
        return false
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        guard keyIsNew(key, opening: UInt8(ascii: "{")), member(key) else {
            return KeyedEncodingContainer(TapeKeyedContainer<NestedKey>.dead(deadEncoder()))
        }
        let (nestedLevel, nestedID) = core.openFrame(isObject: true, slotDepth: depth, codingPath: [])
        guard nestedLevel >= 0 else { return KeyedEncodingContainer(TapeKeyedContainer<NestedKey>.dead(deadEncoder())) }
        var nestedPath = path
        nestedPath.append(key)
        return KeyedEncodingContainer(TapeKeyedContainer<NestedKey>(core: core, slotDepth: depth, level: nestedLevel,
                                                                    id: nestedID, path: nestedPath, rawKeys: false))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        guard keyIsNew(key, opening: UInt8(ascii: "[")), member(key) else { return TapeUnkeyedContainer.dead(deadEncoder()) }
        let (nestedLevel, nestedID) = core.openFrame(isObject: false, slotDepth: depth, codingPath: [])
        guard nestedLevel >= 0 else { return TapeUnkeyedContainer.dead(deadEncoder()) }
        var nestedPath = path
        nestedPath.append(key)
        return TapeUnkeyedContainer(encoder: encoder, level: nestedLevel, id: nestedID, path: nestedPath)
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(key: TapeCodingKey.superKey)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(key: key)
    }

    /// The encoder a dead nested container reports its coding path from.
    private func deadEncoder() -> SlotEncoder {
        if deadPath == nil && depth < core.slots.count { return encoder }
        return core.deadEncoder()
    }

    private func superEncoder<K: CodingKey>(key: K) -> any Encoder {
        guard core.enter(level: level, id: id, slotDepth: depth) else { return core.deadEncoder() }
        core.beginMember(level: level, key: key, raw: rawKeys, path: { codingPath })
        return core.beginSlot(parent: encoder, path: path, key: key, referencing: true)
    }
}

struct TapeUnkeyedContainer: UnkeyedEncodingContainer {
    // Three words, so the existential holds it inline (no allocation per container).
    let encoder: SlotEncoder
    let place: UInt64
    let path: [any CodingKey]

    init(encoder: SlotEncoder, level: Int, id: UInt32, path: [any CodingKey]) {
        self.encoder = encoder
        place = UInt64(UInt32(bitPattern: Int32(truncatingIfNeeded: level))) << 32 | UInt64(id)
        self.path = path
    }

    static func dead(_ encoder: SlotEncoder) -> Self { Self(encoder: encoder, level: -1, id: 0, path: []) }

    @inline(__always) private var level: Int { Int(Int32(bitPattern: UInt32(truncatingIfNeeded: place >> 32))) }
    @inline(__always) private var id: UInt32 { UInt32(truncatingIfNeeded: place) }
    @inline(__always) private var core: EncodingCore { encoder.core }

    var codingPath: [any CodingKey] { encoder.codingPath + path }

    var count: Int {
        let level = self.level
        guard level >= 0, level < core.frames.count, core.frames[level].id == id else { return 0 }
        return core.frames[level].count
    }

    @inline(__always)
    private func element() -> Bool {
        guard core.enter(level: level, id: id, slotDepth: encoder.depth) else { return false }
        core.beginElement(level: level)
        return true
    }

    /// The path to the element being written (its index is the count before it).
    private func elementPath() -> [any CodingKey] {
        var result = codingPath
        result.append(ElementCodingKey(index: core.frames[level].count - 1))
        return result
    }

    mutating func encodeNil() throws { if element() { core.out.append("null") } }
    mutating func encode(_ value: Bool) throws { if element() { core.writeBool(value) } }
    mutating func encode(_ value: String) throws { if element() { core.writeString(value) } }
    mutating func encode(_ value: Int) throws { if element() { core.out.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int8) throws { if element() { core.out.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int16) throws { if element() { core.out.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int32) throws { if element() { core.out.appendSigned(Int64(value)) } }
    mutating func encode(_ value: Int64) throws { if element() { core.out.appendSigned(value) } }
    mutating func encode(_ value: Int128) throws { if element() { core.out.appendDescription(value) } }
    mutating func encode(_ value: UInt) throws { if element() { core.out.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt8) throws { if element() { core.out.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt16) throws { if element() { core.out.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt32) throws { if element() { core.out.appendUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt64) throws { if element() { core.out.appendUnsigned(value) } }
    mutating func encode(_ value: UInt128) throws { if element() { core.out.appendDescription(value) } }

    mutating func encode(_ value: Double) throws {
        if value.isFinite {
            if element() { core.out.appendDouble(value) }
        } else {
            try encodeThrowing { try core.writeDouble(value, path: elementPath()) }
        }
    }

    mutating func encode(_ value: Float) throws {
        if value.isFinite {
            if element() { core.out.appendFloat(value) }
        } else {
            try encodeThrowing { try core.writeFloat(value, path: elementPath()) }
        }
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeThrowing {
            try core.encodeValue(value, parent: encoder, path: path,
                                 key: ElementCodingKey(index: core.frames[level].count - 1))
        }
    }

    @inline(__always)
    private func encodeThrowing(_ body: () throws -> Void) throws {
        guard core.enter(level: level, id: id, slotDepth: encoder.depth) else { return }
        let mark = core.mark(level: level)
        core.beginElement(level: level)
        do {
            try body()
        } catch {
            core.rollback(to: mark, level: level, slotDepth: encoder.depth)
            throw error
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        guard element() else { return KeyedEncodingContainer(TapeKeyedContainer<NestedKey>.dead(encoder)) }
        let index = core.frames[level].count - 1
        let (nestedLevel, nestedID) = core.openFrame(isObject: true, slotDepth: encoder.depth, codingPath: [])
        guard nestedLevel >= 0 else { return KeyedEncodingContainer(TapeKeyedContainer<NestedKey>.dead(encoder)) }
        var nestedPath = path
        nestedPath.append(ElementCodingKey(index: index))
        return KeyedEncodingContainer(TapeKeyedContainer<NestedKey>(core: core, slotDepth: encoder.depth, level: nestedLevel,
                                                                    id: nestedID, path: nestedPath, rawKeys: false))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        guard element() else { return TapeUnkeyedContainer.dead(encoder) }
        let index = core.frames[level].count - 1
        let (nestedLevel, nestedID) = core.openFrame(isObject: false, slotDepth: encoder.depth, codingPath: [])
        guard nestedLevel >= 0 else { return TapeUnkeyedContainer.dead(encoder) }
        var nestedPath = path
        nestedPath.append(ElementCodingKey(index: index))
        return TapeUnkeyedContainer(encoder: encoder, level: nestedLevel, id: nestedID, path: nestedPath)
    }

    mutating func superEncoder() -> any Encoder {
        guard element() else { return core.deadEncoder() }
        return core.beginSlot(parent: encoder, path: path,
                              key: ElementCodingKey(index: core.frames[level].count - 1), referencing: true)
    }
}
