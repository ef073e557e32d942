import Foundation
import TapeJSON
import Testing

// Compressed input, recognised by its magic bytes: gzip (one member, several), zstd (one frame, several,
// a skippable frame first), each whole, cut short and with a flipped byte, through every reader that
// takes a path, a file handle or bytes. Fixtures are made here, at run time, by /bin/gzip and
// /usr/bin/zstd from inputs built in the test.

/// `count` log lines of varied lengths (some with escapes and non-ASCII text), every one valid.
private func logLines(_ count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count * 96)
    for k in 0..<count {
        let pad = String(repeating: "x", count: (k * 7919) % 97)
        bytes += Array(#"{"seq":\#(k),"level":"\#(k % 5 == 0 ? "ERROR" : "INFO")","msg":"line \#(k) é \"q\" \#(pad)","n":[\#(k % 3),\#(k % 7)]}"#.utf8)
        bytes.append(0x0A)
    }
    return bytes
}

/// The plain inputs: JSON Lines (about 1.4 MB: eleven of the decompressing thread's 128 KiB buffers,
/// more than one 1 MiB batch), an envelope document whose records are the same lines, and a small
/// document. (With 40,000 lines their cases took 350 s together in a `make test` run on 2 cores, of
/// the 920 s of all the suite's parameterized cases, and covered nothing more.)
///
/// Under ThreadSanitizer (`make test-tsan`, built with -DTAPEJSON_TSAN) 4,000 lines (about 350 KB, three
/// of the thread's buffers): the hand-overs between the decompressing thread and the reader are the
/// same, and the 16,000 lines took 90 of the run's 120 s (the AddressSanitizer run reads them all).
private enum Plain {
    #if TAPEJSON_TSAN
    static let lineCount = 4_000
    #else
    static let lineCount = 16_000
    #endif
    static let lines = logLines(lineCount)
    static let envelope: [UInt8] = {
        var bytes = Array(#"{"meta":{"source":"test"},"Records":["#.utf8)
        var first = true
        for line in lines.split(separator: 0x0A) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            bytes += line
        }
        return bytes + Array("]}\n".utf8)
    }()
}

/// Runs `tool arguments` with `input` on standard input (through a file) and returns its standard output.
private func runTool(_ tool: String, _ arguments: [String], input: [UInt8]) throws -> [UInt8] {
    let directory = try TemporaryDirectory()
    let inPath = try directory.write(input, name: "in")
    let outPath = directory.path("out")
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(tool) \(arguments) failed")
    return Array(try Data(contentsOf: URL(fileURLWithPath: outPath)))
}

private func gzipped(_ bytes: [UInt8]) throws -> [UInt8] { try runTool("/bin/gzip", ["-c", "-n"], input: bytes) }
private func zstdCompressed(_ bytes: [UInt8]) throws -> [UInt8] { try runTool("/usr/bin/zstd", ["-c", "-q"], input: bytes) }

/// One compressed form of a plain input.
enum Packing: String, CaseIterable, CustomTestStringConvertible {
    case gzip, gzipMembers, zstd, zstdFrames, zstdSkippable

    var testDescription: String { rawValue }
    var format: String { rawValue.hasPrefix("gzip") ? "gzip" : "zstd" }

    /// `plain` packed this way. Members and frames split the input at a byte that is not a line end.
    func pack(_ plain: [UInt8]) throws -> [UInt8] {
        let cut = plain.count / 3 + 5
        switch self {
        case .gzip: return try gzipped(plain)
        case .gzipMembers:
            return try gzipped(Array(plain[..<cut])) + gzipped(Array(plain[cut...]))
                + gzipped([])
        case .zstd: return try zstdCompressed(plain)
        case .zstdFrames:
            return try zstdCompressed(Array(plain[..<cut])) + zstdCompressed(Array(plain[cut...]))
        case .zstdSkippable:
            // A skippable frame (as pzstd writes before each frame), then the data.
            return [0x50, 0x2A, 0x4D, 0x18, 4, 0, 0, 0, 1, 2, 3, 4] + (try zstdCompressed(plain))
        }
    }

    /// Where a flipped byte surely lands in compressed data (inside the first member or frame's blocks,
    /// away from headers and trailers, whose some fields no check covers).
    func flipOffset(_ packed: [UInt8], plain: [UInt8]) throws -> Int {
        switch self {
        case .gzip, .zstd, .zstdSkippable: return packed.count / 2
        case .gzipMembers: return try gzipped(Array(plain[..<(plain.count / 3 + 5)])).count / 2
        case .zstdFrames: return try zstdCompressed(Array(plain[..<(plain.count / 3 + 5)])).count / 2
        }
    }
}


