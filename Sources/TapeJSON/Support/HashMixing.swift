/// The hash functions of the decoder's caches, in one place.
///
/// Two kinds of keys are hashed: type identities (metadata addresses, which share their low bits, so
/// they are multiplied by the golden ratio and folded) and short key bytes (a full hash for tables,
/// and a cheap one, from the length and three bytes, for the direct-mapped memos in front of them).
enum HashMixing {
    /// 2^64 divided by the golden ratio: multiplying by it spreads the high bits of its input.
    static let golden: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// A hash of `value` whose low bits depend on all of its bits.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        let product = value &* golden
        return product ^ (product >> 29)
    }

    /// A hash of a type's (or an object's) identity.
    @inline(__always)
    static func mix(_ id: ObjectIdentifier) -> UInt64 {
        mix(UInt64(UInt(bitPattern: id)))
    }

    /// A hash of the length and the first and last (up to) 8 bytes of `bytes`.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        var h = UInt64(truncatingIfNeeded: count) &* golden
        guard let base = bytes.baseAddress, count > 0 else { return h }
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

    /// A cheap hash of `bytes` (their length and three of them), for direct-mapped memos: a key met
    /// again lands on the same entry, which is then compared in full. The combination is multiplied
    /// out before its low bits are taken: unmixed, the generated logs' keys that are on every line
    /// shared entries (`http` and `message`, `host` and `bytes_sent`), so 12% of the key conversion
    /// memo's lookups missed and converted again (callgrind, the LogLine rows).
    @inline(__always)
    static func quick(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        var index = count &* 0x9E37
        if count > 0 {
            let base = bytes.baseAddress.unsafelyUnwrapped
            index ^= Int(base[0]) &* 31 ^ Int(base[count &- 1]) &* 131 ^ Int(base[count >> 1]) &* 1031
        }
        return Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
