import Foundation

extension JSONByteOutput {
    /// A finite `Decimal` as its `description` writes it (what `JSONEncoder` and `JSONSerialization`
    /// write for one): the significand's digits with the point placed by the exponent, zeros added
    /// after (`1500` for 15e2) or before (`0.0015` for 15e-4) as needed, `-` for a negative value.
    ///
    /// `Decimal.description` divides the 128-bit significand by ten one digit at a time through
    /// arrays and Strings (about 1 µs a number, most of `JSONSerialization.data`'s time on
    /// canada.json). A compact decimal whose significand fits 64 bits is written here from its fields
    /// instead; any other decimal, or a Foundation whose `Decimal` layout is not the one checked by
    /// `DecimalFields.layoutIsKnown`, goes through `description`.
    mutating func appendDecimal(_ value: Decimal) {
        guard let fields = DecimalFields(value) else {
            appendDescription(value)
            return
        }
        if fields.significand == 0 {
            append(UInt8(ascii: "0"))
            return
        }
        // A sign, at most 20 digits, a point, and up to 127 zeros before or after them.
        withUnsafeMutableWritableBytes(minimumWritableBytes: 160) { buffer in
            let start = buffer.baseAddress.unsafelyUnwrapped
            var sign = 0
            if fields.isNegative {
                start[0] = UInt8(ascii: "-")
                sign = 1
            }
            let p = start + sign
            let digitCount = Self.writeUnsigned(fields.significand, at: p)
            let exponent = fields.exponent
            if exponent >= 0 {
                let zeros = sign &+ digitCount
                UnsafeMutableBufferPointer(rebasing: buffer[zeros ..< zeros &+ exponent]).update(repeating: UInt8(ascii: "0"))
                return sign &+ digitCount &+ exponent
            }
            // The digits, then the point moved `-exponent` places to the left.
            let fraction = -exponent
            if fraction < digitCount {
                // 123456e-3: 123.456
                let whole = digitCount &- fraction
                (p + whole + 1).update(from: p + whole, count: fraction)
                p[whole] = UInt8(ascii: ".")
                return sign &+ digitCount &+ 1
            }
            // 123e-6: 0.000123
            let zeros = fraction &- digitCount
            let shift = 2 &+ zeros
            (p + shift).update(from: p, count: digitCount)
            p[0] = UInt8(ascii: "0")
            p[1] = UInt8(ascii: ".")
            UnsafeMutableBufferPointer(rebasing: buffer[sign &+ 2 ..< sign &+ shift]).update(repeating: UInt8(ascii: "0"))
            return sign &+ digitCount &+ shift
        }
    }
}

/// The fields of a compact `Decimal` whose significand fits 64 bits, read from its storage.
///
/// `Decimal` keeps its fields internal; its storage is `NSDecimal`'s: an 8-bit exponent, a word of
/// bit fields (length in 16-bit words in the high nibble of the second byte, then the sign and
/// "compact" bits), and eight little-endian 16-bit words of significand from the fifth byte. That
/// layout is checked once against decimals made by `Decimal(string:)` (`layoutIsKnown`); when the
/// check fails, nothing is read from storage and every decimal is written through `description`.
struct DecimalFields {
    var exponent: Int
    var isNegative: Bool
    var significand: UInt64

    private init(exponent: Int, isNegative: Bool, significand: UInt64) {
        self.exponent = exponent
        self.isNegative = isNegative
        self.significand = significand
    }

    /// Nil for a decimal that is not compact, whose significand needs more than 64 bits, or when the
    /// layout is not the known one.
    @inline(__always)
    init?(_ value: Decimal) {
        guard Self.layoutIsKnown, let raw = Self.read(value) else { return nil }
        self = raw
    }

    private static func read(_ value: Decimal) -> DecimalFields? {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        return withUnsafeBytes(of: value) { bytes -> DecimalFields? in
            let flags = bytes[1]
            let length = Int(flags >> 4)
            let isCompact = flags & 0x04 != 0
            let isNegative = flags & 0x08 != 0
            // Length 0 is zero, or NaN when negative.
            guard length <= 4, length == 0 ? !isNegative : isCompact else { return nil }
            var significand: UInt64 = 0
            for k in stride(from: length - 1, through: 0, by: -1) {
                let word = UInt64(bytes[4 + 2 * k]) | UInt64(bytes[5 + 2 * k]) << 8
                significand = significand << 16 | word
            }
            return DecimalFields(exponent: Int(Int8(bitPattern: bytes[0])), isNegative: isNegative,
                                 significand: significand)
        }
    }

    /// Whether `Decimal`'s storage reads as described above, on decimals whose fields are known.
    static let layoutIsKnown: Bool = {
        let cases: [(String, Int, Bool, UInt64)] = [
            ("123.456", -3, false, 123_456),
            ("-0.000123", -6, true, 123),
            ("15e2", 2, false, 15),
            ("-18446744073709551615", 0, true, 18_446_744_073_709_551_615),
            ("0", 0, false, 0),
        ]
        for (text, exponent, isNegative, significand) in cases {
            guard let decimal = Decimal(string: text), let fields = read(decimal),
                  fields.exponent == exponent, fields.isNegative == isNegative, fields.significand == significand,
                  decimal.description == text.replacingOccurrences(of: "15e2", with: "1500") else { return false }
        }
        // A significand over 64 bits is refused.
        if let big = Decimal(string: "18446744073709551616"), read(big) != nil { return false }
        return true
    }()
}
