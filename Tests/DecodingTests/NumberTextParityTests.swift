import Foundation
import TapeJSON
import Testing

/// Numbers the tape's binary value cannot answer as Foundation does, read from their text: exact
/// `Decimal`s, the sign of `-0`, zeros that were not written as zero, and integers written with a
/// fraction or exponent. Cases and expected results come from swift-foundation's
/// Tests/FoundationEssentialsTests/JSONEncoderTests.swift (Decimal, Int128/UInt128 slow paths, -0,
/// underflow) and swift-corelibs-foundation's Tests/Foundation/TestJSONEncoder.swift; each is checked
/// against Foundation's `JSONDecoder` on this toolchain.
@Suite("Numbers read from their text, as Foundation does")
struct NumberTextParityTests {
    struct Box<T: Codable & Equatable>: Codable, Equatable {
        var value: T
    }

    // MARK: Decimal

    @Test("Decimal keeps every digit of its text", arguments: [
        "3.14159265358979323846264338327950288",
        "1234567890123456789012345678901234567.8", "-123456789012345678901234567890.12345678",
        "1234567890123456789012345678901234567890123.0",
        "0.1", "0.10000000000000001", "1E-2", "1e5", "-0", "0", "0.0", "-1.5e-3", "99999999999999999999.99",
        "9223372036854775807", "18446744073709551615", "-9223372036854775808",
        "12345678901234567890123456789012345678", "-12345678901234567890123456789012345678",
        "1234567890123456789012345678901234567890123", "18446744073709551616", "-9223372036854775809",
    ])
    func exactDecimal(text: String) throws {
        expectSameDecoding(Decimal.self, json: text)
        expectSameDecoding([Decimal].self, json: "[\(text), 1, \(text)]")
        expectSameDecoding(Box<Decimal>.self, json: #"{"value": \#(text)}"#)
    }

    @Test("Decimal: the literal from the issue keeps its digits")
    func piKeepsItsDigits() throws {
        let value = try TapeJSONDecoder().decode(Decimal.self, from: Data("3.14159265358979323846264338327950288".utf8))
        #expect(value.description == "3.14159265358979323846264338327950288")
    }

    @Test("Decimal: beyond Decimal's exponent range is an error, at the value's path", arguments: [
        "100e200", "1e-400", "-1e300", "1.7976931348623157e308",
    ])
    func decimalOutOfRange(text: String) {
        expectSameDecoding(Box<Decimal>.self, json: #"{"value": \#(text)}"#, notFitPath: ["value"])
        #expect(tapeError(Box<Decimal>.self, json: #"{"value": \#(text)}"#) == ErrorSummary(
            kind: "dataCorrupted", path: ["value"], message: "Parsed JSON number <\(text)> does not fit in Decimal."))
    }

