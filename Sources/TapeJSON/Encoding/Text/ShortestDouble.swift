/// The text Foundation's JSON writers give a finite Double: Swift's `description` (the fewest
/// significant digits that read back as the same Double; of those, the one closest to its exact value,
/// a tie going to the even last digit) without a trailing `.0`: `1`, `0.1`, `1e-05`, `-0`,
/// `9007199254740992`, `9.007199254740994e+15`, `5e-324`.
///
/// The standard library formats with a Grisu variant that corrects its last digit (about 540
/// instructions a number on canada.json, with the runtime's call around it, callgrind). This is
/// Raffaello Giulietti's Schubfach ("The Schubfach way to render doubles", 2020): three 128-bit
/// multiplications by a tabled power of ten, rounded to odd so that every comparison is exact, pick the
/// shorter of two candidates when one is in the rounding interval and otherwise the closer of the two
/// full-length ones. It gives the same digits: both pick the shortest, then the closest, then the even
/// one (`ShortestDoubleTests` compares the two texts on every class of Double and on random ones; a
/// one-off run compared 700 million values with no difference). The layout (where the point goes, when the exponent is used) is `description`'s:
/// - exponential form below 10^-4 and above 2^53: `1.5e-05`, `1e+16`, with at least two exponent digits;
/// - otherwise positional: `0.0001`, `123.456`, `100`.
enum ShortestDouble {
    /// The most bytes `write` stores: `-2.2250738585072014e-308`.
    static let maximumLength = 24

    /// Writes the text of the finite `value` at `out` (room for `maximumLength` bytes); returns how many
    /// bytes it wrote.
    @inline(__always)
    static func write(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let bits = value.bitPattern
        var p = out
        if bits >> 63 != 0 {
            p.pointee = UInt8(ascii: "-")
            p += 1
        }
        let biased = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
        let fraction = bits & (1 << 52 &- 1)
        if biased == 0 && fraction == 0 {
            p.pointee = UInt8(ascii: "0")
            return p + 1 - out
        }
        let digits: (significand: UInt64, exponent: Int)
        if biased != 0 {
            let c = fraction | 1 << 52
            let q = biased &- 1075
            // An integer below 2^53 is its own shortest text (its neighbours are at most 1 away).
            if q < 0 && q > -53 && c & (1 << UInt64(-q) &- 1) == 0 {
                digits = (c >> UInt64(-q), 0)
            } else {
                digits = shortest(q: q, c: c)
            }
        } else {
            digits = shortest(q: -1074, c: fraction)
        }
        // Above 2^53 (not at it) `description` always uses the exponent.
        let exponential = biased > 1076 || (biased == 1076 && fraction != 0)
        return p + layOut(digits.significand, digits.exponent, exponential: exponential, at: p) - out
    }

    // MARK: - Digits

    /// The shortest, closest decimal `f * 10^e` in the rounding interval of `c * 2^q`.
    @inline(never)
    static func shortest(q: Int, c: UInt64) -> (significand: UInt64, exponent: Int) {
        // In units of a quarter of 2^q: the value and the ends of its rounding interval, which holds its
        // ends when c is even (a text there reads back as this value, ties going to the even one).
        let odd = c & 1
        let cb = c << 2
        let cbr = cb &+ 2
        let cbl: UInt64
        let k: Int
        if c != 1 << 52 || q == -1074 {
            cbl = cb &- 2
            k = floorLog10Pow2(q)
        } else {
            // The lower neighbour of a power of two is half as far as the upper one.
            cbl = cb &- 1
            k = floorLog10ThreeQuartersPow2(q)
        }
        let h = q &+ floorLog2Pow10(-k) &+ 2
        let index = (-k &+ 292) &* 2
        let (g1, g0) = powersOfTen.withUnsafeBufferPointer { ($0[index], $0[index &+ 1]) }
        // 4 * value * 10^-k and the interval's ends, each rounded to odd: s = floor(value * 10^-k).
        let vb = roundToOdd(g1, g0, cb << UInt64(h))
        let vbl = roundToOdd(g1, g0, cbl << UInt64(h))
        let vbr = roundToOdd(g1, g0, cbr << UInt64(h))
        let s = vb >> 2
        if s >= 10 {
            // One digit fewer: the multiples of ten around the value. At most one is in the interval
            // (it is narrower than 10^(k+1)); if one is, it is the answer. (Schubfach as published
            // tries this from s >= 100 only, for Java's two-digit minimum: `description` prints the
            // subnormal 16 * 2^-1074 as `8e-323`.)
            let s10 = s / 10
            let lowerIn = vbl &+ odd <= s10 &* 40
            let upperIn = (s10 &+ 1) &* 40 &+ odd <= vbr
            if lowerIn != upperIn { return (lowerIn ? s10 : s10 &+ 1, k &+ 1) }
        }
        let t = s &+ 1
        let lowerIn = vbl &+ odd <= s << 2
        let upperIn = t << 2 &+ odd <= vbr
        if lowerIn != upperIn { return (lowerIn ? s : t, k) }
        // Both are in: the closer one, an exact tie going to the even one.
        let comparison = Int64(bitPattern: vb &- (s &+ t) << 1)
        return (comparison < 0 || (comparison == 0 && s & 1 == 0) ? s : t, k)
    }

