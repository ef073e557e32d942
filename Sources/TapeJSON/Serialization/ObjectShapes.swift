import Foundation
import Synchronization

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

/// Objects of one walk that have the same keys in the same order (an object's *shape*), and for each
/// shape a template to build its objects from without hashing a key.
///
/// A shape's template is a `[String: Int32]` holding its keys, each mapped to its position among the
/// shape's keys (0 for the first key met in the text, and so on), made when the shape is first met.
/// An object of the shape is the template's `mapValues`: that keeps the template's hash table (same
/// capacity, same seed, every key in the same bucket), so no key is hashed, and the transform is handed
/// each position, in bucket order, for it to return the value at that position. The result is an
/// ordinary `[String: Any]`, equal to the one built key by key. A shape whose keys repeat
/// (`{"a":1,"a":2}`) has fewer entries than keys and never gets a template.
///
/// Hashing the keys is most of what a template costs, and a dictionary does not depend on the order
/// its keys were inserted in: the template of a shape with the same keys as an earlier shape in
/// another order (GitHub's `repository` objects spell their 64 keys in two orders, their users' 15
/// keys in three) is that shape's template's `mapValues`, from each of its positions to the position
/// of the same key in the new shape, which hashes no key either.
struct ShapeTable {
    /// One shape: where its key ids are in `keyIDs`, how often it was seen, and its template. (No
    /// reference in it, so that reading a shape costs no reference counting.)
    struct Shape {
        var hash: UInt64
        var keyIDsStart: Int
        var count: Int
        var sightings = 1
        /// The index of its template in `templates`; `noTemplateYet` before the first object of the
        /// shape is built, `neverTemplated` for a shape with a repeated key.
        var template = ShapeTable.noTemplateYet
    }

    /// A template whose keys were hashed (rather than mapped from another template's): the shape it
    /// was made for and the order-independent hash of its keys (see `keySetHash(ofShapeAt:)`).
    struct HashedTemplate {
        var template: Int
        var shape: Int
        var keySetHash: UInt64
    }

    /// `Shape.template` of a shape whose template is not made yet.
    static let noTemplateYet = -1
    /// `Shape.template` of a shape that gets no template (its keys repeat).
    static let neverTemplated = -2

    /// Objects with more keys than this are always built key by key.
    static let maximumKeyCount = 64
    /// The most shapes remembered in one walk.
    static let maximumShapeCount = 1 << 12

    private(set) var shapes: [Shape] = []
    /// The templates: each shape's keys, mapped to their positions.
    private(set) var templates: [[String: Int32]] = []
    /// Open addressing over the shapes' hashes: 0 for an empty slot, else a shape's index plus one.
    private var slots = [Int32](repeating: 0, count: 64)
    /// The key ids of every shape, each shape's from its `keyIDsStart` on.
    private(set) var keyIDs: [Int32] = []
    /// The templates whose keys were hashed, each made for a shape with other keys than the others.
    private var hashedTemplates: [HashedTemplate] = []
    /// Open addressing over the key-set hashes of `hashedTemplates`: 0 for an empty slot, else an
    /// index in it plus one.
    private var hashedTemplateSlots = [Int32](repeating: 0, count: 64)
    /// By key id: 0, or (while a shape's keys are compared with those of a hashed template's shape)
    /// one plus the key's position in the template's shape. All zero between comparisons.
    private var positionOfKey: [Int32] = []
    /// While a template is mapped from another: for each position of the other, the position of the
    /// same key in the new template's shape.
    private var order: [Int32] = []

