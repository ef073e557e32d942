/// Which raw keys can convert to a key starting with a given byte, decided from their first byte
/// alone (a bit per byte value): the byte itself, its upper-case form for an ASCII lower-case letter,
/// and `_`, `-` and non-ASCII bytes (left to the full conversion). Both conversions keep an ASCII first
/// character or lower-case it. An empty key, or an empty raw key, is always left to the full check.
struct FirstByteFilter {
    private var low: UInt64
    private var high: UInt64

    @inline(__always)
    init(convertingTo key: UnsafeBufferPointer<UInt8>) {
        guard let first = key.first else {
            low = ~0
            high = ~0
            return
        }
        // Bytes 0-63 in `low`, 64-127 in `high`; 128-255 always pass.
        low = 1 << UInt64(0x2D)                   // "-"
        high = 1 << UInt64(0x5F - 64)             // "_"
        if first < 64 { low |= 1 << UInt64(first) } else if first < 128 { high |= 1 << UInt64(first - 64) }
        if first &- 0x61 < 26 { high |= 1 << UInt64(first - 0x20 - 64) }
    }

    @inline(__always)
    func admits(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let r = raw.first, r < 128 else { return true }
        let word = r < 64 ? low : high
        return word >> UInt64(r & 63) & 1 != 0
    }
}
