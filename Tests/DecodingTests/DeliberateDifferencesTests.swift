import Foundation
import TapeJSON
import Testing

/// Each difference from Foundation's JSONDecoder the README lists as deliberate ("Deliberate differences
/// from Foundation's JSONDecoder on Linux", mirrored in `TapeJSONDecoder`'s documentation), numbered as
/// there and shown side by side: what Foundation does on this toolchain, and what TapeJSON does instead.
@Suite("Deliberate differences from Foundation's JSONDecoder")
struct DeliberateDifferencesTests {
    // MARK: 1. Trailing commas

    @Test("1: a trailing comma in an array or an object")
    func trailingComma() {
        #expect(foundationError([Int].self, json: "[1,2,]") == nil)
        #expect(tapeError([Int].self, json: "[1,2,]") == .invalidJSON)
        let json = #"{"name":"Ada","age":1,"tags":[],}"#
        #expect(foundationError(Person.self, json: json) == nil)
        #expect(tapeError(Person.self, json: json) == .invalidJSON)
    }

    @Test("1: a trailing comma after members read under assumesTopLevelDictionary")
    func trailingCommaWithoutBraces() {
        var setup = Setup()
        setup.assumesTopLevelDictionary = true
        #expect(foundationError([String: Int].self, json: #""x": 1,"#, setup: setup) == nil)
        let decoder = TapeJSONDecoder()
        decoder.assumesTopLevelDictionary = true
        #expect(tapeError([String: Int].self, json: #""x": 1,"#, decoder: decoder) == .invalidJSON)
    }

    // MARK: 2. Numbers that do not fit

    @Test("2: a number that does not fit is reported at its path", arguments: [
        (#"{"value": 300}"#, "Parsed JSON number <300> does not fit in Int8."),
        (#"{"value": 1.5}"#, "Parsed JSON number <1.5> does not fit in Int8."),
        (#"{"value": -129}"#, "Parsed JSON number <-129> does not fit in Int8."),
    ])
    func numberDoesNotFit(json: String, message: String) {
        #expect(foundationError(Box<Int8>.self, json: json) == .invalidJSON)
        #expect(tapeError(Box<Int8>.self, json: json) ==
                ErrorSummary(kind: "dataCorrupted", path: ["value"], message: message))
    }

    @Test("2: Float overflow and underflow, and integers beyond Int")
    func otherNumbersDoNotFit() {
        #expect(tapeError([Float].self, json: "[1, 1e39]") ==
                ErrorSummary(kind: "dataCorrupted", path: ["Index 1#1"], message: "Parsed JSON number <1e+39> does not fit in Float."))
        #expect(tapeError([Float].self, json: "[1e-50]")?.path == ["Index 0#0"])
        #expect(tapeError(Box<Int>.self, json: #"{"value": 9223372036854775808}"#)?.path == ["value"])
        #expect(foundationError([Float].self, json: "[1, 1e39]") == .invalidJSON)
    }

    // MARK: 3. Located errors, eager validation

    @Test("3: invalid JSON carries a JSONError; Foundation's carries nothing on Linux")
    func locatedErrors() throws {
        let data = Data("[1, 2, }".utf8)
        do {
            _ = try JSONDecoder().decode([Int].self, from: data)
            Issue.record("Foundation decoded invalid JSON")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.underlyingError == nil)
        }
        do {
            _ = try TapeJSONDecoder().decode([Int].self, from: data)
            Issue.record("TapeJSON decoded invalid JSON")
        } catch DecodingError.dataCorrupted(let context) {
            let error = try #require(context.underlyingError as? JSONError)
            #expect(error.offset == 7)
            #expect(error.column == 8)
        }
    }

    @Test("3: documents Foundation accepts because it validates lazily", arguments: [
        #"{"name":"Ada","age":1,"tags":[],"unused":"\x"}"#,
        #"{"name":"Ada","age":1,"tags":[],"unused":"\ud800"}"#,
        #"{"name":"Ada","age":1,"tags":[],"unused":[01]}"#,
    ])
    func eagerValidation(json: String) {
        #expect(foundationError(Person.self, json: json) == nil)
        #expect(tapeError(Person.self, json: json)?.message == "The given data was not valid JSON.")
    }

    // MARK: 4. Nesting