    /// The shape of an object whose key ids are `ids` (with hash `hash`), recorded as seen once more;
    /// nil when the table is full and the shape is new.
    mutating func sighting(of ids: ArraySlice<Int32>, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 40) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { break }
            let index = Int(stored) - 1
            let shape = shapes[index]
            if shape.hash == hash, shape.count == ids.count, sameIDs(from: shape.keyIDsStart, as: ids) {
                shapes[index].sightings += 1
                return index
            }
            slot = (slot + 1) & mask
        }
        guard shapes.count < Self.maximumShapeCount else { return nil }
        let index = shapes.count
        shapes.append(Shape(hash: hash, keyIDsStart: keyIDs.count, count: ids.count))
        keyIDs.append(contentsOf: ids)
        slots[slot] = Int32(index + 1)
        if shapes.count * 2 > slots.count {
            slots = ProbedSlots.doubled(slots, count: shapes.count) { n, mask in
                Int(truncatingIfNeeded: shapes[n].hash >> 40) & mask
            }
        }
        return index
    }

    /// Empties the table for the next walk (releasing its templates), keeping its storage when it is
    /// small, as `KeyTable.reset()` does.
    mutating func reset() {
        guard slots.count <= TableReuse.maximumSlots else {
            self = ShapeTable()
            return
        }
        shapes.removeAll(keepingCapacity: true)
        templates.removeAll(keepingCapacity: true)
        keyIDs.removeAll(keepingCapacity: true)
        hashedTemplates.removeAll(keepingCapacity: true)
        TableReuse.clear(&slots)
        TableReuse.clear(&hashedTemplateSlots)
        if positionOfKey.count > TableReuse.maximumSlots { positionOfKey = [] }
    }

    /// Records one more sighting of the shape at `index`, met by prediction rather than by
    /// `sighting(of:hash:)`.
    @inline(__always)
    mutating func sighted(_ index: Int) { shapes[index].sightings += 1 }

    /// Whether `keyIDs` holds `ids` from `start` on.
    @inline(__always)
    private func sameIDs(from start: Int, as ids: ArraySlice<Int32>) -> Bool {
        keyIDs.withUnsafeBufferPointer { stored in
            ids.withUnsafeBufferPointer { wanted in
                memcmp(stored.baseAddress! + start, wanted.baseAddress!, wanted.count * 4) == 0
            }
        }
    }

    /// The index in `templates` of the template of the shape at `index`, made now (each key hashed
    /// once) if the shape has none yet; nil for a shape whose keys repeat.
    @inline(__always)
    mutating func template(ofShapeAt index: Int, keys: KeyTable) -> Int? {
        let template = shapes[index].template
        if template >= 0 { return template }
        if template == Self.neverTemplated { return nil }
        return makeTemplate(ofShapeAt: index, keys: keys)
    }

    /// Makes the template of the shape at `index`: mapped from the template of an earlier shape with
    /// the same keys when there is one, else by hashing its keys.
    @inline(never)
    private mutating func makeTemplate(ofShapeAt index: Int, keys: KeyTable) -> Int? {
        let shape = shapes[index]
        let keySetHash = keySetHash(ofShapeAt: index)
        let mask = hashedTemplateSlots.count - 1
        var slot = Int(truncatingIfNeeded: keySetHash >> 40) & mask
        while hashedTemplateSlots[slot] != 0 {
            let hashed = hashedTemplates[Int(hashedTemplateSlots[slot]) - 1]
            if hashed.keySetHash == keySetHash, orderKeys(ofShapeAt: index, as: hashed.shape, keyCount: keys.count) {
                let template = order.withUnsafeBufferPointer { order in
                    templates[hashed.template].mapValues { order[Int($0)] }
                }
                return adopt(template, forShapeAt: index)
            }
            slot = (slot + 1) & mask
        }
        var template = [String: Int32](minimumCapacity: shape.count)
        for k in 0..<shape.count {
            template[keys.string(id: keyIDs[shape.keyIDsStart + k])] = Int32(k)
        }
        guard template.count == shape.count else {
            shapes[index].template = Self.neverTemplated
            return nil
        }
        hashedTemplates.append(HashedTemplate(template: templates.count, shape: index, keySetHash: keySetHash))
        hashedTemplateSlots[slot] = Int32(hashedTemplates.count)
        if hashedTemplates.count * 2 > hashedTemplateSlots.count {
            hashedTemplateSlots = ProbedSlots.doubled(hashedTemplateSlots, count: hashedTemplates.count) { n, mask in
                Int(truncatingIfNeeded: hashedTemplates[n].keySetHash >> 40) & mask
            }
        }
        return adopt(template, forShapeAt: index)
    }

    /// Records `template` as the template of the shape at `index`; returns its index in `templates`.
    private mutating func adopt(_ template: [String: Int32], forShapeAt index: Int) -> Int {
        shapes[index].template = templates.count
        templates.append(template)
        return templates.count - 1
    }

    /// A hash of the shape's key ids that does not depend on their order.
    private func keySetHash(ofShapeAt index: Int) -> UInt64 {
        let shape = shapes[index]
        var hash = UInt64(truncatingIfNeeded: shape.count) &* 0x9E37_79B9_7F4A_7C15
        for k in 0..<shape.count {
            hash &+= (UInt64(truncatingIfNeeded: keyIDs[shape.keyIDsStart + k]) &+ 1) &* 0xBF58_476D_1CE4_E5B9
        }
        return hash
    }

    /// Whether the shape at `index` has exactly the keys of the shape at `other` (whose keys are
    /// distinct), in any order; if so, `order` then maps each position in `other` to the position of
    /// the same key in the shape at `index`. `keyCount` is how many key ids there are.
    private mutating func orderKeys(ofShapeAt index: Int, as other: Int, keyCount: Int) -> Bool {
        let shape = shapes[index]
        let otherShape = shapes[other]
        guard otherShape.count == shape.count else { return false }
        if positionOfKey.count < keyCount {
            positionOfKey.append(contentsOf: repeatElement(0, count: keyCount - positionOfKey.count))
        }
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: shape.count))
        for p in 0..<otherShape.count {
            positionOfKey[Int(keyIDs[otherShape.keyIDsStart + p])] = Int32(p + 1)
        }
        // Each key of the shape must be one of the other shape's, and taken once (a shape with a
        // repeated key has as many keys but not the same ones).
        var same = true
        for k in 0..<shape.count {
            let id = Int(keyIDs[shape.keyIDsStart + k])
            let p = Int(positionOfKey[id]) - 1
            guard p >= 0 else {
                same = false
                break
            }
            positionOfKey[id] = 0
            order[p] = Int32(k)
        }
        for p in 0..<otherShape.count {
            positionOfKey[Int(keyIDs[otherShape.keyIDsStart + p])] = 0
        }
        return same
    }
}

