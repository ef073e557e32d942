import CSimdShim
import Foundation

/// Streams the items of the array (its elements) or object (its member values) at a JSON Pointer in one
/// JSON document of any size, one at a time, in constant memory, with the same guarantees as `JSONLines`.
///
/// The items of `{"meta": {...}, "Records": [{...}, {...}, ...]}` (AWS CloudTrail files, GeoJSON
/// FeatureCollections, API exports) are at the pointer `/Records`; those of one huge top-level array at
/// `""`. The input is read in blocks; a byte scanner walks the envelope around the items to the
/// pointer. In an array, the shim then finds many complete items at once (the commas at nesting 0, 64
/// bytes at a time) and simdjson parses that run as one array, one call for up to 256 KiB of items; each
/// element is handed out as the document it would have been alone (its own tape, copied off the run's).
/// A run that is not valid JSON is parsed again item by item, so each bad item is reported exactly where
/// and as it would be alone. An object's member values, and an item larger than what the buffer holds,
/// are parsed one at a time. Every item is accounted for: delivered, or reported through the error
/// policy with its index, line and column (`documents + invalid == lines`, where `lines` counts items).
/// Items carry their `index`; `lineNumber` and an error's `column` say where the item starts or fails.
///
/// With `jobs` (`map`, `decode`, `count(jobs:)`), the calling thread walks the envelope and copies each
/// run into a chunk; the workers of `JSONLines` parse the runs (the calling thread among them), and
/// results arrive in input order. `shard(_:of:)` splits a file's bytes among readers.
///
/// The envelope is checked as JSON too: its punctuation by the scanner, each of its other values (the
/// `meta` above) by simdjson. A bad item whose quotes and brackets still pair up is a bad item like any
/// other (the error policy applies, and reading goes on after it). A fault that breaks the structure (in
/// the envelope, or in an item: a quote or bracket missing, a document cut short) leaves the rest of the
/// input impossible to split into items reliably: under `.skip` and `.report` every item before it is
/// delivered and the call throws a `JSONStreamStoppedError` saying where reading stopped and how many
/// bytes were left unread (under `.fail`, the fault is the `JSONLineError` thrown). A pointer that names
/// nothing, or a scalar, is a `JSONItemPointerError` once the document has been read. An item larger
/// than the read block grows the buffer.
///
/// The envelope's other members (`meta` above) stay reachable in the same pass: `forEach`, `map` and
/// `decode` take an `envelope:` handler that receives the envelope's events in document order, with the
/// items' container as its start and end events only (`JSONItemStream+Envelope.swift`).
///
/// Limits: the items of an object are its member values (their keys are not handed out) and are parsed
/// one per simdjson call (runs are for arrays); nesting is counted only to find item boundaries, and each
/// item must itself be valid JSON no deeper than `maxDepth` minus the pointer's depth and 1. An item
/// longer than `maxDocumentSize` is a bad item, but it is held in memory while it is read.
public final class JSONItemStream {
    let input: JSONLines.Input
    /// The pointer to the array or object whose items are streamed.
    public let pointer: String
    /// The options in effect (`chunkSize` is the read block size).
    public let options: JSONLinesOptions
    /// The handle read from, kept so that its descriptor stays open while this reader lives.
    private var handle: FileHandle? = nil

    /// Streams the items at `pointer` in the file at `path` (`-` for standard input). A gzip or zstd file
    /// (recognised by its first bytes) is decompressed as it is read, as by `JSONLines`.
    public init(path: String, pointer: String = "", options: JSONLinesOptions = JSONLinesOptions()) {
        self.input = path == "-" ? .descriptor(0, name: "-") : .file(path: path)
        self.pointer = pointer
        self.options = options
    }

    /// Streams the items at `pointer` read from an open file handle. The reader keeps the handle (and so
    /// its descriptor) open while it lives.
    public init(fileHandle: FileHandle, pointer: String = "", options: JSONLinesOptions = JSONLinesOptions()) {
        self.input = .descriptor(fileHandle.fileDescriptor, name: "file handle \(fileHandle.fileDescriptor)")
        self.handle = fileHandle
        self.pointer = pointer
        self.options = options
    }

