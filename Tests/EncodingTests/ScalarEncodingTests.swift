import Foundation
import TapeJSON
import Testing

// Scalars, strings and numbers against Foundation's JSONEncoder, under every output formatting.

@Suite struct ScalarEncodingTests {
    static let formattings = EncoderSettings.allFormattings.map { EncoderSettings(formatting: $0) }

    static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1.5, 100, 1e-7, 1e-6, 1e-5, 1e-4, 0.001, 1e15, 1e16, 1e17, 1e21, 1e22,
        Double("123456789012345680000")!, 9_007_199_254_740_992, Double("9007199254740993")!, 4.35, 2.5e-8, 3.2e-08, 1234.5, -65.613616999999977,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude,
        -.leastNonzeroMagnitude, Double("2.2250738585072009e-308")!, .pi, .ulpOfOne, 1 / 3.0, Double("5e-324")!,
        1.7976931348623157e308,
    ]

    static let floats: [Float] = [
        0, -0.0, 1, 0.1, 1e-7, 3.4028235e38, .leastNonzeroMagnitude, .leastNormalMagnitude, 16_777_216, Float("16777217")!,
        .pi, 1e10, 1.1, -2.5,
    ]

    @Test(arguments: formattings)
    func doublesAsFoundation(_ settings: EncoderSettings) {
        expectSameAsFoundation(Self.doubles, settings)
        for value in Self.doubles {
            expectSameAsFoundation(value, settings)
            expectSameAsFoundation(["x": value], settings)
            expectSameAsFoundation([value as Double?, nil], settings)
        }
    }

    @Test func randomDoublesAsFoundation() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = []
        for _ in 0..<3000 {
            let bits = generator.next() as UInt64
            let value = Double(bitPattern: bits)
            if value.isFinite { values.append(value) }
            values.append(Double.random(in: -1e6...1e6))
            values.append(Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))))
        }
        expectSameAsFoundation(values.filter(\.isFinite))
        let floats = values.map { Float($0) }.filter(\.isFinite)
        expectSameAsFoundation(floats)
    }

    /// The encoder writes number text straight into its buffer (`ShortestDouble` for a Double, the
    /// runtime's printer for a Float), not through `description`: the same text as `description`
    /// without `.0` (Foundation's rule) over many values of every kind: random bit patterns, integers,
    /// short decimals, and every power of ten. (`ShortestDoubleTests` takes each branch of the Double
    /// formatter in turn.)
    @Test func numberTextIsDescriptionAtScale() throws {
        var generator = SystemRandomNumberGenerator()
        var doubles: [Double] = []
        for _ in 0..<40_000 {
            doubles.append(Double(bitPattern: generator.next()))
            doubles.append(Double(Int.random(in: -1_000_000_000...1_000_000_000, using: &generator)))
            doubles.append(Double(Int.random(in: -99_999...99_999, using: &generator)) / [10, 100, 1000, 1e6, 3, 7][Int.random(in: 0..<6)])
        }
        var power = 1.0
        for _ in 0..<330 { doubles.append(power); doubles.append(-power * 1.5); power /= 10 }
        power = 1.0
        for _ in 0..<310 { doubles.append(power); doubles.append(power + 1); power *= 10 }
        doubles = doubles.filter(\.isFinite)
        let floats = doubles.map { Float($0) }.filter(\.isFinite)
        func expected(_ texts: [String]) -> String {
            "[" + texts.map { $0.hasSuffix(".0") ? String($0.dropLast(2)) : $0 }.joined(separator: ",") + "]"
        }
        let encoder = TapeJSONEncoder()
        #expect(String(decoding: try encoder.encode(doubles), as: UTF8.self) == expected(doubles.map(\.description)))
        #expect(String(decoding: try encoder.encode(floats), as: UTF8.self) == expected(floats.map(\.description)))
        // One at a time, through a keyed container (each number its own write into the buffer).
        let keyed = doubles.prefix(2000).map { ["n": $0] }
        let text = String(decoding: try encoder.encode(keyed), as: UTF8.self)
        #expect(text == "[" + doubles.prefix(2000).map { d in
            let t = d.description
            return "{\"n\":" + (t.hasSuffix(".0") ? String(t.dropLast(2)) : t) + "}"
        }.joined(separator: ",") + "]")
    }

    @Test(arguments: formattings)
    func floatsAsFoundation(_ settings: EncoderSettings) {
        expectSameAsFoundation(Self.floats, settings)
        for value in Self.floats { expectSameAsFoundation(["f": value], settings) }
    }

    @Test func integersAtTheirLimits() {
        expectSameAsFoundation([Int.min, Int.max, 0, -1, 9, 10, 99, 100, 12_345_678_901_234])
        expectSameAsFoundation([Int8.min, Int8.max])
        expectSameAsFoundation([Int16.min, Int16.max])
        expectSameAsFoundation([Int32.min, Int32.max])
        expectSameAsFoundation([Int64.min, Int64.max])
        expectSameAsFoundation([UInt.max, 0])
        expectSameAsFoundation([UInt8.max])
        expectSameAsFoundation([UInt16.max])
        expectSameAsFoundation([UInt32.max])
        expectSameAsFoundation([UInt64.max, 10_000_000_000_000_000_000])
        expectSameAsFoundation([Int128.min, Int128.max, 0, -1])
        expectSameAsFoundation([UInt128.max, 0])
        expectSameAsFoundation(["a": Int128.min])
        expectSameAsFoundation(Int128.max)
        for exponent in 0..<64 {
            let value = UInt64(1) << exponent
            expectSameAsFoundation([value, value - 1, value + 1])
            expectSameAsFoundation([-Int64(bitPattern: value >> 1) - 1])
        }
    }

    @Test func booleansAndNull() {
        expectSameAsFoundation(true)
        expectSameAsFoundation([false, true])
        expectSameAsFoundation(Int?.none)
        expectSameAsFoundation([String?.none, "x"])
        expectSameAsFoundation(["a": Bool?.none])
    }

    static let strings: [String] = [
        "", "plain", "a/b//c", "\"quoted\"", "back\\slash", "\u{0}\u{1}\u{2}\u{7}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{E}\u{F}",
        "\u{10}\u{11}\u{1A}\u{1B}\u{1F}", "\u{7F}\u{80}\u{9F}", "café", "東京", "🚀 emoji 👩‍👩‍👧", "\u{2028}\u{2029}",
        "\u{FEFF}bom", "tab\there", "long run without escapes to use the eight byte path aaaaaaaaaaaaaaaaaaaa",
        "escape at the end of a long run aaaaaaaaaaaaaaaaaaaaaaaaaa\n", "</script>", "\\/\\/",
        String(repeating: "x\u{1}y/é", count: 100), String(repeating: "a", count: 10_000),
    ]

    @Test(arguments: formattings)
    func stringsWithEveryEscapeClass(_ settings: EncoderSettings) {
        expectSameAsFoundation(Self.strings, settings)
        for string in Self.strings {
            expectSameAsFoundation(string, settings)
            expectSameAsFoundation([string: string], settings)
        }
        var all = ""
        for scalar in 0..<0x80 { all.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
        expectSameAsFoundation(all, settings)
        expectSameAsFoundation([all: 1], settings)
    }

    /// Strings of every length up to 40 drawn from an alphabet thick with escapes, so that escapes
    /// fall at every position of the eight-byte words `appendQuoted` tests, several in one word,
    /// and in the tail after the last whole word.
    @Test func randomStringsWithEscapesAtEveryPosition() {
        let alphabet: [Unicode.Scalar] = ["a", "b", "/", "\\", "\"", "\u{0}", "\u{1F}", "\n", "\t", "é", "東", "🚀", "\u{7F}", " "]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(truncatingIfNeeded: state >> 1)
        }
        var strings: [String] = []
        for _ in 0..<1500 {
            var text = ""
            for _ in 0..<(next() % 41) { text.unicodeScalars.append(alphabet[next() % alphabet.count]) }
            strings.append(text)
        }
        for settings in [EncoderSettings(formatting: [.sortedKeys]), EncoderSettings(formatting: [.sortedKeys, .withoutEscapingSlashes])] {
            expectSameAsFoundation(strings, settings)
            expectSameAsFoundation(Dictionary(strings.map { ($0, 0) }, uniquingKeysWith: { first, _ in first }), settings)
        }
    }

    @Test func invalidSurrogatesAreRepairedBeforeEncoding() {
        // A Swift String cannot hold a lone surrogate: decoding one gives U+FFFD, written as UTF-8.
        let repaired = String(decoding: [0xD800] as [UInt16], as: UTF16.self)
        expectSameAsFoundation([repaired])
        expectSameAsFoundation(String(decoding: [0xED, 0xA0, 0x80, 0x41] as [UInt8], as: UTF8.self))
    }

    @Test func decimals() {
        let texts = ["0", "1.5", "-0.000", "12345678901234567890.123456789", "-1e-10", "1e30", "3.14159",
                     "0.1", "-42", "99999999999999999999999999999999999999"]
        let values = texts.map { Decimal(string: $0)! }
        expectSameAsFoundation(values)
        expectSameAsFoundation(["d": values[1]])
        expectSameAsFoundation(values[3])
        expectSameAsFoundation(Decimal.greatestFiniteMagnitude)
        expectSameAsFoundation(Decimal.leastFiniteMagnitude)
    }

    /// The decimal text is written from the decimal's fields when its significand fits 64 bits: every
    /// exponent from -128 to 127 and significands of every length, against `description`, both signs.
    @Test func decimalTextMatchesDescriptionForEveryExponent() throws {
        var generator = SystemRandomNumberGenerator()
        var texts: [String] = []
        for exponent in -128...127 {
            for digits in [1, 2, 5, 9, 15, 19, 20] {
                let significand = digits == 20 ? UInt64.random(in: 10_000_000_000_000_000_000...UInt64.max, using: &generator)
                    : UInt64.random(in: 1...UInt64(pow(10.0, Double(digits))) - 1, using: &generator)
                for sign in ["", "-"] { texts.append("\(sign)\(significand)e\(exponent)") }
            }
        }
        texts += ["0", "-0", "18446744073709551615", "18446744073709551616", "0.000", "1.000", "1e-128", "1e127"]
        let values = texts.compactMap { Decimal(string: $0) }
        #expect(values.count > 3000)
        expectSameAsFoundation(values)
        let graph = values.map { NSDecimalNumber(decimal: $0) }
        #expect(try TapeJSONSerialization.data(withJSONObject: graph) == JSONSerialization.data(withJSONObject: graph))
    }

    @Test func decimalNaNThrowsInsteadOfWritingNaN() throws {
        #expect(throws: EncodingError.self) { try TapeJSONEncoder().encode([Decimal.nan]) }
        // Foundation writes the non-JSON text NaN.
        #expect(String(decoding: try JSONEncoder().encode([Decimal.nan]), as: UTF8.self) == "[NaN]")
    }

    @Test func urls() {
        expectSameAsFoundation([URL(string: "http://x.com/a?b=1#f")!, URL(fileURLWithPath: "/tmp/x y")])
        expectSameAsFoundation(["u": URL(string: "https://example.com/")!],
                               EncoderSettings(formatting: [.sortedKeys, .withoutEscapingSlashes]))
        expectSameAsFoundation(URL(string: "relative/path", relativeTo: URL(string: "http://h/base/"))!)
    }
}
