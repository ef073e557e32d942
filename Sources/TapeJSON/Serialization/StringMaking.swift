/// Strings for the object graph, made from simdjson's already-validated UTF-8.
///
/// Two things make them cheaper than `String(decoding:as:)`:
/// - no second UTF-8 validation, and the String is told when it is ASCII (checked eight bytes at a
///   time), so hashing it as a dictionary key takes the fast path instead of normalising to NFC;
/// - `KeyCache` hands out one String per distinct key, so the thousands of repeated
///   `"profile_background_image_url_https"` keys of a document share one allocation.
enum StringMaking {
    /// A String holding `bytes` (valid UTF-8).
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(copying: UTF8Span(unchecked: Span(_unsafeElements: bytes), isKnownASCII: isASCII(bytes)))
    }

    /// Whether every byte is below 0x80.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var i = 0
        var bits: UInt64 = 0
        while i + 8 <= bytes.count {
            bits |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            i += 8
        }
        while i < bytes.count {
            bits |= UInt64(base[i])
            i += 1
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }
}

/// A small direct-mapped cache from object-key bytes to the String made for them.
///
/// Documents repeat their keys (every status of a twitter page has the same forty), so a key's String
/// is made once and then shared: a long key's allocation, and for every key the String construction,
/// are saved. A slot remembers where in the string buffer its key was first seen (the buffer outlives
/// the walk) and is replaced on a collision, so a lookup is a hash of the key's length and first and
/// last eight bytes, then a comparison of those words.
///
/// The slots live in temporary (normally stack) memory for the duration of one walk: see `with(_:)`.
struct KeyCache {
    struct Slot {
        /// For keys of up to 8 bytes, all of them; otherwise the first 8.
        var head: UInt64 = 0
        /// For keys of more than 8 bytes, the last 8 (overlapping `head` below 16 bytes).
        var tail: UInt64 = 0
        var count = -1
        /// Where the key was first seen, to compare the middle of keys longer than 16 bytes.
        var bytes: UnsafePointer<UInt8>?
        var string = ""
    }

    static let slotCount = 256
    private let slots: UnsafeMutableBufferPointer<Slot>

    /// Runs `body` with an empty cache whose memory is released when it returns.
    static func with<R>(_ body: (inout KeyCache) throws -> R) rethrows -> R {
        try withUnsafeTemporaryAllocation(of: Slot.self, capacity: slotCount) { slots in
            slots.initialize(repeating: Slot())
            defer { slots.deinitialize() }
            var cache = KeyCache(slots: slots)
            return try body(&cache)
        }
    }

    private init(slots: UnsafeMutableBufferPointer<Slot>) {
        self.slots = slots
    }

    /// The String for `bytes`, from the cache when the same key was seen before.
    ///
    /// A key of up to 16 bytes is compared as two words; a longer one also with `memcmp`.
    @inline(__always)
    func key(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = bytes.baseAddress else { return "" }
        let count = bytes.count
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if count > 8 {
            head = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
            tail = UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)
        } else {
            for k in 0..<count { head = head << 8 | UInt64(base[k]) }
        }
        let mixed = (head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(truncatingIfNeeded: count))
            &* 0xBF58_476D_1CE4_E5B9
        let slot = slots.baseAddress! + Int(truncatingIfNeeded: mixed >> 56)
        if slot.pointee.count == count, slot.pointee.head == head, slot.pointee.tail == tail,
           count <= 16 || memcmp(slot.pointee.bytes!, base, count) == 0 {
            return slot.pointee.string
        }
        let string = StringMaking.string(bytes)
        slot.pointee = Slot(head: head, tail: tail, count: count, bytes: base, string: string)
        return string
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
