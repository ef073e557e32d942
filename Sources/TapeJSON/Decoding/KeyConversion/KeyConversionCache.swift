/// Each distinct raw JSON key's converted form, computed once.
///
/// Every distinct raw key gets one record in an append-only arena: its raw length and converted
/// length (16 bits each), the converted key's `HashMixing.quick` hash (32 bits), the raw bytes, then
/// the converted bytes. Records never move, so the buffers
/// handed out stay valid for the cache's lifetime. Two indexes find them without building a String:
/// 1. A direct-mapped memo of 1024 record pointers, indexed by the key's length and three of its
///    bytes: the raw key is compared with the record's (one record, usually in one cache line) and the
///    record's converted bytes are returned. This is the path nearly every lookup takes.
/// 2. A `HashCache` (hashed from the length and the first and last 8 bytes, then compared in full)
///    behind it. Only a key seen for the first time is converted.
///
/// A cache belongs to one `DecodingWorkspace`, kept by its decoder from call to call, so that a service
/// decoding the same kind of payload again and again converts each key once, not once per call.
final class KeyConversionCache {
    enum Rule {
        case snakeCase
        case anyCase
    }

    // The tables below are only touched by the call using the cache's workspace, through accesses
    // that never overlap, so they opt out of the runtime's dynamic exclusivity checks.

    /// The record of the raw key that last converted to a given key, by a hash of the converted key.
    @exclusivity(unchecked) private var hints = RawVector<UnsafePointer<UInt8>?>(repeating: nil, count: hintCount)
    private static let hintCount = 4096

    let rule: Rule
    /// Every record, by the hash of its raw key (the value is unused: the key is the record).
    private var records = HashCache<UnsafePointer<UInt8>, Void>(capacity: 256)
    private var arena = ByteArena()
    /// The direct-mapped memo: per slot, the record of the raw key last looked up there (or nil).
    @exclusivity(unchecked) private var memo = RawVector<UnsafePointer<UInt8>?>(repeating: nil, count: memoSize)
    private static let memoSize = 1024
    /// Longer keys are converted each time they are met rather than recorded (a 16-bit length).
    private static let maximumRecordedLength = Int(UInt16.max)

    /// An empty cache converting keys by `rule`.
    init(rule: Rule) {
        self.rule = rule
    }

    // MARK: - Spelling hints

    @inline(__always)
    private static func hintSlot(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        HashMixing.quick(key) & (hintCount - 1)
    }