    /// Streams the items at `pointer` in bytes already in memory.
    public init(bytes: [UInt8], pointer: String = "", options: JSONLinesOptions = JSONLinesOptions()) {
        self.input = .memory(bytes)
        self.pointer = pointer
        self.options = options
    }

    /// Calls `body` with every valid item in order, applying the error policy to invalid ones.
    ///
    /// - Returns: the counts (`lines` counts items).
    /// - Throws: `JSONStreamStoppedError` under `.skip` and `.report` when the input's structure breaks
    ///   where the next item's start cannot be known (after every item before it was delivered);
    ///   the first bad item (or envelope error) under `.fail`, as a `JSONLineError`;
    ///   `JSONPointerError` for a malformed pointer; `JSONItemPointerError` when the document has no array
    ///   or object at the pointer (after its items, if any, were read); `JSONInputError` when the input
    ///   cannot be read; anything the callbacks throw.
    @discardableResult
    public func forEach(_ body: (borrowing JSONLine) throws -> Void,
                        onInvalidLine: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        try read(countOnly: false, { item in
            try body(item)
            return nil
        }, onInvalidItem: onInvalidLine)
    }

    /// Counts the valid items without handing them out (the fastest pass: validation only), on the
    /// calling thread. Bad items go through the error policy as in `forEach(_:onInvalidLine:)`.
    @discardableResult
    public func count(onInvalidLine: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        try read(countOnly: true, { _ in nil }, onInvalidItem: onInvalidLine)
    }

    /// The most bytes of array items parsed as one run (one simdjson call for many items); 0 parses every
    /// item alone (tests check that both give exactly the same items, errors and positions).
    var runBytes = 256 << 10
    /// The most bytes of an envelope value held whole before the walker enters it (a container) to
    /// check its values one by one; tests make it small to exercise that path.
    var window = 16 << 20

    /// The single-threaded pass (`forEach`, `count`, one job): `body` handles a valid item and may turn it
    /// into a bad one by returning an error (a failed transform), which then goes through the policy.
    func read(countOnly: Bool, _ body: (borrowing JSONLine) throws -> JSONLineError?,
              onInvalidItem: (JSONLineError) throws -> Void,
              envelope: (any EnvelopeEventReceiver)? = nil) throws -> JSONLinesSummary {
        var splitter = try makeSplitter(blockSize: options.chunkSize, runBytes: runBytes, envelope: envelope)
        var runs = try ItemRunParser(itemDepth: itemDepth(splitter), maxDocumentSize: options.maxDocumentSize)
        var summary = JSONLinesSummary()
        let policy = options.errorPolicy
        let owner = runs.itemParser as AnyObject

        func reject(_ error: JSONLineError) throws {
            summary.invalid += 1
            switch policy {
            case .fail: throw error
            case .skip: break
            case .report: try onInvalidItem(error)
            }
        }

        let range = try shardRange()
        /// Where reading stopped, if it did (the input's structure broke where no item end is known).
        var stopped: StreamStop?

        /// One item's outcome, counted and handed out (`owner` holds its tape; `column` gives the column of
        /// an item's first byte, asked only for an item that does not decode).
        func take(_ outcome: ItemRunParser.Outcome, owner: AnyObject, column: (UnsafeRawPointer) -> Int) throws {
            switch outcome {
            case .item(let tape, let raw, let line, let offset, let index, let bigNumbers):
                summary.lines += 1
                let item = JSONLine(tape: tape, raw: raw, lineNumber: line, offset: offset, length: raw.count,
                                    index: index, owner: owner, bigNumbers: bigNumbers)
                if let failure = try body(item) {
                    try reject(failure.inItem(index, startingOn: line, at: column(raw.baseAddress.unsafelyUnwrapped)))
                } else {
                    summary.documents += 1
                }
            case .invalid(let error, let index):
                summary.lines += 1
                try reject(JSONLineError(error, elementIndex: index))
            case .stop(let stop):
                stopped = stop
            case .counted(let n):
                summary.lines += n
                summary.documents += n
            }
        }
        reading: while let next = try splitter.next() {
            summary.bytes = splitter.bytesRead
            let piece: ItemSplitter.Piece
            switch ItemShardRange.filter(next, range) {
            case .keep(let kept): piece = kept
            case .skip: continue reading
            case .stop: break reading
            }
            switch piece {
            case .run(let run):
                let batchOwner = runs.batchParser as AnyObject
                _ = try runs.scan(run, countOnly: countOnly) { outcome in
                    try take(outcome, owner: batchOwner) { run.column(at: $0 - UnsafeRawPointer(run.base)) }
                    return true
                }
                if stopped != nil { break reading }
            case .item(let bytes, let delimited, let offset, let line, let column, let index):
                try take(runs.parseAlone(bytes, delimited: delimited, offset: offset, line: line, column: { column },
                                         index: index, countOnly: countOnly), owner: owner) { _ in column }
                if stopped != nil { break reading }
            case .envelopeError(let stop):
                stopped = stop
                break reading
            case .pointerError(let error):
                throw error
            }
        }
        summary.bytes = range.map { $0.upperBound - $0.lowerBound } ?? splitter.bytesRead
        if let stopped {
            // Under `.fail` the fault is the first bad item; under the others the pass stops with an error
            // of its own, after every item before the fault.
            if policy == .fail {
                summary.lines += 1
                try reject(stopped.lineError)
            }
            let end = try range.map { $0.upperBound } ?? splitter.inputEnd()
            if range == nil { summary.bytes = splitter.bytesRead }
            throw stopped.error(summary: summary, inputEnd: end)
        }
        return summary
    }

