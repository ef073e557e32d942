/// The distinct object keys of one walk, each made into a String once and numbered.
///
/// Documents repeat their keys (every status of a twitter page has the same forty), so a key's String
/// is made once and then shared, and its number (`id`) lets `ShapeTable` recognise objects with the
/// same keys in the same order. The table is open addressing over the keys' length and first and last
/// eight bytes; a key longer than 16 bytes is also compared with `memcmp` against where it was first
/// seen in simdjson's string buffer (which outlives the walk). Past `maximumCount` distinct keys (a
/// document whose keys are data, such as ids) further keys are not interned: they get a fresh String
/// and no id.
struct KeyTable {
    /// What the table compares of one distinct key; its index in `entries` is the key's id. (No
    /// String in it, so that reading an entry costs no reference counting.)
    struct Entry {
        /// For keys of up to 8 bytes, all of them (packed so that, with `count`, they are told apart);
        /// otherwise the first 8.
        var head: UInt64
        /// For keys of more than 8 bytes, the last 8 (overlapping `head` below 16 bytes).
        var tail: UInt64
        var count: Int
        /// Where the key was first seen, to compare the middle of keys longer than 16 bytes.
        var bytes: UnsafePointer<UInt8>
    }

    /// The most distinct keys interned in one walk.
    static let maximumCount = 1 << 14

    /// The keys, by id.
    private var entries: [Entry] = []
    /// The keys' Strings, by id.
    private var strings: [String] = []
    /// Open addressing: 0 for an empty slot, else a key's id plus one.
    private var slots = [Int32](repeating: 0, count: 256)
    /// The shape (index in `ShapeTable.shapes`) of the last object met in a context with a number of
    /// keys, or -1, in a slot chosen by mixing the two: context 0 is the root, 1 an element of a root
    /// array (or of arrays in it), `2 * id + 2` the value of the key with that id, `2 * id + 3` an
    /// element of an array that is that value (or nested in it). The count tells apart objects that
    /// alternate in one place (a tweet's `user` with or without some keys, an event's `payload` by
    /// event type). Slots are shared without a tag: a guess is always checked against the object's
    /// keys, so a collision only costs a missed guess.
    private var predictions = [Int32](repeating: -1, count: KeyTable.predictionSlots)

    /// How many predictions are kept (`predictionSlot` takes the top 10 bits of a product).
    static let predictionSlots = 1024

    /// Empties the table for the next walk, keeping its storage when it is small (a table that grew
    /// past `TableReuse.maximumSlots` slots starts afresh, so that a large document's tables are not kept).
    mutating func reset() {
        guard slots.count <= TableReuse.maximumSlots else {
            self = KeyTable()
            return
        }
        entries.removeAll(keepingCapacity: true)
        strings.removeAll(keepingCapacity: true)
        predictions.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
        TableReuse.clear(&slots)
    }

    /// The context of the elements of an array met in `context`.
    @inline(__always)
    static func elementContext(_ context: Int) -> Int { context | 1 }

    /// The context of the value of the key with this id.
    @inline(__always)
    static func memberContext(_ id: Int32) -> Int { 2 * Int(id) + 2 }

    /// The shape of the last object of `count` keys met in `context` (or, rarely, of another object
    /// whose context and count share its slot), or -1.
    @inline(__always)
    func predictedShape(_ context: Int, count: Int) -> Int32 {
        predictions[Self.predictionSlot(context, count: count)]
    }

    /// Records the shape of an object of `count` keys met in `context`.
    @inline(__always)
    mutating func predict(_ shape: Int32, in context: Int, count: Int) {
        predictions[Self.predictionSlot(context, count: count)] = shape
    }

