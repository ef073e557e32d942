import Foundation
import TapeJSON
import Testing

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
        let value: UInt64 = 6_032_314_514_195_021_674
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

// MARK: - Strings, retries after a failure, failures, kept decoders

extension FoundationParityTests {
    @Test("lone, reversed and truncated surrogate escapes fail (jsonBadUnicodeEscapes)", arguments: [
        #"\uD834"#, #"\uD834hello"#, #"hello\uD834"#, #"\uD834\u1221"#, #"\uD8"#, #"\uD834x\uDD1E"#,
        #"\uDD1E"#, #"\uDD1E\uD834"#, #"\uD834\uD834"#, #"\uD834\"#, #"\uD834\u"#, #"\uD834\uDD"#,
    ])
    func badUnicodeEscapes(escapes: String) {
        // As upstream writes them (bare, so not JSON at all), and inside a string, where they are the fault.
        expectSameDecoding(String.self, json: escapes, compareMessages: false)
        expectSameDecoding(String.self, json: "\"\(escapes)\"", compareMessages: false)
        #expect(tapeError(String.self, json: "\"\(escapes)\"") == .invalidJSON)
        #expect(tapeError([String].self, json: "[\"\(escapes)\"]") == .invalidJSON)
        #expect(foundationError([String].self, json: "[\"\(escapes)\"]") != nil)
    }

