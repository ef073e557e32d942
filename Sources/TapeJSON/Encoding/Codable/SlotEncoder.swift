import Foundation

/// The `Encoder` a value's `encode(to:)` is given (one per depth, reused while nobody keeps it).
/// It is also the single-value container, as in Foundation.
final class SlotEncoder: Encoder, SingleValueEncodingContainer {
    enum Content {
        case none
        case value
        case keyed(level: Int, id: UInt32)
        case unkeyed(level: Int, id: UInt32)
    }

    let core: EncodingCore
    @exclusivity(unchecked) var depth = 0
    /// Whether this value sits in a container of the slot one level up (`core.slots[depth - 1]`),
    /// whose coding path then starts this one's. A flag rather than a reference: storing and
    /// clearing a parent reference cost two reference-count operations per value encoded.
    @exclusivity(unchecked) var linked = false
    /// Keys of the nested containers between the parent's encoder and this value.
    @exclusivity(unchecked) var path: [any CodingKey] = []
    @exclusivity(unchecked) var key: (any CodingKey)?
    @exclusivity(unchecked) var referencing = false
    @exclusivity(unchecked) var active = false
    @exclusivity(unchecked) var content = Content.none
    /// Where this slot's value starts in the output.
    @exclusivity(unchecked) var valueStart = 0
    /// The keys of the keyed container are written unconverted (a `[String: V]` dictionary).
    @exclusivity(unchecked) var rawKeys = false

    init(core: EncodingCore) { self.core = core }

    @inline(__always)
    func start(depth: Int, parent: SlotEncoder?, path: [any CodingKey], key: (any CodingKey)?,
               referencing: Bool, valueStart: Int) {
        self.depth = depth
        self.linked = parent != nil
        self.path = path
        self.key = key
        self.referencing = referencing
        self.active = true
        self.content = .none
        self.valueStart = valueStart
        self.rawKeys = false
    }

    func reset() {
        linked = false
        path = []
        key = nil
        active = false
    }

    var codingPath: [any CodingKey] {
        var result = linked && depth > 0 && depth <= core.slots.count ? core.slots[depth &- 1].codingPath : []
        result.append(contentsOf: path)
        if let key { result.append(key) }
        return result
    }

    var userInfo: [CodingUserInfoKey: Any] { core.configuration.userInfo }

    // MARK: - Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard core.enter(slot: self) else { return KeyedEncodingContainer(TapeKeyedContainer<Key>.dead(self)) }
        switch content {
        case .none:
            let (level, id) = core.openFrame(isObject: true, slotDepth: depth, codingPath: codingPath)
            if level < 0 { return KeyedEncodingContainer(TapeKeyedContainer<Key>.dead(self)) }
            content = .keyed(level: level, id: id)
            return keyedContainer(Key.self, level: level, id: id)
        case .keyed(let level, let id):
            // A second request (a subclass and its superclass sharing the encoder): the same object.
            if core.enter(level: level, id: id, slotDepth: depth) {
                return KeyedEncodingContainer(TapeKeyedContainer<Key>(core: core, slotDepth: depth, level: level, id: id,
                                                                     path: [], rawKeys: rawKeys))
            }
        case .unkeyed:
            core.misuse("a keyed container was requested from an encoder that already has an unkeyed container",
                        codingPath: codingPath)
        case .value:
            if core.out[valueStart] == UInt8(ascii: "{") {
                core.stopForFallback()
            } else {
                core.misuse("a keyed container was requested from an encoder that already encoded a single value",
                            codingPath: codingPath)
            }
        }
        return KeyedEncodingContainer(TapeKeyedContainer<Key>.dead(self))
    }

    /// The keyed container of the object this slot just opened (a new box each time, as in Foundation).
    @inline(__always)
    private func keyedContainer<Key: CodingKey>(_ type: Key.Type, level: Int, id: UInt32) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(TapeKeyedContainer<Key>(core: core, slotDepth: depth, level: level, id: id, path: [],
                                                       rawKeys: rawKeys))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard core.enter(slot: self) else { return TapeUnkeyedContainer.dead(self) }
        switch content {
        case .none:
            let (level, id) = core.openFrame(isObject: false, slotDepth: depth, codingPath: codingPath)
            if level < 0 { return TapeUnkeyedContainer.dead(self) }
            content = .unkeyed(level: level, id: id)
            return TapeUnkeyedContainer(encoder: self, level: level, id: id, path: [])
        case .unkeyed(let level, let id):
            if core.enter(level: level, id: id, slotDepth: depth) {
                return TapeUnkeyedContainer(encoder: self, level: level, id: id, path: [])
            }
        case .keyed:
            core.misuse("an unkeyed container was requested from an encoder that already has a keyed container",
                        codingPath: codingPath)
        case .value:
            if core.out[valueStart] == UInt8(ascii: "[") {
                core.stopForFallback()
            } else {
                core.misuse("an unkeyed container was requested from an encoder that already encoded a single value",
                            codingPath: codingPath)
            }
        }
        return TapeUnkeyedContainer.dead(self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: - Single value

    /// Whether a single value may be written now.
    @inline(__always)
    private func beginValue() -> Bool {
        guard core.enter(slot: self) else { return false }
        if case .none = content {
            content = .value
            return true
        }
        core.misuse("a single value container was asked to encode a second value", codingPath: codingPath)
        return false
    }

    func encodeNil() throws { if beginValue() { core.out.append("null") } }
    func encode(_ value: Bool) throws { if beginValue() { core.writeBool(value) } }
    func encode(_ value: String) throws { if beginValue() { core.writeString(value) } }
    func encode(_ value: Double) throws {
        if beginValue() { try core.writeDouble(value, path: codingPath) }
    }
    func encode(_ value: Float) throws {
        if beginValue() { try core.writeFloat(value, path: codingPath) }
    }
    func encode(_ value: Int) throws { if beginValue() { core.out.appendSigned(Int64(value)) } }
    func encode(_ value: Int8) throws { if beginValue() { core.out.appendSigned(Int64(value)) } }
    func encode(_ value: Int16) throws { if beginValue() { core.out.appendSigned(Int64(value)) } }
    func encode(_ value: Int32) throws { if beginValue() { core.out.appendSigned(Int64(value)) } }
    func encode(_ value: Int64) throws { if beginValue() { core.out.appendSigned(value) } }
    func encode(_ value: Int128) throws { if beginValue() { core.out.appendDescription(value) } }
    func encode(_ value: UInt) throws { if beginValue() { core.out.appendUnsigned(UInt64(value)) } }
    func encode(_ value: UInt8) throws { if beginValue() { core.out.appendUnsigned(UInt64(value)) } }
    func encode(_ value: UInt16) throws { if beginValue() { core.out.appendUnsigned(UInt64(value)) } }
    func encode(_ value: UInt32) throws { if beginValue() { core.out.appendUnsigned(UInt64(value)) } }
    func encode(_ value: UInt64) throws { if beginValue() { core.out.appendUnsigned(value) } }
    func encode(_ value: UInt128) throws { if beginValue() { core.out.appendDescription(value) } }

    func encode<T: Encodable>(_ value: T) throws {
        guard core.enter(slot: self) else { return }
        guard case .none = content else {
            core.misuse("a single value container was asked to encode a second value", codingPath: codingPath)
            return
        }
        // The value is encoded with this same encoder (its containers become this slot's).
        try core.encodeInPlace(value, slot: self)
    }
}
