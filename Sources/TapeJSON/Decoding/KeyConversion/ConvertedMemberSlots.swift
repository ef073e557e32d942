/// The generated path's member lookup under a key conversion (`.convertFromSnakeCase`,
/// `.convertFromAnyCase`): each member's key converted once, then every key the type asks for found
/// among the converted keys, first where the previous one was found.
///
/// A keyed container's lookup (`DecodingSession.findMember`) converts keys while it scans, from its
/// cursor, with a spelling hint per `CodingKey`: about 250 instructions per key on the LogLine rows,
/// half of the generated decoding of a line (callgrind). Here an object's members are converted on the
/// first lookup (one memoized conversion each), and a lookup compares the asked key with one converted
/// key when the type asks in document order, or with each of them (mostly a length) otherwise.
///
/// The answer is the one `findMember` gives: with no two members converting to the same key, the only
/// member that converts to the asked key, or none. An object with two such members (`user_id` and
/// `userId` under `.convertFromAnyCase`), or more members than `capacity`, is left to `findMember`,
/// whose cursor decides which of two duplicates is read.
enum ConvertedMemberSlots {
    /// Members an object may have to be looked up here.
    static let capacity = 32

    /// One member: its converted key and the tape index of its value.
    struct Slot {
        var key: UnsafePointer<UInt8>?
        var count: UInt32
        var valueIndex: UInt32
    }

    /// The slots of the object at one depth.
    struct Head {
        /// Tape index of the object's `{` word, or -1 when the slots hold no object.
        var object: Int
        /// The number of slots, or -1 when the object is left to `findMember`.
        var count: Int32
        /// The slot after the one the last lookup found.
        var next: Int32
        /// The `screeningBit`s of the converted keys: a key whose bit is clear is no member's, with no
        /// comparison (most absent optional properties; on a LogLine object, about a tenth of the
        /// generated decoding's instructions went to comparing them with every slot, callgrind).
        var keyBits: UInt64

        static let empty = Head(object: -1, count: 0, next: 0, keyBits: 0)
    }
}

extension DecodingSession {
    /// Under a key conversion, the tape index of the value of the member whose converted key is `key`
    /// in the object at `start` (its `}` word at `endWord`, its containers at `depth`): a value index,
    /// 0 when no member has the key, or -1 when the object is left to `findMember`.
    @inline(__always)
    func convertedMemberSlot(utf8 key: UnsafeBufferPointer<UInt8>, start: Int, endWord: Int, depth: Int) -> Int {
        let head = unsafeSlotHeads + depth
        if head.pointee.object != start { fillSlots(head, start: start, endWord: endWord, depth: depth) }
        let count = Int(head.pointee.count)
        if count < 0 { return -1 }
        let slots = unsafeMemberSlots + depth &* ConvertedMemberSlots.capacity
        let expected = Int(head.pointee.next)
        if expected < count, Self.slot(slots[expected], holds: key) {
            head.pointee.next = Int32(truncatingIfNeeded: expected &+ 1)
            return Int(slots[expected].valueIndex)
        }
        if head.pointee.keyBits & Self.screeningBit(key) == 0 { return 0 }
        var s = 0
        while s < count {
            if s != expected, Self.slot(slots[s], holds: key) {
                head.pointee.next = Int32(truncatingIfNeeded: s &+ 1)
                return Int(slots[s].valueIndex)
            }
            s &+= 1
        }
        return 0
    }

    @inline(__always)
    private static func slot(_ slot: ConvertedMemberSlots.Slot, holds key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(slot.count) == key.count else { return false }
        guard let a = slot.key, let b = key.baseAddress else { return true }
        return KeyBytes.equal(a, b, count: key.count)
    }

    /// One of 64 bits for a converted key, the same for equal keys: `HashMixing.quick`'s low bits.
    @inline(__always)
    static func screeningBit(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        1 &<< UInt64(HashMixing.quick(key) & 63)
    }

    /// Converts the keys of the object at `start` into the slots of `depth`, or marks the object as
    /// left to `findMember` (too many members, or two that convert to the same key).
    @inline(never)
    private func fillSlots(_ head: UnsafeMutablePointer<ConvertedMemberSlots.Head>, start: Int, endWord: Int, depth: Int) {
        head.pointee = ConvertedMemberSlots.Head(object: start, count: -1, next: 0, keyBits: 0)
        guard tape.storedCount(start) <= ConvertedMemberSlots.capacity,
              let cache = withUnsafeWorkspace({ $0.unmanagedConversionCache }) else { return }
        let slots = unsafeMemberSlots + depth &* ConvertedMemberSlots.capacity
        var count = 0
        var j = start + 1
        // A bit per converted key, from its length and its first and last bytes (modulo 64): a key
        // whose bit no earlier key has is no duplicate, with no comparison. (The length alone, as
        // before, collided on most LogLine keys, each collision comparing with every earlier slot:
        // a third of this function's instructions, callgrind.)
        var seen: UInt64 = 0
        cache._withUnsafeGuaranteedRef { cache in
            while j < endWord {
                let converted = cache.memoizedConversion(of: tape.stringBytes(j))
                let slot = ConvertedMemberSlots.Slot(key: converted.baseAddress, count: UInt32(truncatingIfNeeded: converted.count),
                                                     valueIndex: UInt32(truncatingIfNeeded: j + 1))
                let keyBit = Self.screeningBit(converted)
                if seen & keyBit != 0 {
                    var k = 0
                    while k < count {
                        if Self.slot(slots[k], holds: converted) { return }
                        k &+= 1
                    }
                }
                seen |= keyBit
                slots[count] = slot
                count &+= 1
                j = tape.skip(j + 1)
            }
            head.pointee.count = Int32(truncatingIfNeeded: count)
            head.pointee.keyBits = seen
        }
    }
}
