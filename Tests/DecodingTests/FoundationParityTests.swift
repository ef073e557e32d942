import Foundation
import Testing
import TapeJSON

/// The decoding cases of swift-foundation's Tests/FoundationEssentialsTests/JSONEncoderTests.swift and
/// swift-corelibs-foundation's Tests/Foundation/TestJSONEncoder.swift not covered by the other suites
/// (numbers read from their text: NumberTextParityTests; big numbers: BigNumberTests; the decoder's
/// API: FoundationAPIParityTests). Each case is decoded by Foundation's `JSONDecoder` too, and the
/// results compared; where upstream names an expected value, it is checked as well. Cases that differ
/// on purpose are in DeliberateDifferencesTests.
@Suite("Foundation's JSONDecoder tests")
struct FoundationParityTests {
    // MARK: Numbers

    @Test("a small float round trips (smallFloatNumber)")
    func smallFloat() throws {
        let data = try JSONEncoder().encode([["magic_number": 7.45673334164903e-115]])
        #expect(try TapeJSONDecoder().decode([[String: Double]].self, from: data) == [["magic_number": 7.45673334164903e-115]])
    }

    @Test("a large UInt64 is not rounded (largeIntegerNumber)")
    func largeInteger() throws {
        let value: UInt64 = 6032314514195021674
        #expect(try TapeJSONDecoder().decode([String: UInt64].self, from: Data(#"{"a":\#(value)}"#.utf8)) == ["a": value])
    }

    @Test("integers near the 64-bit limits are not rounded through Double", arguments: [
        "-9223372036854776833", "-9223372036854776832", "-9223372036854775809", "-9223372036854775808",
        "9223372036854775807", "9223372036854775808", "9223372036854776832", "9223372036854776833",
        "18446744073709551615", "18446744073709551616", "18446744073709553664", "18446744073709553665",
    ])
    func integersAtTheLimits(text: String) {
        expectSameDecoding([Int64].self, json: "[\(text)]", notFitPath: ["Index 0#0"])
        expectSameDecoding([UInt64].self, json: "[\(text)]", notFitPath: ["Index 0#0"])
        expectSameDecoding(Int64.self, json: text, notFitPath: [])
        expectSameDecoding(UInt64.self, json: text, notFitPath: [])
    }

    @Test("the largest Double does not decode as UInt64 (decodeLargeDoubleAsInteger)")
    func largeDoubleAsInteger() throws {
        let data = try JSONEncoder().encode(Double.greatestFiniteMagnitude)
        #expect(throws: DecodingError.self) { try TapeJSONDecoder().decode(UInt64.self, from: data) }
        expectSameDecoding(UInt64.self, json: String(decoding: data, as: UTF8.self), notFitPath: [])
    }

    @Test("a 77-digit integer as Decimal (hugeNumbers)")
    func hugeNumber() throws {
        let json = "23456789012000000000000000000000000000000000000000000000000000000000000000000 "
        #expect(try TapeJSONDecoder().decode(Decimal.self, from: Data(json.utf8)) == Decimal(string: json))
        expectSameDecoding(Decimal.self, json: json)
    }

    @Test("Decimal 1e127 is written as 128 digits and read back (interceptDecimal)")
    func decimalAsLongInteger() throws {
        let decimal = Decimal(sign: .plus, exponent: 127, significand: 1)
        let data = try JSONEncoder().encode(decimal)
        #expect(String(decoding: data, as: UTF8.self) == "1" + String(repeating: "0", count: 127))
        #expect(try TapeJSONDecoder().decode(Decimal.self, from: data) == decimal)
        #expect(try TapeJSONDecoder().decode(Decimal?.self, from: data) == decimal)
    }

