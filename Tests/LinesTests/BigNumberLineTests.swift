import Foundation
import Testing

@testable import TapeJSON

// Numbers simdjson 3.0.1 cannot hold (beyond 64-bit integers, magnitudes beyond Double) are valid JSON:
// a line or item holding one is read like any other (issue: "Big numbers are valid JSON everywhere").

@Suite("JSON Lines and items: numbers simdjson cannot hold")
struct BigNumberLineTests {
    struct Row: Decodable, Sendable, Equatable {
        var id: Int
        var big: Int128? = nil
        var amount: Decimal? = nil
    }

    static let rows = [
        #"{"id": 1}"#,
        #"{"id": 2, "big": 170141183460469231731687303715884105727}"#,
        #"{"id": 3, "amount": 123456789012345678901234567890.5}"#,
        #"{"id": 4}"#,
        "nope",
        #"{"id": 5, "big": -170141183460469231731687303715884105728}"#,
        #"{"id": 6}"#,
    ]
    static let expected = [
        Row(id: 1), Row(id: 2, big: Int128.max), Row(id: 3, amount: Decimal(string: "123456789012345678901234567890.5")),
        Row(id: 4), Row(id: 5, big: Int128.min), Row(id: 6),
    ]

    private func decodeLines(jobs: Int) throws -> (rows: [Row], errors: [JSONLineError], summary: JSONLinesSummary) {
        var rows: [Row] = []
        var errors: [JSONLineError] = []
        let input = Array((Self.rows.joined(separator: "\n") + "\n").utf8)
        let summary = try JSONLines(bytes: input, options: JSONLinesOptions(errorPolicy: .report))
            .decode(Row.self, using: TapeJSONDecoder(), jobs: jobs, each: { row, _ in rows.append(row) },
                    onInvalidLine: { errors.append($0) })
        return (rows, errors, summary)
    }

    @Test("a line with a big number decodes exactly, on one worker or two; the stream goes on after it",
          arguments: [1, 2])
    func jsonLines(jobs: Int) throws {
        let (rows, errors, summary) = try decodeLines(jobs: jobs)
        #expect(rows == Self.expected)
        #expect(errors.map(\.line) == [5])
        #expect(summary.lines == 7 && summary.documents == 6 && summary.invalid == 1)
    }

    @Test("the line's document, events and count expose the number's text")
    func documentAndEvents() throws {
        let input = Array("[1]\n[2, 100000000000000000000, 1e400]\n[3]\n".utf8)
        var texts: [String] = []
        var bigEvents: [String] = []
        let summary = try JSONLines(bytes: input).forEach { line in
            let document = line.document
            texts.append(document.root.jsonText)
            let elements = Array(document.root.elements)
            if elements.count > 1, let big = elements[1].bigNumberText { bigEvents.append("value " + big) }
            var reader = line.events
            while let event = reader.next() {
                if case .bigNumber(let text) = event { bigEvents.append("event " + text.string) }
            }
        }
        #expect(summary.documents == 3 && summary.invalid == 0)
        #expect(texts[0] == "[1]" && texts[2] == "[3]")
        #expect(bigEvents == ["value 100000000000000000000", "event 100000000000000000000", "event 1e400"])
        #expect(try JSONLines(bytes: input).count().documents == 3)
    }

    @Test("items with big numbers: in runs and one by one, counted and decoded, on one worker or two",
          arguments: [0, 256 << 10])
    func items(runBytes: Int) throws {
        let valid = Self.rows.filter { $0 != "nope" }
        let text = Array(("{\"meta\": 1e400, \"Records\": [" + valid.joined(separator: ",\n") + "]}").utf8)
        for jobs in [1, 2] {
            let stream = JSONItemStream(bytes: text, pointer: "/Records")
            stream.runBytes = runBytes
            var rows: [Row] = []
            let summary = try stream.decode(Row.self, using: TapeJSONDecoder(), jobs: jobs, each: { row, _ in rows.append(row) })
            #expect(rows == Self.expected, "jobs \(jobs)")
            #expect(summary.documents == 6 && summary.invalid == 0)
            #expect(try stream.count(jobs: jobs).documents == 6)
        }
    }
}
