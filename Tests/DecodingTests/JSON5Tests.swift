import Foundation
import TapeJSON
import Testing

/// `allowsJSON5`, compared with Foundation's `JSONDecoder.allowsJSON5` case by case. Cases follow
/// swift-foundation's Tests/FoundationEssentialsTests/JSONEncoderTests.swift (json5Numbers, json5Null,
/// json5EsotericErrors, json5Strings, json5AssumedDictionary) and the JSON5 grammar.
@Suite("JSON5")
struct JSON5Tests {
    static var setup: Setup {
        var setup = Setup()
        setup.allowsJSON5 = true
        return setup
    }

    @Test("numbers: hex, signs, leading and trailing points, exponents", arguments: [
        "0x1F", "-0x1F", "0X10", "+1", ".5", "5.", "+.5", "-.5", "5.e3", "1e5", "-0", "0", "1.5E-3", "0x0", "-0x0",
        "0x7FFFFFFFFFFFFFFF", "01", "0x", "+", ".", "1e", "0x1G", "0x1FFFFFFFFFFFFFFFF",
    ])
    func numbers(text: String) {
        expectSameDecoding(UInt128.self, json: text, setup: Self.setup, compareMessages: false, notFitPath: [])
        // Hex integers that a Double cannot hold exactly, or beyond 64 bits as a Decimal: a deliberate
        // difference (DeliberateDifferencesTests).
        if !["0x7FFFFFFFFFFFFFFF", "0x1FFFFFFFFFFFFFFFF"].contains(text) {
            expectSameDecoding(Double.self, json: text, setup: Self.setup, compareMessages: false, notFitPath: [])
        }
        if text != "0x1FFFFFFFFFFFFFFFF" {
            expectSameDecoding(Decimal.self, json: text, setup: Self.setup, compareMessages: false, notFitPath: [])
        }
        expectSameDecoding(Int.self, json: text, setup: Self.setup, compareMessages: false, notFitPath: [])
        expectSameDecoding(UInt64.self, json: text, setup: Self.setup, compareMessages: false, notFitPath: [])
        expectSameDecoding([Int128].self, json: "[\(text)]", setup: Self.setup, compareMessages: false, notFitPath: ["Index 0#0"])
    }

    @Test("Infinity and NaN", arguments: ["Infinity", "-Infinity", "+Infinity", "NaN", "-NaN", "+NaN"])
    func specials(text: String) throws {
        let decoder = TapeJSONDecoder()
        decoder.allowsJSON5 = true
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        let ours = try decoder.decode([Double].self, from: Data("[\(text), 1]".utf8))
        let theirs = try foundation.decode([Double].self, from: Data("[\(text), 1]".utf8))
        #expect(ours[0].isNaN == theirs[0].isNaN)
        #expect(ours[0].sign == theirs[0].sign)
        #expect(ours[0].isNaN || ours[0] == theirs[0])
        let float = try decoder.decode(Float.self, from: Data(text.utf8))
        #expect(float.isNaN == theirs[0].isNaN && float.sign == theirs[0].sign)
        #expect(try decoder.decode(Decimal.self, from: Data(text.utf8)).isNaN)
        #expect(try foundation.decode(Decimal.self, from: Data(text.utf8)).isNaN)
        expectSameDecoding(Int.self, json: text, setup: Self.setup, compareMessages: false, notFitPath: [])
        expectSameDecoding(String.self, json: text, setup: Self.setup, compareMessages: false)
    }

    @Test("strings: single quotes, escaped quotes and line breaks, invalid escapes", arguments: [
        #"'a"b\'c'"#, #""a'b""#, "'line\\\ncont'", "'crlf\\\r\nx'", #"'\u00e9'"#, #"'\x41'"#, #"'\v'"#, #"'\0'"#, #"'\q'"#,
        "'unterminated", #"'\"'"#, #""\'""#,
    ])
    func strings(text: String) {
        expectSameDecoding(String.self, json: text, setup: Self.setup, compareMessages: false)
    }

    @Test("keys, comments and trailing commas", arguments: [
        "{a: 1, $b_2: 2, 'c': 3, \"d\": 4,}", "{a: 1 /* x */, // y\n b: 2}", "{\u{E9}t\u{E9}: 1}", "{\\u0061b: 1}",
        "{1a: 1}", "{a b: 1}", "{a: 1,,}", "{,}", "{}", "{a: 1} // end", "/* start */ {a: 1}", "{a: 1 /* unterminated",
        "{true: 1}", "{null: 2, Infinity: 3}",
        "{ , }", "{\n    ,\n}", "{a: 1, ,}", "{a: 1 , }", "{\u{0B}a:\u{0C}1\u{0C}}",
    ])
    func objects(json: String) {
        expectSameDecoding([String: Int].self, json: json, setup: Self.setup, compareMessages: false)
    }

