/// Finds where an input that simdjson rejected goes wrong.
///
/// simdjson reports only an error code. This is a strict RFC 8259 scanner, iterative (a depth bomb
/// cannot overflow the stack), that runs only after simdjson has failed and stops at the first byte
/// that cannot be part of a valid document. It applies simdjson's rules where RFC 8259 leaves room:
/// the same depth limit, unpaired surrogate escapes rejected, numbers must fit a Double.
struct ErrorLocator {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int

    /// The first problem in the input, or nil when this scanner finds the document valid.
    func locate() -> (kind: JSONError.Kind, offset: Int)? {
        var containers: [UInt8] = []  // '{' or '['
        var i = skipWhitespace(0)
        if i == bytes.count { return (.emptyInput, bytes.count) }

        // The scanner alternates between reading a value and deciding what may follow it.
        readValue: while true {
            guard i < bytes.count else { return (.unexpectedEndOfInput, i) }
            switch bytes[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let open = bytes[i]
                let openAt = i
                i = skipWhitespace(i + 1)
                guard i < bytes.count else { return (.unexpectedEndOfInput, i) }
                let close = open == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if bytes[i] == close {
                    // simdjson does not count an empty container toward the depth.
                    i += 1
                    break
                }
                // simdjson counts the document root as depth 0 and fails when an opening bracket of a
                // non-empty container would reach maxDepth.
                if containers.count + 1 >= maxDepth { return (.depthLimitExceeded, openAt) }
                containers.append(open)
                if open == UInt8(ascii: "{") {
                    if let problem = readKey(&i) { return problem }
                    continue readValue
                } else {
                    continue readValue
                }
            case UInt8(ascii: "\""):
                if let problem = readString(&i) { return problem }
            case UInt8(ascii: "t"):
                if let problem = readLiteral(&i, "true") { return problem }
            case UInt8(ascii: "f"):
                if let problem = readLiteral(&i, "false") { return problem }
            case UInt8(ascii: "n"):
                if let problem = readLiteral(&i, "null") { return problem }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if let problem = readNumber(&i) { return problem }
            default:
                return (unexpected(at: i), i)
            }

            // After a value: close containers, or a comma and the next member or element.
            while true {
                i = skipWhitespace(i)
                guard let open = containers.last else {
                    return i == bytes.count ? nil : (.trailingContent, i)
                }
                guard i < bytes.count else { return (.unexpectedEndOfInput, i) }
                let close = open == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if bytes[i] == close {
                    containers.removeLast()
                    i += 1
                    continue
                }
                guard bytes[i] == UInt8(ascii: ",") else { return (unexpected(at: i), i) }
                i = skipWhitespace(i + 1)
                if open == UInt8(ascii: "{") {
                    if let problem = readKey(&i) { return problem }
                }
                continue readValue
            }
        }
    }

    private func unexpected(at i: Int) -> JSONError.Kind {
        bytes[i] >= 0x80 && utf8SequenceLength(at: i) == nil ? .invalidUTF8 : .unexpectedCharacter
    }

    private func skipWhitespace(_ start: Int) -> Int {
        var i = start
        while i < bytes.count, ValidatedText.isWhitespace(bytes[i]) { i += 1 }
        return i
    }

    /// `"key"` then `:` then whitespace; leaves `i` at the value.
    private func readKey(_ i: inout Int) -> (JSONError.Kind, Int)? {
        guard i < bytes.count else { return (.unexpectedEndOfInput, i) }
        guard bytes[i] == UInt8(ascii: "\"") else { return (unexpected(at: i), i) }
        if let problem = readString(&i) { return problem }
        i = skipWhitespace(i)
        guard i < bytes.count else { return (.unexpectedEndOfInput, i) }
        guard bytes[i] == UInt8(ascii: ":") else { return (unexpected(at: i), i) }
        i = skipWhitespace(i + 1)
        return nil
    }