    @Test("Decimals just beyond 64 bits round trip (interceptLargeDecimal)")
    func decimalsBeyond64Bits() throws {
        struct Limits: Codable, Equatable {
            var uint64Max = Decimal(UInt64.max)
            var uint64MaxPlusOne = Decimal(string: "18446744073709551616")!
            var int64Min = Decimal(Int64.min)
            var int64MinMinusOne = Decimal(string: "-9223372036854775809")!
        }
        let data = try JSONEncoder().encode(Limits())
        #expect(try TapeJSONDecoder().decode(Limits.self, from: data) == Limits())
    }

    @Test("number fragments at the top level (jsonNumberFragments)", arguments: [
        "0 ", "1.0 ", "0.1 ", "1e3 ", "-2.01e-3 ", "0", "1.0", "1e3", "-2.01e-3", "0e-10",
    ])
    func numberFragments(json: String) {
        expectSameDecoding(Double.self, json: json)
    }

    @Test("invalid numbers fail (invalidJSONNumbersFailAsExpected)", arguments: [
        "0.", "1e ", "-2.01e- ", "+", "2.01e-1234", "+2.0q", "2s", "NaN", "nan", "Infinity", "inf", "-", "0x42", "1.e2",
    ])
    func invalidNumbers(json: String) {
        #expect(foundationError(Float.self, json: json) != nil)
        #expect(tapeError(Float.self, json: json)?.kind == "dataCorrupted")
    }

    @Test("a Data slice is read only up to its end (topLevelNumberFragmentsWithJunkDigitCharacters)")
    func dataSlice() throws {
        let full = Data("3.141596".utf8)
        #expect(try TapeJSONDecoder().decode(Double.self, from: full[0..<4]) == 3.14)
    }

    @Test("extreme values round trip (roundTrippingExtremeValues)")
    func extremeValues() throws {
        struct Extremes: Codable, Equatable {
            var values: [Double] = [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
                                    .leastNormalMagnitude, -.leastNonzeroMagnitude, .pi, 0, -0.0]
            var floats: [Float] = [.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude]
            var ints: [Int64] = [.min, .max]
            var uints: [UInt64] = [.min, .max]
            var small: [Int8] = [.min, .max]
        }
        let data = try JSONEncoder().encode(Extremes())
        let decoded = try TapeJSONDecoder().decode(Extremes.self, from: data)
        #expect(decoded == Extremes())
        #expect(decoded.values.map(\.sign) == Extremes().values.map(\.sign))
    }

    // MARK: Text, whitespace and encodings

    @Test("line breaks inside objects (whitespace)", arguments: ["{\"v\"\n : true}", "{\"v\"\r\n : true}", "{\"v\"\r : true}"])
    func whitespace(json: String) {
        expectSameDecoding([String: Bool].self, json: json)
    }

    @Test("whitespace-only and empty input fail (whitespaceOnlyData)", arguments: [" ", "", "\n\t"])
    func whitespaceOnly(json: String) {
        expectSameDecoding(Int.self, json: json, compareMessages: true)
    }

    @Test("broken literals at the top level (topLevelFragmentsWithGarbage)")
    func brokenLiterals() {
        expectSameDecoding(Bool.self, json: "tru_")
        expectSameDecoding(Bool.self, json: "fals_")
        expectSameDecoding(Bool?.self, json: "nul_")
    }

    @Test("escaped control characters (jsonControlCharacters)")
    func controlCharacters() throws {
        let escapes = ["\\u0000", "\\u0001", "\\u0007", "\\b", "\\t", "\\n", "\\u000b", "\\f", "\\r", "\\u001f", " "]
        for escape in escapes {
            expectSameDecoding(String.self, json: "\"\(escape)\"")
        }
        #expect(try TapeJSONDecoder().decode(String.self, from: Data(#""\u0007""#.utf8)) == "\u{7}")
    }

    @Test("escapes JSON does not have fail (superfluouslyEscapedCharacters)")
    func superfluousEscapes() {
        #expect(foundationError([String].self, json: #"["\h\e\l\l\o"]"#) != nil)
        #expect(tapeError([String].self, json: #"["\h\e\l\l\o"]"#) == .invalidJSON)
    }

