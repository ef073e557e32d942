/// The generated path's member lookup from a table of an object's keys, made once per object: every
/// lookup under a key conversion (`.convertFromSnakeCase`, `.convertFromAnyCase`), and under
/// `.useDefaultKeys` every lookup in an object after the first one that is not in document order. The
/// keyed container (the Codable path) uses it too, for objects of more than `DecodingSession.scanLimit`
/// members, past its lookup in document order.
///
/// Under a key conversion, a keyed container's lookup (`DecodingSession.findMember`) converts keys
/// while it scans, from its cursor, with a spelling hint per `CodingKey`: about 250 instructions per key
/// on the LogLine rows, half of the generated decoding of a line (callgrind). Here an object's members
/// are converted on the first lookup (one memoized conversion each).
///
/// Under `.useDefaultKeys`, a type whose properties are not in the order of the document's keys
/// (github_events' `payload`, 15 optional keys asked alphabetically) made the keyed container's lookup
/// scan from its cursor for each key, skipping each member's value: `scanForMember` was 8% of the
/// generated decoding of github_events (callgrind). The table holds the raw keys.
///
/// A lookup compares the asked key with one key of the table when the type asks in document order,
/// and otherwise finds it through a hash index of the keys (one-byte entries, at least twice as many
/// as the object's members and a power of two, up to `indexSize` per depth, probed from the key's
/// `HashMixing.quick` hash): one or two comparisons whatever the order, and an absent key (most absent
/// optional properties) usually ends on an empty entry, with no comparison.
/// (A screening bit per key and a comparison with each key, before, cost 79 instructions a lookup on
/// github_events and grew with the object: a 64-member repository object in another order than its
/// type's went to the keyed container's scan, 625 instructions a key; callgrind.)
///
/// The answer is the one `findMember` gives: with no two members having the same (converted)
/// key, the only member that has the asked key, or none. An object with two such members (`user_id`
/// and `userId` under `.convertFromAnyCase`, or a key written twice), or more members than
/// `capacity`, is left to `findMember`, whose cursor decides which of two duplicates is read.
///
/// The capacity is what the one-byte index entries can number (slot + 1). It was 64: a model of 150
/// properties read from objects in another key order went to `findMember`'s scan, 22% of the samples
/// of its decode, which ran at 1.1x the Codable path (and the Codable path at 1.8x `JSONDecoder`).
enum MemberSlots {
    /// Members an object may have to be looked up here.
    static let capacity = 255

    /// One member: its (converted) key and the tape index of its value.
    struct Slot {
        var key: UnsafePointer<UInt8>?
        var count: UInt32
        var valueIndex: UInt32
    }

    /// One-byte entries of an object's hash index at most: twice `capacity` rounded up to a power of
    /// two, so that it is at most half full. An object's index has `indexSize(members:)` of them.
    static let indexSize = 512

    /// The entries of the hash index of an object of `members` members: at least twice as many, a
    /// power of two, and at least 16 (cleared on each fill: no more than the object needs).
    @inline(__always)
    static func indexSize(members: Int) -> Int {
        var size = 16
        while size < 2 &* members { size &<<= 1 }
        return size
    }

    /// The slots of the object at one depth.
    struct Head {
        /// Tape index of the object's `{` word, or -1 when the slots hold no object.
        var object: Int
        /// The number of slots, or -1 when the object is left to `findMember`.
        var count: Int32
        /// The slot after the one the last lookup found.
        var next: Int32
        /// The object's index size minus one (see `indexSize(members:)`), the mask of its probes.
        var mask: Int32

        static let empty = Head(object: -1, count: 0, next: 0, mask: 0)
    }
}

extension DecodingSession {
    /// The tape index of the value of the member whose key (converted when `converting`) is `key` in
    /// the object at `start` (its `}` word at `endWord`, its containers at `depth`): a value index, 0
    /// when no member has the key, or -1 when the object is left to `findMember`.
    @inline(__always)
    private func memberSlot(utf8 key: UnsafeBufferPointer<UInt8>, start: Int, endWord: Int, depth: Int, converting: Bool) -> Int {
        let head = unsafeSlotHeads + depth
        if head.pointee.object != start { fillSlots(head, start: start, endWord: endWord, depth: depth, converting: converting) }
        let count = Int(head.pointee.count)
        if count < 0 { return -1 }
        let slots = unsafeMemberSlots + depth &* MemberSlots.capacity
        let expected = Int(head.pointee.next)
        if expected < count, Self.slot(slots[expected], holds: key) {
            head.pointee.next = Int32(truncatingIfNeeded: expected &+ 1)
            return Int(slots[expected].valueIndex)
        }
        let index = unsafeSlotIndex + depth &* MemberSlots.indexSize
        let mask = Int(head.pointee.mask)
        var entry = HashMixing.quick(key) & mask
        while index[entry] != 0 {
            let s = Int(index[entry]) &- 1
            if Self.slot(slots[s], holds: key) {
                head.pointee.next = Int32(truncatingIfNeeded: s &+ 1)
                return Int(slots[s].valueIndex)
            }
            entry = (entry &+ 1) & mask
        }
        return 0
    }

    /// `memberSlot`'s answer as a lookup's: the tape index of the member's value, nil when the object has
    /// no member with the key (also compared as a String when the key is not ASCII: the
    /// `...Equivalent` lookups); `.none` when the object is left to `findMember`.
    @inline(__always)
    func memberFromSlots(utf8 key: UnsafeBufferPointer<UInt8>, start: Int, endWord: Int, depth: Int,
                         converting: Bool) -> Int?? {
        let slot = memberSlot(utf8: key, start: start, endWord: endWord, depth: depth, converting: converting)
        if slot > 0 { return .some(slot) }
        if slot < 0 { return .none }
        return .some(converting ? convertedEquivalent(key, start: start, endWord: endWord, depth: depth)
                                : exactEquivalent(key, start: start, endWord: endWord))
    }

