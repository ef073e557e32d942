import Foundation
import Testing

@testable import TapeJSON

// Every public error type is a `LocalizedError` whose `localizedDescription` is its full message with
// its location, not "The operation could not be completed. (TapeJSON.JSONInputError error 1.)" (issue 26).

@Suite("public errors describe themselves, localized or not")
struct LocalizedErrorTests {
    /// `error.localizedDescription` (through `any Error`, as a `catch` sees it) is its description.
    private func expectLocalized(_ error: any Error & CustomStringConvertible, contains part: String,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(error.localizedDescription == error.description, sourceLocation: sourceLocation)
        #expect(error.localizedDescription.contains(part), "\(error.localizedDescription)", sourceLocation: sourceLocation)
        #expect(!error.localizedDescription.contains("The operation could not be completed"), sourceLocation: sourceLocation)
        #expect((error as? LocalizedError)?.errorDescription == error.description, sourceLocation: sourceLocation)
    }

    @Test("JSONError: line, column, byte and message")
    func jsonError() throws {
        let error = try #require(throws: JSONError.self) { try JSONParser.shared.parse("[1,\n 2,]") }
        expectLocalized(error, contains: "line 2, column 4 (byte 7): unexpected character")
    }

    @Test("JSONInputError: the path and the reason")
    func inputError() throws {
        let error = try #require(throws: JSONInputError.self) {
            try JSONParser.shared.parse(contentsOfFile: "/nonexistent/tapejson-localized.json")
        }
        expectLocalized(error, contains: "/nonexistent/tapejson-localized.json: ")
    }

    @Test("JSONLineError: line, column and message")
    func lineError() throws {
        let error = try #require(throws: JSONLineError.self) {
            try JSONLines(bytes: Array("{\"a\":1}\n{\"a\":}\n".utf8)).count()
        }
        expectLocalized(error, contains: "line 2, column 6: unexpected character")
    }

    @Test("JSONPointerError, JSONItemPointerError, JSONStreamWriterError, JSONOutputError")
    func otherErrors() throws {
        let pointer = try #require(throws: JSONPointerError.self) { try JSONDocument(parsing: "{}").root.value(atPointer: "a") }
        expectLocalized(pointer, contains: "invalid JSON Pointer 'a'")
        let items = try #require(throws: JSONItemPointerError.self) {
            try JSONItemStream(bytes: Array(#"{"a": 1}"#.utf8), pointer: "/a").count()
        }
        expectLocalized(items, contains: "the value at '/a' is not an array or object")
        expectLocalized(JSONStreamWriterError("a key outside an object"), contains: "JSONStreamWriter: a key outside an object")
        expectLocalized(JSONOutputError(destination: "out.ndjson", errno: ENOSPC), contains: "out.ndjson: ")
    }
}
