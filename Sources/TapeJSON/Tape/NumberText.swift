// A number's text, found again from its tape index.
//
// simdjson's tape keeps a number's binary value only: no source offset, no text. A few readers need the
// text itself: an exact `Decimal`, an integer written with a fraction or an exponent beyond 2^53, the
// sign of `-0` (the tape holds the integer 0) and the check that a number read as zero was written as
// zero (`1e-400` is a zero on the tape). These are rare, so nothing is recorded while parsing; instead:
//
// 1. One vectorised scan of the input (`tj_number_scan` in the shim, run at most once per document, on
//    the first zero read as a floating-point number) looks for the only spellings that make a zero on the tape differ from the text: `-0` not
//    followed by a fraction or exponent (an integer 0 on the tape), and a negative exponent of three or
//    more digits or a fraction starting with seven zeros (a Double 0 on the tape). A document without
//    them (almost all) answers every zero from the tape alone.
// 2. `NumberLocator` walks the input in step with the tape (the input is valid JSON: simdjson accepted
//    it): each `{`, `[`, `}`, `]`, string and literal is one tape word, each number two. The walk resumes
//    where the previous lookup stopped, so values read in document order cost one pass in total; a
//    lookup behind it (a type that asks for its keys in another order than the document's) resumes
//    from the walk's last checkpoint before the number, so no lookup walks more than
//    `checkpointSpacing` tape words of text it has walked before.
//
// Both run only on those rare paths, and only on the input of the parse that made the tape (the decoder
// keeps a pointer to it for the call, copying it only when a container outlives the call).

/// Finds the text of the number at a tape index by walking valid JSON in step with its tape.
struct NumberLocator {
    /// The tape index of the next value the walk meets, and the byte offset where it resumes.
    private var tapeIndex = 1
    private var offset = 0
    /// Points the walk can resume from, one per `checkpointSpacing` tape words walked, in tape order:
    /// the tape index of the next value and the byte offset there. Without them a lookup behind the
    /// walk started again from the document's first byte: marine_ik.json (6,085 `-0`s, its keyframes'
    /// keys in two orders) took 450 ms to decode into a model, 0.23x `JSONDecoder`, all of it here.
    private var checkpoints: [(tapeIndex: Int, offset: Int)] = []
    /// Text bytes walked so far, over all lookups (the tests bound it: each lookup walks little).
    private(set) var bytesWalked = 0

    /// Tape words between two checkpoints: a lookup behind the walk walks at most this many again.
    static let checkpointSpacing = 256

    /// The byte range of the number at tape index `target` (a number word of the tape parsed from
    /// `text`), or nil when `target` is not a number of that tape.
    mutating func range(ofNumberAt target: Int, in text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        if target < tapeIndex { (tapeIndex, offset) = checkpoint(atOrBefore: target) }
        var found: Range<Int>? = nil
        while found == nil && tapeIndex <= target && offset < text.count {
            // Walk to the target or to the next checkpoint's tape index, whichever comes first, and
            // record where the walk stopped when that is past the last checkpoint by the spacing.
            let last = checkpoints.last?.tapeIndex ?? 1
            let stop = min(target, last + Self.checkpointSpacing)
            let start = offset
            (tapeIndex, offset) = Self.walk(text, tapeIndex: tapeIndex, offset: offset, stopAfter: stop) { t, range in
                if t == target { found = range }
                return t < target
            }
            bytesWalked += offset - start
            if tapeIndex > last + Self.checkpointSpacing { checkpoints.append((tapeIndex, offset)) }
        }
        return found
    }