    @Test("4: nesting: 1024 levels (simdjson's limit) where Foundation stops at 512")
    func nestingLimit() throws {
        struct Shallow: Decodable, Equatable {
            let a: Int
        }
        // The deep value is skipped, not decoded (decoding it would recurse 600 levels deep).
        let deep = String(repeating: "[", count: 600) + "1" + String(repeating: "]", count: 600)
        let json = #"{"a": 1, "deep": \#(deep)}"#
        #expect(try TapeJSONDecoder().decode(Shallow.self, from: Data(json.utf8)) == Shallow(a: 1))
        #expect(foundationError(Shallow.self, json: json) == .invalidJSON)
        let tooDeep = String(repeating: "[", count: 1100) + "1" + String(repeating: "]", count: 1100)
        #expect(tapeError(Shallow.self, json: #"{"a": 1, "deep": \#(tooDeep)}"#) == .invalidJSON)
    }

    // MARK: 5, 6, 9. Numbers read from their text

    @Test("5: an integer written with a fraction or exponent from 2^53 up is read exactly from its digits")
    func integersFromTheirDigits() throws {
        // Foundation converts through Double first and throws when the rounded Double leaves the type's
        // range, or when its Decimal mantissa exceeds 64 bits.
        #expect(try TapeJSONDecoder().decode([UInt64].self, from: Data("[18446744073709551615.0]".utf8)) ==
                [18_446_744_073_709_551_615])
        #expect(foundationError([UInt64].self, json: "[18446744073709551615.0]") == .invalidJSON)
        #expect(try TapeJSONDecoder().decode([Int64].self, from: Data("[9.223372036854775807e18]".utf8)) == [.max])
        #expect(foundationError([Int64].self, json: "[9.223372036854775807e18]") == .invalidJSON)
        #expect(try TapeJSONDecoder().decode([UInt128].self, from: Data("[3.4028235e38]".utf8)) ==
                [340_282_350_000_000_000_000_000_000_000_000_000_000])
        #expect(foundationError([UInt128].self, json: "[3.4028235e38]") == .invalidJSON)
        #expect(try TapeJSONDecoder().decode([Int128].self, from: Data("[-18446744073709551616.0]".utf8)) ==
                [-18_446_744_073_709_551_616])
        #expect(foundationError([Int128].self, json: "[-18446744073709551616.0]") == .invalidJSON)
    }

    @Test("6: a Float is rounded from the number's Double")
    func floatFromDouble() throws {
        // Rounding twice (text to Double to Float) can differ from Foundation's direct conversion in the
        // last bit for rare inputs; ordinary values agree.
        expectSameDecoding([Float].self, json: "[0.1, 3.4028234e38, 1.17549435e-38, 16777217]")
    }

    @Test("9: a JSON5 hex integer is read as its decimal value: rounded into a Double, exact into a Decimal")
    func json5HexAsDouble() throws {
        let decoder = TapeJSONDecoder()
        decoder.allowsJSON5 = true
        var setup = Setup()
        setup.allowsJSON5 = true
        #expect(try decoder.decode(Double.self, from: Data("0x7FFFFFFFFFFFFFFF".utf8)) == 9.223372036854775807e18)
        #expect(foundationError(Double.self, json: "0x7FFFFFFFFFFFFFFF", setup: setup) == .invalidJSON)
        #expect(try decoder.decode(Decimal.self, from: Data("0x1FFFFFFFFFFFFFFFF".utf8)) == Decimal(string: "36893488147419103231"))
        #expect(foundationError(Decimal.self, json: "0x1FFFFFFFFFFFFFFFF", setup: setup) == .invalidJSON)
    }

    @Test("10: invalid UTF-8 in a JSON5 unquoted key throws, where Foundation stops the process")
    func json5InvalidUTF8InUnquotedKey() throws {
        // FuzzDecode's input (Fuzz/Corpus/FuzzDecode/json5-invalid-utf8-key.json5, shortened): Foundation's
        // JSON5 scanner traps in `CodableUtilities.swift:685` (Swift 6.3.1), so it is not called here.
        let decoder = TapeJSONDecoder()
        decoder.allowsJSON5 = true
        let bytes = Array("{times".utf8) + [0xFF, 0xFF] + Array("x': 1}".utf8)
        #expect {
            _ = try decoder.decode([String: Int].self, from: Data(bytes))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error,
                  let underlying = context.underlyingError as? JSONError else { return false }
            // (The JSON5 reader reports the unquoted key that does not read, at its first byte.)
            return underlying.offset == 1 && underlying.line == 1 && underlying.column == 2
        }
    }

    // MARK: 7. Duplicate keys

    @Test("7: duplicate keys")
    func duplicateKeys() throws {
        struct XY: Decodable, Equatable {
            var x: Int
            var y: Int
        }
        // Read in document order, or read again: the first occurrence, as in Foundation.
        expectSameDecoding(XY.self, json: #"{"x":1,"x":2,"y":3}"#)
        expectSameDecoding(XY.self, json: #"{"y":3,"x":1,"x":2}"#)
        // "x" both before and after the previously read "y": the later one.
        struct YX: Decodable, Equatable {
            var y: Int
            var x: Int
        }
        let json = #"{"x":1,"y":3,"x":2}"#
        #expect(try JSONDecoder().decode(YX.self, from: Data(json.utf8)).x == 1)
        #expect(try TapeJSONDecoder().decode(YX.self, from: Data(json.utf8)).x == 2)
    }

    @Test("7: under a key conversion, keys that convert alike are one key, found by the same rule")
    func duplicateKeysUnderConversion() throws {
        struct NameThenID: Decodable, Equatable {
            var name: String
            var userId: Int
        }
        let setup = Setup(keys: .convertFromSnakeCase)
        // Read in document order: the first spelling, as in Foundation.
        expectSameDecoding(Box<Int>.self, json: #"{"value":1,"value":2}"#, setup: setup)
        struct IDThenName: Decodable, Equatable {
            var userId: Int
            var name: String
        }
        expectSameDecoding(IDThenName.self, json: #"{"user_id":1,"userId":2,"name":"x"}"#, setup: setup)
        // Spelled before and after the previously read key: the later one.
        for json in [#"{"user_id":1,"name":"x","userId":2}"#, #"{"userId":1,"name":"x","user_id":2}"#] {
            #expect(try setup.foundation().decode(NameThenID.self, from: Data(json.utf8)).userId == 1)
            #expect(try setup.tape().decode(NameThenID.self, from: Data(json.utf8)).userId == 2)
        }
        // The same key read twice in a row, with a nested value read in between that spells it as the
        // key's later occurrence does: the same occurrence both times, as in Foundation (the nested
        // value's spelling once made the second read take the later one).
        struct ReadTwice: Decodable {
            var values: [Int] = []
            enum CodingKeys: String, CodingKey { case userId, child }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                let child = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .child)
                values.append(try container.decode(Int.self, forKey: .userId))
                values.append(try child.decode(Int.self, forKey: .userId))
                values.append(try container.decode(Int.self, forKey: .userId))
            }
        }
        let json = #"{"child":{"USER_ID":9},"user_id":1,"USER_ID":2}"#
        #expect(try setup.foundation().decode(ReadTwice.self, from: Data(json.utf8)).values == [1, 9, 1])
        #expect(try setup.tape().decode(ReadTwice.self, from: Data(json.utf8)).values == [1, 9, 1])
    }

    @Test("7: keys equal as Strings count as one key; a byte-for-byte match is preferred")
    func equivalentDuplicateKeys() throws {
        struct Accent: Decodable {
            let café: Int
        }
        // "cafe" + U+0301 first, then the precomposed "café" the property is spelled with.
        let json = "{\"cafe\u{301}\": 1, \"caf\u{E9}\": 2}"
        #expect(try JSONDecoder().decode(Accent.self, from: Data(json.utf8)).café == 1)
        #expect(try TapeJSONDecoder().decode(Accent.self, from: Data(json.utf8)).café == 2)
    }

    @Test("7: an ASCII key does not match a non-ASCII spelling Unicode maps to it (KELVIN SIGN for K)")
    func asciiKeyEquivalents() {
        struct Kelvin: Decodable, Equatable {
            let K: Int
        }
        let json = "{\"\u{212A}\": 7}"
        #expect(foundationError(Kelvin.self, json: json) == nil)
        #expect(tapeError(Kelvin.self, json: json)?.kind == "keyNotFound")
    }

    // MARK: 8. allKeys order, kept containers

    @Test("8: allKeys in document order")
    func allKeysOrder() throws {
        struct Keys: Decodable {
            var keys: [String]
            init(from decoder: any Decoder) throws {
                keys = try decoder.container(keyedBy: TestKey.self).allKeys.map(\.stringValue)
            }
        }
        let json = #"{"zeta":1,"alpha":2,"mid":3,"alpha":4}"#
        #expect(try TapeJSONDecoder().decode(Keys.self, from: Data(json.utf8)).keys == ["zeta", "alpha", "mid"])
        #expect(try JSONDecoder().decode(Keys.self, from: Data(json.utf8)).keys.sorted() == ["alpha", "mid", "zeta"])
    }

    @Test("8: a kept nested container rebuilds its path with the same string and int values")
    func keptContainerPath() {
        // `Coordinates` keeps `info` while it decodes other keys, then reads `elevation` from it.
        let json = #"{"history":[{}],"latitude":1,"longitude":2,"info":{"elevation":"high"}}"#
        struct Wrapper: Decodable, Equatable {
            var items: [Coordinates]
        }
        expectSameDecoding(Wrapper.self, json: #"{"items":[\#(json)]}"#)
    }
}