    @Test("arrays and top-level values", arguments: [
        "[1, 2, /* c */ 3, // x\n 4,]", "[1,,2]", "[,]", "[]", "[1 2]", "[abc]", "[true, false, null,]", "  [1]  ",
        "\u{A0}[1]", "[1]\u{FEFF}", "// only a comment", "", "1 // ok",
        "[ , ]", "[\n    ,\n]", "[ /* c */ , ]", "[1, ,]", "[1 , ]", "\u{0C}[1,\u{0B}2]\u{0C}", "[1\u{0B}\u{0C}]", "\u{0B}",
    ])
    func arrays(json: String) {
        expectSameDecoding([Int?].self, json: json, setup: Self.setup, compareMessages: false)
    }

    @Test("members without braces under assumesTopLevelDictionary (json5AssumedDictionary)", arguments: [
        #"hello: "world""#, #"{hello: "world"}"#, #"hello: "world", goodbye: "42""#, #"hello: "world","#,
        #"hello: "world"   "#, #"hello: "world",  "#, #"hello: "world"  ,  "#, #"   hello   : "world"   "#,
        #"{hello: "world""#, #"hello: "world"}"#, #"hello: "world" x "#, "", "// nothing",
    ])
    func withoutBraces(json: String) {
        var setup = Self.setup
        setup.assumesTopLevelDictionary = true
        expectSameDecoding([String: String].self, json: json, setup: setup, compareMessages: false)
    }

    @Test("a model decoded from JSON5, and an error placed in the JSON5 text")
    func model() throws {
        struct Config: Decodable, Equatable {
            let name: String
            let retries: Int
            let ratio: Double
            let tags: [String]
        }
        let json5 = """
        // settings
        {
          name: 'api',   /* the service */
          retries: 0x3,
          ratio: .25,
          tags: ['a', "b",],
        }
        """
        expectSameDecoding(Config.self, json: json5, setup: Self.setup)
        let decoder = TapeJSONDecoder()
        decoder.allowsJSON5 = true
        do {
            _ = try decoder.decode(Config.self, from: Data("{name: 'x', retries: tru}".utf8))
            Issue.record("decoded invalid JSON5")
        } catch DecodingError.dataCorrupted(let context) {
            #expect((context.underlyingError as? JSONError)?.offset == 21)
        }
    }

    @Test("json5Numbers: integers and doubles Foundation reads", arguments: [
        "1", "11", "99887766", "-1", "-10", "+0", "+10", "0x0000000E", "-0X1f", "+0X1f", "1.e2", "1e2", "1E2", "1e+2",
        "1E+02", ".1", "-.1", "+.1", "1e-2", "1E-02",
    ])
    func json5Numbers(text: String) {
        expectSameDecoding(Int.self, json: text, setup: Self.setup, compareMessages: false, notFitPath: [])
        expectSameDecoding(Double.self, json: text, setup: Self.setup, compareMessages: false)
    }

    @Test("json5Null: null and its misspellings", arguments: ["null", "Null", "nul", "nu", "n", "n    ", "nu   "])
    func json5Null(text: String) {
        expectSameDecoding(Int?.self, json: text, setup: Self.setup, compareMessages: false)
    }

    @Test("json5EsotericErrors: unfinished arrays and objects, invalid UTF-8", arguments: [
        "[", "[ ", "[\n\n", "['hi',", "['hi', ", "['hi',\n", "{", "{ ", "{k ", "{k :", "{k : ", "{k : true", "{k : true\n\n",
    ])
    func json5Unfinished(json: String) {
        expectSameDecoding([String: Bool].self, json: json, setup: Self.setup, compareMessages: false)
        expectSameDecoding([String].self, json: json, setup: Self.setup, compareMessages: false)
    }

    @Test("json5EsotericErrors: invalid UTF-8 after a brace")
    func json5InvalidUTF8() {
        let decoder = TapeJSONDecoder()
        decoder.allowsJSON5 = true
        for bytes: [UInt8] in [[0x7B, 0x80], [0x7B, 0xC0], [0x7B, 0xE0, 0x80], [0x7B, 0xF0, 0x80, 0x80]] {
            #expect(throws: DecodingError.self) { try decoder.decode([String: Bool].self, from: Data(bytes)) }
        }
    }

    @Test("json5Strings: line breaks and comments around keys", arguments: [
        "{v\n : true}", "{v \n : true}", "{ v \n : true,\nv\n:true,}", "{v\r : true}", "{v\r\n : true}",
        "{v// comment \n : true}", "{v/* comment*/ \n : true}", "{v/* comment */:/*comment*/\ntrue}", "{v// comment \r : true}",
    ])
    func json5Keys(json: String) {
        expectSameDecoding([String: Bool].self, json: json, setup: Self.setup, compareMessages: false)
    }
}
