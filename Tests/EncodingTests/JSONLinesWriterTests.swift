import Foundation
import Testing
import TapeJSON

@Suite struct JSONLinesWriterTests {
    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tapejson-writer-\(UUID().uuidString).ndjson").path
    }

    @Test func writesWholeLinesOfEveryKind() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try JSONLinesWriter(path: path, bufferSize: 64)
        writer.encoder.outputFormatting = [.sortedKeys, .prettyPrinted]   // a line never has newlines
        for i in 0..<100 { try writer.write(Point(x: Double(i), y: 0.5)) }
        try writer.write(jsonObject: ["b": [1, 2], "a": "x/y"], options: [.sortedKeys, .prettyPrinted])
        try writer.write(raw: #"{"raw": true}"# + "\n")
        // A value that fails to encode writes nothing.
        #expect(throws: EncodingError.self) { try writer.write(Point(x: .nan, y: 0)) }
        try writer.write(raw: Array(#"[1,2]"#.utf8))
        #expect(throws: JSONOutputError.self) { try writer.write(raw: "two\nlines") }
        try writer.close()
        #expect(throws: JSONOutputError.self) { try writer.write(Point(x: 0, y: 0)) }

        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 104)
        #expect(lines.last == "")
        let decoder = JSONDecoder()
        for i in 0..<100 {
            let point = try decoder.decode(Point.self, from: Data(lines[i].utf8))
            #expect(point == Point(x: Double(i), y: 0.5))
        }
        #expect(lines[100] == #"{"a":"x\/y","b":[1,2]}"#)
        #expect(lines[101] == #"{"raw": true}"#)
        #expect(lines[102] == "[1,2]")
    }

    @Test func writeFailuresCarryTheSystemsMessage() throws {
        let writer = try JSONLinesWriter(path: "/dev/full", bufferSize: 1 << 20)
        try writer.write(["a": 1])                  // buffered
        do {
            try writer.flush()
            Issue.record("expected a write error")
        } catch let error as JSONOutputError {
            #expect(error.description == "/dev/full: No space left on device")
            #expect(error.code == ENOSPC)
        }
        #expect(throws: JSONOutputError.self) { try writer.write(["b": 2]) }
        #expect(throws: JSONOutputError.self) { try writer.close() }
        #expect(throws: JSONOutputError.self) { try JSONLinesWriter(path: "/nonexistent-dir/x.ndjson") }
    }

    @Test func appendsAndWritesToFileHandles() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let writer = try JSONLinesWriter(path: path)
            try writer.write([1])
            try writer.close()
        }
        do {
            let writer = try JSONLinesWriter(path: path, append: true)
            try writer.write([2])
            try writer.close()
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        let writer = JSONLinesWriter(fileHandle: handle)
        try writer.write(raw: "[3]")
        try writer.close()
        try handle.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "[1]\n[2]\n[3]\n")
    }
}
