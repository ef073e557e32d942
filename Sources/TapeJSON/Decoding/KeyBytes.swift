/// Byte-level helpers for comparing and hashing short UTF-8 keys without building Strings.
///
/// Keys are short (typically 2 to 30 bytes), so a call to `memcmp` costs more than the comparison:
/// these compare 8 bytes at a time with unaligned loads that stay inside both buffers.
enum KeyBytes {
    @inline(__always)
    static func load64(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
    }

    @inline(__always)
    static func load32(_ p: UnsafePointer<UInt8>) -> UInt32 {
        UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
    }

    /// Whether the `count` bytes at `a` and `b` are equal.
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        if count >= 8 {
            var k = 0
            while k &+ 8 <= count {
                if load64(a + k) != load64(b + k) { return false }
                k &+= 8
            }
            if k == count { return true }
            // The last 8 bytes overlap the ones already compared; they stay inside both buffers.
            return load64(a + (count &- 8)) == load64(b + (count &- 8))
        }
        if count >= 4 {
            return load32(a) == load32(b) && load32(a + (count &- 4)) == load32(b + (count &- 4))
        }
        var k = 0
        while k < count {
            if a[k] != b[k] { return false }
            k &+= 1
        }
        return true
    }

    /// Whether two byte buffers hold the same bytes.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        return equal(pa, pb, count: a.count)
    }
}