/// A compressed input made bad.
enum Damage: String, CaseIterable, CustomTestStringConvertible {
    /// Cut at half its compressed size.
    case truncated
    /// One byte in the middle of the first member's or frame's data XORed with 0x55.
    case flipped
    /// Bytes after the last member or frame that start none.
    case trailingGarbage

    var testDescription: String { rawValue }

    func apply(to packed: [UInt8], packing: Packing, plain: [UInt8]) throws -> [UInt8] {
        switch self {
        case .truncated: return Array(packed[..<(packed.count / 2)])
        case .flipped:
            var bad = packed
            bad[try packing.flipOffset(packed, plain: plain)] ^= 0x55
            return bad
        case .trailingGarbage: return packed + Array("{\"a\":1}\n".utf8)
        }
    }

    /// What the error's reason must say.
    func expectedPhrase(_ format: String) -> String {
        switch self {
        case .truncated: return "\(format) data ends early (truncated)"
        case .flipped, .trailingGarbage: return "\(format) data is corrupt"
        }
    }
}

/// Expects `error` to name `path` and the compressed data, with the decompressed byte and line reached.
private func expectFault(_ error: JSONInputError?, path: String, phrase: String,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    guard let error else {
        Issue.record("no JSONInputError was thrown", sourceLocation: sourceLocation)
        return
    }
    #expect(error.path == path, sourceLocation: sourceLocation)
    #expect(error.reason.contains(phrase), "\(error)", sourceLocation: sourceLocation)
    #expect(error.reason.contains("decompressed output reached byte"), "\(error)", sourceLocation: sourceLocation)
    #expect(error.reason.contains("(line "), "\(error)", sourceLocation: sourceLocation)
    #expect("\(error)".hasPrefix("\(path): "), sourceLocation: sourceLocation)
}

/// Runs `body`, returning the `JSONInputError` it throws (nil if none; other errors fail the test).
private func inputError(_ body: () throws -> Void) -> JSONInputError? {
    do {
        try body()
    } catch let error as JSONInputError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
    }
    return nil
}

/// Writes `bytes` into a pipe from another thread and returns the handle of its reading end.
private func pipeFeeding(_ bytes: [UInt8]) -> (FileHandle, Thread) {
    let pipe = Pipe()
    let writeEnd = dup(pipe.fileHandleForWriting.fileDescriptor)
    try? pipe.fileHandleForWriting.close()
    let thread = Thread {
        bytes.withUnsafeBytes { raw in
            var position = 0
            while position < raw.count {
                let n = write(writeEnd, raw.baseAddress! + position, min(raw.count - position, 1 << 16))
                if n < 0 { if errno == EINTR { continue }; break }
                position += n
            }
        }
        close(writeEnd)
    }
    thread.start()
    return (pipe.fileHandleForReading, thread)
}

/// Reads what is left in `handle` (so that a writer thread can finish), then waits for the writer.
private func drain(_ handle: FileHandle, _ writer: Thread) {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while read(handle.fileDescriptor, &buffer, buffer.count) > 0 {}
    while !writer.isFinished { usleep(1000) }
}

/// Counts a document's events.
private struct EventCounter: JSONEventHandler {
    var count = 0
    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        count += 1
        return .continue
    }
}

private struct Record: Decodable, Equatable {
    var seq: Int
    var level: String
}

private struct Envelope: Decodable {
    var Records: [Record]
}

@Suite("Compressed input (gzip, zstd), recognised by its magic bytes")
struct CompressedInputTests {
    static let plainLines: [SeenLine] = {
        var seen: [SeenLine] = []
        try! JSONLines(bytes: Plain.lines).forEach { seen.append(SeenLine($0)) }
        return seen
    }()

