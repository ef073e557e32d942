import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A reader of JSON Lines (NDJSON): one JSON document per line, streamed in constant memory.
///
/// The input is read in chunks of whole lines (`JSONLinesOptions.chunkSize`, 4 MiB by default) and each
/// chunk is parsed with simdjson's `parse_many`; memory stays flat whatever the input's size. Every
/// non-blank line is accounted for: it is delivered, or it is reported, skipped or thrown as a
/// `JSONLineError` according to the error policy, so `documents + invalid == lines` in the summary.
/// Accepted: LF and CRLF line endings, blank lines (ignored), a last line without a newline, a UTF-8 byte
/// order mark at the start. A document longer than the batch or the chunk grows them.
///
/// ```swift
/// let lines = JSONLines(path: "app.log", options: JSONLinesOptions(errorPolicy: .report))
/// let summary = try lines.forEach { line in
///     var events = line.events
///     // ...
/// } onInvalidLine: { error in
///     print("app.log:\(error.line):\(error.column): \(error.message)")
/// }
/// print(summary.documents, "good,", summary.invalid, "bad")
/// ```
///
/// A `JSONLines` value describes an input; each call reads it from the start (a file) or from where the
/// stream stands (a file handle). It is not meant to be shared across threads while reading; parallel
/// decoding (`map(jobs:ordered:_:each:onInvalidLine:)`) runs its own workers.
public final class JSONLines {
    enum Input {
        case file(path: String)
        case descriptor(Int32, name: String)
        case memory([UInt8])
    }

    let input: Input
    /// The options in effect.
    public let options: JSONLinesOptions
    /// For `shard(_:of:)`: this reader's share of a file.
    var shard: (index: Int, count: Int)?

    /// Reads the file at `path` (`-` for standard input).
    public init(path: String, options: JSONLinesOptions = JSONLinesOptions()) {
        self.input = path == "-" ? .descriptor(0, name: "-") : .file(path: path)
        self.options = options
    }

    /// Reads the file at a file URL.
    public convenience init(url: URL, options: JSONLinesOptions = JSONLinesOptions()) {
        self.init(path: url.path, options: options)
    }

    /// Reads from an open file handle (standard input, a pipe, a socket) until its end.
    public init(fileHandle: FileHandle, options: JSONLinesOptions = JSONLinesOptions()) {
        self.input = .descriptor(fileHandle.fileDescriptor, name: "file handle \(fileHandle.fileDescriptor)")
        self.options = options
    }

    /// Reads bytes already in memory.
    public init(bytes: [UInt8], options: JSONLinesOptions = JSONLinesOptions()) {
        self.input = .memory(bytes)
        self.options = options
    }

    /// Reads `Data` already in memory.
    public convenience init(data: Data, options: JSONLinesOptions = JSONLinesOptions()) {
        self.init(bytes: [UInt8](data), options: options)
    }

    /// The reader of shard `index` of `count` of a file: the file's bytes are split into `count` equal
    /// ranges and each line belongs to the range holding its first byte, so readers `0 ..< count` together
    /// read every line exactly once. Line numbers and offsets stay those of the whole file.
    ///
    /// - Precondition: `0 <= index < count`, and the reader reads a file (not a stream).
    public func shard(_ index: Int, of count: Int) -> JSONLines {
        precondition(count >= 1 && index >= 0 && index < count, "shard index must be in 0..<count")
        let copy: JSONLines
        switch input {
        case .file(let path): copy = JSONLines(path: path, options: options)
        case .memory(let bytes): copy = JSONLines(bytes: bytes, options: options)
        case .descriptor: preconditionFailure("only files and memory can be sharded")
        }
        copy.shard = (index, count)
        return copy
    }

    // MARK: - Reading