    /// floor(g * cp / 2^127), its last bit set when the rest is not zero (rounded to odd), for the
    /// 126-bit g = g1 * 2^63 + g0.
    @inline(__always)
    private static func roundToOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
        let mask63: UInt64 = 1 << 63 &- 1
        let x1 = g0.multipliedFullWidth(by: cp).high
        let y = g1.multipliedFullWidth(by: cp)
        let z = (y.low >> 1) &+ x1
        let floor = y.high &+ (z >> 63)
        return floor | ((z & mask63) &+ mask63) >> 63
    }

    /// floor(log10(2^e)), exact for |e| <= 5456721.
    @inline(__always)
    static func floorLog10Pow2(_ e: Int) -> Int { (e &* 661_971_961_083) >> 41 }

    /// floor(log10(3/4 * 2^e)), exact for |e| <= 5456721.
    @inline(__always)
    static func floorLog10ThreeQuartersPow2(_ e: Int) -> Int { (e &* 661_971_961_083 &- 274_743_187_321) >> 41 }

    /// floor(log2(10^e)), exact for |e| <= 1650.
    @inline(__always)
    static func floorLog2Pow10(_ e: Int) -> Int { (e &* 913_124_641_741) >> 38 }

    // MARK: - Layout

    /// Writes `f * 10^e` as `description` lays it out, without a trailing `.0`; returns the length.
    @inline(__always)
    private static func layOut(_ significand: UInt64, _ exponent: Int, exponential: Bool,
                               at p: UnsafeMutablePointer<UInt8>) -> Int {
        // At most 15 trailing zeros (`0.1` comes as 1 and 15 zeros): four divisibility tests.
        var f = significand
        var e = exponent
        if f % 100_000_000 == 0 {
            f /= 100_000_000
            e &+= 8
        }
        if f % 10_000 == 0 {
            f /= 10_000
            e &+= 4
        }
        if f % 100 == 0 {
            f /= 100
            e &+= 2
        }
        if f % 10 == 0 {
            f /= 10
            e &+= 1
        }
        let n = DecimalDigits.count(f)
        // The exponent of the first digit: the value is d.ddd * 10^scientific.
        let scientific = e &+ n &- 1
        if exponential || scientific < -4 {
            // "d.ddde+XX": the digits after one free byte, the first moved into it, the point after it.
            DecimalDigits.write(f, count: n, at: p + 1)
            var end = p + 1 + n
            if n > 1 {
                p[0] = p[1]
                p[1] = UInt8(ascii: ".")
            } else {
                p[0] = p[1]
                end = p + 1
            }
            end[0] = UInt8(ascii: "e")
            end[1] = scientific < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            end += 2
            var magnitude = scientific < 0 ? 0 &- scientific : scientific
            if magnitude >= 100 {
                end[0] = UInt8(truncatingIfNeeded: magnitude / 100) &+ 0x30
                end += 1
                magnitude %= 100
            }
            end[0] = UInt8(truncatingIfNeeded: magnitude / 10) &+ 0x30
            end[1] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
            return end + 2 - p
        }
        if scientific < 0 {
            // "0.000ddd": "0.000000" in one store (at most four zeros are kept), then the digits.
            let zeros = 0 &- scientific
            UnsafeMutableRawPointer(p).storeBytes(of: UInt64(0x3030_3030_3030_2E30).littleEndian, as: UInt64.self)
            DecimalDigits.write(f, count: n, at: p + zeros + 1)
            return zeros &+ 1 &+ n
        }
        if scientific &+ 1 < n {
            // "ddd.ddd": the integer digits moved one byte left, the point after them.
            DecimalDigits.write(f, count: n, at: p + 1)
            var i = 0
            while i <= scientific {
                p[i] = p[i &+ 1]
                i &+= 1
            }
            p[scientific &+ 1] = UInt8(ascii: ".")
            return n &+ 1
        }
        // "ddd000": an integer.
        DecimalDigits.write(f, count: n, at: p)
        var i = n
        while i <= scientific {
            p[i] = UInt8(ascii: "0")
            i &+= 1
        }
        return scientific &+ 1
    }
}
