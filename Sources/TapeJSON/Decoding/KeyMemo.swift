/// The UTF-8 of `CodingKey`s, so that a lookup does not ask the key for its `stringValue` (a dynamic
/// call through the `CodingKey` conformance, a `String` to take apart and release) each time.
///
/// Only for key types that are one byte of plain data: a synthesized `CodingKeys` enum (up to 256
/// cases) and the like. A value of such a type is its byte, so its `stringValue` is computed once per
/// byte value and kept, for the workspace's lifetime, in a table of 256 entries per key type (shared
/// by every container of that type); a key type whose `stringValue` is not a function of its value
/// would not be Codable-conforming in any useful sense. Key types with references (a `String` inside)
/// or wider values go through `stringValue` every time.
struct KeyMemo: ~Copyable {
    struct Entry {
        /// The key's UTF-8 (nil until first needed; never null afterwards, even when empty).
        var bytes: UnsafePointer<UInt8>?
        var count: Int
        /// Under a key conversion: the raw spelling that last converted to the key (bytes in the
        /// records of the workspace's `KeyConversionCache`, which lives as long as this memo), a hint
        /// tried before the cache (see `DecodingSession.findMember`); nil until one is found.
        var hint: UnsafePointer<UInt8>?
        var hintCount: Int
        /// `SnakeCaseConversion.screeningBit` of the key (set with `bytes`).
        var screeningBit: UInt64
        /// `KeyCursor.fingerprint` of the key (set with `bytes`): every lookup under a key conversion
        /// compares or stores one, and hashing the key twice a lookup took about 20 of its 200
        /// instructions (callgrind, JSON Lines of LogLine under `.convertFromAnyCase`).
        var fingerprint: UInt64
    }

    /// The table of each key type met, by the type's identity.
    private var tables = HashCache<ObjectIdentifier, UnsafeMutablePointer<Entry>>(capacity: 64)
    /// Every table made, freed with the memo (containers point into them, so none is freed earlier).
    private var allocated = PinnedBlocks<Entry>(blockSize: 256)
    /// The keys' UTF-8.
    private var bytes = ByteArena()
    /// Key types beyond this many get no table.
    private static let maximumTables = 512

    /// An empty memo.
    init() {}

    /// The table for `Key`, or nil when its keys are not memoized.
    mutating func table<Key: CodingKey>(for type: Key.Type) -> UnsafeMutablePointer<Entry>? {
        guard _isPOD(Key.self), MemoryLayout<Key>.size == 1 else { return nil }
        let id = ObjectIdentifier(type)
        if let table = tables.value(for: id) { return table }
        guard allocated.count < Self.maximumTables else { return nil }
        let table = allocated.unsafeNewBlock(
            repeating: Entry(bytes: nil, count: 0, hint: nil, hintCount: 0, screeningBit: 0, fingerprint: 0))
        tables.insert(table, for: id)
        return table
    }

    /// Records `key`'s UTF-8 in `entry`, its entry.
    @inline(never)
    mutating func fill<Key: CodingKey>(_ entry: UnsafeMutablePointer<Entry>, with key: Key) {
        var name = key.stringValue
        let count = name.utf8.count
        let stored = name.withUTF8 { bytes.store($0) }
        entry.pointee.bytes = stored
        entry.pointee.count = count
        entry.pointee.screeningBit = SnakeCaseConversion.screeningBit(UnsafeBufferPointer(start: stored, count: count))
        entry.pointee.fingerprint = KeyCursor.fingerprint(UnsafeBufferPointer(start: stored, count: count))
    }
}