    /// Calls `body` with every valid line, in order, applying the error policy to bad lines.
    ///
    /// - Parameters:
    ///   - body: receives each valid line; the line is valid only during the call.
    ///   - onInvalidLine: receives each bad line under `.report` (not called under `.skip`; under `.fail`
    ///     the first bad line is thrown instead).
    /// - Returns: the counts for the pass.
    /// - Throws: `JSONLineError` for the first bad line under `.fail`; `JSONInputError` when the input
    ///   cannot be read; anything `body` or `onInvalidLine` throws.
    @discardableResult
    public func forEach(_ body: (borrowing JSONLine) throws -> Void,
                        onInvalidLine: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        try scanAll({ line in
            try body(line)
            return nil
        }, onInvalidLine: onInvalidLine)
    }

    /// The single-threaded pass: `body` handles a valid line and may turn it into a bad one by returning
    /// an error (a failed transform), which then goes through the error policy.
    func scanAll(_ body: (borrowing JSONLine) throws -> JSONLineError?,
                 onInvalidLine: (JSONLineError) throws -> Void,
                 onProgress: (JSONLinesSummary) -> Void = { _ in }) throws -> JSONLinesSummary {
        var processor = try ChunkProcessor(options: options)
        try withChunks { chunk in
            defer { onProgress(processor.summary) }
            return try processor.process(chunk, body, onInvalidLine: onInvalidLine)
        }
        return processor.summary
    }

    /// Counts the documents without handing them out (the fastest pass: validation only).
    ///
    /// Under `.skip` and `.report` the summary's `documents` counts the valid lines; under `.fail` the
    /// first bad line is thrown.
    public func count(onInvalidLine: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        try forEach({ _ in }, onInvalidLine: onInvalidLine)
    }

    /// Feeds `body` the chunks of the input in order; `body` returns false to stop.
    func withChunks(_ body: (LineChunk) throws -> Bool) throws {
        var chunker = try makeChunker(pool: ChunkPool(keep: 2))
        defer { chunker.release() }
        while let chunk = try chunker.next() {
            defer { chunk.recycle() }
            guard try body(chunk) else { return }
        }
    }

