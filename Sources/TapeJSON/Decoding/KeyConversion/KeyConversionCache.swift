import Synchronization

/// Each distinct raw JSON key's converted form, computed once.
///
/// Every distinct raw key gets one record in an append-only arena: its raw length and converted
/// length (16 bits each), the raw bytes, then the converted bytes. Records never move, so the buffers
/// handed out stay valid for the cache's lifetime. Two indexes find them without building a String:
/// 1. A direct-mapped memo of 1024 record pointers, indexed by the key's length and three of its
///    bytes: the raw key is compared with the record's (one record, usually in one cache line) and the
///    record's converted bytes are returned. This is the path nearly every lookup takes.
/// 2. A hash table (hashed from the length and the first and last 8 bytes, then compared in full)
///    behind it. Only a key seen for the first time is converted.
///
/// Caches are pooled across decode calls (`KeyConversionCache.take`/`give`), so that a service
/// decoding the same kind of payload again and again converts each key once, not once per call.
final class KeyConversionCache: @unchecked Sendable {
    enum Rule {
        case snakeCase
        case anyCase
    }

    private struct Slot {
        var hash: UInt64
        var record: UnsafePointer<UInt8>?
    }

    /// The record of the raw key that last converted to a given key, by a hash of the converted key.
    private let hints: UnsafeMutablePointer<UnsafePointer<UInt8>?>
    private static let hintCount = 4096

    let rule: Rule
    /// This cache's number, distinct from every other cache's in the process (never 0): what a
    /// `KeyMemo` entry's spelling hint names to say which cache's records hold its bytes.
    let identity: UInt64
    private static let identities = Atomic<UInt64>(0)
    private var slots: UnsafeMutablePointer<Slot>
    private var mask: Int
    private var used = 0
    private var arena = ByteArena()
    private let memo: UnsafeMutablePointer<UnsafePointer<UInt8>?>
    private static let memoSize = 1024
    /// Longer keys are converted each time they are met rather than recorded (a 16-bit length).
    private static let maximumRecordedLength = Int(UInt16.max)

