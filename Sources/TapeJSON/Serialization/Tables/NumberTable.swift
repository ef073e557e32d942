import Foundation

/// Integers that recur within one walk, each made into an `NSNumber` once and shared.
///
/// An `NSNumber` is immutable and small integers already share `FoundationNumbers.cachedIntegers`, so
/// sharing larger ones too changes nothing for the caller but the allocations: citm_catalog.json and
/// marine_ik.json use a few thousand distinct integers tens of thousands of times. A document whose
/// integers are mostly distinct (ids) stops being interned after `probation` lookups unless at least
/// one in eight hit, so it pays only those lookups.
///
/// Long strings are deliberately not interned the same way: measured on the corpus, hashing and
/// comparing them cost about what the allocations they save cost, and on random.json more.
struct NumberTable {
    /// The most integers interned in one walk.
    static let maximumCount = 1 << 14
    /// Lookups after which interning stops unless at least one in eight hit.
    static let probation = 512

    /// An interned integer: its bits and whether it was read as signed.
    private struct Entry: Equatable {
        var bits: UInt64
        var signed: Bool

        var hash: UInt64 { (bits ^ (signed ? 0x5555_5555_5555_5555 : 0)) &* 0xBF58_476D_1CE4_E5B9 }
    }

    private var entries: [Entry] = []
    private var numbers: [NSNumber] = []
    /// Open addressing: 0 for an empty slot, else an entry's index plus one.
    private var slots = [Int32](repeating: 0, count: 256)
    private var lookups = 0
    private var hits = 0
    private var interns = true

    /// Empties the table for the next walk (releasing its numbers), keeping its storage when it is
    /// small, as `KeyTable.reset()` does.
    mutating func reset() {
        guard slots.count <= TableReuse.maximumSlots else {
            self = NumberTable()
            return
        }
        entries.removeAll(keepingCapacity: true)
        numbers.removeAll(keepingCapacity: true)
        TableReuse.clear(&slots)
        lookups = 0
        hits = 0
        interns = true
    }

    /// Foundation's number for a non-negative integer literal.
    @inline(__always)
    mutating func number(uint64 value: UInt64) -> NSNumber {
        guard value >= UInt64(FoundationNumbers.cachedIntegerCount), interns else {
            return FoundationNumbers.number(uint64: value)
        }
        return interned(Entry(bits: value, signed: false))
    }

    /// Foundation's number for an integer literal that fits `Int64`.
    @inline(__always)
    mutating func number(int64 value: Int64) -> NSNumber {
        if value >= 0 { return number(uint64: UInt64(value)) }
        // 19-digit negatives are decimals (see `FoundationNumbers`): rare, not interned.
        guard value > -1_000_000_000_000_000_000, interns else {
            return FoundationNumbers.number(int64: value)
        }
        return interned(Entry(bits: UInt64(bitPattern: value), signed: true))
    }

    @inline(never)
    private mutating func interned(_ key: Entry) -> NSNumber {
        let hash = key.hash
        lookups += 1
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 32) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { break }
            let id = Int(stored) - 1
            if entries[id] == key {
                hits += 1
                return numbers[id]
            }
            slot = (slot + 1) & mask
        }
        // Exactly what `FoundationNumbers` makes for these literals.
        let number = key.signed ? NSNumber(value: Int64(bitPattern: key.bits)) : NSNumber(value: key.bits)
        if lookups >= Self.probation, hits * 8 < lookups {
            interns = false
        } else if entries.count < Self.maximumCount {
            let id = Int32(entries.count)
            entries.append(key)
            numbers.append(number)
            slots[slot] = id + 1
            if entries.count * 2 > slots.count { grow() }
        }
        return number
    }

    private mutating func grow() {
        slots = ProbedSlots.doubled(slots, count: entries.count) { n, mask in
            Int(truncatingIfNeeded: entries[n].hash >> 32) & mask
        }
    }
}
