import Foundation

/// The `NSNumber` Foundation's `JSONSerialization` makes for a JSON number, and the shared leaves.
///
/// Foundation decides on the number's text (swift-corelibs-foundation, `NSNumber.fromJSONNumber`):
/// 1. No `.` and no lower-case `e`: a non-negative literal of at most 20 characters that fits `UInt64`
///    becomes `NSNumber(value: UInt64)`; a negative one of at most 19 characters (sign included)
///    that fits `Int64` becomes `NSNumber(value: Int64)`.
/// 2. Otherwise, more than 17 characters before the `e` (sign and point included) and an exponent
///    that parses within -128...127 (0 when it does not parse, or when the exponent is written with
///    `E`): `NSDecimalNumber(decimal: Decimal(string: text))`, when that decimal exists.
/// 3. Otherwise `NSNumber(value: Double(text))`.
///
/// simdjson's tape already says which literals are integers that fit 64 bits (rule 1, or rule 2 for
/// 19-digit negative ones, whose text is their canonical form); only doubles need their text, to
/// count characters. Rule 2's decimal is built from the digits directly when its significand fits
/// 64 bits (bit for bit what `Decimal(string:)` returns: significand stripped of trailing zeros),
/// which is about 90 times faster than `Decimal(string:)`; other decimals use `Decimal(string:)`.
enum FoundationNumbers {
    /// `NSNumber(value: true)`.
    static let trueValue = NSNumber(value: true)
    /// `NSNumber(value: false)`.
    static let falseValue = NSNumber(value: false)
    /// The `NSNull` instance.
    static let null = NSNull()

    /// How many small integers share a cached `NSNumber`.
    static let cachedIntegerCount = 1024
    /// `NSNumber(value: UInt64(n))` for `n` in `0..<cachedIntegerCount` (immutable objects, shared).
    static let cachedIntegers: [NSNumber] = (0..<cachedIntegerCount).map { NSNumber(value: UInt64($0)) }

    /// Foundation's number for a non-negative integer literal.
    @inline(__always)
    static func number(uint64 value: UInt64) -> NSNumber {
        value < UInt64(cachedIntegerCount) ? cachedIntegers[Int(value)] : NSNumber(value: value)
    }

    /// Foundation's number for an integer literal that fits `Int64` (`-0` arrives here as 0; its
    /// `NSNumber` has the same class, `objCType` and value as Foundation's `NSNumber(value: Int64(0))`).
    @inline(__always)
    static func number(int64 value: Int64) -> NSNumber {
        if value >= 0 { return number(uint64: UInt64(value)) }
        // A sign and at most 18 digits is at most 19 characters: rule 1.
        if value > -1_000_000_000_000_000_000 { return NSNumber(value: value) }
        // 19 digits and a sign: rule 2 (its text is canonical, its exponent 0).
        let decimal = compactDecimal(negative: true, significand: value.magnitude, exponent: 0)
            ?? Decimal(string: String(value))!
        return NSDecimalNumber(decimal: decimal)
    }

    /// Foundation's number for the literal `text`, whose value simdjson parsed as `double` (the
    /// correctly rounded value of `text`, as `Double(text)` is).
    static func number(text: UnsafeBufferPointer<UInt8>, double: Double) -> NSNumber {
        var hasPoint = false
        var eIndex: Int?
        for k in 0..<text.count {
            let byte = text[k]
            if byte == UInt8(ascii: ".") {
                hasPoint = true
            } else if byte == UInt8(ascii: "e") {
                eIndex = k
                break
            }
        }
        let isNegative = text.first == UInt8(ascii: "-")
        let digitCount = eIndex ?? text.count
        if !hasPoint && eIndex == nil {
            // Only an integer written with `E`, such as 1E2, reaches here; rule 1 fails for it as it
            // does in Foundation, but stay exact.
            let literal = String(decoding: text, as: UTF8.self)
            if isNegative {
                if digitCount <= 19, let value = Int64(literal) { return NSNumber(value: value) }
            } else {
                if digitCount <= 20, let value = UInt64(literal) { return NSNumber(value: value) }
            }
        }
        var exponent = 0
        if let eIndex, let parsed = parseInt(UnsafeBufferPointer(rebasing: text[(eIndex + 1)...])) {
            exponent = parsed
        }
        if digitCount > 17, exponent >= -128, exponent <= 127,
           let decimal = decimal(text), decimal.isFinite {
            return NSDecimalNumber(decimal: decimal)
        }
        return NSNumber(value: double)
    }