/// The values of the objects being built, in the text's order, innermost object's last: an object
/// pushes each value as it is built (a nested object pushes and takes its own above them), then its
/// template's `mapValues` moves them out into the dictionary, each exactly once, leaving the stack as
/// the object found it. Raw storage, so that a value is moved in and out without reference counting.
///
/// The storage is kept from walk to walk with the other tables (always empty between walks); a stack
/// that grew past `maximumKeptCapacity` values is dropped instead.
final class ValueStack: @unchecked Sendable {
    static let initialCapacity = 128
    static let maximumKeptCapacity = 1 << 14

    private(set) var base: UnsafeMutablePointer<Any>
    private(set) var capacity: Int

    init() {
        capacity = Self.initialCapacity
        base = .allocate(capacity: capacity)
    }

    /// Takes over `storage` (of `capacity` values, none initialized) in place of the current storage.
    func adopt(_ storage: UnsafeMutablePointer<Any>, capacity: Int) {
        if storage != base { base.deallocate() }
        base = storage
        self.capacity = capacity
    }

    deinit { base.deallocate() }
}

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

/// The tables of one walk, handed from walk to walk so that their storage is allocated once rather than
/// per call (for small documents the tables' allocations and their growth are a noticeable part of the
/// call, and their 1 KiB slot arrays are the kind of request that makes malloc consolidate the chunks
/// freed with the previous result). Only storage is reused: `reset()` empties every table, so no key,
/// shape, template or number outlives its walk.
///
/// `@unchecked Sendable`: tables cross threads only through the pool, emptied, and their storage is
/// owned by them alone (no array of theirs is ever handed out).
struct BuilderTables: @unchecked Sendable {
    var keys = KeyTable()
    var shapes = ShapeTable()
    var numbers = NumberTable()
    /// `ObjectGraphBuilder`'s stack of key ids.
    var keyIDStack: [Int32] = []
    /// `ObjectGraphBuilder`'s stack of values (empty between walks).
    var values = ValueStack()

    mutating func reset() {
        keys.reset()
        shapes.reset()
        numbers.reset()
        if keyIDStack.capacity > TableReuse.maximumSlots {
            keyIDStack = []
        } else {
            keyIDStack.removeAll(keepingCapacity: true)
        }
        if values.capacity > ValueStack.maximumKeptCapacity { values = ValueStack() }
    }

    /// Tables to reuse, at most `keep` of them (one per concurrent call).
    private static let idle = Mutex<[BuilderTables]>([])
    private static let keep = 4

    /// Emptied tables from an earlier walk, or new ones.
    static func take() -> BuilderTables {
        idle.withLock { $0.popLast() } ?? BuilderTables()
    }

    /// Empties `tables` and keeps them for a later walk.
    static func give(_ tables: consuming BuilderTables) {
        var tables = tables
        tables.reset()
        idle.withLock { list in
            if list.count < keep { list.append(tables) }
        }
    }
}

/// How the tables are emptied between walks.
enum TableReuse {
    /// Tables whose slot arrays grew beyond this are dropped rather than cleared and kept.
    static let maximumSlots = 4096

    /// Zeroes every slot.
    @inline(__always)
    static func clear(_ slots: inout [Int32]) {
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
}

/// The slot arrays of the open-addressing tables here: slot values are 1-based entry indexes (0 is
/// empty), collisions probe linearly, and the array is a power of two, doubled when half full.
enum ProbedSlots {
    /// A slot array twice as large as `slots` holding entries `0 ..< count`, each at the first free slot
    /// from `home(entry, mask)`.
    @inline(__always)
    static func doubled(_ slots: [Int32], count: Int, home: (_ entry: Int, _ mask: Int) -> Int) -> [Int32] {
        var grown = [Int32](repeating: 0, count: slots.count * 2)
        let mask = grown.count - 1
        for n in 0..<count {
            var s = home(n, mask)
            while grown[s] != 0 { s = (s + 1) & mask }
            grown[s] = Int32(n + 1)
        }
        return grown
    }
}
