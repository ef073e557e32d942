import Foundation
import TapeJSON
import Testing

// A `JSONLine`'s bytes (`Span<UInt8>`) go straight to `JSONLinesWriter.write(raw:)` and to
// `TapeJSONSerialization.jsonObject(with:)`, without `withUnsafeBufferPointer` (issue 26).

@Suite("a line's bytes handed on as they are")
struct LineBytesTests {
    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tapejson-linebytes-\(UUID().uuidString).ndjson").path
    }

    static let input = Array("{\"level\":\"ERROR\", \"n\":1}\n{\"level\":\"INFO\",\"n\":2}\r\n[1, 2.50]\n".utf8)

    @Test("write(raw: line.bytes) and write(raw: line) copy JSON Lines lines byte for byte")
    func writerTakesLines() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try JSONLinesWriter(path: path)
        try JSONLines(bytes: Self.input).forEach { line in
            try writer.write(raw: line.bytes)
            try writer.write(raw: line)
        }
        try writer.close()
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == "{\"level\":\"ERROR\", \"n\":1}\n{\"level\":\"ERROR\", \"n\":1}\n{\"level\":\"INFO\",\"n\":2}\n"
            + "{\"level\":\"INFO\",\"n\":2}\n[1, 2.50]\n[1, 2.50]\n")
    }

    @Test("an item over several lines is written on one, its tokens as they were")
    func writerTakesItems() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try JSONLinesWriter(path: path)
        let document = Array("[\n  {\n    \"a b\": \"x \\\" y\",\n    \"n\": 1.50E+2\n  },\n  [ 1,\n 2 ]\n]\n".utf8)
        try JSONItemStream(bytes: document).forEach { item in try writer.write(raw: item) }
        try writer.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"a b\":\"x \\\" y\",\"n\":1.50E+2}\n[1,2]\n")
    }

    @Test("TapeJSONSerialization.jsonObject(with:) takes a line and its bytes")
    func serializationTakesLines() throws {
        var levels: [String] = []
        var numbers: [Int] = []
        try JSONLines(bytes: Self.input).forEach { line in
            if let object = try TapeJSONSerialization.jsonObject(with: line) as? [String: Any] {
                levels.append(object["level"] as? String ?? "?")
            }
            if let object = try TapeJSONSerialization.jsonObject(with: line.bytes) as? [String: Any] {
                numbers.append((object["n"] as? NSNumber)?.intValue ?? -1)
            } else {
                let array = try #require(try TapeJSONSerialization.jsonObject(with: line.bytes) as? [Any])
                #expect(array.count == 2)
            }
        }
        #expect(levels == ["ERROR", "INFO"])
        #expect(numbers == [1, 2])
    }
}