    // MARK: - Shards and workers

    /// For `shard(_:of:)`: this reader's share of the document.
    var shard: (index: Int, count: Int)?

    /// The reader of shard `index` of `count` of the document: its bytes are split into `count` equal
    /// ranges and each item belongs to the range holding its first byte, so readers `0 ..< count`
    /// together read every item exactly once (each walks the envelope from the start to find its items,
    /// which costs a fast scan of the bytes before them). Indexes, line numbers and offsets stay those of
    /// the whole document; an envelope error is reported by the shard whose range holds it (the others
    /// stop there quietly); `bytes` in a shard's summary is the size of its range.
    ///
    /// - Precondition: `0 <= index < count`, and the reader reads a file or bytes in memory (not a stream).
    public func shard(_ index: Int, of count: Int) -> JSONItemStream {
        precondition(count >= 1 && index >= 0 && index < count, "shard index must be in 0..<count")
        let copy: JSONItemStream
        switch input {
        case .file(let path): copy = JSONItemStream(path: path, pointer: pointer, options: options)
        case .memory(let bytes): copy = JSONItemStream(bytes: bytes, pointer: pointer, options: options)
        case .descriptor: preconditionFailure("only files and memory can be sharded")
        }
        copy.shard = (index, count)
        copy.runBytes = runBytes
        copy.window = window
        return copy
    }

    /// The byte range of this reader's shard, if it is one.
    private func shardRange() throws -> ItemShardRange? {
        guard let shard else { return nil }
        let size: Int
        switch input {
        case .memory(let bytes):
            if let format = CompressionFormat(magic: bytes) { throw JSONInputError(path: "bytes", cannotShard: format) }
            size = bytes.count
        case .file(let path):
            let file = try FileDescriptorSource(path: path)
            if let format = try file.compressionFormat() { throw JSONInputError(path: path, cannotShard: format) }
            size = file.sizeAtOpen
        case .descriptor: return nil
        }
        return ItemShardRange(lowerBound: size * shard.index / shard.count,
                              upperBound: size * (shard.index + 1) / shard.count, isLast: shard.index == shard.count - 1)
    }

    /// Counts the valid items with `jobs` workers (1: `count(onInvalidLine:)` on the calling thread). The
    /// calling thread walks the envelope and cuts runs of items; the workers (the calling thread one of
    /// them) parse the runs. Bad items go through the error policy, in input order, on the calling thread.
    @discardableResult
    public func count(jobs: Int, onInvalidLine: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        if jobs <= 1 { return try count(onInvalidLine: onInvalidLine) }
        return try parallel(jobs: jobs, ordered: true, countOnly: true, makeState: { () }, { _, _ in () },
                            each: { _, _ in }, onInvalidItem: onInvalidLine, onProgress: { _ in })
    }

