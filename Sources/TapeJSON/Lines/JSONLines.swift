import Foundation

/// A reader of JSON Lines (NDJSON): one JSON document per line, streamed in constant memory.
///
/// The input is read in chunks of whole lines (`JSONLinesOptions.chunkSize`, 4 MiB by default) and each
/// chunk is parsed with simdjson's `parse_many`; memory stays flat whatever the input's size. Every
/// non-blank line is accounted for: it is delivered, or it is reported, skipped or thrown as a
/// `JSONLineError` according to the error policy, so `documents + invalid == lines` in the summary.
/// Accepted: LF and CRLF line endings, blank lines (ignored), a last line without a newline, a UTF-8 byte
/// order mark at the start. A document longer than the batch or the chunk grows them, up to
/// `JSONLinesOptions.maxDocumentSize`; a longer line is an invalid line, skipped without being held when
/// the input is a file.
///
/// Files are read with `pread` (never memory-mapped): a file truncated while it is read (log rotation)
/// is a `JSONInputError` naming the byte where reading stopped, not a crash.
///
/// Compressed input is recognised by its first bytes, whatever its name: gzip (one member or several in
/// a row) and zstd (one frame or several) are decompressed on a thread of their own while the lines are
/// parsed, in bounded memory, from a path, a file handle, standard input or bytes in memory. Line
/// numbers, offsets and `bytes` in the summary are those of the decompressed text. Compressed data that
/// is corrupt, cut short or followed by bytes that start no member or frame is a `JSONInputError` naming
/// the input and the decompressed byte and line reached, after the whole lines before the fault; a
/// compressed input cannot be sharded (`shard(_:of:)` then throws a `JSONInputError` when read).
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

    /// Reads the file at `path` (`-` for standard input), decompressed when it is gzip or zstd.
    public init(path: String, options: JSONLinesOptions = JSONLinesOptions()) {
        self.input = path == "-" ? .descriptor(0, name: "-") : .file(path: path)
        self.options = options
    }

    /// Reads the file at a file URL.
    public convenience init(url: URL, options: JSONLinesOptions = JSONLinesOptions()) {
        self.init(path: url.path, options: options)
    }

    /// The handle read from, kept so that its descriptor stays open while this reader lives.
    private var handle: FileHandle? = nil

    /// Reads from an open file handle (standard input, a pipe, a socket) until its end. The reader keeps
    /// the handle (and so its descriptor) open while it lives.
    public init(fileHandle: FileHandle, options: JSONLinesOptions = JSONLinesOptions()) {
        self.input = .descriptor(fileHandle.fileDescriptor, name: "file handle \(fileHandle.fileDescriptor)")
        self.handle = fileHandle
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
    /// - Note: a compressed file or compressed bytes cannot be split: reading such a shard throws a
    ///   `JSONInputError` that says so.
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
    ///
    /// With `threaded`, simdjson's `parse_many` runs its stage 1 (finding the structure of the next batch)
    /// on a helper thread while this thread handles the current batch, as native `parse_many` does by
    /// default; without it everything runs on the calling thread (one worker of `map`).
    func scanAll(threaded: Bool = true, _ body: (borrowing JSONLine) throws -> JSONLineError?,
                 onInvalidLine: (JSONLineError) throws -> Void,
                 onProgress: (JSONLinesSummary) -> Void = { _ in }) throws -> JSONLinesSummary {
        var processor = try ChunkProcessor(options: options, threaded: threaded)
        try withChunks(threaded: threaded, { chunk in
            defer { onProgress(processor.summary) }
            return try processor.process(chunk, body, onInvalidLine: onInvalidLine)
        }, lineAfter: { processor.scanner.lineAfterScan })
        return processor.summary
    }

    /// Counts the documents without handing them out (the fastest pass: validation only).
    ///
    /// Under `.skip` and `.report` the summary's `documents` counts the valid lines; under `.fail` the
    /// first bad line is thrown. Runs on the calling thread, with simdjson's stage-1 helper thread
    /// (see `count(jobs:onInvalidLine:)` for more workers).
    public func count(onInvalidLine: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        var processor = try ChunkProcessor(options: options, threaded: true)
        try withChunks(threaded: true, { chunk in
            try processor.count(chunk, onInvalidLine: onInvalidLine)
        }, lineAfter: { processor.scanner.lineAfterScan })
        return processor.summary
    }

    /// Counts the documents with `jobs` workers (1: `count(onInvalidLine:)` on the calling thread, which
    /// also uses simdjson's stage-1 helper thread). Bad lines go through the error policy as in
    /// `count(onInvalidLine:)`; under `.report` they arrive in input order on the calling thread.
    public func count(jobs: Int, onInvalidLine: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        if jobs <= 1 { return try count(onInvalidLine: onInvalidLine) }
        return try map(jobs: jobs, { _ in () }, each: { _, _ in }, onInvalidLine: onInvalidLine)
    }

    /// Feeds `body` the chunks of the input in order; `body` returns false to stop. Chunks are numbered
    /// by the caller as it scans (`countsLines` is off), which saves a pass over the bytes.
    ///
    /// Chunks are four times the chunk size; with `threaded` (a `parse_many` stream with a helper thread,
    /// costly to start) an input in memory is one chunk, scanned by one stream.
    func withChunks(threaded: Bool, _ body: (LineChunk) throws -> Bool, lineAfter: () -> Int) throws {
        var chunker = try makeChunker(pool: ChunkPool(keep: 2), sequential: true, wholeRegion: threaded)
        chunker.countsLines = false
        var nextLine = chunker.startLine
        while let chunk = try chunker.next() {
            defer { chunk.recycle() }
            chunk.baseLine = nextLine
            guard try body(chunk) else { return }
            nextLine = lineAfter()
        }
    }

    /// The in-memory copy of `.memory` input, made once.
    private var memoryRegion: ChunkRegion?

    /// A chunk source over this reader's input (or its shard): in-place views of the bytes given, or
    /// buffers read from a file or stream (`LineChunker`).
    /// `parallelChunkSize` caps the chunks (see `JSONLinesOptions.chunkSize`); a `sequential` reader
    /// takes chunks four times the chunk size (a `parse_many` stream per chunk, which is costly to start).
    func makeChunker(pool: ChunkPool, sequential: Bool = false, wholeRegion: Bool = false,
                     parallelChunkSize: Int? = nil) throws -> any ChunkSource {
        var chunkSize = sequential ? options.chunkSize * 4 : options.chunkSize
        if let parallelChunkSize { chunkSize = min(chunkSize, parallelChunkSize) }
        switch input {
        case .memory(let bytes) where CompressionFormat(magic: bytes) != nil:
            // Compressed bytes: decompressed as a stream, as a pipe is read (no shards).
            if shard != nil { throw JSONInputError(path: "bytes", cannotShard: CompressionFormat(magic: bytes)!) }
            return LineChunker(source: InputOpening.stream(bytes: bytes), chunkSize: chunkSize, pool: pool,
                               maxDocumentSize: options.maxDocumentSize)
        case .memory(let bytes):
            if memoryRegion == nil {
                memoryRegion = bytes.withUnsafeBytes { ChunkRegion(copying: $0) }
            }
            let region = memoryRegion!
            if wholeRegion { chunkSize = max(region.bytes.count, chunkSize) }
            guard let shard else { return RegionChunker(region: region, chunkSize: chunkSize) }
            let size = region.bytes.count
            let (begin, line) = lineStart(atOrAfter: size * shard.index / shard.count, in: region)
            let end = lineStart(atOrAfter: size * (shard.index + 1) / shard.count, in: region, countingLines: false).offset
            return RegionChunker(region: region, chunkSize: chunkSize, begin: begin, end: max(begin, end), line: line)
        case .descriptor(let fd, let name):
            return LineChunker(source: try InputOpening.stream(fd: fd, name: name), chunkSize: chunkSize, pool: pool,
                               maxDocumentSize: options.maxDocumentSize)
        case .file(let path):
            let whole = try FileDescriptorSource(path: path)
            // Compressed input is read as a stream, decompressed (a shard of it is an error).
            let source = try InputOpening.stream(whole, forShard: shard != nil)
            guard let shard, whole.isRegular, source is FileDescriptorSource else {
                return LineChunker(source: source, chunkSize: chunkSize, pool: pool,
                                   maxDocumentSize: options.maxDocumentSize)
            }
            // A shard: the lines whose first byte lies in its share of the file's size when opened.
            let size = whole.sizeAtOpen
            let (begin, line) = try lineStart(atOrAfter: size * shard.index / shard.count, inFile: whole.fd, size: size,
                                              path: path, countingLines: true)
            let end = try lineStart(atOrAfter: size * (shard.index + 1) / shard.count, inFile: whole.fd, size: size,
                                    path: path, countingLines: false).offset
            return LineChunker(source: try FileDescriptorSource(path: path, begin: begin, end: max(begin, end)),
                               chunkSize: chunkSize, pool: pool, maxDocumentSize: options.maxDocumentSize,
                               startOffset: begin, startLine: line)
        }
    }
}