    /// A chunker over this reader's input (or its shard).
    func makeChunker(pool: ChunkPool) throws -> LineChunker {
        switch input {
        case .memory(let bytes):
            let (begin, end, line) = shardRange(in: bytes)
            var source = MemorySource(bytes: bytes)
            source.position = begin
            return LineChunker(source: source, chunkSize: options.chunkSize, pool: pool, startOffset: begin,
                               startLine: line, limit: end)
        case .descriptor(let fd, let name):
            return LineChunker(source: FileDescriptorSource(fd: fd, path: name, owned: false),
                               chunkSize: options.chunkSize, pool: pool)
        case .file(let path):
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else { throw JSONInputError(path: path, reason: String(cString: strerror(errno))) }
            var info = stat()
            if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                close(fd)
                throw JSONInputError(path: path, reason: String(cString: strerror(EISDIR)))
            }
            guard let shard, (info.st_mode & S_IFMT) == S_IFREG else {
                return LineChunker(source: FileDescriptorSource(fd: fd, path: path, owned: true),
                                   chunkSize: options.chunkSize, pool: pool)
            }
            let size = Int(info.st_size)
            let (begin, line) = try fileShardStart(fd: fd, path: path, size: size, shard: shard)
            let end = shard.index == shard.count - 1 ? nil : size * (shard.index + 1) / shard.count
            guard lseek(fd, off_t(begin), SEEK_SET) >= 0 else {
                close(fd)
                throw JSONInputError(path: path, reason: String(cString: strerror(errno)))
            }
            return LineChunker(source: FileDescriptorSource(fd: fd, path: path, owned: true),
                               chunkSize: options.chunkSize, pool: pool, startOffset: begin, startLine: line, limit: end)
        }
    }

    /// For a shard of in-memory bytes: where it begins (a line start), where its lines must start before,
    /// and the line number at its beginning.
    private func shardRange(in bytes: [UInt8]) -> (begin: Int, end: Int?, line: Int) {
        guard let shard else { return (0, nil, 1) }
        let size = bytes.count
        let nominal = size * shard.index / shard.count
        let end = shard.index == shard.count - 1 ? nil : size * (shard.index + 1) / shard.count
        guard nominal > 0 else { return (0, end, 1) }
        // The shard begins at the first line that starts at or after `nominal`.
        var begin = nominal
        while begin < size && bytes[begin - 1] != 0x0A { begin += 1 }
        let line = 1 + bytes.withUnsafeBufferPointer { countNewlines($0.baseAddress!, begin) }
        return (begin, end, line)
    }

    /// For a shard of a file: the first line start at or after the shard's nominal start, and its line
    /// number (counted by reading the bytes before it).
    private func fileShardStart(fd: Int32, path: String, size: Int, shard: (index: Int, count: Int)) throws -> (Int, Int) {
        let nominal = size * shard.index / shard.count
        guard nominal > 0 else { return (0, 1) }
        let block = 1 << 20
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: block)
        defer { buffer.deallocate() }
        var newlines = 0
        var position = 0
        // Count the lines before the nominal start.
        while position < nominal - 1 {
            let want = min(block, nominal - 1 - position)
            let n = pread(fd, buffer, want, off_t(position))
            if n < 0 { if errno == EINTR { continue }; throw JSONInputError(path: path, reason: String(cString: strerror(errno))) }
            if n == 0 { break }
            newlines += countNewlines(buffer, n)
            position += n
        }
        // Then find the end of the line holding byte nominal - 1.
        while position < size {
            let n = pread(fd, buffer, block, off_t(position))
            if n < 0 { if errno == EINTR { continue }; throw JSONInputError(path: path, reason: String(cString: strerror(errno))) }
            if n == 0 { break }
            if let hit = memchr(buffer, 0x0A, n) {
                let index = UnsafeRawPointer(hit) - UnsafeRawPointer(buffer)
                return (position + index + 1, newlines + 2)
            }
            position += n
        }
        return (size, newlines + 1)
    }
}

/// Runs the scanner over chunks on the calling thread, applying the error policy and keeping the counts.
struct ChunkProcessor {
    var scanner: ChunkScanner
    let policy: JSONLinesErrorPolicy
    var summary = JSONLinesSummary()

    init(options: JSONLinesOptions) throws {
        scanner = try ChunkScanner(maxDepth: options.maxDepth, batchSize: options.batchSize, threaded: true)
        policy = options.errorPolicy
    }

    /// Scans one chunk; `body` handles a valid line and may turn it into a bad one by returning an error.
    mutating func process(_ chunk: LineChunk, _ body: (borrowing JSONLine) throws -> JSONLineError?,
                          onInvalidLine: (JSONLineError) throws -> Void) throws -> Bool {
        let owner = scanner.streamParser as AnyObject
        let policy = self.policy
        var summary = self.summary
        defer { self.summary = summary }
        func reject(_ error: JSONLineError) throws {
            summary.invalid += 1
            switch policy {
            case .fail: throw error
            case .skip: break
            case .report: try onInvalidLine(error)
            }
        }
        summary.bytes += chunk.count - chunk.start
        return try scanner.scan(chunk) { outcome in
            summary.lines += 1
            switch outcome {
            case .document(let tape, let line, let offset, let length):
                let raw = UnsafeRawBufferPointer(start: chunk.base + (offset - chunk.baseOffset), count: length)
                let item = JSONLine(tape: tape, raw: raw, lineNumber: line, offset: offset, length: length,
                                    index: summary.documents + summary.invalid, owner: owner)
                if let failure = try body(item) {
                    try reject(failure)
                } else {
                    summary.documents += 1
                }
            case .invalid(let error):
                try reject(JSONLineError(error))
            }
            return true
        }
    }
}