    /// Transforms every valid item with `jobs` workers and delivers the results on the calling thread, in
    /// input order when `ordered` (else in the order runs finish), as `JSONLines.map` does for lines. An
    /// item whose transform throws counts as invalid. With `ordered: false`, items after an error in the
    /// envelope may already have been delivered when it is reported.
    ///
    /// - Parameters:
    ///   - jobs: workers, the calling thread included (it also walks the envelope); with 1, everything
    ///     runs on the calling thread.
    ///   - ordered: deliver the results in input order (the default), or as runs finish.
    ///   - transform: runs on a worker for each valid item (the item is valid only during the call).
    ///   - each: receives each result with its item's line number, on the calling thread.
    ///   - onInvalidLine: receives bad items under `.report`, on the calling thread.
    ///   - onProgress: receives the counts so far, now and then, on the calling thread.
    @discardableResult
    public func map<T: Sendable>(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, ordered: Bool = true,
                                 _ transform: @escaping @Sendable (borrowing JSONLine) throws -> T,
                                 each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                 onInvalidLine: (JSONLineError) throws -> Void = { _ in },
                                 onProgress: (JSONLinesSummary) -> Void = { _ in }) throws -> JSONLinesSummary {
        try mapWithState(jobs: jobs, ordered: ordered, makeState: { () }, { _, item in try transform(item) },
                         each: each, onInvalidItem: onInvalidLine, onProgress: onProgress)
    }

    /// Decodes every valid item as a `T` with `decoder`'s strategies on `jobs` workers, delivering the
    /// values on the calling thread (in input order when `ordered`). An item that is not valid JSON, or
    /// does not decode as `T`, goes through the error policy (`onInvalidLine` under `.report`).
    @discardableResult
    public func decode<T: Decodable & Sendable>(_ type: T.Type, using decoder: TapeJSONDecoder,
                                                jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                                                ordered: Bool = true,
                                                each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                                onInvalidLine: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        let snapshot = ConfigurationSnapshot(decoder.configuration.withLock { $0 })
        return try mapWithState(jobs: jobs, ordered: ordered, makeState: { DecodingWorkspace(snapshot.configuration) },
                                { workspace, item in try item.decode(type, workspace: &workspace) },
                                each: each, onInvalidItem: onInvalidLine, onProgress: { _ in })
    }

    func mapWithState<State, T: Sendable>(jobs: Int, ordered: Bool, makeState: @escaping @Sendable () -> State,
                                          _ transform: @escaping @Sendable (inout State, borrowing JSONLine) throws -> T,
                                          each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                          onInvalidItem: (JSONLineError) throws -> Void,
                                          onProgress: (JSONLinesSummary) -> Void,
                                          envelope: (any EnvelopeEventReceiver)? = nil) throws -> JSONLinesSummary {
        if jobs > 1 {
            return try parallel(jobs: jobs, ordered: ordered, countOnly: false, makeState: makeState, transform,
                                each: each, onInvalidItem: onInvalidItem, onProgress: onProgress, envelope: envelope)
        }
        var state = makeState()
        // A failed transform is a bad item: it goes through the policy like invalid JSON.
        return try read(countOnly: false, { item in
            let value: T
            do {
                value = try transform(&state, item)
            } catch {
                return CodingPathLocator.error(for: error, in: item.raw, lineNumber: item.lineNumber,
                                               offset: item.offset)
            }
            try each(value, item.lineNumber)
            return nil
        }, onInvalidItem: onInvalidItem, envelope: envelope)
    }

    /// The walker over this reader's input, reading blocks of `blockSize` bytes (at least 4 KiB).
    private func makeSplitter(blockSize: Int, runBytes: Int,
                              envelope: (any EnvelopeEventReceiver)?) throws -> ItemSplitter {
        let tokens = try JSONPointerTokens.parse(pointer)
        let source: any ByteSource
        switch input {
        case .memory(let bytes): source = InputOpening.stream(bytes: bytes)
        case .descriptor(let fd, let name): source = try InputOpening.stream(fd: fd, name: name)
        case .file(let path): source = try InputOpening.stream(path: path)
        }
        let envelopeParser = try SimdParser(maxCapacity: Simd.maxDocumentSize, maxDepth: options.maxDepth)
        var splitter = ItemSplitter(source: source, blockSize: max(blockSize, 4096), tokens: tokens, pointer: pointer,
                                    envelopeParser: envelopeParser, window: window, runBytes: runBytes)
        splitter.envelope = envelope
        return splitter
    }

