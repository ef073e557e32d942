import Foundation
import TapeJSON
import Testing

/// An input with a BOM, CRLF, blank lines, bad lines and a truncated last line, so that every source
/// has to carry the same state across its reads.
private let mixedInput: [UInt8] = {
    var sample = Sample(seed: 11)
    var lines = sample.goodLines(300).map { Array($0.utf8) }
    lines.insert(BadLines.all[0], at: 0)
    lines.insert(Array("{\"a\":\r".utf8), at: 100)
    lines.insert([0x20, 0x0D], at: 150)
    lines.insert(BadLines.all[15], at: 200)
    return [0xEF, 0xBB, 0xBF] + joinLines(lines) + Array("{\"cut\":[1,".utf8)
}()

/// Writes `bytes` into `fd` from another thread, in pieces of varied sizes with pauses, then closes it.
private func feed(_ bytes: [UInt8], into fd: Int32) -> Thread {
    let thread = Thread {
        var sample = Sample(seed: 12)
        var position = 0
        bytes.withUnsafeBytes { raw in
            while position < raw.count {
                let piece = min(raw.count - position, 1 + sample.next(5000))
                let n = write(fd, raw.baseAddress! + position, piece)
                if n < 0 { if errno == EINTR { continue }; break }
                position += n
                if sample.next(4) == 0 { usleep(200) }
            }
        }
        close(fd)
    }
    thread.start()
    return thread
}

// MARK: - Where the bytes come from

@Suite("Sources")
struct SourceTests {
    @Test("a file path, a file URL, memory and Data give the same lines", arguments: JSONLinesErrorPolicy.allCases)
    func pathsAndMemory(policy: JSONLinesErrorPolicy) throws {
        let reference = Reference.lines(mixedInput)
        let directory = try TemporaryDirectory()
        let path = try directory.write(mixedInput)
        for window in [Windows.tiny, Windows.small, Windows.standard] {
            let options = Windows.with(window, policy: policy)
            expectAgrees(try collect(JSONLines(path: path, options: options)), with: reference, policy: policy)
            expectAgrees(try collect(JSONLines(url: URL(fileURLWithPath: path), options: options)), with: reference, policy: policy)
            expectAgrees(try collect(JSONLines(bytes: mixedInput, options: options)), with: reference, policy: policy)
            expectAgrees(try collect(JSONLines(data: Data(mixedInput), options: options)), with: reference, policy: policy)
        }
    }

    @Test("a pipe written from another thread, read through a FileHandle", arguments: JSONLinesErrorPolicy.allCases)
    func pipeFromThread(policy: JSONLinesErrorPolicy) throws {
        let reference = Reference.lines(mixedInput)
        for window in [Windows.tiny, Windows.standard] {
            let pipe = Pipe()
            let writeEnd = dup(pipe.fileHandleForWriting.fileDescriptor)
            try pipe.fileHandleForWriting.close()
            let writer = feed(mixedInput, into: writeEnd)
            let pass = try collect(JSONLines(fileHandle: pipe.fileHandleForReading, options: Windows.with(window, policy: policy)))
            if policy == .fail {
                // The reader stopped early: drain the pipe so the writer can finish.
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while read(pipe.fileHandleForReading.fileDescriptor, &buffer, buffer.count) > 0 {}
            }
            while !writer.isFinished { usleep(1000) }
            expectAgrees(pass, with: reference, policy: policy)
        }
    }

    @Test("the standard output of another process, read through a FileHandle")
    func pipeFromProcess() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(mixedInput)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cat")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let pass = try collect(JSONLines(fileHandle: pipe.fileHandleForReading, options: JSONLinesOptions(errorPolicy: .report)))
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        expectAgrees(pass, with: Reference.lines(mixedInput), policy: .report)
        #expect(pass.bad.count == 4)
    }

    @Test("a FileHandle on a regular file reads from its current position")
    func fileHandleOnFile() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array("{\"a\":1}\n{\"a\":2}\n".utf8))
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        let first = try collect(JSONLines(fileHandle: handle))
        #expect(first.good.map(\.text) == ["{\"a\":1}", "{\"a\":2}"])
        // The handle is at its end now and stays open: a second reader sees nothing.
        let second = try collect(JSONLines(fileHandle: handle))
        #expect(second.summary?.lines == 0)
    }

    @Test("a missing file or a directory is an input error, not a bad line")
    func inputErrors() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: JSONInputError.self) { try JSONLines(path: directory.path("missing.ndjson")).count() }
        #expect(throws: JSONInputError.self) { try JSONLines(path: directory.url.path).count() }
        #expect(throws: JSONInputError.self) {
            try JSONLines(path: directory.path("missing.ndjson")).map(jobs: 2, { $0.lineNumber }, each: { _, _ in })
        }
    }

    @Test("the line handed to the body: bytes, events and a document that outlives the call")
    func lineViews() throws {
        var kept: [JSONDocument] = []
        var eventCounts: [Int] = []
        var strings: [String] = []
        try JSONLines(bytes: Array("{\"a\":[1,\"x\"]}\n[true]\n".utf8)).forEach { line in
            kept.append(line.document)
            var events = line.events
            var n = 0
            while let event = events.next() {
                n += 1
                if case .string(let text) = event { strings.append(text.string) }
            }
            eventCounts.append(n)
            #expect(line.length == line.bytes.count)
        }
        #expect(kept.map(\.root.jsonText) == ["{\"a\":[1,\"x\"]}", "[true]"])
        #expect(kept[0].root["a"]?[1]?.string == "x")
        #expect(eventCounts == [7, 3])
        #expect(strings == ["x"])
    }
}
