/// `allowsJSON5`: JSON5 input translated into JSON, then parsed by simdjson as any document (a slower
/// path, as Foundation's JSON5 scanner is a separate path too).
///
/// The translation works token by token and leaves the grammar to simdjson: comments and trailing
/// commas are dropped; unquoted keys (identifiers: ASCII letters, digits, `$`, `_` and any non-ASCII
/// character; a backslash is kept as a character, as Foundation keeps it) and single-quoted strings
/// become double-quoted strings; `\'` and an escaped line break in a string become the character; hex
/// integers are written in decimal; `+1`, `.5` and `5.` become `1`, `0.5` and `5.0`; `Infinity` and
/// `NaN` (signed or not) become placeholders whose text the document keeps (see `BigNumbers`), and
/// decode as `Double`/`Float` infinities and NaNs, as `Decimal.nan`, and not as integers. What JSON5
/// adds beyond that and Foundation rejects too (`\v`, `\0`, non-ASCII whitespace) is left for
/// simdjson to reject. Each token's offset is kept, so an error is reported at its place in the input.
struct JSON5Translation {
    /// The JSON text, with `Simd.padding` spare capacity.
    private(set) var output: [UInt8] = []
    /// For each token, where it starts in `output` and in the input (both ascending).
    private var anchors: [(output: Int, input: Int)] = []
    /// `Infinity` and `NaN` placeholders: their offset in `output` and their text in the input.
    private(set) var specials: [(offset: Int, text: String)] = []

    private let input: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var pendingComma = false

    /// Translates `bytes`; with `withoutBraces` (`assumesTopLevelDictionary`), input that does not
    /// start with `{` is read as an object's members.
    init(_ bytes: UnsafeRawBufferPointer, withoutBraces: Bool) throws(JSONError) {
        input = bytes.unsafeUInt8s
        output.reserveCapacity(bytes.count + bytes.count / 8 + 16 + Simd.padding)
        var wrap = false
        if withoutBraces {
            try skipSpaceAndComments()
            wrap = i >= input.count || input[i] != UInt8(ascii: "{")
            i = 0
        }
        if wrap { output.append(UInt8(ascii: "{")) }
        try translate()
        if wrap {
            pendingComma = false
            output.append(UInt8(ascii: "}"))
        }
        if pendingComma { output.append(UInt8(ascii: ",")) }
    }

    /// The input offset of an offset in `output` (for errors).
    func inputOffset(of offset: Int) -> Int {
        var low = 0
        var high = anchors.count
        while low < high {
            let mid = (low + high) / 2
            if anchors[mid].output <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return 0 }
        let anchor = anchors[low - 1]
        return min(anchor.input + (offset - anchor.output), input.count)
    }

    /// Whether `text` is one of JSON5's `Infinity` and `NaN` spellings.
    static func isSpecial(_ text: String) -> Bool { specialValue(text) != nil }