    @Test("Decimal: the text is found past strings with escapes, out of document order and in nested values")
    func decimalsAnywhere() throws {
        struct Invoice: Codable, Equatable {
            var total: Decimal
            var lines: [Line]
            var note: String
            var tax: Decimal?
        }
        struct Line: Codable, Equatable {
            var amount: Decimal
            var label: String
        }
        let json = #"""
        {"note": "a \"quoted\" [1.5] \\", "lines": [{"label": "x\"", "amount": 0.30000000000000000000000000001},
         {"amount": 123456789012345678.123456789, "label": "{}"}], "tax": null,
         "total": 123456789012345678901234567890.12345678}
        """#
        expectSameDecoding(Invoice.self, json: json)
        let invoice = try TapeJSONDecoder().decode(Invoice.self, from: Data(json.utf8))
        #expect(invoice.total.description == "123456789012345678901234567890.12345678")
        #expect(invoice.lines[0].amount.description == "0.30000000000000000000000000001")
    }

    @Test("Decimal: null, strings and containers give Foundation's errors")
    func decimalErrors() {
        expectSameDecoding(Box<Decimal>.self, json: #"{"value": null}"#)
        expectSameDecoding(Box<Decimal>.self, json: #"{"value": "1"}"#)
        expectSameDecoding(Box<Decimal>.self, json: #"{"value": [1]}"#)
        expectSameDecoding(Box<Decimal?>.self, json: #"{"value": null}"#)
    }

    @Test("Decimal: round trips through Foundation's JSONEncoder")
    func decimalRoundTrips() throws {
        let values: [Decimal] = [
            Decimal(string: "3.14159265358979323846264338327950288")!,
            Decimal(string: "-0.000000000000000000000000000000000001")!,
            Decimal(string: "1e-100")!, .zero, Decimal(1.5), Decimal(Int.max),
        ]
        let data = try JSONEncoder().encode(values)
        #expect(try TapeJSONDecoder().decode([Decimal].self, from: data) == JSONDecoder().decode([Decimal].self, from: data))
        #expect(try TapeJSONDecoder().decode([Decimal].self, from: data) == values)
    }

    @Test("Decimal: a container kept after the call still reads the number's text")
    func decimalFromKeptContainer() throws {
        struct Keeper: Decodable {
            enum Keys: String, CodingKey { case amount, other }
            let container: KeyedDecodingContainer<Keys>
            init(from decoder: any Decoder) throws {
                container = try decoder.container(keyedBy: Keys.self)
            }
        }
        var bytes = Array(#"{"other": "x", "amount": 1.000000000000000000000000000001}"#.utf8)
        let keeper = try bytes.withUnsafeBytes { try TapeJSONDecoder().decode(Keeper.self, from: $0) }
        // The caller's buffer is gone (overwritten) before the kept container reads from it.
        for k in bytes.indices { bytes[k] = UInt8(ascii: "9") }
        let amount = try keeper.container.decode(Decimal.self, forKey: .amount)
        #expect(amount.description == "1.000000000000000000000000000001")
        #expect(bytes.count > 0)
    }

    @Test("Decimal: a JSON Lines line reads its own text")
    func decimalFromJSONLines() throws {
        let input = Array("{\"value\": 0.1}\n{\"value\": 3.14159265358979323846264338327950288}\n".utf8)
        var decoded: [Decimal] = []
        let decoder = TapeJSONDecoder()
        try JSONLines(bytes: input).forEach { line in
            decoded.append(try line.decode(Box<Decimal>.self, using: decoder).value)
        }
        #expect(decoded.map(\.description) == ["0.1", "3.14159265358979323846264338327950288"])
    }

    // MARK: -0 and numbers rounded to zero

    @Test("-0 decodes as -0.0 (Double and Float); 0 and 0.0 as +0.0")
    func negativeZero() throws {
        let json = "[-0, 0, -0.0, 0.0, -0e5, 0E-5]"
        let doubles = try TapeJSONDecoder().decode([Double].self, from: Data(json.utf8))
        let expected = try JSONDecoder().decode([Double].self, from: Data(json.utf8))
        #expect(doubles.map(\.sign) == expected.map(\.sign))
        #expect(doubles.map(\.sign) == [.minus, .plus, .minus, .plus, .minus, .plus])
        let floats = try TapeJSONDecoder().decode([Float].self, from: Data(json.utf8))
        #expect(floats.map(\.sign) == [.minus, .plus, .minus, .plus, .minus, .plus])
        let single = try TapeJSONDecoder().decode(Double.self, from: Data("-0".utf8))
        #expect(single.sign == .minus)
        let keyed = try TapeJSONDecoder().decode(Box<Float>.self, from: Data(#"{"value": -0}"#.utf8))
        #expect(keyed.value.sign == .minus)
    }

    @Test("-0 and underflows are found at any place of a long document", arguments: [0, 1, 7, 15, 16, 17, 40, 200])
    func zerosInLongDocuments(padding: Int) throws {
        let prefix = Array(repeating: "-0.5", count: padding).joined(separator: ",")
        let separator = padding == 0 ? "" : ","
        for (tail, signs) in [("-0", [FloatingPointSign.minus]), ("0", [.plus]), ("-0,0,-0", [.minus, .plus, .minus])] {
            let json = "[\(prefix)\(separator)\(tail)]"
            let values = try TapeJSONDecoder().decode([Double].self, from: Data(json.utf8))
            #expect(Array(values.suffix(signs.count).map(\.sign)) == signs, "\(json)")
        }
        for tail in ["1e-400", "2.01e-1234", "-1E-0400", "0.\(String(repeating: "0", count: 400))1"] {
            let json = #"{"pad": [\#(prefix)], "value": \#(tail)}"#
            #expect(foundationError(Box<Double>.self, json: json) == .invalidJSON)
            #expect(tapeError(Box<Double>.self, json: json) == ErrorSummary(
                kind: "dataCorrupted", path: ["value"], message: "Parsed JSON number <\(tail)> does not fit in Double."))
        }
    }

    @Test("numbers that underflow throw as in Foundation; true zeros with exponents decode", arguments: [
        "1e-400", "2.01e-1234", "-1e-400", "0e-400", "0.0e-999", "1e-320", "4.9e-324",
    ])
    func underflow(text: String) {
        expectSameDecoding(Box<Double>.self, json: #"{"value": \#(text)}"#, notFitPath: ["value"])
        expectSameDecoding([Double].self, json: "[\(text)]", notFitPath: ["Index 0#0"])
        expectSameDecoding(Box<Float>.self, json: #"{"value": \#(text)}"#, notFitPath: ["value"])
    }

    @Test("the words 'e-' and '-0' in strings do not change zeros")
    func lookalikesInStrings() throws {
        let json = #"{"s": "re-use -0 x.00000001 e-100", "value": 0}"#
        let value = try TapeJSONDecoder().decode(Box<Double>.self, from: Data(json.utf8))
        #expect(value.value == 0 && value.value.sign == .plus)
    }

    // MARK: Integers written with a fraction or an exponent

    @Test("integers from numbers with a fraction or exponent, as Foundation reads them", arguments: [
        "1e3", "34.0", "-7.0", "1.5", "9007199254740993.0", "9007199254740993", "-9007199254740993.0",
        "1.0000000000000001", "9223372036854774784.0", "1e19", "0.0", "-0.0",
    ])
    func integersFromText(text: String) {
        expectSameDecoding(Box<Int>.self, json: #"{"value": \#(text)}"#, notFitPath: ["value"])
        expectSameDecoding([Int64].self, json: "[\(text)]", notFitPath: ["Index 0#0"])
        expectSameDecoding([UInt64].self, json: "[\(text)]", notFitPath: ["Index 0#0"])
        expectSameDecoding([Int128].self, json: "[\(text)]", notFitPath: ["Index 0#0"])
        expectSameDecoding([Int8].self, json: "[\(text)]", notFitPath: ["Index 0#0"])
    }

    @Test("Int128 and UInt128 slow paths: the values Foundation reads")
    func int128SlowPath() throws {
        for value: Int128 in [18_446_744_073_709_551_615, -18_446_744_073_709_551_615] {
            #expect(try TapeJSONDecoder().decode(Int128.self, from: Data("\(value).0".utf8)) == value)
        }
        #expect(try TapeJSONDecoder().decode(UInt128.self, from: Data("18446744073709551615.0".utf8)) == 18_446_744_073_709_551_615)
    }
}
