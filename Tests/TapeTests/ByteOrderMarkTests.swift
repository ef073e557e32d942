import Foundation
import TapeJSON
import Testing

// A UTF-8 byte order mark opening a document is skipped by every reader (issue 26), as
// `TapeJSONDecoder`, `TapeJSONSerialization` and `JSONLines` always skipped it. Offsets count its
// 3 bytes; columns do not count it (it is no character of the text).

@Suite("a UTF-8 byte order mark opening a document")
struct ByteOrderMarkTests {
    static let mark: [UInt8] = [0xEF, 0xBB, 0xBF]

    @Test("JSONParser skips it in every entry point")
    func parserSkips() throws {
        let bytes = Self.mark + Array(#"{"a":[1,2]}"#.utf8)
        #expect(try JSONParser.shared.parse(bytes).root["a"]?[1]?.int == 2)
        #expect(try JSONParser.shared.parse(Data(bytes)).root["a"]?[0]?.int == 1)
        #expect(try JSONParser.shared.parse("\u{FEFF}[true]").root[0]?.bool == true)
        let count = try bytes.withUnsafeBytes { raw throws(JSONError) in try JSONParser.shared.parse(bytes: raw).root["a"]?.count }
        #expect(count == 2)
        #expect(try JSONDocument(parsing: bytes).root["a"]?.count == 2)
    }

    @Test("an error after the mark: the offset counts the mark, the column does not, the excerpt leaves it out")
    func errorPosition() throws {
        let bytes = Self.mark + Array(#"{"a":}"#.utf8)
        let error = try #require(throws: JSONError.self) { try JSONParser.shared.parse(bytes) }
        #expect(error.kind == .unexpectedCharacter)
        #expect(error.offset == 8)
        #expect(error.line == 1 && error.column == 6)
        #expect(!error.excerpt.contains("\u{FEFF}"))
        // A mark alone is an empty document, after the mark.
        let empty = try #require(throws: JSONError.self) { try JSONParser.shared.parse(Self.mark) }
        #expect(empty.kind == .emptyInput && empty.offset == 3)
        // Only at the start: a mark after whitespace is still an error.
        #expect(throws: JSONError.self) { try JSONParser.shared.parse([0x20] + Self.mark + Array("1".utf8)) }
    }

    @Test("the push parser skips it too, fed whole or a byte at a time, with JSONParser's errors")
    func streamSkips() throws {
        let valid = Self.mark + Array(#"{"a":[1,2,{"b":null}]}"#.utf8)
        #expect(try JSONStreamValidation.validate(bytes: valid) == nil)
        #expect(try JSONStreamValidation.validate(bytes: valid, window: 64) == nil)
        let counter = try JSONStreamParser(handler: EventCounter())
        for byte in valid { try counter.feed([byte]) }
        try counter.finish()
        #expect(counter.handler.events == 11)
        for invalid in [Self.mark + Array(#"{"a":}"#.utf8), Self.mark, Self.mark + Array("[1,\n 2,]".utf8)] {
            let streamed = try #require(try JSONStreamValidation.validate(bytes: invalid, window: 64))
            let whole = try #require(throws: JSONError.self) { try JSONParser.shared.parse(invalid) }
            #expect(streamed == whole)
        }
    }
}

private struct EventCounter: JSONEventHandler {
    var events = 0
    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        events += 1
        return .continue
    }
}