    @inline(__always)
    private static func predictionSlot(_ context: Int, count: Int) -> Int {
        // `count` is at most `ShapeTable.maximumKeyCount` (64), below the shifted context's bits.
        let mixed = (UInt64(truncatingIfNeeded: context) << 7 ^ UInt64(truncatingIfNeeded: count))
            &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 54)
    }

    /// The String of the key with this id.
    @inline(__always)
    func string(id: Int32) -> String { strings[Int(id)] }

    /// How many keys have an id (ids are `0..<count`).
    var count: Int { entries.count }

    /// The id of the key `bytes` (interning it when new), or -1 when the table is full and the key was
    /// not seen before.
    @inline(__always)
    mutating func id(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        // simdjson's string buffer always gives a base address; without one, do not intern.
        guard let base = bytes.baseAddress else { return -1 }
        let count = bytes.count
        let (head, tail) = Self.words(base, count: count)
        let mask = slots.count - 1
        var slot = Self.slot(head: head, tail: tail, count: count, bytes: base, mask: mask)
        while true {
            let stored = slots[slot]
            if stored == 0 { break }
            let id = Int(stored) - 1
            let entry = entries[id]
            if entry.count == count, entry.head == head, entry.tail == tail,
               count <= 16 || memcmp(entry.bytes, base, count) == 0 {
                return Int32(id)
            }
            slot = (slot + 1) & mask
        }
        return insert(Entry(head: head, tail: tail, count: count, bytes: base), at: slot)
    }

    /// Whether `bytes` is the key with this id (what `id(_:)` compares, without hashing or probing).
    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, id: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        let entry = entries[Int(id)]
        guard entry.count == count else { return false }
        let (head, tail) = Self.words(base, count: count)
        return entry.head == head && entry.tail == tail && (count <= 16 || memcmp(entry.bytes, base, count) == 0)
    }

    /// `Entry.head` and `Entry.tail` of a key. Reads only the key's bytes.
    @inline(__always)
    private static func words(_ base: UnsafePointer<UInt8>, count: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(base)
        if count > 8 {
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        if count >= 4 {
            // The first four bytes and the last four (overlapping below 8): all of them, given `count`.
            return (UInt64(raw.loadUnaligned(as: UInt32.self))
                | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32, 0)
        }
        if count > 0 {
            // First, middle and last byte: all of them, given `count`.
            return (UInt64(base[0]) | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1]) << 16, 0)
        }
        return (0, 0)
    }

    /// The String for the key `bytes` (the interned one, or a fresh one when the table is full) and the
    /// context of its value (the root's when the key is not interned).
    @inline(__always)
    mutating func key(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, Int) {
        let id = id(bytes)
        return id >= 0 ? (string(id: id), Self.memberContext(id)) : (StringMaking.string(bytes), 0)
    }

    /// The first slot to probe for a key; a key longer than 16 bytes mixes in its middle too, so that
    /// keys differing only there (`"https://host/a/…/x.png"`) do not all probe the same slots.
    @inline(__always)
    private static func slot(head: UInt64, tail: UInt64, count: Int, bytes: UnsafePointer<UInt8>,
                             mask: Int) -> Int {
        var mixed = head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(truncatingIfNeeded: count)
        if count > 16 {
            var k = 8
            while k < count - 8 {
                let word = UnsafeRawPointer(bytes + k).loadUnaligned(as: UInt64.self)
                mixed = (mixed ^ word) &* 0x9E37_79B9_7F4A_7C15
                k += 8
            }
        }
        mixed = mixed &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }

    /// Adds `entry` in the empty slot `slot` (growing the table when it is half full); -1 when full.
    @inline(never)
    private mutating func insert(_ entry: Entry, at slot: Int) -> Int32 {
        guard entries.count < Self.maximumCount else { return -1 }
        let id = Int32(entries.count)
        entries.append(entry)
        strings.append(StringMaking.string(UnsafeBufferPointer(start: entry.bytes, count: entry.count)))
        slots[slot] = id + 1
        if entries.count * 2 > slots.count {
            slots = ProbedSlots.doubled(slots, count: entries.count) { index, mask in
                let old = entries[index]
                return Self.slot(head: old.head, tail: old.tail, count: old.count, bytes: old.bytes, mask: mask)
            }
        }
        return id
    }
}
