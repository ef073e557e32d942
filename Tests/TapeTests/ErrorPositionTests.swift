import TapeJSON
import Testing

// Hand-made invalid inputs with the exact kind, byte offset, line and column each must report.
// Offsets count bytes from 0; lines and columns count from 1, columns in Unicode scalars.

// MARK: - Truncation

@Suite("Errors: truncated input")
struct TruncationErrorTests {
    @Test func truncatedDocument() {
        expectError(#"{"a": [1, 2"#, .unexpectedEndOfInput, offset: 11, line: 1, column: 12)
        expectError(#"{"a":"#, .unexpectedEndOfInput, offset: 5, line: 1, column: 6)
        expectError("[", .unexpectedEndOfInput, offset: 1, line: 1, column: 2)
        expectError("{", .unexpectedEndOfInput, offset: 1, line: 1, column: 2)
        expectError("tru", .unexpectedEndOfInput, offset: 3, line: 1, column: 4)
        expectError("-", .unexpectedEndOfInput, offset: 1, line: 1, column: 2)
        expectError("[1.", .unexpectedEndOfInput, offset: 3, line: 1, column: 4)
    }

    @Test func truncatedString() {
        expectError(#"["abc"#, .unexpectedEndOfInput, offset: 5, line: 1, column: 6)
        expectError(#"{"ke"#, .unexpectedEndOfInput, offset: 4, line: 1, column: 5)
        expectError(#""a\"#, .unexpectedEndOfInput, offset: 3, line: 1, column: 4)
        expectError(#""\u00"#, .unexpectedEndOfInput, offset: 5, line: 1, column: 6)
    }

    @Test("empty and whitespace-only input")
    func empty() {
        expectError("", .emptyInput, offset: 0, line: 1, column: 1)
        expectError([UInt8](), .emptyInput, offset: 0, line: 1, column: 1)
        expectError(" ", .emptyInput, offset: 1, line: 1, column: 2)
        expectError(" \t\r\n  ", .emptyInput, offset: 6, line: 2, column: 3)
        expectError("\n\n\n", .emptyInput, offset: 3, line: 4, column: 1)
    }
}

// MARK: - Strings

@Suite("Errors: strings and escapes")
struct StringErrorTests {
    @Test func badEscape() {
        expectError(#"{"a":"x\qy"}"#, .invalidEscape, offset: 7, line: 1, column: 8)
        expectError(#"["\x41"]"#, .invalidEscape, offset: 2, line: 1, column: 3)
        expectError(#"["\u12G4"]"#, .invalidEscape, offset: 2, line: 1, column: 3)
    }

    @Test("unpaired surrogate escapes")
    func surrogates() {
        expectError(#"["\uDC00"]"#, .invalidEscape, offset: 2, line: 1, column: 3)
        expectError(#"["ab\uD800x"]"#, .invalidEscape, offset: 4, line: 1, column: 5)
        expectError(#"["\uD800\u0041"]"#, .invalidEscape, offset: 2, line: 1, column: 3)
    }

    @Test func unescapedControlCharacter() {
        expectError("[\"a\u{1}b\"]", .unescapedControlCharacter, offset: 3, line: 1, column: 4)
        expectError("[\"a\tb\"]", .unescapedControlCharacter, offset: 3, line: 1, column: 4)
    }

    @Test("invalid UTF-8 inside a string")
    func invalidUTF8InString() {
        expectError(Array(#"["a"#.utf8) + [0xFF] + Array(#""]"#.utf8), .invalidUTF8, offset: 3, line: 1, column: 4)
        // A truncated two-byte sequence, an overlong encoding and an encoded surrogate.
        expectError(Array(#"{"k":"é"#.utf8) + [0xC3] + Array(#""}"#.utf8), .invalidUTF8, offset: 8, line: 1, column: 8)
        expectError(Array(#"[""#.utf8) + [0xC0, 0xAF] + Array(#""]"#.utf8), .invalidUTF8, offset: 2, line: 1, column: 3)
        expectError(Array(#"[""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]"#.utf8), .invalidUTF8, offset: 2, line: 1, column: 3)
        // In a key.
        expectError(Array(#"{""#.utf8) + [0x80] + Array(#"":1}"#.utf8), .invalidUTF8, offset: 2, line: 1, column: 3)
    }

    @Test("invalid UTF-8 outside a string")
    func invalidUTF8OutsideString() {
        expectError(Array("[1, ".utf8) + [0xFF] + Array("]".utf8), .invalidUTF8, offset: 4, line: 1, column: 5)
        expectError([0xFE], .invalidUTF8, offset: 0, line: 1, column: 1)
        // Well-formed UTF-8 where no value can start is an unexpected character instead.
        expectError("[1, é]", .unexpectedCharacter, offset: 4, line: 1, column: 5)
    }
}

// MARK: - Structure

@Suite("Errors: structure")
struct StructureErrorTests {
    @Test func trailingCommaInArray() {
        expectError("[1,2,]", .unexpectedCharacter, offset: 5, line: 1, column: 6)
        expectError("[1, 2, \n]", .unexpectedCharacter, offset: 8, line: 2, column: 1)
    }

    @Test func trailingCommaInObject() {
        expectError(#"{"a":1,}"#, .unexpectedCharacter, offset: 7, line: 1, column: 8)
        expectError(#"{"a":1 , }"#, .unexpectedCharacter, offset: 9, line: 1, column: 10)
    }

    @Test func missingColon() {
        expectError(#"{"a" 1}"#, .unexpectedCharacter, offset: 5, line: 1, column: 6)
        expectError(#"{"a",1}"#, .unexpectedCharacter, offset: 4, line: 1, column: 5)
    }

    @Test("other misplaced characters")
    func misplaced() {
        expectError("[1 2]", .unexpectedCharacter, offset: 3, line: 1, column: 4)
        expectError("{1:2}", .unexpectedCharacter, offset: 1, line: 1, column: 2)
        expectError("['a']", .unexpectedCharacter, offset: 1, line: 1, column: 2)
        expectError("[1]]", .trailingContent, offset: 3, line: 1, column: 4)
        expectError("{} {}", .trailingContent, offset: 3, line: 1, column: 4)
        expectError("[nul]", .invalidLiteral, offset: 1, line: 1, column: 2)
        expectError("truex", .invalidLiteral, offset: 0, line: 1, column: 1)
    }
}

// MARK: - Numbers

@Suite("Errors: numbers")
struct NumberErrorTests {
    @Test func leadingZero() {
        expectError("[01]", .invalidNumber, offset: 2, line: 1, column: 3)
        expectError("-012", .invalidNumber, offset: 2, line: 1, column: 3)
        expectError("00", .invalidNumber, offset: 1, line: 1, column: 2)
    }

    @Test("malformed numbers")
    func malformed() {
        expectError("[1.]", .invalidNumber, offset: 3, line: 1, column: 4)
        expectError("[.5]", .unexpectedCharacter, offset: 1, line: 1, column: 2)
        expectError("[-a]", .invalidNumber, offset: 2, line: 1, column: 3)
        expectError("[1e]", .invalidNumber, offset: 3, line: 1, column: 4)
        expectError("[0x10]", .invalidNumber, offset: 2, line: 1, column: 3)
        expectError("[+1]", .unexpectedCharacter, offset: 1, line: 1, column: 2)
    }

    @Test("numbers too large for simdjson are valid JSON: the document keeps their text")
    func huge() throws {
        for (text, number) in [("1e400", "1e400"), ("[-1e400]", "-1e400"), ("[100000000000000000000]", "100000000000000000000"),
                               (#"{"n": 18446744073709551616}"#, "18446744073709551616"),
                               ("-9223372036854775809", "-9223372036854775809")] {
            let document = try JSONParser.shared.parse(text)
            var value = document.root
            if value.kind == .array { value = try #require(value[0]) }
            if value.kind == .object { value = try #require(value["n"]) }
            #expect(value.bigNumberText == number)
            #expect(value.kind == .double)
        }
    }

    @Test("an error after a big number is found where it is")
    func errorAfterBigNumber() {
        expectError("[100000000000000000000, tru]", .invalidLiteral, offset: 24, line: 1, column: 25)
        expectError("[1e400, 01]", .invalidNumber, offset: 9, line: 1, column: 10)
        expectError("[1e400", .unexpectedEndOfInput, offset: 6, line: 1, column: 7)
    }

    @Test("the largest representable numbers still parse")
    func boundaries() throws {
        let document = try JSONParser.shared.parse(
            "[18446744073709551615, -9223372036854775808, 1.7976931348623157e308, 1e-400]")
        #expect(document.root[0]?.uint64 == UInt64.max)
        #expect(document.root[1]?.int64 == Int64.min)
        #expect(document.root[2]?.double == Double.greatestFiniteMagnitude)
        #expect(document.root[3]?.double == 0)
    }
}

// MARK: - Depth

@Suite("Errors: nesting depth")
struct DepthErrorTests {
    @Test("a small maxDepth: one level less than the limit parses, the limit fails")
    func smallLimit() throws {
        let parser = JSONParser(maxDepth: 4)
        #expect(parser.maxDepth == 4)
        _ = try parser.parse("[[[1]]]")
        _ = try parser.parse(#"{"a":{"b":[]}}"#)
        expectError("[[[[1]]]]", .depthLimitExceeded, offset: 3, line: 1, column: 4, parser: parser)
        expectError(#"{"a":{"b":[{"c":1}]}}"#, .depthLimitExceeded, offset: 11, line: 1, column: 12, parser: parser)
        expectError("[\n [\n  [\n   [1", .depthLimitExceeded, offset: 12, line: 4, column: 4, parser: parser)
    }

    @Test("empty containers do not count toward the depth (as in simdjson)")
    func emptyContainers() throws {
        let parser = JSONParser(maxDepth: 4)
        _ = try parser.parse(#"{"a":{"b":[{}]}}"#)
        _ = try parser.parse("[[[[ ]]]]")
        // So an error after them is reported as itself, not as a depth error.
        expectError("[[[[]]]] x", .trailingContent, offset: 9, line: 1, column: 10, parser: parser)
        expectError("[[[{ }, 01]]]", .invalidNumber, offset: 9, line: 1, column: 10, parser: parser)
    }

    @Test("the default limit of 1024 against a depth bomb of 100000 '['")
    func depthBomb() throws {
        #expect(JSONParser.defaultMaxDepth == 1024)
        #expect(JSONParser.shared.maxDepth == 1024)
        let bomb = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        expectError(bomb, .depthLimitExceeded, offset: 1023, line: 1, column: 1024)
        let closed = bomb + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)
        expectError(closed, .depthLimitExceeded, offset: 1023, line: 1, column: 1024)
        let deepest = String(repeating: "[", count: 1023) + String(repeating: "]", count: 1023)
        _ = try JSONParser.shared.parse(deepest)
    }
}

// MARK: - Lines and columns

@Suite("Errors: lines and columns")
struct LineColumnTests {
    @Test("errors on later lines")
    func multiLine() {
        expectError("{\n  \"a\": 1,\n  \"b\": tru\n}", .invalidLiteral, offset: 19, line: 3, column: 8)
        expectError("[\n1,\n2,\n]", .unexpectedCharacter, offset: 8, line: 4, column: 1)
        expectError("[1,\r\n 2\r\n 3]", .unexpectedCharacter, offset: 10, line: 3, column: 2)
    }

    @Test("columns count Unicode scalars, not bytes")
    func multiByte() {
        // "é" is 2 bytes, "日本" 6 bytes, "🎉" 4 bytes: one scalar each.
        expectError(#"{"é": "日本", x}"#, .unexpectedCharacter, offset: 17, line: 1, column: 13)
        expectError("[\"🎉\",\n \"é\" 1]", .unexpectedCharacter, offset: 15, line: 2, column: 6)
        expectError(Array(#"["日"#.utf8) + [0xE6, 0x97] + Array(#""]"#.utf8), .invalidUTF8, offset: 5, line: 1, column: 4)
    }

    @Test("errors carry an excerpt of their line")
    func excerpt() throws {
        let error = try #require(parseError("{\n  \"a\": [1, 2,, 3]\n}"))
        #expect(error.line == 2)
        #expect(error.column == 14)
        #expect(error.excerpt.contains("2,, 3"))
        #expect(!error.excerpt.contains("\n"))
        #expect(error.description.hasPrefix("line 2, column 14 (byte 15): "))
    }
}