/// Runs the scanner over chunks on the calling thread, applying the error policy and keeping the counts.
struct ChunkProcessor {
    var scanner: ChunkScanner
    let policy: JSONLinesErrorPolicy
    var summary = JSONLinesSummary()

    init(options: JSONLinesOptions, threaded: Bool) throws {
        scanner = try ChunkScanner(maxDepth: options.maxDepth, batchSize: options.batchSize, threaded: threaded,
                                   maxDocumentSize: options.maxDocumentSize)
        policy = options.errorPolicy
    }

    /// Scans one chunk only to count its lines (no `JSONLine` is made, no callback runs for valid ones).
    mutating func count(_ chunk: LineChunk, onInvalidLine: (JSONLineError) throws -> Void) throws -> Bool {
        let policy = self.policy
        var lines = summary.lines
        var documents = summary.documents
        var invalid = summary.invalid
        defer {
            summary.lines = lines
            summary.documents = documents
            summary.invalid = invalid
        }
        summary.bytes += chunk.inputBytes
        return try scanner.scan(chunk) { outcome in
            lines += 1
            switch outcome {
            case .document:
                documents += 1
            case .invalid(let error):
                invalid += 1
                try policy.apply(to: JSONLineError(error), report: onInvalidLine)
            }
            return true
        }
    }