    @Test("keys equal as Strings are one dictionary key (equivalentUTF8Sequences)")
    func equivalentKeysInDictionary() throws {
        let json = "{\n  \"caf\\u00e9\" : true,\n  \"cafe\\u0301\" : false\n}"
        expectSameDecoding([String: Bool].self, json: json)
        #expect(try TapeJSONDecoder().decode([String: Bool].self, from: Data(json.utf8)).count == 1)
    }

    @Test("invalid UTF-8 in a key is an error (invalidKeyUTF8)")
    func invalidKeyUTF8() {
        struct Example: Decodable { let key: String }
        let data = Data([123, 34, 107, 101, 121, 255, 34, 58, 34, 118, 97, 108, 117, 101, 34, 125])
        #expect(throws: DecodingError.self) { try TapeJSONDecoder().decode(Example.self, from: data) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Example.self, from: data) }
    }

    @Test("\\u escapes and surrogate pairs (jsonUnicodeEscapes)", arguments: [
        #""\u00e9\u2265""#, #""42\u00e942\u226542""#, #""\u00E9""#, #""\uD834\uDD1E""#,
    ])
    func unicodeEscapes(json: String) {
        expectSameDecoding(String.self, json: json)
    }

    @Test("NUL inside strings, keys and values (nullByte)")
    func nullByte() throws {
        let string = "abc\u{0000}def"
        let encoder = JSONEncoder()
        #expect(try TapeJSONDecoder().decode([String].self, from: encoder.encode([string])) == [string])
        #expect(try TapeJSONDecoder().decode([String: String].self, from: encoder.encode([string: string])) == [string: string])
    }

    @Test("UTF-16 and UTF-32 input, with and without byte-order marks (bomPrefixes, twoByteUTF16Inputs)")
    func encodings() throws {
        let json = "\"👍🏻\""
        let decoder = TapeJSONDecoder()
        #expect(try decoder.decode(String.self, from: Data([0xEF, 0xBB, 0xBF]) + Data(json.utf8)) == "👍🏻")
        #expect(try decoder.decode(String.self, from: Data([0xFE, 0xFF]) + json.data(using: .utf16BigEndian)!) == "👍🏻")
        #expect(try decoder.decode(String.self, from: Data([0xFF, 0xFE]) + json.data(using: .utf16LittleEndian)!) == "👍🏻")
        #expect(try decoder.decode(String.self, from: Data([0, 0, 0xFE, 0xFF]) + json.data(using: .utf32BigEndian)!) == "👍🏻")
        // UTF-32 little-endian is recognised from FE FF 00 00, as Foundation recognises it.
        let utf32LE = Data([0xFE, 0xFF, 0, 0]) + json.data(using: .utf32LittleEndian)!
        #expect(try decoder.decode(String.self, from: utf32LE) == "👍🏻")
        #expect(try JSONDecoder().decode(String.self, from: utf32LE) == "👍🏻")
        #expect(try decoder.decode(Int.self, from: "7".data(using: .utf16BigEndian)!) == 7)
        #expect(try decoder.decode(Int.self, from: "7".data(using: .utf16LittleEndian)!) == 7)
        for mismatched in [Data([0xFE, 0xFF, 0, 0]) + json.data(using: .utf32BigEndian)!,
                           Data([0xFE, 0xFF]) + json.data(using: .utf32LittleEndian)!] {
            #expect(throws: (any Error).self) { try decoder.decode(String.self, from: mismatched) }
            #expect(throws: (any Error).self) { try JSONDecoder().decode(String.self, from: mismatched) }
        }
    }

    // MARK: Containers and errors

