/// What building `DecodingError`s computes again and again, call after call of one decoder (or line
/// after line of one JSON Lines worker), kept in its `DecodingContext`: models that try one type and
/// then another (`try? container.decode(String.self)`, then `Int64`) build an error per value that is
/// thrown away, and each one would otherwise format its message and rebuild the `CodingKey`s of its
/// path.
///
/// Both tables are direct-mapped and allocated on first use, so a call that throws nothing pays
/// nothing. An entry holds exactly what the uncached path computes: a message is a function of the
/// type and the kind of value found, and a key is `K(stringValue:)` of the key as the (fixed) key
/// strategy spells it. Keys are only kept for key types that are plain data (synthesized `CodingKeys`
/// enums and the like), the types `KeyMemo` also trusts to be a function of their text.
struct ErrorMemo {
    private struct Message {
        var type: ObjectIdentifier
        var kind: UInt8
        var text: String
    }

    private struct MemberKey {
        var type: ObjectIdentifier
        var raw: [UInt8]
        var key: any CodingKey
    }

    private var messages: [Message?] = []
    private var keys: [MemberKey?] = []
    private static let messageSlots = 16
    private static let keySlots = 64

    @inline(__always)
    private static func mix(_ id: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: id)) &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }

    /// The message for `type` and value kind `kind`, made by `make` the first time.
    mutating func message(_ type: Any.Type, kind: UInt8, _ make: () -> String) -> String {
        let id = ObjectIdentifier(type)
        if messages.isEmpty { messages = Array(repeating: nil, count: Self.messageSlots) }
        let slot = (Self.mix(id) ^ Int(kind)) & (Self.messageSlots - 1)
        if let entry = messages[slot], entry.type == id, entry.kind == kind { return entry.text }
        let text = make()
        messages[slot] = Message(type: id, kind: kind, text: text)
        return text
    }

    @inline(__always)
    private static func keySlot(_ id: ObjectIdentifier, _ raw: UnsafeBufferPointer<UInt8>) -> Int {
        var h = mix(id) ^ raw.count &* 0x9E37
        if let base = raw.baseAddress, raw.count > 0 {
            h ^= Int(base[0]) &* 31 ^ Int(base[raw.count &- 1]) &* 131 ^ Int(base[raw.count >> 1]) &* 1031
        }
        return h & (keySlots - 1)
    }

    /// The key of type `id` kept for the raw JSON key `raw`, if any.
    func key(type id: ObjectIdentifier, raw: UnsafeBufferPointer<UInt8>) -> (any CodingKey)? {
        guard !keys.isEmpty, let entry = keys[Self.keySlot(id, raw)], entry.type == id else { return nil }
        return entry.raw.withUnsafeBufferPointer { KeyBytes.equal($0, raw) } ? entry.key : nil
    }

    /// Keeps `key`, the key of type `id` for the raw JSON key `raw`.
    mutating func remember(_ key: any CodingKey, type id: ObjectIdentifier, raw: UnsafeBufferPointer<UInt8>) {
        if keys.isEmpty { keys = Array(repeating: nil, count: Self.keySlots) }
        keys[Self.keySlot(id, raw)] = MemberKey(type: id, raw: Array(raw), key: key)
    }
}