    @Test("JSON Lines from a path, jobs 1 and 2, and bytes in memory: the plain file's lines", arguments: Packing.allCases)
    func linesFromPath(packing: Packing) throws {
        let directory = try TemporaryDirectory()
        let packed = try packing.pack(Plain.lines)
        let path = try directory.write(packed, name: "app.log.1")
        #expect(Self.plainLines.count == Plain.lineCount)
        let one = try collect(JSONLines(path: path))
        expectSame(one.good, Self.plainLines, "jobs 1")
        #expect(one.summary?.bytes == Plain.lines.count)
        let small = try collect(JSONLines(path: path, options: Windows.small))
        expectSame(small.good, Self.plainLines, "small chunks")
        var numbers: [Int] = []
        let summary = try JSONLines(path: path).map(jobs: 2, { $0.lineNumber }, each: { value, _ in numbers.append(value) })
        #expect(summary.documents == Plain.lineCount)
        #expect(numbers == Array(1...Plain.lineCount))
        #expect(try JSONLines(path: path).count().documents == Plain.lineCount)
        #expect(try JSONLines(path: path).count(jobs: 2).documents == Plain.lineCount)
        let memory = try collect(JSONLines(bytes: packed))
        expectSame(memory.good, Self.plainLines, "bytes")
    }

    @Test("JSON Lines from a pipe (a FileHandle), jobs 1 and 2", arguments: Packing.allCases)
    func linesFromPipe(packing: Packing) throws {
        let packed = try packing.pack(Plain.lines)
        let (handle, writer) = pipeFeeding(packed)
        let pass = try collect(JSONLines(fileHandle: handle))
        while !writer.isFinished { usleep(1000) }
        expectSame(pass.good, Self.plainLines, "pipe, jobs 1")
        let (handle2, writer2) = pipeFeeding(packed)
        let summary = try JSONLines(fileHandle: handle2).count(jobs: 2)
        while !writer2.isFinished { usleep(1000) }
        #expect(summary.documents == Plain.lineCount)
    }

    @Test("JSON Lines: truncated, flipped and followed by garbage, from a path (jobs 1, 2), bytes and a pipe",
          arguments: Packing.allCases, Damage.allCases)
    func linesDamaged(packing: Packing, damage: Damage) throws {
        let directory = try TemporaryDirectory()
        let bad = try damage.apply(to: try packing.pack(Plain.lines), packing: packing, plain: Plain.lines)
        let path = try directory.write(bad, name: "app.ndjson.bin")
        let phrase = damage.expectedPhrase(packing.format)
        let skip = JSONLinesOptions(errorPolicy: .skip)
        var delivered = 0
        let error = inputError { try JSONLines(path: path, options: skip).forEach { _ in delivered += 1 } }
        expectFault(error, path: path, phrase: phrase)
        if damage == .truncated {
            // The lines before the cut were read, and the error's line is past them.
            #expect(delivered > 0 && delivered < Plain.lineCount)
            if let reason = error?.reason, let range = reason.range(of: "(line ") {
                let line = Int(reason[range.upperBound...].prefix { $0.isNumber }) ?? -1
                #expect(line >= delivered && line <= delivered + 2, "\(reason) after \(delivered) lines")
            }
        }
        expectFault(inputError { _ = try JSONLines(path: path, options: skip).count(jobs: 2) }, path: path, phrase: phrase)
        expectFault(inputError { _ = try JSONLines(path: path, options: skip).count() }, path: path, phrase: phrase)
        expectFault(inputError { _ = try JSONLines(bytes: bad, options: skip).count() }, path: "bytes", phrase: phrase)
        let (handle, writer) = pipeFeeding(bad)
        let name = "file handle \(handle.fileDescriptor)"
        expectFault(inputError { _ = try JSONLines(fileHandle: handle, options: skip).count() }, path: name, phrase: phrase)
        drain(handle, writer)
    }

    @Test("the items of an envelope: counts equal the plain file's, damage is an input error",
          arguments: Packing.allCases)
    func itemStream(packing: Packing) throws {
        let directory = try TemporaryDirectory()
        let packed = try packing.pack(Plain.envelope)
        let path = try directory.write(packed, name: "trail.json")
        for jobs in [1, 2] {
            let summary = try JSONItemStream(path: path, pointer: "/Records").count(jobs: jobs)
            #expect(summary.documents == Plain.lineCount && summary.invalid == 0, "jobs \(jobs)")
        }
        var sequence: [Int] = []
        try JSONItemStream(path: path, pointer: "/Records").forEach { item in
            sequence.append(item.document.root["seq"]?.int ?? -1)
        }
        #expect(sequence == Array(0..<Plain.lineCount))
        #expect(try JSONItemStream(bytes: packed, pointer: "/Records").count().documents == Plain.lineCount)
        let (handle, writer) = pipeFeeding(packed)
        #expect(try JSONItemStream(fileHandle: handle, pointer: "/Records").count().documents == Plain.lineCount)
        while !writer.isFinished { usleep(1000) }

        for damage in Damage.allCases {
            let bad = try damage.apply(to: packed, packing: packing, plain: Plain.envelope)
            let badPath = try directory.write(bad, name: "trail-\(damage).json")
            let phrase = damage.expectedPhrase(packing.format)
            for jobs in [1, 2] {
                let stream = JSONItemStream(path: badPath, pointer: "/Records", options: JSONLinesOptions(errorPolicy: .skip))
                var summary: JSONLinesSummary?
                let error = inputError { summary = try stream.count(jobs: jobs) }
                if damage == .flipped, error == nil {
                    // The flipped byte decompressed to a broken envelope, which stops the reading (with
                    // an error in the summary) before the data's own check is reached.
                    #expect((summary?.invalid ?? 0) > 0, "jobs \(jobs)")
                } else {
                    expectFault(error, path: badPath, phrase: phrase)
                }
            }
        }
    }