    /// `Int(String(decoding: bytes, as: UTF8.self))` without the String: an optional sign, then
    /// decimal digits, nil when empty, malformed or out of range.
    static func parseInt(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            i = 1
        }
        guard i < bytes.count else { return nil }
        var value = 0
        while i < bytes.count {
            let digit = Int(bytes[i]) &- 48
            guard digit >= 0, digit <= 9 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? times10.subtractingReportingOverflow(digit)
                                             : times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
            i += 1
        }
        return value
    }

    /// `Decimal(string:)` of a JSON number literal.
    static func decimal(_ text: UnsafeBufferPointer<UInt8>) -> Decimal? {
        fastDecimal(text) ?? Decimal(string: String(decoding: text, as: UTF8.self))
    }

    /// `Decimal(string:)` of a JSON number literal whose significand fits 64 bits, built from its
    /// digits; nil for any other literal (including zero), which `Decimal(string:)` then handles.
    static func fastDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Decimal? {
        var i = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { i = 1 }
        var significand: UInt64 = 0
        var exponent = 0
        @inline(__always) func digit(_ k: Int) -> UInt64? {
            guard k < text.count else { return nil }
            let d = UInt64(text[k]) &- 48
            return d <= 9 ? d : nil
        }
        while let d = digit(i) {
            let (times10, o1) = significand.multipliedReportingOverflow(by: 10)
            let (next, o2) = times10.addingReportingOverflow(d)
            if o1 || o2 { return nil }
            significand = next
            i += 1
        }
        if i < text.count, text[i] == UInt8(ascii: ".") {
            i += 1
            while let d = digit(i) {
                let (times10, o1) = significand.multipliedReportingOverflow(by: 10)
                let (next, o2) = times10.addingReportingOverflow(d)
                if o1 || o2 { return nil }
                significand = next
                exponent -= 1
                // Decimal(string:) gives up past 128 fraction digits.
                if exponent < -128 { return nil }
                i += 1
            }
        }
        if i < text.count, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            guard let literal = parseInt(UnsafeBufferPointer(rebasing: text[(i + 1)...])),
                  literal >= -254, literal <= 254 else { return nil }
            exponent += literal
        }
        guard exponent >= -128, exponent <= 127 else { return nil }
        return compactDecimal(negative: negative, significand: significand, exponent: exponent)
    }

    /// The compact `Decimal` `±significand × 10^exponent` (trailing zeros moved into the exponent, as
    /// `Decimal(string:)` leaves it), or nil for zero or an exponent that compaction pushes past 127.
    static func compactDecimal(negative: Bool, significand: UInt64, exponent: Int) -> Decimal? {
        guard significand != 0 else { return nil }
        var significand = significand
        var exponent = exponent
        while significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        guard exponent <= 127 else { return nil }
        return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
    }
}

/// Finds the text of the n-th number of a JSON document (in document order) in its input.
///
/// The tape keeps numbers' values but not their text, which Foundation's typing rules need for
/// doubles. Numbers appear on the tape in the same order as in the text, so the scanner walks the
/// input forward, skipping strings (the only place a digit or `-` can occur outside a number) and
/// counting number tokens, eight bytes at a time where it can. It starts where the previous request
/// stopped, so a whole document costs one pass, and a document without doubles costs nothing. The
/// input is valid JSON (simdjson accepted it), which is what makes this simple scan exact.
struct NumberTextScanner {
    let base: UnsafePointer<UInt8>?
    let count: Int
    /// Where the scan resumes.
    var position = 0
    /// The ordinal of the next number token at or after `position`.
    var nextOrdinal = 0