    /// Tries `First`, and when that throws, `Second`, from the same single-value container.
    enum Either<First: Decodable & Equatable, Second: Decodable & Equatable>: Decodable, Equatable {
        case first(First)
        case second(Second)
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            do {
                self = .first(try container.decode(First.self))
            } catch {
                self = .second(try container.decode(Second.self))
            }
        }
    }

    struct Refused: Error {}

    @Test("a failed decode leaves the decoder ready for another type (decoderStateThrowOnDecode*)")
    func retryAfterFailure() throws {
        expectSameDecoding(Either<[String], [Int]>.self, json: "[1,2,3]")
        #expect(try TapeJSONDecoder().decode(Either<[String], [Int]>.self, from: Data("[1,2,3]".utf8)) == .second([1, 2, 3]))
        expectSameDecoding(Either<[String: String], [String: Int]>.self, json: #"{"a": 1, "b": 2}"#)
        expectSameDecoding([Either<Int, String>].self, json: #"[1, "x", 2, "y"]"#)

        // The failure comes from a custom date or data strategy that throws.
        let dates = Setup(dates: .custom { _ in throw Refused() })
        expectSameDecoding(Either<Date, Int>.self, json: "1", setup: dates)
        #expect(try dates.tape().decode(Either<Date, Int>.self, from: Data("1".utf8)) == .second(1))
        expectSameDecoding([Either<Date, Int>].self, json: "[1, 2]", setup: dates)
        let bytes = Setup(data: .custom { _ in throw Refused() })
        expectSameDecoding(Either<Data, Int>.self, json: "1", setup: bytes)
        #expect(try bytes.tape().decode(Either<Data, Int>.self, from: Data("1".utf8)) == .second(1))
        expectSameDecoding(Box<Either<Data, Int>>.self, json: #"{"value": 2}"#, setup: bytes)
    }

    enum InitFailure: Error, Equatable { case unexpected }

    struct CheckedKeyed: Decodable, Equatable {
        let checkedString: String
        enum CodingKeys: String, CodingKey { case checkedString }
        init(from decoder: any Decoder) throws {
            let string = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .checkedString)
            guard string == "expected" else { throw InitFailure.unexpected }
            checkedString = string
        }
    }

    struct CheckedSingle: Decodable, Equatable {
        let checkedString: String
        init(from decoder: any Decoder) throws {
            let string = try decoder.singleValueContainer().decode(String.self)
            guard string == "expected" else { throw InitFailure.unexpected }
            checkedString = string
        }
    }

    @Test("decoding failures: invalid JSON, an error thrown by init(from:), a String from an object, an unterminated fragment (decodingFailure*, invalidFragment)")
    func decodingFailures() throws {
        struct Invalid: Decodable, Equatable { var invalid: String }
        expectSameDecoding(Invalid.self, json: #"{"invalid": json}"#)
        #expect(tapeError(Invalid.self, json: #"{"invalid": json}"#) == .invalidJSON)

        // The model's own error comes out as it was thrown.
        let keyed = Data(#"{ "checkedString" : "other" }"#.utf8)
        #expect(throws: InitFailure.unexpected) { try TapeJSONDecoder().decode(CheckedKeyed.self, from: keyed) }
        #expect(throws: InitFailure.unexpected) { try JSONDecoder().decode(CheckedKeyed.self, from: keyed) }
        expectSameDecoding(CheckedKeyed.self, json: #"{ "checkedString" : "expected" }"#)

        // A single-value container over an object: decoding a String from it is a type mismatch.
        expectSameDecoding(CheckedSingle.self, json: #"{ "checkedString" : "other" }"#)
        #expect(tapeError(CheckedSingle.self, json: #"{ "checkedString" : "other" }"#)?.kind == "typeMismatch")
        #expect(throws: InitFailure.unexpected) { try TapeJSONDecoder().decode(CheckedSingle.self, from: Data(#""other""#.utf8)) }
        expectSameDecoding(CheckedSingle.self, json: #""expected""#)

        struct Fragment: Decodable, Equatable { var foo: String }
        expectSameDecoding(Fragment.self, json: #""foo"#)
        expectSameDecoding(String.self, json: #""foo"#)
        #expect(tapeError(Fragment.self, json: #""foo"#) == .invalidJSON)
    }

    /// Keeps the top-level `Decoder` itself and reads from it only when asked, after `decode` returned.
    struct KeepsDecoder: Decodable {
        let decoder: any Decoder
        init(from decoder: any Decoder) throws { self.decoder = decoder }
        var first: Int {
            get throws {
                var unkeyed = try decoder.unkeyedContainer()
                return try unkeyed.decode(Int.self)
            }
        }
        var all: [Int] { get throws { try decoder.singleValueContainer().decode([Int].self) } }
    }

    /// Keeps an unkeyed container and reads from a copy of it later.
    struct KeepsContainer: Decodable {
        let container: any UnkeyedDecodingContainer
        init(from decoder: any Decoder) throws { container = try decoder.unkeyedContainer() }
        var first: Int {
            get throws {
                var copy = container
                return try copy.decode(Int.self)
            }
        }
    }

    @Test("the top-level Decoder, or a container, kept and used after decode returns (delayedDecoding)")
    func delayedDecoding() throws {
        let data = try JSONEncoder().encode([42, 7])
        let keeper = try TapeJSONDecoder().decode(KeepsDecoder.self, from: data)
        #expect(try keeper.first == 42)
        // Asked again, the decoder starts from the beginning each time.
        #expect(try keeper.first == 42)
        #expect(try keeper.all == [42, 7])
        #expect(try JSONDecoder().decode(KeepsDecoder.self, from: data).first == 42)
        let container = try TapeJSONDecoder().decode(KeepsContainer.self, from: data)
        #expect(try container.first == 42)
        #expect(try container.first == 42)
        #expect(try JSONDecoder().decode(KeepsContainer.self, from: data).first == 42)
        // Several kept decoders from one TapeJSONDecoder, each reading its own document.
        let decoder = TapeJSONDecoder()
        let kept = try (1...5).map { try decoder.decode(KeepsDecoder.self, from: Data("[\($0), 0]".utf8)) }
        #expect(try kept.map { try $0.first } == [1, 2, 3, 4, 5])
    }

    @Test("decoding does not depend on the C locale's decimal separator (localeDecimalPolicyIndependence)")
    func localeIndependence() throws {
        let original = ["decimalValue": 1.1, "negative": -2.5e-3]
        try withCommaDecimalLocale { usesComma in
            // Only where no such locale is installed and localedef is missing is this the C locale alone.
            #expect(usesComma || !FileManager.default.isExecutableFile(atPath: "/usr/bin/localedef"))
            if usesComma {
                #expect(String(cString: localeconv().pointee.decimal_point) == ",")
                // The C library's own number reading now takes a comma, and stops at a point.
                #expect(strtod("1,5", nil) == 1.5)
                #expect(strtod("1.5", nil) == 1)
            }
            let data = try JSONEncoder().encode(original)
            #expect(String(decoding: data, as: UTF8.self).contains("1.1"))
            #expect(try TapeJSONDecoder().decode([String: Double].self, from: data) == original)
            #expect(try TapeJSONDecoder().decode([String: Float].self, from: data) == ["decimalValue": 1.1, "negative": -2.5e-3])
            #expect(try TapeJSONDecoder().decode([String: Decimal].self, from: data) ==
                    ["decimalValue": Decimal(string: "1.1")!, "negative": Decimal(string: "-0.0025")!])
            #expect(try TapeJSONDecoder().decode([String: Decimal].self, from: data) == JSONDecoder().decode([String: Decimal].self, from: data))
        }
    }
}

/// Runs `body` on this thread under a C locale whose decimal separator is a comma (`uselocale`, so
/// that other tests running at the same time keep theirs): an installed one, or else one compiled by
/// `localedef` from a minimal definition into a temporary directory. `body` learns whether it got one.
func withCommaDecimalLocale(_ body: (Bool) throws -> Void) throws {
    let numericMask = Int32(1) << LC_NUMERIC
    var locale: locale_t? = nil
    for name in ["fr_FR.UTF-8", "fr_FR.utf8", "de_DE.UTF-8", "de_DE.utf8", "fr_FR", "de_DE"] where locale == nil {
        locale = newlocale(numericMask, name, nil)
    }
    let localedef = "/usr/bin/localedef"
    if locale == nil, FileManager.default.isExecutableFile(atPath: localedef) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapejson-locale-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let definition = directory.appendingPathComponent("commas.def")
        try """
        LC_CTYPE
        copy "POSIX"
        END LC_CTYPE
        LC_NUMERIC
        decimal_point ","
        thousands_sep "."
        grouping 3;3
        END LC_NUMERIC

        """.write(to: definition, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: localedef)
        process.arguments = ["-c", "-i", definition.path, "-f", "ANSI_X3.4-1968", directory.appendingPathComponent("commas").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        // newlocale reads LOCPATH when it loads a locale; it is set only for that call.
        setenv("LOCPATH", directory.path, 1)
        locale = newlocale(numericMask, "commas", nil)
        unsetenv("LOCPATH")
    }
    guard let locale else {
        try body(false)
        return
    }
    let previous = uselocale(locale)
    defer {
        uselocale(previous)
        freelocale(locale)
    }
    try body(true)
}

// MARK: - Keys

extension FoundationParityTests {
    /// Reads the key named by the member "camelCaseKey", which must hold `true`.
    struct NamedKey: Decodable, Equatable {
        let found: Bool
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: TestKey.self)
            let name = try container.decode(String.self, forKey: TestKey("camelCaseKey"))
            found = try container.decode(Bool.self, forKey: TestKey(name))
        }
    }

    @Test("convertFromSnakeCase: the conversions of upstream's table (decodingKeyStrategyCamel)", arguments: [
        ("", ""), ("x", "x"), ("NOUNDERSCORES", "NOUNDERSCORES"), ("SCREAMING_SNAKE", "screamingSnake"),
        ("plain", "plain"), ("make_camel", "makeCamel"), ("red_green_blue", "redGreenBlue"),
        ("base_64_codec", "base64Codec"), ("utf8_string", "utf8String"), ("grand_Ëcole", "grandËcole"),
        ("grand_ëcole", "grandËcole"), ("snake_ćase", "snakeĆase"), ("alreadyCamel", "alreadyCamel"),
        ("__fish_and_chips", "__fishAndChips"), ("_fish_and_chips", "_fishAndChips"), ("fish__and__chips", "fishAndChips"),
        ("fish_and_chips__", "fishAndChips__"), ("fish_aNd_chips", "fishAndChips"), ("_red_green_blue", "_redGreenBlue"),
        ("red_green_blue_", "redGreenBlue_"), ("__red_green_blue", "__redGreenBlue"), ("red_green_blue__", "redGreenBlue__"),
        ("_red_green_blue_", "_redGreenBlue_"), ("__red_green_blue__", "__redGreenBlue__"), ("_only", "_only"),
        ("_only_", "_only_"), ("__only", "__only"), ("only__", "only__"), ("_", "_"), ("__", "__"), ("___", "___"),
        ("ze\u{301}\u{316}bra\u{334}Ma\u{35C}rk", "ze\u{301}\u{316}bra\u{334}Ma\u{35C}rk"),
        ("ze\u{301}bra_ma\u{35C}rk", "ze\u{301}braMa\u{35C}rk"), ("🦊_🦉", "🦊🦉"), ("🦊_owl", "🦊Owl"),
    ])
    func snakeCaseTable(snake: String, camel: String) throws {
        let json = #"{"camelCaseKey":"\#(camel)","\#(snake)":true}"#
        expectSameDecoding(NamedKey.self, json: json, setup: Setup(keys: .convertFromSnakeCase))
        #expect(try Setup(keys: .convertFromSnakeCase).tape().decode(NamedKey.self, from: Data(json.utf8)).found)
        // The converted key is what allKeys reports.
        struct AllKeys: Decodable {
            let keys: [String]
            init(from decoder: any Decoder) throws { keys = try decoder.container(keyedBy: TestKey.self).allKeys.map(\.stringValue) }
        }
        let keys = try Setup(keys: .convertFromSnakeCase).tape().decode(AllKeys.self, from: Data(#"{"\#(snake)":true}"#.utf8)).keys
        #expect(keys == [camel])
    }

    @Test("a custom key strategy that maps two keys to one: one key, the first value (keyStrategyDuplicateKeys)")
    func customStrategyDuplicateKeys() throws {
        struct OneKey: Decodable, Equatable {
            let oneTwo: String
            let keyCount: Int
            enum CodingKeys: String, CodingKey { case oneTwo, oneTwoThree }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                oneTwo = try container.decode(String.self, forKey: .oneTwo)
                keyCount = container.allKeys.count
            }
        }
        let setup = Setup(keys: .custom { _ in TestKey("oneTwo") })
        let json = #"{"first key":"value 1","second key":"value 2"}"#
        expectSameDecoding(OneKey.self, json: json, setup: setup)
        let decoded = try setup.tape().decode(OneKey.self, from: Data(json.utf8))
        #expect(decoded.keyCount == 1)
        #expect(decoded.oneTwo == "value 1")
        expectSameDecoding([String: String].self, json: json, setup: setup)
    }

    @Test("convertFromSnakeCase with CodingKeys raw values: foo_bar into a key spelled fooBar (keyStrategySnakeGeneratedAndCustom)")
    func snakeCaseWithRawValues() throws {
        struct Renamed: Decodable, Equatable {
            let someProperty: String
            let anotherPropertyHere: String
            private enum CodingKeys: String, CodingKey {
                case someProperty = "fooBar"
                case anotherPropertyHere
            }
        }
        let json = #"{"foo_bar":"first","another_property_here":"second"}"#
        let setup = Setup(keys: .convertFromSnakeCase)
        expectSameDecoding(Renamed.self, json: json, setup: setup)
        let decoded = try setup.tape().decode(Renamed.self, from: Data(json.utf8))
        #expect(decoded.someProperty == "first")
        #expect(decoded.anotherPropertyHere == "second")
        // The property's own name in snake case is not its key.
        expectSameDecoding(Renamed.self, json: #"{"some_property":"first","another_property_here":"second"}"#, setup: setup)
    }

    struct IntValue: Decodable, Equatable { var intValue: Int }
    struct NestedIntValue: Decodable, Equatable { var nestedValue: IntValue }

    @Test("dictionary keys stay as written in error paths under convertFromSnakeCase (decodingDictionaryFailureKeyPath, ...Nested)")
    func snakeCaseFailurePaths() throws {
        let setup = Setup(keys: .convertFromSnakeCase)
        expectSameDecoding([String: Int].self, json: #"{"leave_me_alone":"test"}"#, setup: setup)
        let flat = tapeError([String: Int].self, json: #"{"leave_me_alone":"test"}"#, decoder: setup.tape())
        #expect(flat?.kind == "typeMismatch")
        #expect(flat?.path == ["leave_me_alone"])

        let json = #"{"top_level": {"sub_level": {"nested_value": {"int_value": "not_an_int"}}}}"#
        expectSameDecoding([String: [String: NestedIntValue]].self, json: json, setup: setup)
        let nested = tapeError([String: [String: NestedIntValue]].self, json: json, decoder: setup.tape())
        #expect(nested?.kind == "typeMismatch")
        #expect(nested?.path == ["top_level", "sub_level", "nestedValue", "intValue"])
    }

    // MARK: Numbers at the end of the input, and round trips

    @Test("a number that ends the input of a dictionary without braces (assumesTopLevelDictionaryTrailingNumber)")
    func trailingNumberWithoutBraces() throws {
        var setup = Setup()
        setup.assumesTopLevelDictionary = true
        expectSameDecoding([String: Int].self, json: #""x" : 42"#, setup: setup)
        expectSameDecoding([String: Double].self, json: #""x" : 1.5"#, setup: setup)
        expectSameDecoding([String: Double].self, json: #""x" : 1.5e3"#, setup: setup)
        expectSameDecoding([String: Decimal].self, json: #""x" : 1.5"#, setup: setup)
        #expect(try setup.tape().decode([String: Double].self, from: Data(#""x" : 1.5"#.utf8)) == ["x": 1.5])
        #expect(try setup.tape().decode([String: Int].self, from: Data(#""x" : 42"#.utf8)) == ["x": 42])
        // A Data slice ending in the number's digits, with more digits after the slice.
        let slice = Data(#""x" : 1.5999"#.utf8).prefix(9)
        #expect(try setup.tape().decode([String: Double].self, from: slice) == ["x": 1.5])

        setup.allowsJSON5 = true
        expectSameDecoding([String: Double].self, json: #""x" : 1."#, setup: setup)
        expectSameDecoding([String: Double].self, json: #"x : .5"#, setup: setup)
        expectSameDecoding([String: Int].self, json: #"x : 0x1F"#, setup: setup)
        #expect(try setup.tape().decode([String: Double].self, from: Data(#""x" : 1."#.utf8)) == ["x": 1.0])
    }

    struct NumberTables: Codable, Equatable {
        let doubles: [String: Double]
        let decimals: [String: Decimal]
    }

    @Test("Doubles and long Decimals round trip through JSONEncoder (roundTrippingDoubleValues)")
    func doubleAndDecimalRoundTrip() throws {
        let value = NumberTables(
            doubles: [
                "-77.12": -77.12, "-3.75": -3.75, "-0.517": -0.517,
                "-Float.greatestFiniteMagnitude": Double(-Float.greatestFiniteMagnitude),
                "-Float.leastNormalMagnitude": Double(-Float.leastNormalMagnitude),
                "-Double.greatestFiniteMagnitude": -.greatestFiniteMagnitude,
                "-Double.leastNormalMagnitude": -.leastNormalMagnitude,
                "0.000003": 0.000003, "1e-300": 1e-300,
            ],
            decimals: [
                "2.718281828459045235": Decimal(string: "2.718281828459045235")!,
                "-2.718281828459045235": Decimal(string: "-2.718281828459045235")!,
                "0.2718281828459045235": Decimal(string: "0.2718281828459045235")!,
                "-0.2718281828459045235": Decimal(string: "-0.2718281828459045235")!,
                "271.8281828459045235e-100": Decimal(string: "271.8281828459045235e-100")!,
                "-271.8281828459045235e-100": Decimal(string: "-271.8281828459045235e-100")!,
                "2718281828459045235e-100": Decimal(string: "2718281828459045235e-100")!,
                "-2718281828459045235e-100": Decimal(string: "-2718281828459045235e-100")!,
                "0.2718281828459045235e-100": Decimal(string: "0.2718281828459045235e-100")!,
                "-0.2718281828459045235e-100": Decimal(string: "-0.2718281828459045235e-100")!,
                "1.41421356237309504880168872420969807856": Decimal(string: "1.41421356237309504880168872420969807856")!,
                "1.61803398874989484820458683436563811772": Decimal(string: "1.61803398874989484820458683436563811772")!,
                "56 digits": Decimal(string: "271828182845904523.53602874713526624977572470936999595749")!,
            ])
        let pretty = JSONEncoder()
        pretty.outputFormatting = [.prettyPrinted, .sortedKeys]
        for data in [try JSONEncoder().encode(value), try pretty.encode(value)] {
            #expect(try TapeJSONDecoder().decode(NumberTables.self, from: data) == value)
            #expect(try TapeJSONDecoder().decode(NumberTables.self, from: data) == JSONDecoder().decode(NumberTables.self, from: data))
        }
        // The e-100 and 56-digit texts read directly, not only as JSONEncoder writes them.
        for text in ["271.8281828459045235e-100", "-0.2718281828459045235e-100", "2718281828459045235e-100",
                     "271828182845904523.53602874713526624977572470936999595749"] {
            expectSameDecoding(Decimal.self, json: text)
            #expect(try TapeJSONDecoder().decode(Decimal.self, from: Data(text.utf8)) == Decimal(string: text)!)
        }
    }
}

// MARK: - Smaller cases: a custom strategy that shortens keys, a nested unkeyed container, escaped slashes

extension FoundationParityTests {
    @Test("a custom key strategy that drops a prefix from longer keys (decodingKeyStrategyCustom)")
    func customStrategyDropsPrefix() throws {
        struct Greeting: Decodable, Equatable { var hello: String }
        let setup = Setup(keys: .custom { path in
            let key = path.last!
            return key.stringValue.count > 3 ? TestKey(String(key.stringValue.dropFirst(3))) : key
        })
        expectSameDecoding(Greeting.self, json: #"{"~~~hello":"there"}"#, setup: setup)
        #expect(try setup.tape().decode(Greeting.self, from: Data(#"{"~~~hello":"there"}"#.utf8)) == Greeting(hello: "there"))
        expectSameDecoding([String: Int].self, json: #"{"abc":1,"xyzabcd":2}"#, setup: setup)
        expectSameDecoding(Greeting.self, json: #"{"hello":"short keys stay"}"#, setup: setup)
    }

    @Test("a value read from a nested unkeyed container under a key (issue106506794)")
    func nestedUnkeyedUnderKey() throws {
        struct Outer: Decodable, Equatable {
            struct Inner: Decodable, Equatable { let name: String }
            let inner: Inner
            enum CodingKeys: String, CodingKey { case inner }
            init(from decoder: any Decoder) throws {
                var nested = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .inner)
                inner = try nested.decode(Inner.self)
            }
        }
        expectSameDecoding(Outer.self, json: #"{"inner":[{"name":"deep"}]}"#)
        #expect(try TapeJSONDecoder().decode(Outer.self, from: Data(#"{"inner":[{"name":"deep"}]}"#.utf8)).inner.name == "deep")
        expectSameDecoding(Outer.self, json: #"{"inner":[]}"#)
        expectSameDecoding(Outer.self, json: #"{"inner":{"name":"not an array"}}"#)
    }

    @Test("escaped forward slashes in keys and values (jsonEscapedSlashes, jsonEscapedForwardSlashes)")
    func escapedSlashes() throws {
        expectSameDecoding([String: Int].self, json: #"{"\/":1}"#)
        #expect(try TapeJSONDecoder().decode([String: Int].self, from: Data(#"{"\/":1}"#.utf8)) == ["/": 1])
        #expect(try TapeJSONDecoder().decode([String: Int].self, from: JSONEncoder().encode(["/": 1])) == ["/": 1])
        #expect(try TapeJSONDecoder().decode(String.self, from: Data(#""\/a\/b""#.utf8)) == "/a/b")
        #expect(try TapeJSONDecoder().decode(String.self, from: Data(#""\\/a\\/b""#.utf8)) == #"\/a\/b"#)
    }

    private struct Café: Codable, Equatable {
        var café: Int
        var naïveValue: Int?
    }

    @Test("keys in another Unicode normalization are found under every key strategy, as Foundation finds them")
    func keysInAnotherNormalization() throws {
        // A held-out probe's finding: the JSON spells the key decomposed (e + U+0301), the property is
        // composed (U+00E9). Foundation looks keys up in a dictionary of Strings, which are equal under
        // canonical equivalence: with a key conversion too, after converting.
        let documents = [
            #"{"cafe\u0301":1}"#,
            #"{"caf\u00e9":1,"nai\u0308ve_value":2}"#,
            #"{"cafe\u0301":1,"nai\u0308veValue":3}"#,
            #"{"other":0,"cafe\u0301":4,"cafe\u0301":5}"#,
            #"{"cafe":1}"#,
            #"{"cafe\u0301":"one"}"#,
        ]
        let custom: Setup.Keys = .custom { path in path.last! }
        for keys in [Setup.Keys.useDefaultKeys, .convertFromSnakeCase, custom] {
            var setup = Setup()
            setup.keys = keys
            for json in documents { expectSameDecoding(Café.self, json: json, setup: setup) }
        }
        let anyCase = TapeJSONDecoder()
        anyCase.keyDecodingStrategy = .convertFromAnyCase
        #expect(try anyCase.decode(Café.self, from: Data(#"{"cafe\u0301":1,"nai\u0308ve_value":2}"#.utf8))
                == Café(café: 1, naïveValue: 2))
    }
}