    @Test("a superDecoder for a missing key gives valueNotFound, which a model may catch (valueNotFoundError)")
    func superDecoderForMissingKey() throws {
        struct Optionalish: Decodable, Equatable {
            let a: Bool
            let nope: String?
            enum CodingKeys: String, CodingKey { case a, nope }
            init(from decoder: any Decoder) throws {
                let keyed = try decoder.container(keyedBy: CodingKeys.self)
                a = try keyed.decode(Bool.self, forKey: .a)
                do {
                    nope = try keyed.superDecoder(forKey: .nope).singleValueContainer().decode(String.self)
                } catch DecodingError.valueNotFound {
                    nope = nil
                }
            }
        }
        expectSameDecoding(Optionalish.self, json: #"{"a":true}"#)
    }

    @Test("decodeNil that fails does not move an unkeyed container (repeatedFailedNilChecks)")
    func repeatedNilChecks() throws {
        struct NilChecks: Decodable, Equatable {
            var values: [Int] = []
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                while !container.isAtEnd {
                    if try container.decodeNil() { values.append(-1); continue }
                    _ = try container.decodeNil()
                    values.append(try container.decode(Int.self))
                }
            }
        }
        expectSameDecoding(NilChecks.self, json: "[1, 2, null, 3]")
    }

    @Test("decodeIfPresent: missing keys, nulls and values, keyed and unkeyed (decodeIfPresent)")
    func decodeIfPresent() throws {
        struct Present: Codable, Equatable {
            var b: Bool?, s: String?, d: Double?, f: Float?, i: Int?, i8: Int8?, u64: UInt64?, i128: Int128?, dec: Decimal?
        }
        for json in ["{}", #"{"b":null,"s":null,"d":null,"f":null,"i":null,"i8":null,"u64":null,"i128":null,"dec":null}"#,
                     #"{"b":true,"s":"1","d":1,"f":1,"i":1,"i8":1,"u64":1,"i128":1,"dec":1}"#] {
            expectSameDecoding(Present.self, json: json)
        }
        expectSameDecoding([Int?].self, json: "[1, null, 3]")
        expectSameDecoding([String?].self, json: #"[null, "x"]"#)
    }

    @Test("type coercion fails as in Foundation (typeCoercion)", arguments: [
        "[false, true]", "[0, 1]", "[0.5, 1.5]", #"["0", "1"]"#,
    ])
    func typeCoercion(json: String) {
        expectSameDecoding([Bool].self, json: json, notFitPath: ["Index 0#0"])
        expectSameDecoding([Int].self, json: json, notFitPath: ["Index 0#0"])
        expectSameDecoding([Int128].self, json: json, notFitPath: ["Index 0#0"])
        expectSameDecoding([UInt128].self, json: json, notFitPath: ["Index 0#0"])
        expectSameDecoding([Double].self, json: json)
        expectSameDecoding([Decimal].self, json: json)
        expectSameDecoding([String].self, json: json)
    }

    @Test("a String where a number is expected names the type (decodingStringExpectedType)")
    func stringExpectedType() {
        struct Wrapped: Decodable, Equatable { let value: String }
        expectSameDecoding(Wrapped.self, json: #"{"value": 1}"#)
        expectSameDecoding(Wrapped.self, json: #"{"value": [1]}"#)
    }

    @Test("URLs are decoded from strings (interceptURL)")
    func urls() {
        expectSameDecoding(URL.self, json: #""http://swift.org""#)
        expectSameDecoding([URL].self, json: #"["https://example.com/a?b=c", "relative/path"]"#)
        expectSameDecoding(URL.self, json: "1")
    }

    @Test("a keyed container asked for twice, and a key read twice (redundantKeys)")
    func redundantKeys() {
        struct Twice: Decodable, Equatable {
            var first: Int, second: Int
            enum Keys: String, CodingKey { case key }
            init(from decoder: any Decoder) throws {
                first = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .key)
                second = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .key)
            }
        }
        expectSameDecoding(Twice.self, json: #"{"key": 3}"#)
    }
}