    @inline(__always)
    private static func slot(_ slot: MemberSlots.Slot, holds key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(slot.count) == key.count else { return false }
        guard let a = slot.key, let b = key.baseAddress else { return true }
        return KeyBytes.equal(a, b, count: key.count)
    }

    /// Whether the object at `start`, at `depth`, has its keys in the slots (filled by `memberSlot`).
    @inline(__always)
    func hasMemberSlots(start: Int, depth: Int) -> Bool { unsafeSlotHeads[depth].object == start }

    /// Puts the keys of the object at `start` (converted when `converting`) into the slots of `depth`,
    /// or marks the object as left to `findMember` (too many members, or two with the same key).
    @inline(never)
    private func fillSlots(_ head: UnsafeMutablePointer<MemberSlots.Head>, start: Int, endWord: Int, depth: Int, converting: Bool) {
        let previous = head.pointee
        head.pointee = MemberSlots.Head(object: start, count: -1, next: 0, mask: 0)
        let members = tape.storedCount(start)
        guard members <= MemberSlots.capacity else { return }
        if previous.object >= 0, members > 0, Int(previous.count) == members,
           refillSlots(head, like: previous, start: start, endWord: endWord, depth: depth) {
            return
        }
        head.pointee.mask = Int32(truncatingIfNeeded: MemberSlots.indexSize(members: members) &- 1)
        guard converting else {
            return fillSlots(head, start: start, endWord: endWord, depth: depth) { ($0, HashMixing.quick($0)) }
        }
        guard let cache = withUnsafeWorkspace({ $0.unmanagedConversionCache }) else { return }
        cache._withUnsafeGuaranteedRef { cache in
            fillSlots(head, start: start, endWord: endWord, depth: depth) { cache.memoizedConversionAndHash(of: $0) }
        }
    }

    /// The table of the object at `start` when its keys are those of the object the table was last
    /// filled for at this depth (`previous`, in this document), in the same order, as the elements of an
    /// array of records usually are: the keys are compared byte for byte with that object's (found on
    /// the tape before each slot's value), and only the slots' value indexes change. The keys' index and
    /// their converted forms are kept, which saves converting, hashing and inserting each key: on
    /// instruments.json under `.convertFromSnakeCase`, filling was 27% of the samples of a generated
    /// decode. False, with the table to be filled again, when a key differs.
    @inline(__always)
    private func refillSlots(_ head: UnsafeMutablePointer<MemberSlots.Head>, like previous: MemberSlots.Head,
                             start: Int, endWord: Int, depth: Int) -> Bool {
        let slots = unsafeMemberSlots + depth &* MemberSlots.capacity
        let cursor = unsafeCursors[depth]
        let cursorKey = cursor.object == UInt32(truncatingIfNeeded: start) ? Int(cursor.next) : -1
        var next: Int32 = 0
        var count = 0
        var j = start + 1
        while j < endWord {
            let previousKey = Int(slots[count].valueIndex) &- 1
            guard KeyBytes.equal(tape.stringBytes(previousKey), tape.stringBytes(j)) else { return false }
            slots[count].valueIndex = UInt32(truncatingIfNeeded: j + 1)
            count &+= 1
            if j == cursorKey { next = Int32(truncatingIfNeeded: count) }
            j = tape.skip(j + 1)
        }
        head.pointee = MemberSlots.Head(object: start, count: previous.count, next: next, mask: previous.mask)
        return true
    }

    @inline(__always)
    private func fillSlots(_ head: UnsafeMutablePointer<MemberSlots.Head>, start: Int, endWord: Int, depth: Int,
                           key slotKey: (UnsafeBufferPointer<UInt8>) -> (key: UnsafeBufferPointer<UInt8>, hash: Int)) {
        let slots = unsafeMemberSlots + depth &* MemberSlots.capacity
        let index = unsafeSlotIndex + depth &* MemberSlots.indexSize
        let mask = Int(head.pointee.mask)
        var entry = 0
        while entry <= mask {
            index[entry] = 0
            entry &+= 1
        }
        var count = 0
        var j = start + 1
        // The slot after the member the object's cursor is at (the key `expectedMember` last found,
        // when the table is made after lookups in document order): where the next such lookup is.
        let cursor = unsafeCursors[depth]
        let cursorKey = cursor.object == UInt32(truncatingIfNeeded: start) ? Int(cursor.next) : -1
        while j < endWord {
            let (key, hash) = slotKey(tape.stringBytes(j))
            entry = hash & mask
            while index[entry] != 0 {
                // Two members with the same key: left to `findMember`.
                if Self.slot(slots[Int(index[entry]) &- 1], holds: key) { return }
                entry = (entry &+ 1) & mask
            }
            slots[count] = MemberSlots.Slot(key: key.baseAddress, count: UInt32(truncatingIfNeeded: key.count),
                                            valueIndex: UInt32(truncatingIfNeeded: j + 1))
            count &+= 1
            index[entry] = UInt8(truncatingIfNeeded: count)
            if j == cursorKey { head.pointee.next = Int32(truncatingIfNeeded: count) }
            j = tape.skip(j + 1)
        }
        head.pointee.count = Int32(truncatingIfNeeded: count)
    }
}
