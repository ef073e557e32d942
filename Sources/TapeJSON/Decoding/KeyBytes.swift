/// Byte-level helpers for comparing and hashing short UTF-8 keys without building Strings.
///
/// Keys are short (typically 2 to 30 bytes), so a call to `memcmp` costs more than the comparison:
/// these compare 8 bytes at a time with unaligned loads that stay inside both buffers.
enum KeyBytes {
    @inline(__always)
    static func load64(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
    }

    @inline(__always)
    static func load32(_ p: UnsafePointer<UInt8>) -> UInt32 {
        UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
    }

    /// Whether the `count` bytes at `a` and `b` are equal.
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        if count >= 8 {
            var k = 0
            while k &+ 8 <= count {
                if load64(a + k) != load64(b + k) { return false }
                k &+= 8
            }
            if k == count { return true }
            // The last 8 bytes overlap the ones already compared; they stay inside both buffers.
            return load64(a + (count &- 8)) == load64(b + (count &- 8))
        }
        if count >= 4 {
            return load32(a) == load32(b) && load32(a + (count &- 4)) == load32(b + (count &- 4))
        }
        var k = 0
        while k < count {
            if a[k] != b[k] { return false }
            k &+= 1
        }
        return true
    }

    /// Whether two byte buffers hold the same bytes.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        return equal(pa, pb, count: a.count)
    }

    /// A 64-bit hash of `bytes`, never zero (zero marks an empty slot in hash tables).
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        var h = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        guard let base = bytes.baseAddress else { return h | 1 }
        var k = 0
        while k &+ 8 <= count {
            h = (h ^ load64(base + k)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            k &+= 8
        }
        if k < count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while k < count {
                tail |= UInt64(base[k]) << shift
                shift &+= 8
                k &+= 1
            }
            h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
            h ^= h >> 29
        }
        return h | 1
    }
}

/// The UTF-8 of `CodingKey`s, so that a lookup does not ask the key for its `stringValue` (a dynamic
/// call through the `CodingKey` conformance, a `String` to take apart and release) each time.
///
/// Only for key types that are one byte of plain data: a synthesized `CodingKeys` enum (up to 256
/// cases) and the like. A value of such a type is its byte, so its `stringValue` is computed once per
/// byte value and kept, for the session's lifetime, in a table of 256 entries per key type (shared by
/// every container of that type); a key type whose `stringValue` is not a function of its value would
/// not be Codable-conforming in any useful sense. Key types with references (a `String` inside) or
/// wider values go through `stringValue` every time.
struct KeyMemo: ~Copyable {
    struct Entry {
        /// The key's UTF-8 (nil until first needed; never null afterwards, even when empty).
        var bytes: UnsafePointer<UInt8>?
        var count: Int
        /// Under a key conversion: the raw spelling that last converted to the key (bytes in the
        /// records of the conversion cache whose `identity` is `hintOwner`, which keeps them), a hint
        /// tried before the cache (see `DecodingSession.findMember`). Meaningless unless `hintOwner`
        /// is the identity of the cache in use, which then holds `hint`.
        var hint: UnsafePointer<UInt8>?
        var hintCount: Int
        var hintOwner: UInt64
    }

    private var tables: [ObjectIdentifier: UnsafeMutablePointer<Entry>] = [:]
    private var bytes = ByteArena()
    /// Key types beyond this many get no table (the tables live as long as the session).
    private static let maximumTables = 512

    init() {}

    deinit {
        for table in tables.values { table.deallocate() }
    }

    /// The table for `Key`, or nil when its keys are not memoized.
    mutating func table<Key: CodingKey>(for type: Key.Type) -> UnsafeMutablePointer<Entry>? {
        guard _isPOD(Key.self), MemoryLayout<Key>.size == 1 else { return nil }
        let id = ObjectIdentifier(type)
        if let table = tables[id] { return table }
        guard tables.count < Self.maximumTables else { return nil }
        let table = UnsafeMutablePointer<Entry>.allocate(capacity: 256)
        table.initialize(repeating: Entry(bytes: nil, count: 0, hint: nil, hintCount: 0, hintOwner: 0), count: 256)
        tables[id] = table
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
    }
}

extension DecodingSession {
    /// The `KeyMemo` table for `Key`, or nil.
    func keyMemo<Key: CodingKey>(for type: Key.Type) -> UnsafeMutablePointer<KeyMemo.Entry>? {
        keyMemos.table(for: type)
    }
}