    @inline(__always)
    private static func rawBytes(_ record: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: record + headerSize, count: rawCount(record))
    }

    /// The raw spelling that last converted to `key` (`hintSpelling`), if it is still remembered: its
    /// conversion is checked to be `key`, so a hit is always right.
    @inline(__always)
    func hintedSpelling(of key: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard let record = hints[unchecked: Self.hintSlot(key)], KeyBytes.equal(Self.convertedBytes(record), key) else {
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
        if let record = memo[unchecked: Self.memoIndex(raw)], Self.record(record, holds: raw) {
            hints[unchecked: Self.hintSlot(key)] = record
            return Self.rawBytes(record)
        }
        return nil
    }

    // MARK: - Records

    /// The bytes before a record's raw key: the two lengths and the converted key's hash.
    private static let headerSize = 8

    /// The converted key's `HashMixing.quick` hash, stored with the record so that a table of an
    /// object's converted keys (`MemberSlots`) does not hash them again: about a quarter of the samples
    /// of that table's filling on instruments.json under `.convertFromSnakeCase`.
    @inline(__always)
    private static func convertedHash(_ record: UnsafePointer<UInt8>) -> Int {
        Int(UnsafeRawPointer(record + 4).loadUnaligned(as: UInt32.self))
    }

    @inline(__always)
    private static func rawCount(_ record: UnsafePointer<UInt8>) -> Int {
        Int(UnsafeRawPointer(record).loadUnaligned(as: UInt16.self))
    }

    @inline(__always)
    private static func convertedBytes(_ record: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let rawCount = Self.rawCount(record)
        let convertedCount = Int(UnsafeRawPointer(record + 2).loadUnaligned(as: UInt16.self))
        return UnsafeBufferPointer(start: record + headerSize + rawCount, count: convertedCount)
    }

    /// Whether `record` is the record of `raw`.
    @inline(__always)
    private static func record(_ record: UnsafePointer<UInt8>, holds raw: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = raw.count
        return rawCount(record) == count
            && (count == 0 || KeyBytes.equal(record + headerSize, raw.baseAddress.unsafelyUnwrapped, count: count))
    }

    // MARK: - Lookups

    /// Where `raw`'s record is looked for in the memo.
    @inline(__always)
    private static func memoIndex(_ raw: UnsafeBufferPointer<UInt8>) -> Int {
        HashMixing.quick(raw) & (memoSize - 1)
    }

    /// The converted form of `raw`, through the memo.
    @inline(__always)
    func memoizedConversion(of raw: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let slot = Self.memoIndex(raw)
        if let record = memo[unchecked: slot], Self.record(record, holds: raw) {
            return Self.convertedBytes(record)
        }
        return remember(raw, inMemoSlot: slot)
    }

    /// The converted form of `raw` and its `HashMixing.quick` hash, through the memo.
    @inline(__always)
    func memoizedConversionAndHash(of raw: UnsafeBufferPointer<UInt8>) -> (key: UnsafeBufferPointer<UInt8>, hash: Int) {
        let slot = Self.memoIndex(raw)
        if let record = memo[unchecked: slot], Self.record(record, holds: raw) {
            return (Self.convertedBytes(record), Self.convertedHash(record))
        }
        let converted = remember(raw, inMemoSlot: slot)
        return (converted, HashMixing.quick(converted))
    }

    /// The converted form of `raw`, which the memo's slot `slot` does not hold: looked up (or converted)
    /// and put in that slot.
    @inline(never)
    private func remember(_ raw: UnsafeBufferPointer<UInt8>, inMemoSlot slot: Int) -> UnsafeBufferPointer<UInt8> {
        guard let record = lookup(raw) else { return convertedCopy(raw) }
        memo[unchecked: slot] = record
        return Self.convertedBytes(record)
    }

    /// The converted form of `raw`.
    func converted(_ raw: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let record = lookup(raw) else { return convertedCopy(raw) }
        return Self.convertedBytes(record)
    }

    /// The record for `raw`, added (and converted) when new; nil for keys too long to record.
    private func lookup(_ raw: UnsafeBufferPointer<UInt8>) -> UnsafePointer<UInt8>? {
        let hash = HashMixing.hash(raw)
        var found: UnsafePointer<UInt8>?
        _ = records.value(hash: hash, where: { record in
            guard Self.record(record, holds: raw) else { return false }
            found = record
            return true
        })
        return found ?? insert(raw, hash: hash)
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
        let convertedHash = converted.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: HashMixing.quick($0)) }
        var header: [UInt8] = [
            UInt8(truncatingIfNeeded: raw.count), UInt8(truncatingIfNeeded: raw.count >> 8),
            UInt8(truncatingIfNeeded: converted.count), UInt8(truncatingIfNeeded: converted.count >> 8),
        ]
        withUnsafeBytes(of: convertedHash.littleEndian) { header.append(contentsOf: $0) }
        header.append(contentsOf: raw)
        header.append(contentsOf: converted)
        let record = header.withUnsafeBufferPointer { arena.store($0) }
        records.insert(record, (), hash: hash)
        return record
    }

    /// Caches with more keys than this are not kept for later calls (payloads whose keys are data).
    static let maximumKeptKeys = 8192

    /// Whether the cache is small enough to keep for later calls: one that met more keys than
    /// `maximumKeptKeys` (keys that are data) is dropped with its workspace instead, so that memory
    /// stays bounded.
    var isWorthKeeping: Bool { records.count <= Self.maximumKeptKeys }
}