    @Test("one document: JSONDocument, decode(_:contentsOf:), JSONStreamParser (path, handle), JSONStreamValidation",
          arguments: Packing.allCases)
    func document(packing: Packing) throws {
        let directory = try TemporaryDirectory()
        let packed = try packing.pack(Plain.envelope)
        let path = try directory.write(packed, name: "trail.json")
        let plainDocument = try JSONParser.shared.parse(Plain.envelope)
        let document = try JSONParser.shared.parse(contentsOfFile: path)
        #expect(document.root.jsonText == plainDocument.root.jsonText)
        let decoded = try TapeJSONDecoder().decode(Envelope.self, contentsOf: URL(fileURLWithPath: path))
        #expect(decoded.Records.count == Plain.lineCount)
        #expect(decoded.Records.last == Record(seq: Plain.lineCount - 1, level: "INFO"))

        let plainEvents = try JSONStreamParser(handler: EventCounter())
        try plainEvents.parse(contentsOfFile: try directory.write(Plain.envelope, name: "plain.json"))
        let events = try JSONStreamParser(handler: EventCounter())
        try events.parse(contentsOfFile: path)
        #expect(events.handler.count == plainEvents.handler.count && events.handler.count > Plain.lineCount * 10)
        let (handle, writer) = pipeFeeding(packed)
        let piped = try JSONStreamParser(handler: EventCounter())
        try piped.parse(fileHandle: handle)
        while !writer.isFinished { usleep(1000) }
        #expect(piped.handler.count == plainEvents.handler.count)
        #expect(try JSONStreamValidation.validate(path: path) == nil)

        for damage in Damage.allCases {
            let bad = try damage.apply(to: packed, packing: packing, plain: Plain.envelope)
            let badPath = try directory.write(bad, name: "trail-\(damage).json")
            let phrase = damage.expectedPhrase(packing.format)
            expectFault(inputError { _ = try JSONParser.shared.parse(contentsOfFile: badPath) }, path: badPath, phrase: phrase)
            expectFault(inputError { _ = try TapeJSONDecoder().decode(Envelope.self, contentsOf: URL(fileURLWithPath: badPath)) },
                        path: badPath, phrase: phrase)
            expectFault(inputError { _ = try PaddedFile(path: badPath) }, path: badPath, phrase: phrase)
            // The push parser may find the document bad before the data's fault (a flipped byte can
            // decompress to bad JSON): a JSONError is then as right as the input error.
            for stream in [true, false] {
                do {
                    if stream {
                        try JSONStreamParser(handler: EventCounter()).parse(contentsOfFile: badPath)
                    } else {
                        _ = try JSONStreamValidation.validate(path: badPath)
                    }
                    if damage != .flipped { Issue.record("\(damage) read without an error") }
                } catch let error as JSONInputError {
                    expectFault(error, path: badPath, phrase: phrase)
                } catch is JSONError {
                    #expect(damage == .flipped)
                }
            }
        }
    }