    init(text: UnsafeRawBufferPointer) {
        base = text.baseAddress?.assumingMemoryBound(to: UInt8.self)
        count = text.count
    }

    /// The bytes of the number with this ordinal (0 is the document's first number), or nil when the
    /// scan has already passed it or the input has no such number.
    mutating func text(ofNumber ordinal: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let base, ordinal >= nextOrdinal else { return nil }
        while true {
            let at = nextInterestingByte(base, from: position)
            guard at < count else {
                position = count
                return nil
            }
            if base[at] == UInt8(ascii: "\"") {
                position = ValidatedText.stringEnd(base, from: at, count: count)
                continue
            }
            // A '-' or a digit: a number starts here.
            var end = at + 1
            while end < count, NumberSyntax.isNumberByte(base[end]) { end += 1 }
            position = end
            let current = nextOrdinal
            nextOrdinal += 1
            if current == ordinal { return UnsafeBufferPointer(start: base + at, count: end - at) }
        }
    }

    /// The bytes of the number with this ordinal, known to be followed by `numbersAfter` numbers,
    /// found by scanning back from the end of the input; the forward scan then resumes after it. Nil
    /// when the forward scan has already passed it or the counts do not match the input.
    mutating func text(ofNumber ordinal: Int, numbersAfter: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let base, ordinal >= nextOrdinal else { return nil }
        var remaining = numbersAfter
        var i = count - 1
        // Outside strings, walking back: a quote closes a string; a digit ends a number.
        while i >= position {
            let byte = base[i]
            if byte == UInt8(ascii: "\"") {
                i = openingQuote(base, closingQuote: i) - 1
                continue
            }
            if byte &- UInt8(ascii: "0") <= 9 {
                let end = i + 1
                var start = i
                while start > 0, NumberSyntax.isNumberByte(base[start - 1]) { start -= 1 }
                if remaining == 0 {
                    guard start >= position else { return nil }
                    position = end
                    nextOrdinal = ordinal + 1
                    return UnsafeBufferPointer(start: base + start, count: end - start)
                }
                remaining -= 1
                i = start - 1
                continue
            }
            i -= 1
        }
        return nil
    }

    /// The index of the quote that opens the string closed by the quote at `closingQuote`: the first
    /// quote before it that is not escaped (preceded by an even number of backslashes).
    private func openingQuote(_ base: UnsafePointer<UInt8>, closingQuote: Int) -> Int {
        var i = closingQuote - 1
        while i >= 0 {
            if base[i] == UInt8(ascii: "\"") {
                var backslashes = 0
                var k = i - 1
                while k >= 0, base[k] == UInt8(ascii: "\\") {
                    backslashes += 1
                    k -= 1
                }
                if backslashes % 2 == 0 { return i }
            }
            i -= 1
        }
        return 0
    }

    // MARK: Eight bytes at a time

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    @inline(__always)
    private static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// High bit set in the lowest byte of `word` equal to `byte` (and possibly, spuriously, in bytes
    /// above it; only the lowest set bit is used).
    @inline(__always)
    private static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// The index of the next `"`, `-` or digit at or after `from` (or `count`). Outside strings valid
    /// JSON holds only ASCII, which the digit test relies on.
    @inline(__always)
    private func nextInterestingByte(_ base: UnsafePointer<UInt8>, from: Int) -> Int {
        var i = from
        while i + 8 <= count {
            let word = Self.load(base + i)
            let atLeast0 = (word | Self.highs) &- (Self.ones &* 0x30)
            let atMost9 = (Self.ones &* 0xB9) &- (word & ~Self.highs)
            let digits = atLeast0 & atMost9 & Self.highs & ~word
            let found = digits | Self.matches(word, UInt8(ascii: "\"")) | Self.matches(word, UInt8(ascii: "-"))
            if found != 0 { return i + found.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < count {
            let byte = base[i]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") <= 9 {
                return i
            }
            i += 1
        }
        return count
    }
}