    /// The `Double` of `Infinity`, `-Infinity`, `+Infinity`, `NaN`, `-NaN` and `+NaN`.
    static func specialValue(_ text: String) -> Double? {
        var body = Substring(text)
        var negative = false
        if let sign = body.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            body = body.dropFirst()
        }
        switch body {
        case "Infinity": return negative ? -.infinity : .infinity
        case "NaN": return negative ? -.nan : .nan
        default: return nil
        }
    }

    // MARK: - Tokens

    private mutating func translate() throws(JSONError) {
        while true {
            try skipSpaceAndComments()
            guard i < input.count else { return }
            let b = input[i]
            switch b {
            case UInt8(ascii: ","):
                flushComma()
                anchor()
                // The token before it (whitespace and comments leave at most one space).
                let last = output.last == 0x20 ? output.dropLast().last : output.last
                if let last, last == UInt8(ascii: "{") || last == UInt8(ascii: "[") || last == UInt8(ascii: ",") {
                    // No element before it (`[,]`, `[ , ]`, `[1,,]`): kept, for simdjson to reject.
                    output.append(b)
                } else {
                    pendingComma = true
                }
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                pendingComma = false
                anchor()
                output.append(b)
                i += 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                flushComma()
                anchor()
                try string(quote: b)
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
                flushComma()
                anchor()
                try number()
            default:
                flushComma()
                anchor()
                if isIdentifierByte(b) && !(b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) {
                    try word()
                } else {
                    // `{`, `[`, `:` and anything else: simdjson decides.
                    output.append(b)
                    i += 1
                }
            }
        }
    }

    private mutating func flushComma() {
        if pendingComma {
            output.append(UInt8(ascii: ","))
            pendingComma = false
        }
    }

    private mutating func anchor() {
        anchors.append((output.count, i))
    }

    /// Skips whitespace and comments, leaving one space in their place (so `1 2` stays two tokens).
    private mutating func skipSpaceAndComments() throws(JSONError) {
        let start = i
        defer {
            if i > start && !output.isEmpty && output.last != 0x20 { output.append(0x20) }
        }
        while i < input.count {
            switch input[i] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                // JSON's whitespace and JSON5's vertical tab and form feed, as Foundation reads them.
                i += 1
            case UInt8(ascii: "/") where i + 1 < input.count && input[i + 1] == UInt8(ascii: "/"):
                while i < input.count && input[i] != 0x0A && input[i] != 0x0D { i += 1 }
            case UInt8(ascii: "/") where i + 1 < input.count && input[i + 1] == UInt8(ascii: "*"):
                i += 2
                while i + 1 < input.count && !(input[i] == UInt8(ascii: "*") && input[i + 1] == UInt8(ascii: "/")) { i += 1 }
                guard i + 1 < input.count else {
                    throw JSONError(kind: .unexpectedEndOfInput, offset: input.count, in: UnsafeRawBufferPointer(input))
                }
                i += 2
            default:
                return
            }
        }
    }

    /// A string in either quotes, written double-quoted.
    private mutating func string(quote: UInt8) throws(JSONError) {
        output.append(UInt8(ascii: "\""))
        i += 1
        while i < input.count {
            let b = input[i]
            if b == quote {
                output.append(UInt8(ascii: "\""))
                i += 1
                return
            }
            if b == UInt8(ascii: "\\"), i + 1 < input.count {
                let next = input[i + 1]
                switch next {
                case UInt8(ascii: "'"):
                    output.append(next)
                    i += 2
                case UInt8(ascii: "x") where i + 3 < input.count && ByteScan.hexValue(input[i + 2]) != nil && ByteScan.hexValue(input[i + 3]) != nil:
                    // `\xHH`: the same character as `\u00HH`.
                    output.append(contentsOf: Array("\\u00".utf8))
                    output.append(input[i + 2])
                    output.append(input[i + 3])
                    i += 4
                case 0x0A:
                    output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                    i += 2
                case 0x0D:
                    output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                    i += 2
                    if i < input.count, input[i] == 0x0A {
                        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                        i += 1
                    }
                default:
                    // Any other escape is JSON's (or invalid, for simdjson to report).
                    output.append(b)
                    output.append(next)
                    i += 2
                }
                continue
            }
            if b == UInt8(ascii: "\"") {
                // A double quote inside a single-quoted string.
                output.append(UInt8(ascii: "\\"))
            }
            output.append(b)
            i += 1
        }
        // Unterminated: leave it so; simdjson reports the end of input.
    }

    /// A number: decimal (with JSON5's `+`, leading and trailing `.`), hex, `Infinity` or `NaN`.
    private mutating func number() throws(JSONError) {
        let start = i
        var negative = false
        if input[i] == UInt8(ascii: "-") || input[i] == UInt8(ascii: "+") {
            negative = input[i] == UInt8(ascii: "-")
            i += 1
        }
        if i < input.count, input[i] == UInt8(ascii: "I") || input[i] == UInt8(ascii: "N") {
            let wordStart = i
            while i < input.count, isIdentifierByte(input[i]) { i += 1 }
            let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<i]), as: UTF8.self)
            guard Self.isSpecial(text) else {
                throw JSONError(kind: .invalidLiteral, offset: wordStart, in: UnsafeRawBufferPointer(input))
            }
            specials.append((output.count, text))
            output.append(contentsOf: Array("-0.0".utf8))
            return
        }
        if i + 1 < input.count, input[i] == UInt8(ascii: "0"), input[i + 1] | 0x20 == UInt8(ascii: "x") {
            i += 2
            let digitsStart = i
            var value: UInt128 = 0
            var overflow = false
            while i < input.count, let digit = ByteScan.hexValue(input[i]) {
                let (shifted, o1) = value.multipliedReportingOverflow(by: 16)
                let (sum, o2) = shifted.addingReportingOverflow(UInt128(digit))
                overflow = overflow || o1 || o2
                value = sum
                i += 1
            }
            guard i > digitsStart, !overflow else {
                throw JSONError(kind: .invalidNumber, offset: i, in: UnsafeRawBufferPointer(input))
            }
            if negative && value != 0 { output.append(UInt8(ascii: "-")) }
            output.append(contentsOf: Array(String(value).utf8))
            return
        }
        if negative { output.append(UInt8(ascii: "-")) }
        var sawDigit = false
        if i < input.count, input[i] == UInt8(ascii: ".") { output.append(UInt8(ascii: "0")) }
        while i < input.count {
            let b = input[i]
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                sawDigit = true
                output.append(b)
                i += 1
            } else if b == UInt8(ascii: ".") {
                output.append(b)
                i += 1
                // `5.` and `5.e3`: a fraction digit for JSON.
                if i >= input.count || !(input[i] >= UInt8(ascii: "0") && input[i] <= UInt8(ascii: "9")) {
                    output.append(UInt8(ascii: "0"))
                }
            } else if b | 0x20 == UInt8(ascii: "e") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") {
                output.append(b)
                i += 1
            } else {
                break
            }
        }
        if !sawDigit {
            throw JSONError(kind: .invalidNumber, offset: min(i, input.count), in: UnsafeRawBufferPointer(input))
        }
    }

    /// An unquoted key (an identifier a `:` follows, keywords included), or `true`, `false`, `null`,
    /// `Infinity` or `NaN`.
    private mutating func word() throws(JSONError) {
        let start = i
        while i < input.count, isIdentifierByte(input[i]) { i += 1 }
        let bytes = UnsafeBufferPointer(rebasing: input[start..<i])
        let end = i
        let outputCount = output.count
        try skipSpaceAndComments()
        let isKey = i < input.count && input[i] == UInt8(ascii: ":")
        i = end
        output.removeSubrange(outputCount...)
        if !isKey {
            let text = String(decoding: bytes, as: UTF8.self)
            switch text {
            case "true", "false", "null":
                output.append(contentsOf: bytes)
                return
            case "Infinity", "NaN":
                specials.append((output.count, text))
                output.append(contentsOf: Array("-0.0".utf8))
                return
            default:
                throw JSONError(kind: .unexpectedCharacter, offset: start, in: UnsafeRawBufferPointer(input))
            }
        }
        output.append(UInt8(ascii: "\""))
        for b in bytes {
            if b == UInt8(ascii: "\\") { output.append(b) }
            output.append(b)
        }
        output.append(UInt8(ascii: "\""))
    }

    private func isIdentifierByte(_ b: UInt8) -> Bool {
        (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
            || b == UInt8(ascii: "$") || b == UInt8(ascii: "_") || b == UInt8(ascii: "\\") || b >= 0x80
    }
}
