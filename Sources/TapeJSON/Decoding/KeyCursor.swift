/// The key the last lookup in an object found, where the next lookup starts (the next key in document
/// order is usually right after it), and, once a lookup missed, the key lengths the object has. One
/// per depth; `object` says which object the position belongs to.
struct KeyCursor {
    var object: UInt32
    var next: UInt32
    /// Bit `n` set: some key is `n` bytes long (bit 62: 62 bytes or more). Bit 63 marks the set as
    /// recorded; 0 means not recorded yet. Under `.convertFromSnakeCase` bits 0...61 are the keys'
    /// `SnakeCaseConversion.screeningBit`s instead (bit 62: `screenedAfterNext`), and under `.convertFromAnyCase` only bit 63 is
    /// used (the cursor's `KeyLimits` are recorded).
    var lengths: UInt64
    /// `fingerprint` of the key the lookup that left `next` found, or 0 when no lookup found the member
    /// at `next` (a cursor a miss made). Under a key conversion, the member after `next` may be taken
    /// on a spelling hint only when the one at `next` converts to another key than the one asked for
    /// (it converts to the key found there): otherwise the hint, learned from earlier lookups and
    /// documents, could pick a later occurrence than the scan would.
    var found: UInt64 = 0

    static let lengthsRecorded: UInt64 = 1 << 63
    /// Under `.convertFromSnakeCase`: set in `lengths` when its screening bits are those of the members
    /// after `next` only (recorded by a miss that scanned only those; `SessionBuffers.screened` covers the others).
    static let screenedAfterNext: UInt64 = 1 << 62

    @inline(__always)
    static func lengthBit(_ count: Int) -> UInt64 { 1 << UInt64(min(count, 62)) }

    /// Equal keys have equal fingerprints, never 0; unequal keys rarely do (then a lookup only takes
    /// the slower scan).
    @inline(__always)
    static func fingerprint(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        UInt64(truncatingIfNeeded: HashMixing.quick(key)) << 1 | 1
    }
}