    /// Scans one chunk; `body` handles a valid line and may turn it into a bad one by returning an error.
    mutating func process(_ chunk: LineChunk, _ body: (borrowing JSONLine) throws -> JSONLineError?,
                          onInvalidLine: (JSONLineError) throws -> Void) throws -> Bool {
        let owner = scanner.streamParser as AnyObject
        let policy = self.policy
        // Counts live in locals captured only by the non-escaping scan closure (statically checked
        // exclusivity: no runtime access tracking per line).
        var lines = summary.lines
        var documents = summary.documents
        var invalid = summary.invalid
        defer {
            summary.lines = lines
            summary.documents = documents
            summary.invalid = invalid
        }
        summary.bytes += chunk.inputBytes
        let base = UnsafeRawPointer(chunk.base) - chunk.baseOffset
        return try scanner.scan(chunk) { outcome in
            lines += 1
            var failure: JSONLineError?
            switch outcome {
            case .document(let tape, let line, let offset, let length, let bigNumbers):
                let item = JSONLine(tape: tape, raw: UnsafeRawBufferPointer(start: base + offset, count: length),
                                    lineNumber: line, offset: offset, length: length, index: documents + invalid,
                                    owner: owner, bigNumbers: bigNumbers)
                failure = try body(item)
                if failure == nil { documents += 1 }
            case .invalid(let error):
                failure = JSONLineError(error)
            }
            if let failure {
                invalid += 1
                try policy.apply(to: failure, report: onInvalidLine)
            }
            return true
        }
    }
}
