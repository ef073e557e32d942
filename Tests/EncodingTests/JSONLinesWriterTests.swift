import Foundation
import Testing

@testable import TapeJSON

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

    /// A disk that fills mid-write: the system takes part of the buffer, then refuses the rest. The file
    /// keeps only the whole lines; the part of a line the system took is cut off again.
    @Test func aWriteCutShortLeavesOnlyWholeLines() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = #"{"id":"first"}"# + "\n", second = #"{"id":"second"}"# + "\n"
        for (cut, expected) in [(10, ""), (14, ""), (15, first), (20, first), (30, first), (31, first + second)] {
            let writer = try JSONLinesWriter(path: path, bufferSize: 1 << 20)
            var calls = 0
            writer.systemWrite = { fd, bytes, count in
                calls += 1
                if calls == 1 { return Foundation.write(fd, bytes, min(cut, count)) }   // a short write
                errno = ENOSPC
                return -1
            }
            for id in ["first", "second", "third"] { try writer.write(["id": id]) }
            do {
                try writer.flush()
                Issue.record("expected a write error (cut at \(cut))")
            } catch let error as JSONOutputError {
                #expect(error.code == ENOSPC)
                #expect(error.description == "\(path): No space left on device")
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == expected, "cut at \(cut)")
            #expect(throws: JSONOutputError.self) { try writer.write(["id": "later"]) }
            #expect(throws: JSONOutputError.self) { try writer.close() }
        }
    }

    /// The same cut in append mode keeps what the file held before.
    @Test func aWriteCutShortInAppendModeKeepsEarlierContent() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("[0]\n".utf8).write(to: URL(fileURLWithPath: path))
        let writer = try JSONLinesWriter(path: path, append: true, bufferSize: 1 << 20)
        var calls = 0
        writer.systemWrite = { fd, bytes, count in
            calls += 1
            if calls == 1 { return Foundation.write(fd, bytes, min(6, count)) }
            errno = ENOSPC
            return -1
        }
        try writer.write([1])
        try writer.write([22])
        #expect(throws: JSONOutputError.self) { try writer.flush() }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "[0]\n[1]\n")
    }

    /// `write(contentsOf:jobs:)`: the lines in the sequence's order whatever the number of threads, the
    /// same bytes as one `write(_:)` per value.
    @Test func parallelWritingKeepsTheOrder() throws {
        let points = (0..<5_000).map { Point(x: Double($0), y: Double($0) / 7) }
        var outputs: [String] = []
        for (jobs, batchSize) in [(1, 256), (2, 1), (2, 7), (3, 256), (4, 1000)] {
            let path = temporaryPath()
            defer { try? FileManager.default.removeItem(atPath: path) }
            let writer = try JSONLinesWriter(path: path, bufferSize: 4096)
            writer.encoder.outputFormatting = [.sortedKeys]
            try writer.write(contentsOf: points, jobs: jobs, batchSize: batchSize)
            try writer.write(contentsOf: [Point](), jobs: jobs)
            try writer.write(contentsOf: points.prefix(3).lazy.map { $0 }, jobs: jobs, batchSize: batchSize)
            try writer.close()
            outputs.append(try String(contentsOfFile: path, encoding: .utf8))
        }
        let encoder = TapeJSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let expected = try (points + points.prefix(3)).map { String(decoding: try encoder.encode($0), as: UTF8.self) + "\n" }.joined()
        for output in outputs { #expect(output == expected) }
    }

    /// A value that fails to encode: every line before it is written, none after it, and its error is
    /// thrown; the writer still takes lines afterwards (the failure was the value's, not the output's).
    @Test func parallelWritingStopsAtTheFirstFailingValue() throws {
        var points = (0..<1_000).map { Point(x: Double($0), y: 0) }
        points[617].y = .nan
        points[900].y = .infinity
        for jobs in [1, 2, 4] {
            let path = temporaryPath()
            defer { try? FileManager.default.removeItem(atPath: path) }
            let writer = try JSONLinesWriter(path: path, bufferSize: 100)
            #expect(throws: EncodingError.self) { try writer.write(contentsOf: points, jobs: jobs, batchSize: 50) }
            try writer.write(raw: "[]")
            try writer.close()
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 618, "jobs \(jobs)")
            #expect(try JSONDecoder().decode(Point.self, from: Data(lines[616].utf8)) == points[616])
            #expect(lines.last == "[]")
        }
    }

    /// A writer made on a handle that nothing else holds keeps the handle, so its descriptor stays open:
    /// released, the handle would close it, and a file opened next could get its number (the writer's
    /// lines then landing in that file).
    @Test func writersKeepTheirFileHandleOpen() throws {
        let linesPath = temporaryPath(), streamPath = temporaryPath(), otherPath = temporaryPath()
        defer { for path in [linesPath, streamPath, otherPath] { try? FileManager.default.removeItem(atPath: path) } }
        for path in [linesPath, streamPath, otherPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let lines = JSONLinesWriter(fileHandle: FileHandle(forWritingAtPath: linesPath)!, bufferSize: 1)
        let stream = JSONStreamWriter(fileHandle: FileHandle(forWritingAtPath: streamPath)!, bufferSize: 1)
        // Opened after the handles above were made (and, were they not kept, released and closed).
        let other = FileHandle(forWritingAtPath: otherPath)!
        defer { try? other.close() }
        try lines.write([1])
        try lines.close()
        try stream.beginArray()
        try stream.value(2)
        try stream.endArray()
        try stream.close()
        #expect(try String(contentsOfFile: linesPath, encoding: .utf8) == "[1]\n")
        #expect(try String(contentsOfFile: streamPath, encoding: .utf8).hasPrefix("[2]"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: otherPath)).isEmpty)
    }
}
