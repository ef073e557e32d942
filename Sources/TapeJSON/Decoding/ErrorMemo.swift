/// What building `DecodingError`s computes again and again, call after call of one decoder (or line
/// after line of one JSON Lines worker), kept in its `DecodingWorkspace`: models that try one type and
/// then another (`try? container.decode(String.self)`, then `Int64`) build an error per value that is
/// thrown away, and each one would otherwise format its message and rebuild the `CodingKey`s of its
/// path.
///
/// An entry holds exactly what the uncached path computes: a message is a function of the type and
/// the kind of value found, and a key is `K(stringValue:)` of the key as the (fixed) key strategy
/// spells it. Keys are only kept for key types that are plain data (synthesized `CodingKeys` enums and
/// the like), the types `KeyMemo` also trusts to be a function of their text. Each table starts over
/// past `limit` entries.
struct ErrorMemo: ~Copyable {
    struct MessageID {
        var type: ObjectIdentifier
        var kind: UInt8
    }

    struct MemberKeyID {
        var type: ObjectIdentifier
        var raw: [UInt8]
    }

    private var messages = HashCache<MessageID, String>(capacity: 16)
    private var keys = HashCache<MemberKeyID, any CodingKey>(capacity: 64)
    static let limit = 1024

    init() {}

    /// The message for `type` and value kind `kind`, made by `make` the first time.
    mutating func message(_ type: Any.Type, kind: UInt8, _ make: () -> String) -> String {
        let id = MessageID(type: ObjectIdentifier(type), kind: kind)
        let hash = HashMixing.mix(id.type) ^ UInt64(kind) &* HashMixing.golden
        if let text = messages.value(hash: hash, where: { $0.type == id.type && $0.kind == kind }) { return text }
        let text = make()
        if messages.count >= Self.limit { messages.removeAll() }
        messages.insert(id, text, hash: hash)
        return text
    }

    private static func keyHash(_ id: ObjectIdentifier, _ raw: UnsafeBufferPointer<UInt8>) -> UInt64 {
        HashMixing.mix(id) ^ HashMixing.hash(raw)
    }

    /// The key of type `id` kept for the raw JSON key `raw`, if any.
    func key(type id: ObjectIdentifier, raw: UnsafeBufferPointer<UInt8>) -> (any CodingKey)? {
        keys.value(hash: Self.keyHash(id, raw), where: { entry in
            entry.type == id && entry.raw.withUnsafeBufferPointer { KeyBytes.equal($0, raw) }
        })
    }

    /// Keeps `key`, the key of type `id` for the raw JSON key `raw` (which has none yet).
    mutating func remember(_ key: any CodingKey, type id: ObjectIdentifier, raw: UnsafeBufferPointer<UInt8>) {
        if keys.count >= Self.limit { keys.removeAll() }
        keys.insert(MemberKeyID(type: id, raw: Array(raw)), key, hash: Self.keyHash(id, raw))
    }
}
