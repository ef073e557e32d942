/// The decimal digits of an unsigned integer, written straight into a byte buffer: the number writers'
/// one digit writer (`JSONByteOutput.appendUnsigned` for integers and decimals, `ShortestDouble` for a
/// Double's significand).
enum DecimalDigits {
    /// The two digits of 0 through 99, in order.
    static let pairs: StaticString = """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """

    /// The number of decimal digits of `value` (1 for 0): from its bit length, corrected by one compare.
    /// (The lowest bit set changes no count, powers of ten being even, and makes 0 count as 1.)
    @inline(__always)
    static func count(_ value: UInt64) -> Int {
        let f = value | 1
        let estimate = ((64 &- f.leadingZeroBitCount) &* 1233) >> 12
        let power = powersOfTen.withUnsafeBufferPointer { $0[estimate] }
        return f >= power ? estimate &+ 1 : estimate
    }

    /// 10^0 through 10^19.
    private static let powersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
        1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// Writes the `count` digits of `value` at `p`: eight at a time from the right (`eightDigits`), the
    /// rest (at most eight) two at a time.
    @inline(__always)
    static func write(_ value: UInt64, count: Int, at p: UnsafeMutablePointer<UInt8>) {
        var v = value
        var end = p + count
        while v >= 100_000_000 {
            let block = UInt32(truncatingIfNeeded: v % 100_000_000)
            v /= 100_000_000
            end -= 8
            UnsafeMutableRawPointer(end).storeBytes(of: eightDigits(block), as: UInt64.self)
        }
        let pairs = Self.pairs.utf8Start
        while v >= 100 {
            let r = Int(truncatingIfNeeded: v % 100) &* 2
            v /= 100
            end -= 2
            end[0] = pairs[r]
            end[1] = pairs[r &+ 1]
        }
        if v >= 10 {
            let r = Int(truncatingIfNeeded: v) &* 2
            end[-2] = pairs[r]
            end[-1] = pairs[r &+ 1]
        } else {
            end[-1] = UInt8(truncatingIfNeeded: v) &+ 0x30
        }
    }

    /// The eight ASCII digits of `n` (below 10^8, leading zeros included) in the byte order of a
    /// little-endian UInt64 store, most significant first: the number split into 4-, 2- and 1-digit
    /// lanes by multiplying with reciprocals, every lane at once.
    @inline(__always)
    private static func eightDigits(_ n: UInt32) -> UInt64 {
        let high = n / 10_000
        // Two 32-bit lanes: the high four digits, then the low four.
        var x = UInt64(high) | UInt64(n &- high &* 10_000) << 32
        // Each lane into 16-bit lanes of two digits: x / 100 (exact below 10^4 as x * 10486 >> 20).
        let hundreds = ((x &* 10_486) >> 20) & 0x0000_007F_0000_007F
        x = hundreds | (x &- hundreds &* 100) << 16
        // Each of those into 8-bit lanes of one digit: x / 10 (exact below 100 as x * 103 >> 10).
        let tens = ((x &* 103) >> 10) & 0x000F_000F_000F_000F
        x = tens | (x &- tens &* 10) << 8
        return (x | 0x3030_3030_3030_3030).littleEndian
    }
}