    /// The last checkpoint at or before tape index `target` (the document's start when there is none).
    private func checkpoint(atOrBefore target: Int) -> (Int, Int) {
        var low = 0
        var high = checkpoints.count
        while low < high {
            let middle = (low + high) / 2
            if checkpoints[middle].tapeIndex <= target { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? (1, 0) : checkpoints[low - 1]
    }

    /// Walks `text` from byte `offset`, where the value at `tapeIndex` starts (or whitespace or a
    /// separator before it), calling `body` with each number's tape index and byte range while it
    /// returns true, and stopping once past tape index `stopAfter`. Returns the tape index and offset
    /// where the walk stopped (after the last number handed to `body`).
    static func walk(_ text: UnsafeBufferPointer<UInt8>, tapeIndex: Int, offset: Int, stopAfter: Int,
                     _ body: (Int, Range<Int>) -> Bool) -> (tapeIndex: Int, offset: Int) {
        let count = text.count
        var i = offset
        var t = tapeIndex
        // Tested most common first, numbers and separators, as a chain of ranges and comparisons: as a
        // `switch`, one indirect jump per token, mispredicted between a number and its comma, was half
        // of this walk (perf, marine_ik.json's long lists of numbers).
        while i < count && t <= stopAfter {
            let byte = text[i]
            if (byte &- 0x30) >= 10 && byte != UInt8(ascii: "-") {
                if byte == UInt8(ascii: ",") || byte == 0x20 || byte == 0x0A || byte == UInt8(ascii: ":")
                    || byte == 0x0D || byte == 0x09 {
                    i += 1
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    t += 1
                    i = ValidatedText.stringEnd(text.baseAddress.unsafelyUnwrapped, from: i, count: count)
                    continue
                }
                // `{`, `[`, `}` and `]` (`[` and `]` are `{` and `}` without bit 5).
                if byte | 0x20 == UInt8(ascii: "{") || byte | 0x20 == UInt8(ascii: "}") {
                    t += 1
                    i += 1
                    continue
                }
                if byte == UInt8(ascii: "t") || byte == UInt8(ascii: "n") || byte == UInt8(ascii: "f") {
                    t += 1
                    i += byte == UInt8(ascii: "f") ? 5 : 4
                    continue
                }
                // Nothing else starts a value of valid JSON: taken as a number's first byte.
            }
            let start = i
            i += 1
            while i < count, NumberSyntax.isNumberByte(text[i]) { i += 1 }
            let numberIndex = t
            t += 2
            if !body(numberIndex, start..<i) { return (t, i) }
        }
        return (t, i)
    }
}

/// Facts about the text of a JSON number (already validated: simdjson accepted it, or the scanner
/// that looked for big numbers checked its grammar).
enum NumberSyntax {
    @inline(__always)
    static func isNumberByte(_ b: UInt8) -> Bool {
        (b &- 0x30) < 10 || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
            || b | 0x20 == UInt8(ascii: "e")
    }

    /// Whether the number is an integer literal (no fraction, no exponent).
    static func isIntegerLiteral(_ text: some StringProtocol) -> Bool {
        !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
    }

    /// Whether the number's value is zero: no digit 1-9 before its exponent.
    static func isTrueZero(_ text: some StringProtocol) -> Bool {
        for b in text.utf8 {
            if b | 0x20 == UInt8(ascii: "e") { return true }
            if b >= UInt8(ascii: "1") && b <= UInt8(ascii: "9") { return false }
        }
        return true
    }

    /// The integer the number's text stands for, rounded toward zero, when it fits `T` (read from the
    /// digits, never through a `Double`); nil when it does not fit.
    static func truncatedInteger<T: FixedWidthInteger>(_ type: T.Type, from text: String) -> T? {
        // The value is 0.d1d2d3... × 10^point, with `digits` the mantissa's digits without leading zeros.
        var negative = false
        var digits: [UInt8] = []
        var point = 0
        var seenPoint = false
        var exponent = 0
        var exponentNegative = false
        var inExponent = false
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "-"):
                if inExponent { exponentNegative = true } else { negative = true }
            case UInt8(ascii: "+"):
                break
            case UInt8(ascii: "."):
                seenPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                inExponent = true
            default:
                if inExponent {
                    // Past 40 digits nothing fits a 128-bit integer: the exponent only needs to be known as large.
                    exponent = min(exponent * 10 + Int(b &- 0x30), 1_000_000)
                } else if digits.isEmpty && b == UInt8(ascii: "0") {
                    if seenPoint { point -= 1 }
                } else {
                    digits.append(b)
                    if !seenPoint { point += 1 }
                }
            }
        }
        point += exponentNegative ? -exponent : exponent
        if digits.isEmpty || point <= 0 { return T.zero }
        if point > 40 { return nil }
        var integerDigits = Array(digits.prefix(point))
        while integerDigits.count < point { integerDigits.append(UInt8(ascii: "0")) }
        let literal = (negative ? "-" : "") + String(decoding: integerDigits, as: UTF8.self)
        return T(literal, radix: 10)
    }
}
