import Foundation
import Testing

@testable import TapeJSON

// Faults are input too: a file that shrinks while it is read (log rotation), a line longer than any
// document, a standard input already partly read, a special file whose size reads as 0. Each gives a
// clear error or the right lines, never a signal.

/// `count` lines of about 60 bytes each, every one valid.
private func logLines(_ count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count * 64)
    for k in 0..<count {
        bytes += Array(#"{"seq":\#(k),"level":"INFO","message":"a line of a log, number \#(k)"}"#.utf8) + [0x0A]
    }
    return bytes
}

/// Runs `body` on another thread and waits for it: how a test truncates a file "under" a reader.
private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        done.signal()
    }
    done.wait()
}

// MARK: - Files that shrink while they are read

@Suite("Faults: a file truncated while it is read")
struct TruncatedFileTests {
    /// Expects `error` to say that `path` shrank, at a byte inside the file's original size.
    private func expectShrank(_ error: JSONInputError, path: String, originalSize: Int,
                              sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(error.path == path, sourceLocation: sourceLocation)
        #expect(error.reason.contains("shrank"), "\(error)", sourceLocation: sourceLocation)
        #expect(error.reason.contains("\(originalSize) bytes"), "\(error)", sourceLocation: sourceLocation)
        let offset = error.offset ?? -1
        #expect(offset > 0 && offset < originalSize, "\(error)", sourceLocation: sourceLocation)
    }

    @Test("forEach: truncated to 0 (log rotation) by another thread after the first line",
          arguments: [0, 1])
    func forEachTruncated(keepHalf: Int) throws {
        let directory = try TemporaryDirectory()
        let bytes = logLines(40_000)
        let path = try directory.write(bytes)
        let options = JSONLinesOptions(chunkSize: 64 << 10)
        var seen = 0
        let error = try #require(throws: JSONInputError.self) {
            try JSONLines(path: path, options: options).forEach { _ in
                seen += 1
                if seen == 1 { onAnotherThread { _ = truncate(path, off_t(keepHalf * bytes.count / 2)) } }
            }
        }
        expectShrank(error, path: path, originalSize: bytes.count)
        #expect(seen > 0 && seen < 40_000)
        if keepHalf == 1 { #expect(error.reason.contains("now has \(bytes.count / 2) bytes"), "\(error)") }
    }

    @Test("map with 2 workers: truncated from the delivering thread")
    func mapTruncated() throws {
        let directory = try TemporaryDirectory()
        let bytes = logLines(40_000)
        let path = try directory.write(bytes)
        var delivered = 0
        let error = try #require(throws: JSONInputError.self) {
            try JSONLines(path: path).map(jobs: 2, { line in line.lineNumber }, each: { _, _ in
                delivered += 1
                if delivered == 1 { onAnotherThread { _ = truncate(path, 0) } }
            })
        }
        expectShrank(error, path: path, originalSize: bytes.count)
    }

    @Test("count: truncated from the error callback")
    func countTruncated() throws {
        let directory = try TemporaryDirectory()
        var bytes = logLines(40_000)
        bytes.insert(contentsOf: Array("not json\n".utf8), at: 0)
        let path = try directory.write(bytes)
        let options = JSONLinesOptions(errorPolicy: .report, chunkSize: 64 << 10)
        let error = try #require(throws: JSONInputError.self) {
            try JSONLines(path: path, options: options).count { _ in
                onAnotherThread { _ = truncate(path, 0) }
            }
        }
        expectShrank(error, path: path, originalSize: bytes.count)
    }

    @Test("a shard: truncated below the shard's end")
    func shardTruncated() throws {
        let directory = try TemporaryDirectory()
        let bytes = logLines(40_000)
        let path = try directory.write(bytes)
        var seen = 0
        let reader = JSONLines(path: path, options: JSONLinesOptions(chunkSize: 64 << 10)).shard(0, of: 2)
        let error = try #require(throws: JSONInputError.self) {
            try reader.forEach { _ in
                seen += 1
                if seen == 1 { onAnotherThread { _ = truncate(path, 100_000) } }
            }
        }
        #expect(error.reason.contains("shrank") && error.reason.contains("now has 100000 bytes"), "\(error)")
        #expect((error.offset ?? 0) >= 100_000)
    }

    @Test("a whole document: the file shrinks between two reads")
    func documentTruncated() throws {
        let directory = try TemporaryDirectory()
        let bytes = Array("[".utf8) + Array(repeating: Array("1234567890,".utf8), count: 10_000).flatMap { $0 } + Array("0]".utf8)
        let path = try directory.write(bytes, name: "document.json")
        var reads = 0
        let error = try #require(throws: JSONInputError.self) {
            _ = try PaddedFile(path: path, blockSize: 4096) {
                reads += 1
                if reads == 1 { onAnotherThread { _ = truncate(path, 10_000) } }
            }
        }
        #expect(error.reason.contains("shrank"), "\(error)")
        #expect(error.reason.contains("had \(bytes.count) bytes") && error.reason.contains("now has 10000 bytes"), "\(error)")
        #expect(error.offset == 10_000)
        // Unchanged, the same file reads whole, block by block.
        _ = truncate(path, 0)
        _ = try directory.write(bytes, name: "document.json")
        let file = try PaddedFile(path: path, blockSize: 4096) {}
        #expect(Array(file.unsafeBytes) == bytes)
    }

    @Test("a file removed while it is read is read to its end (the open descriptor keeps it)")
    func removedWhileReading() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(logLines(40_000))
        var seen = 0
        let summary = try JSONLines(path: path, options: JSONLinesOptions(chunkSize: 64 << 10)).forEach { _ in
            seen += 1
            if seen == 1 { onAnotherThread { _ = unlink(path) } }
        }
        #expect(summary.documents == 40_000 && summary.invalid == 0)
    }
}

