/// The one hash table of the decoder's caches: open addressing with linear probing, keys compared by
/// a hash and then by a predicate the caller gives, so that a lookup by bytes builds nothing.
///
/// A lookup of a key present costs one multiplication (the caller's hash) and usually one probe. The
/// table grows by doubling at half load; `removeAll` empties it (callers bound their caches with it).
/// Not thread-safe: each cache belongs to one `DecodingWorkspace`, used by one call at a time.
struct HashCache<Key, Value>: ~Copyable {
    /// Per slot, the key's hash with its lowest bit set, or 0 when the slot is empty.
    private var hashes: RawVector<UInt64>
    /// Per slot, the key and the value: initialized exactly where `hashes` is not 0.
    private var keys: RawSlots<Key>
    private var values: RawSlots<Value>
    private var mask: Int
    /// How many entries the table holds.
    private(set) var count = 0

    /// An empty table with room for `capacity` slots (a power of two).
    init(capacity: Int = 64) {
        precondition(capacity > 0 && capacity & (capacity - 1) == 0, "capacity must be a power of two")
        hashes = RawVector(repeating: 0, count: capacity)
        keys = RawSlots(count: capacity)
        values = RawSlots(count: capacity)
        mask = capacity - 1
    }

    deinit {
        deinitializeEntries()
    }

    /// Releases every entry's key and value (their slots' memory goes with the slots).
    private func deinitializeEntries() {
        guard count > 0 else { return }
        for i in 0...mask where hashes[unchecked: i] != 0 {
            keys.unsafeDeinitialize(i)
            values.unsafeDeinitialize(i)
        }
    }

    /// The value of the entry with hash `hash` whose key `isKey` accepts, or nil.
    @inline(__always)
    func value(hash: UInt64, where isKey: (Key) -> Bool) -> Value? {
        let stored = hash | 1
        var i = Int(truncatingIfNeeded: stored) & mask
        while true {
            let slot = hashes[unchecked: i]
            if slot == 0 { return nil }
            if slot == stored && isKey(keys[unsafe: i]) { return values[unsafe: i] }
            i = (i &+ 1) & mask
        }
    }

    /// Adds an entry (the caller has checked that the key is absent).
    mutating func insert(_ key: Key, _ value: Value, hash: UInt64) {
        if (count + 1) * 2 > mask + 1 { grow() }
        place(key, value, hash: hash | 1)
        count += 1
    }

    private mutating func place(_ key: consuming Key, _ value: consuming Value, hash stored: UInt64) {
        var i = Int(truncatingIfNeeded: stored) & mask
        while hashes[unchecked: i] != 0 { i = (i &+ 1) & mask }
        hashes[unchecked: i] = stored
        keys.unsafeInitialize(i, to: key)
        values.unsafeInitialize(i, to: value)
    }

    /// Doubles the slots, moving every entry into its place in the new ones.
    private mutating func grow() {
        let oldCapacity = mask + 1
        let capacity = oldCapacity * 2
        var oldHashes = RawVector<UInt64>(repeating: 0, count: capacity)
        swap(&oldHashes, &hashes)
        var oldKeys = RawSlots<Key>(count: capacity)
        swap(&oldKeys, &keys)
        var oldValues = RawSlots<Value>(count: capacity)
        swap(&oldValues, &values)
        mask = capacity - 1
        for i in 0..<oldCapacity where oldHashes[unchecked: i] != 0 {
            place(oldKeys.unsafeMove(i), oldValues.unsafeMove(i), hash: oldHashes[unchecked: i])
        }
    }

    /// Empties the table, keeping its capacity.
    mutating func removeAll() {
        deinitializeEntries()
        hashes.update(repeating: 0)
        count = 0
    }
}

extension HashCache where Key == ObjectIdentifier {
    /// The value kept for the type (or object) `id`, or nil.
    @inline(__always)
    func value(for id: ObjectIdentifier) -> Value? {
        value(hash: HashMixing.mix(id), where: { $0 == id })
    }

    /// Keeps `value` for `id` (which has none yet).
    mutating func insert(_ value: Value, for id: ObjectIdentifier) {
        insert(id, value, hash: HashMixing.mix(id))
    }
}