    @Test("shards of compressed input are an error that says why", arguments: [Packing.gzip, .zstd])
    func shards(packing: Packing) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(try packing.pack(Plain.lines), name: "app.log")
        for error in [inputError { _ = try JSONLines(path: path).shard(0, of: 2).count() },
                      inputError { _ = try JSONLines(path: path).shard(1, of: 2).map(jobs: 2, { _ in 0 }, each: { _, _ in }) },
                      inputError { _ = try JSONItemStream(path: path).shard(0, of: 2).count() }] {
            #expect(error?.path == path)
            #expect(error?.reason.contains("\(packing.format)-compressed and cannot be split into shards") == true, "\(String(describing: error))")
        }
    }

    @Test("a reader that stops early lets go of the decompressing thread (and its file)")
    func stopsEarly() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(try Packing.zstd.pack(Plain.lines), name: "app.zst")
        struct Stop: Error {}
        for _ in 0..<20 {
            var seen = 0
            #expect(throws: Stop.self) {
                try JSONLines(path: path).forEach { _ in
                    seen += 1
                    if seen == 10 { throw Stop() }
                }
            }
        }
    }

    @Test("magic numbers: only gzip's and zstd's first bytes are compressed input")
    func magic() throws {
        #expect(CompressionFormat(magic: [0x1F, 0x8B, 0x08]) == .gzip)
        #expect(CompressionFormat(magic: [0x28, 0xB5, 0x2F, 0xFD]) == .zstd)
        #expect(CompressionFormat(magic: [0x5E, 0x2A, 0x4D, 0x18]) == .zstd)
        #expect(CompressionFormat(magic: Array("{\"a\"".utf8)) == nil)
        #expect(CompressionFormat(magic: Array("(\"a\"".utf8)) == nil)
        #expect(CompressionFormat(magic: [0x1F]) == nil)
        // A file of one byte that starts like gzip is read as it is (and is bad JSON, not bad gzip).
        #expect(try JSONLines(bytes: [0x1F], options: JSONLinesOptions(errorPolicy: .skip)).count().invalid == 1)
    }

    // MARK: - Chunks pushed by an asynchronous sequence

    /// `bytes` as an asynchronous sequence of chunks whose sizes cycle through `sizes`.
    private static func chunks(_ bytes: [UInt8], sizes: [Int]) -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            var offset = 0
            var k = 0
            while offset < bytes.count {
                let n = min(sizes[k % sizes.count], bytes.count - offset)
                continuation.yield(Array(bytes[offset..<(offset + n)]))
                offset += n
                k += 1
            }
            continuation.finish()
        }
    }

    @Test("JSON Lines and the push parser from chunks: the plain input's lines and events, in any split",
          arguments: Packing.allCases)
    func fromChunks(packing: Packing) async throws {
        let packed = try packing.pack(Plain.lines)
        let plainEvents = try JSONStreamParser(handler: EventCounter())
        try plainEvents.feed(Plain.envelope)
        try plainEvents.finish()
        let packedEnvelope = try packing.pack(Plain.envelope)
        for sizes in [[1, 2, 3, 5], [7, 4096], [65536]] {
            var seen = 0
            let summary = try await JSONLines.forEach(chunks: Self.chunks(packed, sizes: sizes)) { _ in seen += 1 }
            #expect(seen == Plain.lineCount && summary.documents == Plain.lineCount && summary.invalid == 0, "\(sizes)")
            let events = try JSONStreamParser(handler: EventCounter())
            try await events.parse(chunks: Self.chunks(packedEnvelope, sizes: sizes))
            #expect(events.handler.count == plainEvents.handler.count, "\(sizes)")
        }
        let bytes = try JSONStreamParser(handler: EventCounter())
        try await bytes.parse(bytes: AsyncStream { continuation in
            for byte in packedEnvelope { continuation.yield(byte) }
            continuation.finish()
        }, blockSize: 4096)
        #expect(bytes.handler.count == plainEvents.handler.count)
    }

    @Test("chunks of damaged compressed data: an input error naming the chunks and the compressed data",
          arguments: Packing.allCases, Damage.allCases)
    func damagedChunks(packing: Packing, damage: Damage) async throws {
        let bad = try damage.apply(to: try packing.pack(Plain.lines), packing: packing, plain: Plain.lines)
        var caught: JSONInputError?
        do {
            try await JSONLines.forEach(chunks: Self.chunks(bad, sizes: [3, 4093]), options: JSONLinesOptions(errorPolicy: .skip)) { _ in }
        } catch let error as JSONInputError {
            caught = error
        }
        if damage == .flipped, caught == nil {
            // A flipped byte may decompress into bad lines that the skip policy counts before the
            // data's own check fails; the check still fails.
            Issue.record("\(packing) \(damage): read to the end")
        }
        expectFault(caught, path: "chunks", phrase: damage.expectedPhrase(packing.format))
    }
}