    init(rule: Rule) {
        self.rule = rule
        identity = Self.identities.add(1, ordering: .relaxed).newValue
        let capacity = 256
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(hash: 0, record: nil), count: capacity)
        mask = capacity - 1
        memo = .allocate(capacity: Self.memoSize)
        memo.initialize(repeating: nil, count: Self.memoSize)
        hints = .allocate(capacity: Self.hintCount)
        hints.initialize(repeating: nil, count: Self.hintCount)
    }

    deinit {
        slots.deallocate()
        memo.deallocate()
        hints.deallocate()
    }

    // MARK: - Spelling hints

    @inline(__always)
    private static func hintSlot(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        mix(key) & (hintCount - 1)
    }

    @inline(__always)
    private static func rawBytes(_ record: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: record + 4, count: rawCount(record))
    }

    /// The raw spelling that last converted to `key` (`hintSpelling`), if it is still remembered: its
    /// conversion is checked to be `key`, so a hit is always right.
    @inline(__always)
    func hintedSpelling(of key: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard let record = hints[Self.hintSlot(key)], KeyBytes.equal(Self.convertedBytes(record), key) else {
            return nil
        }
        return Self.rawBytes(record)
    }

    /// Remembers that `raw` converts to `key` (which the caller has just checked, so `raw`'s record is
    /// in the memo, unless it was too long to record). Returns the record's copy of `raw` (valid for
    /// the cache's lifetime), or nil when there is none.
    @inline(__always)
    @discardableResult
    func hintSpelling(_ raw: UnsafeBufferPointer<UInt8>, of key: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        let entry = memo + Self.memoIndex(raw)
        if let record = entry.pointee, Self.record(record, holds: raw) {
            hints[Self.hintSlot(key)] = record
            return Self.rawBytes(record)
        }
        return nil
    }

    // MARK: - Records

    @inline(__always)
    private static func rawCount(_ record: UnsafePointer<UInt8>) -> Int {
        Int(UnsafeRawPointer(record).loadUnaligned(as: UInt16.self))
    }

    @inline(__always)
    private static func convertedBytes(_ record: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let rawCount = Self.rawCount(record)
        let convertedCount = Int(UnsafeRawPointer(record + 2).loadUnaligned(as: UInt16.self))
        return UnsafeBufferPointer(start: record + 4 + rawCount, count: convertedCount)
    }

    /// Whether `record` is the record of `raw`.
    @inline(__always)
    private static func record(_ record: UnsafePointer<UInt8>, holds raw: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = raw.count
        return rawCount(record) == count
            && (count == 0 || KeyBytes.equal(record + 4, raw.baseAddress.unsafelyUnwrapped, count: count))
    }

    // MARK: - Lookups

    /// A cheap hash of `bytes`: their length and three of them.
    @inline(__always)
    private static func mix(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        var index = count &* 0x9E37
        if count > 0 {
            let base = bytes.baseAddress.unsafelyUnwrapped
            index ^= Int(base[0]) &* 31 ^ Int(base[count &- 1]) &* 131 ^ Int(base[count >> 1]) &* 1031
        }
        return index
    }

    /// Where `raw`'s record is looked for in the memo.
    @inline(__always)
    private static func memoIndex(_ raw: UnsafeBufferPointer<UInt8>) -> Int {
        mix(raw) & (memoSize - 1)
    }

    /// The converted form of `raw`, through the memo.
    @inline(__always)
    func memoizedConversion(of raw: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let entry = memo + Self.memoIndex(raw)
        if let record = entry.pointee, Self.record(record, holds: raw) {
            return Self.convertedBytes(record)
        }
        return remember(raw, in: entry)
    }

    @inline(never)
    private func remember(_ raw: UnsafeBufferPointer<UInt8>,
                          in entry: UnsafeMutablePointer<UnsafePointer<UInt8>?>) -> UnsafeBufferPointer<UInt8> {
        guard let record = lookup(raw) else { return convertedCopy(raw) }
        entry.pointee = record
        return Self.convertedBytes(record)
    }

    /// The converted form of `raw`.
    func converted(_ raw: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let record = lookup(raw) else { return convertedCopy(raw) }
        return Self.convertedBytes(record)
    }

    /// The record for `raw`, added (and converted) when new; nil for keys too long to record.
    private func lookup(_ raw: UnsafeBufferPointer<UInt8>) -> UnsafePointer<UInt8>? {
        let hash = Self.quickHash(raw)
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[i]
            guard let record = slot.record else { break }
            if slot.hash == hash, Self.record(record, holds: raw) { return record }
            i = (i &+ 1) & mask
        }
        return insert(raw, hash: hash)
    }

    /// A hash of the length and the first and last (up to) 8 bytes.
    @inline(__always)
    static func quickHash(_ raw: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = raw.count
        var h = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        guard let base = raw.baseAddress, count > 0 else { return h }
        let first: UInt64
        let last: UInt64
        if count >= 8 {
            first = KeyBytes.load64(base)
            last = KeyBytes.load64(base + (count &- 8))
        } else if count >= 4 {
            first = UInt64(KeyBytes.load32(base))
            last = UInt64(KeyBytes.load32(base + (count &- 4)))
        } else {
            first = UInt64(base[0]) | UInt64(base[count &- 1]) << 8 | UInt64(base[count >> 1]) << 16
            last = 0
        }
        h = (h ^ first) &* 0xFF51_AFD7_ED55_8CCD
        h = (h ^ (h >> 29) ^ last) &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 32)
    }

    private func conversion(of raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        switch rule {
        case .snakeCase:
            guard SnakeCaseConversion.changes(raw) else { return Array(raw) }
            return Array(SnakeCaseConversion.convert(String(decoding: raw, as: UTF8.self)).utf8)
        case .anyCase:
            guard AnyCaseConversion.changes(raw) else { return Array(raw) }
            return AnyCaseConversion.convert(raw)
        }
    }

    /// A key too long to record: converted into the arena each time.
    private func convertedCopy(_ raw: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let bytes = conversion(of: raw)
        let stored = bytes.withUnsafeBufferPointer { arena.store($0) }
        return UnsafeBufferPointer(start: stored, count: bytes.count)
    }

    private func insert(_ raw: UnsafeBufferPointer<UInt8>, hash: UInt64) -> UnsafePointer<UInt8>? {
        let converted = conversion(of: raw)
        guard raw.count <= Self.maximumRecordedLength, converted.count <= Self.maximumRecordedLength else { return nil }
        var header: [UInt8] = [
            UInt8(truncatingIfNeeded: raw.count), UInt8(truncatingIfNeeded: raw.count >> 8),
            UInt8(truncatingIfNeeded: converted.count), UInt8(truncatingIfNeeded: converted.count >> 8),
        ]
        header.append(contentsOf: raw)
        header.append(contentsOf: converted)
        let record = header.withUnsafeBufferPointer { arena.store($0) }
        if (used + 1) * 2 > mask + 1 { grow() }
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i].record != nil { i = (i &+ 1) & mask }
        slots[i] = Slot(hash: hash, record: record)
        used += 1
        return record
    }

    private func grow() {
        let oldSlots = slots
        let oldCapacity = mask + 1
        let capacity = oldCapacity * 2
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(hash: 0, record: nil), count: capacity)
        mask = capacity - 1
        for k in 0..<oldCapacity where oldSlots[k].record != nil {
            var i = Int(truncatingIfNeeded: oldSlots[k].hash) & mask
            while slots[i].record != nil { i = (i &+ 1) & mask }
            slots[i] = oldSlots[k]
        }
        oldSlots.deallocate()
    }

    // MARK: - Pool

    /// Idle caches, reused by later decode calls.
    private static let pool = Mutex<[KeyConversionCache]>([])
    /// Caches with more keys than this are dropped rather than pooled (payloads whose keys are data).
    static let maximumPooledKeys = 8192
    private static let maximumPooledCaches = 8

    /// A cache for `rule`, warm when one was pooled.
    static func take(rule: Rule) -> KeyConversionCache {
        let pooled = pool.withLock { caches -> KeyConversionCache? in
            guard let index = caches.lastIndex(where: { $0.rule == rule }) else { return nil }
            return caches.remove(at: index)
        }
        return pooled ?? KeyConversionCache(rule: rule)
    }

    /// Whether the cache is small enough to keep for later calls: one that met more keys than
    /// `maximumPooledKeys` (keys that are data) is dropped instead, so that memory stays bounded.
    var isWorthKeeping: Bool { used <= Self.maximumPooledKeys }

    /// Returns a cache to the pool at the end of a decode call.
    static func give(_ cache: KeyConversionCache) {
        guard cache.isWorthKeeping else { return }
        pool.withLock { caches in
            if caches.count < maximumPooledCaches { caches.append(cache) }
        }
    }
}

/// Append-only byte storage whose pointers never move: bytes go into 16 KiB chunks (or a chunk of
/// their own when larger), all freed together.
struct ByteArena: ~Copyable {
    private var chunks: [UnsafeMutablePointer<UInt8>] = []
    private var current: UnsafeMutablePointer<UInt8>? = nil
    private var remaining = 0
    private static let chunkSize = 16 * 1024

    init() {}

    /// A stable copy of `bytes` (a valid, non-null pointer even for no bytes).
    mutating func store(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafePointer<UInt8> {
        let count = max(bytes.count, 1)
        if count > remaining {
            let size = max(count, Self.chunkSize)
            let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
            chunks.append(chunk)
            current = chunk
            remaining = size
        }
        let destination = current!
        if let source = bytes.baseAddress, bytes.count > 0 {
            destination.initialize(from: source, count: bytes.count)
        }
        current = destination + count
        remaining -= count
        return UnsafePointer(destination)
    }

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }
}