    private func readLiteral(_ i: inout Int, _ word: StaticString) -> (JSONError.Kind, Int)? {
        let start = i
        for k in 0..<word.utf8CodeUnitCount {
            guard i < bytes.count else { return (.unexpectedEndOfInput, i) }
            guard bytes[i] == word.utf8Start[k] else { return (.invalidLiteral, start) }
            i += 1
        }
        if i < bytes.count, ValidatedText.continuesLiteral(bytes[i]) { return (.invalidLiteral, start) }
        return nil
    }

    private func isDigit(_ i: Int) -> Bool {
        i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9")
    }

    private func readNumber(_ i: inout Int) -> (JSONError.Kind, Int)? {
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { return (.unexpectedEndOfInput, i) }
        guard isDigit(i) else { return (.invalidNumber, i) }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            while isDigit(i) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count else { return (.unexpectedEndOfInput, i) }
            guard isDigit(i) else { return (.invalidNumber, i) }
            while isDigit(i) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count else { return (.unexpectedEndOfInput, i) }
            guard isDigit(i) else { return (.invalidNumber, i) }
            while isDigit(i) { i += 1 }
        }
        if i < bytes.count, ValidatedText.continuesLiteral(bytes[i]) { return (.invalidNumber, i) }
        // Grammar is fine. Numbers simdjson cannot hold (beyond 64-bit integers, magnitudes a Double
        // cannot hold) are valid JSON: the parser reads them through `BigNumbers`, so they are no error.
        return nil
    }

    /// Four hex digits after `\u` at `i` (pointing at the backslash).
    private func readUnicodeEscape(_ i: Int) -> (UInt32?, Int) {
        var value: UInt32 = 0
        for k in 2..<6 {
            guard i + k < bytes.count else { return (nil, bytes.count) }
            guard let digit = ByteScan.hexValue(bytes[i + k]) else { return (nil, i + k) }
            value = value << 4 | UInt32(digit)
        }
        return (value, i + 6)
    }

    /// A string starting at the quote at `i`; leaves `i` just past the closing quote.
    private func readString(_ i: inout Int) -> (JSONError.Kind, Int)? {
        i += 1
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""):
                i += 1
                return nil
            case UInt8(ascii: "\\"):
                guard i + 1 < bytes.count else { return (.unexpectedEndOfInput, bytes.count) }
                switch bytes[i + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 2
                case UInt8(ascii: "u"):
                    let escapeStart = i
                    let (unit, next) = readUnicodeEscape(i)
                    guard let unit else {
                        return next >= bytes.count ? (.unexpectedEndOfInput, next) : (.invalidEscape, escapeStart)
                    }
                    i = next
                    if unit >= 0xDC00 && unit <= 0xDFFF { return (.invalidEscape, escapeStart) }
                    if unit >= 0xD800 && unit <= 0xDBFF {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u")
                        else { return i >= bytes.count ? (.unexpectedEndOfInput, i) : (.invalidEscape, escapeStart) }
                        let (low, after) = readUnicodeEscape(i)
                        guard let low, low >= 0xDC00 && low <= 0xDFFF else {
                            return after >= bytes.count ? (.unexpectedEndOfInput, after) : (.invalidEscape, escapeStart)
                        }
                        i = after
                    }
                default:
                    return (.invalidEscape, i)
                }
            case 0x00..<0x20:
                return (.unescapedControlCharacter, i)
            case 0x80...0xFF:
                guard let length = utf8SequenceLength(at: i) else { return (.invalidUTF8, i) }
                i += length
            default:
                i += 1
            }
        }
        return (.unexpectedEndOfInput, bytes.count)
    }

    /// The length of the well-formed UTF-8 sequence at `i` (Unicode Table 3-7), or nil.
    func utf8SequenceLength(at i: Int) -> Int? {
        let lead = bytes[i]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard i + length <= bytes.count else { return nil }
        guard bytes[i + 1] >= low && bytes[i + 1] <= high else { return nil }
        for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return nil }
        return length
    }
}