    /// The deepest nesting an item may have: what `maxDepth` leaves below the pointer and the items'
    /// container.
    private func itemDepth(_ splitter: ItemSplitter) -> Int { max(1, options.maxDepth - splitter.tokens.count - 1) }

    /// The parallel pass: an `ItemChunker` on the calling thread, `JSONLines.runParallel` for the rest.
    private func parallel<State, T: Sendable>(jobs: Int, ordered: Bool, countOnly: Bool,
                                              makeState: @escaping @Sendable () -> State,
                                              _ transform: @escaping @Sendable (inout State, borrowing JSONLine) throws -> T,
                                              each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                              onInvalidItem: (JSONLineError) throws -> Void,
                                              onProgress: (JSONLinesSummary) -> Void,
                                              envelope: (any EnvelopeEventReceiver)? = nil) throws -> JSONLinesSummary {
        // Runs small enough that workers finish together and results leave while still in cache.
        let runLimit = runBytes == 0 ? 0 : min(runBytes, _isPOD(T.self) ? 512 << 10 : 64 << 10)
        // Read blocks a few runs long: what is read is scanned and copied into chunks while still in
        // the cache (4 MiB blocks made the reading thread, the one serial part, a third slower).
        let block = runLimit == 0 ? options.chunkSize : min(options.chunkSize, max(4 * runLimit, 64 << 10))
        let splitter = try makeSplitter(blockSize: block, runBytes: runLimit, envelope: envelope)
        var chunker: any ChunkSource = ItemChunker(splitter: splitter, pool: ChunkPool(keep: 10 * jobs),
                                                   itemDepth: itemDepth(splitter), shard: try shardRange())
        let pass = ParallelPass(jobs: jobs, ordered: ordered, options: options, countOnly: countOnly,
                                inFlightPerJob: 8, helpReserve: jobs, makeState: makeState, transform: transform)
        return try JSONLines.runParallel(pass, chunker: &chunker, each: each, onInvalidLine: onInvalidItem,
                                         onProgress: onProgress)
    }
}

/// The reader of one top-level array's elements: `JSONItemStream` at the pointer `""`.
@available(*, deprecated, renamed: "JSONItemStream", message: "a top-level array is the pointer \"\"")
public typealias JSONArrayStream = JSONItemStream

extension JSONItemStream {
    /// `forEach(_:onInvalidItem:)` under the name `JSONArrayStream` had.
    @available(*, deprecated, renamed: "forEach(_:onInvalidLine:)")
    @discardableResult
    public func forEach(_ body: (borrowing JSONLine) throws -> Void,
                        onInvalidElement: (JSONLineError) throws -> Void) throws -> JSONLinesSummary {
        try forEach(body, onInvalidLine: onInvalidElement)
    }
}

extension JSONError {
    /// The error in a value cut from a larger document, located in the value alone; one found at its
    /// very end (`nul` where `null` was meant) is located again with the separator after it, so that it
    /// reads as in the whole document (an invalid literal, not an end of input). Inside a container
    /// (`inContainer`, every item), more after the value is an unexpected character there, as the
    /// whole document reports it, not content after a document.
    init(item: UnsafeRawBufferPointer, delimited: UnsafeRawBufferPointer, code: SimdErrorCode, maxDepth: Int,
         inContainer: Bool = true) {
        self.init(simdjson: code, input: item, maxDepth: maxDepth)
        if kind == .unexpectedEndOfInput || kind == .emptyInput, offset == item.count, delimited.count > item.count {
            self.init(simdjson: code, input: delimited, maxDepth: maxDepth)
        }
        if inContainer && kind == .trailingContent { kind = .unexpectedCharacter }
    }
}

extension JSONLineError {
    init(_ error: JSONError, elementIndex: Int?) {
        self.init(line: error.line, column: error.column, offset: error.offset, underlying: error)
        self.elementIndex = elementIndex
    }
}
