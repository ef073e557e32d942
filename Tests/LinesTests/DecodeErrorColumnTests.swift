import Foundation
import TapeJSON
import Testing

// A line that does not decode reports the column of the value its coding path leads to, not column 1
// (issue 26: `app.ndjson:13:1: at timestamp: Expected to decode String but found number instead.`).

@Suite("decoding errors in lines carry the failing value's column")
struct DecodeErrorColumnTests {
    struct Entry: Decodable, Sendable {
        var timestamp: String
        var tags: [Int]
        var http: HTTP?
        struct HTTP: Decodable, Sendable { var status: Int }
    }

    /// The errors of decoding `input` as `Entry` under `.report`, with `jobs` workers.
    private func errors(_ input: String, jobs: Int, decoder: TapeJSONDecoder = TapeJSONDecoder()) throws -> [JSONLineError] {
        var errors: [JSONLineError] = []
        try JSONLines(bytes: Array(input.utf8), options: JSONLinesOptions(errorPolicy: .report))
            .decode(Entry.self, using: decoder, jobs: jobs, each: { _, _ in }, onInvalidLine: { errors.append($0) })
        return errors
    }

    @Test("a type mismatch, an element of an array, a nested member, a missing key, jobs 1 and 2", arguments: [1, 2])
    func columns(jobs: Int) throws {
        let input = """
            {"timestamp":"t","tags":[1]}
            {"tags": [], "timestamp": 1700000000}
            {"timestamp":"é", "tags": [1, 2, "x"]}
            {"timestamp":"t","tags":[],"http":{"status":"500"}}
            {"tags":[]}

            """
        let found = try errors(input, jobs: jobs)
        #expect(found.map(\.line) == [2, 3, 4, 5])
        // Line 2: the number after "timestamp": (column 27); line 3: the third element, after a
        // two-byte character that is one column (column 34); line 4: the nested status; line 5: the object itself.
        #expect(found.map(\.column) == [27, 34, 45, 1])
        #expect(found[0].offset == 29 + 26)
        #expect(found[0].message.hasPrefix("at timestamp: "))
    }

    @Test("keys converted by the decoder are still found")
    func convertedKeys() throws {
        struct Row: Decodable, Sendable { var userId: Int }
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        var errors: [JSONLineError] = []
        try JSONLines(bytes: Array("{\"a\":1, \"user_id\": \"x\"}\n".utf8), options: JSONLinesOptions(errorPolicy: .report))
            .decode(Row.self, using: decoder, jobs: 1, each: { _, _ in }, onInvalidLine: { errors.append($0) })
        #expect(errors.map(\.column) == [20])
    }

    @Test("escaped keys are compared by their value")
    func escapedKeys() throws {
        let found = try errors(#"{"tags":[],"time\u0073tamp":false}"# + "\n", jobs: 1)
        #expect(found.map(\.column) == [29])
    }

    @Test("an item over several lines: the value's own line and column", arguments: [1, 2])
    func items(jobs: Int) throws {
        let document = "[\n  {\"timestamp\": \"t\", \"tags\": []},\n  {\n    \"tags\": [],\n    \"timestamp\": 5\n  }\n]\n"
        var errors: [JSONLineError] = []
        try JSONItemStream(bytes: Array(document.utf8), options: JSONLinesOptions(errorPolicy: .report))
            .decode(Entry.self, using: TapeJSONDecoder(), jobs: jobs, each: { _, _ in }, onInvalidLine: { errors.append($0) })
        #expect(errors.count == 1)
        #expect(errors.first?.line == 5)
        #expect(errors.first?.column == 18)
        #expect(errors.first?.elementIndex == 1)
    }

    @Test("an item on its first line: columns count from the line's start, not the item's", arguments: [1, 2])
    func itemsMidLine(jobs: Int) throws {
        // Items 1 and 3 do not decode: the number at column 64 of line 2 (after "é", one column of two
        // bytes), and item 3 itself (a missing key: the object, at column 3 of line 4).
        let document = #"{"meta":{"v":1},"# + "\n" + #""records":[{"timestamp":"é","tags":[]}, {"tags":[],"timestamp":5},"#
            + "\n" + #"{"timestamp":"t","tags":[1]},"# + "\n" + #"  {"tags":[]}]}"# + "\n"
        var errors: [JSONLineError] = []
        try JSONItemStream(bytes: Array(document.utf8), pointer: "/records", options: JSONLinesOptions(errorPolicy: .report))
            .decode(Entry.self, using: TapeJSONDecoder(), jobs: jobs, each: { _, _ in }, onInvalidLine: { errors.append($0) })
        #expect(errors.map(\.line) == [2, 4])
        #expect(errors.map(\.column) == [64, 3])
        #expect(errors.map(\.elementIndex) == [1, 3])
        let first = try #require(errors.first)
        #expect(first.offset == Array(document.utf8).firstIndex(of: UInt8(ascii: "5")))
    }

    @Test("an error a transform throws that is not a DecodingError stays at column 1")
    func otherErrors() throws {
        struct Refused: Error {}
        var errors: [JSONLineError] = []
        try JSONLines(bytes: Array("  {\"a\":1}\n".utf8), options: JSONLinesOptions(errorPolicy: .report))
            .map(jobs: 1, { _ in throw Refused() }, each: { (_: Int, _) in }, onInvalidLine: { errors.append($0) })
        #expect(errors.map(\.column) == [1])
    }
}