// MARK: - Lines longer than the maximum document size

@Suite("Faults: lines longer than the maximum document size")
struct OversizedLineTests {
    /// `{"n":1}`, a 5,000-byte line, `{"n":3}`, a blank line, `{"n":5}` (a last line without newline).
    static let input: [UInt8] = Array(#"{"n":1}"#.utf8) + [0x0A]
        + Array(#"{"s":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 4990) + Array(#""}"#.utf8) + [0x0A]
        + Array(#"{"n":3}"#.utf8) + [0x0A, 0x20, 0x0A] + Array(#"{"n":5}"#.utf8)

    enum Source: String, CaseIterable, CustomStringConvertible {
        case file, stream, memory
        var description: String { rawValue }
    }

    /// A reader of `input` from `source`; the maximum is 1,000 bytes and a chunk 256, so the long line
    /// is longer than a chunk (the chunker skips it) except in memory (the scanner rejects it).
    static func reader(_ source: Source, policy: JSONLinesErrorPolicy, in directory: TemporaryDirectory) throws -> JSONLines {
        let options = JSONLinesOptions(errorPolicy: policy, batchSize: 4096, chunkSize: 256, maxDocumentSize: 1000)
        switch source {
        case .file: return JSONLines(path: try directory.write(input), options: options)
        case .memory: return JSONLines(bytes: input, options: options)
        case .stream:
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            let (readEnd, writeEnd) = (ends[0], ends[1])
            Thread.detachNewThread {
                input.withUnsafeBytes { raw in
                    var offset = 0
                    while offset < raw.count {
                        let n = write(writeEnd, raw.baseAddress! + offset, raw.count - offset)
                        if n <= 0 { break }
                        offset += n
                    }
                }
                close(writeEnd)
            }
            return JSONLines(fileHandle: FileHandle(fileDescriptor: readEnd, closeOnDealloc: true), options: options)
        }
    }

    /// The error every reader must report for the long line: at its first byte, line 2, column 1.
    static func expectTooLarge(_ error: JSONLineError, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(error.line == 2 && error.column == 1 && error.offset == 8, "\(error)", sourceLocation: sourceLocation)
        #expect((error.underlying as? JSONError)?.kind == .documentTooLarge, "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains("too large"), sourceLocation: sourceLocation)
    }

    @Test("skip and report: one invalid line, the others delivered with their numbers",
          arguments: Source.allCases, [JSONLinesErrorPolicy.skip, .report])
    func skipAndReport(source: Source, policy: JSONLinesErrorPolicy) throws {
        let directory = try TemporaryDirectory()
        var numbers: [Int] = []
        var errors: [JSONLineError] = []
        let summary = try Self.reader(source, policy: policy, in: directory).forEach({ line in
            numbers.append(line.lineNumber)
        }, onInvalidLine: { errors.append($0) })
        #expect(numbers == [1, 3, 5])
        #expect(summary.lines == 4 && summary.documents == 3 && summary.invalid == 1)
        #expect(summary.bytes == Self.input.count)
        if policy == .report {
            try #require(errors.count == 1)
            Self.expectTooLarge(errors[0])
        } else {
            #expect(errors.isEmpty)
        }
    }

    @Test("fail: the long line is thrown after the lines before it", arguments: Source.allCases)
    func fail(source: Source) throws {
        let directory = try TemporaryDirectory()
        var numbers: [Int] = []
        let error = try #require(throws: JSONLineError.self) {
            try Self.reader(source, policy: .fail, in: directory).forEach { numbers.append($0.lineNumber) }
        }
        Self.expectTooLarge(error)
        #expect(numbers == [1])
    }

    @Test("two workers and count agree", arguments: Source.allCases)
    func parallelAndCount(source: Source) throws {
        let directory = try TemporaryDirectory()
        var numbers: [Int] = []
        var errors: [JSONLineError] = []
        let summary = try Self.reader(source, policy: .report, in: directory).map(jobs: 2, { $0.lineNumber },
                                                                                 each: { number, _ in numbers.append(number) },
                                                                                 onInvalidLine: { errors.append($0) })
        #expect(numbers == [1, 3, 5])
        #expect(summary.documents == 3 && summary.invalid == 1)
        try #require(errors.count == 1)
        Self.expectTooLarge(errors[0])
        var counted: [JSONLineError] = []
        let counts = try Self.reader(source, policy: .report, in: directory).count { counted.append($0) }
        #expect(counts.documents == 3 && counts.invalid == 1 && counted.count == 1)
    }

    @Test("pushed chunks: the long line is dropped as it arrives")
    func pushed() async throws {
        let options = JSONLinesOptions(errorPolicy: .report, batchSize: 4096, chunkSize: 256, maxDocumentSize: 1000)
        // Arrives in 100-byte pieces, so the long line is dropped part way through.
        let pieces = stride(from: 0, to: Self.input.count, by: 100).map { Array(Self.input[$0..<min($0 + 100, Self.input.count)]) }
        let stream = AsyncStream<[UInt8]> { continuation in
            for piece in pieces { continuation.yield(piece) }
            continuation.finish()
        }
        var numbers: [Int] = []
        var errors: [JSONLineError] = []
        let summary = try await JSONLines.forEach(chunks: stream, options: options, { line in
            numbers.append(line.lineNumber)
        }, onInvalidLine: { errors.append($0) })
        #expect(numbers == [1, 3, 5])
        #expect(summary.documents == 3 && summary.invalid == 1)
        try #require(errors.count == 1)
        Self.expectTooLarge(errors[0])
    }

    @Test("a file: a line of 8 MiB under a 64 KiB maximum is skipped without being held")
    func skippedUnread() throws {
        let directory = try TemporaryDirectory()
        var bytes = Array(#"{"first":true}"#.utf8) + [0x0A] + Array(#"{"s":""#.utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "y"), count: 8 << 20)
        bytes += Array(#""}"#.utf8) + [0x0A] + Array(#"{"last":true}"#.utf8) + [0x0A]
        let path = try directory.write(bytes)
        let options = JSONLinesOptions(errorPolicy: .skip, chunkSize: 16 << 10, maxDocumentSize: 64 << 10)
        var chunker = try JSONLines(path: path, options: options).makeChunker(pool: ChunkPool(keep: 2))
        var largest = 0
        var skipped: [Int] = []
        while let chunk = try chunker.next() {
            largest = max(largest, chunk.capacity)
            if chunk.skippedLength > 0 { skipped.append(chunk.skippedLength) }
            chunk.recycle()
        }
        #expect(skipped == [(8 << 20) + 9])   // the line and its newline
        // Never more than a window (a chunk, or twice the partial line carried into it): the line was
        // looked past, not gathered.
        #expect(largest <= 2 * (16 << 10))
    }
}

// MARK: - Odd inputs

@Suite("Faults: standard input at an offset, special files")
struct OddInputTests {
    @Test("a descriptor already partly read is read from where it stands")
    func descriptorAtOffset() throws {
        let directory = try TemporaryDirectory()
        let first = Array("not json, already consumed by someone else\n".utf8)
        let path = try directory.write(first + logLines(3))
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(lseek(fd, off_t(first.count), SEEK_SET) == off_t(first.count))
        let summary = try JSONLines(fileHandle: FileHandle(fileDescriptor: fd)).count()
        #expect(summary.documents == 3 && summary.invalid == 0)

        #expect(lseek(fd, off_t(first.count), SEEK_SET) == off_t(first.count))
        let padded = try PaddedFile(fileDescriptor: fd, name: "-")
        #expect(Array(padded.unsafeBytes) == logLines(3))
        // The descriptor's position follows what was read.
        #expect(lseek(fd, 0, SEEK_CUR) == off_t(first.count + logLines(3).count))
    }

    #if os(Linux)
    @Test("a /proc file whose size reads as 0 is read to its end")
    func procFile() throws {
        let path = "/proc/sys/kernel/pid_max"
        var info = stat()
        try #require(stat(path, &info) == 0 && info.st_size == 0)
        let file = try PaddedFile(path: path)
        #expect(!file.unsafeBytes.isEmpty)
        let document = try JSONParser.shared.parse(contentsOfFile: path)
        #expect((document.root.int ?? 0) > 0)
        let summary = try JSONLines(path: path).count()
        #expect(summary.lines == 1 && summary.documents == 1)
    }
    #endif
}
