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
/// `meta` above) by simdjson. A problem there is an error with its position (under `.skip` and `.report`
/// it is reported once and reading stops, since the rest cannot be split into items reliably). A pointer
/// that names nothing, or a scalar, is reported the same way once the document has been read. An item
/// larger than the read block grows the buffer.
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

    /// Streams the items at `pointer` in the file at `path` (`-` for standard input).
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
    /// - Throws: the first bad item (or envelope error) under `.fail`, as a `JSONLineError`;
    ///   `JSONPointerError` for a malformed pointer; `JSONItemPointerError` when the document has no array
    ///   or object at the pointer (after its items, if any, were read); `JSONInputError` when the input
    ///   cannot be read; anything the callbacks throw.
    @discardableResult
    public func forEach(_ body: (borrowing JSONLine) throws -> Void,
                        onInvalidItem: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        try read(countOnly: false, { item in
            try body(item)
            return nil
        }, onInvalidItem: onInvalidItem)
    }

    /// Counts the valid items without handing them out (the fastest pass: validation only), on the
    /// calling thread. Bad items go through the error policy as in `forEach(_:onInvalidItem:)`.
    @discardableResult
    public func count(onInvalidItem: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        try read(countOnly: true, { _ in nil }, onInvalidItem: onInvalidItem)
    }

    /// The most bytes of array items parsed as one run (one simdjson call for many items); 0 parses every
    /// item alone (tests check that both give exactly the same items, errors and positions).
    var runBytes = 256 << 10

    /// The single-threaded pass (`forEach`, `count`, one job): `body` handles a valid item and may turn it
    /// into a bad one by returning an error (a failed transform), which then goes through the policy.
    func read(countOnly: Bool, _ body: (borrowing JSONLine) throws -> JSONLineError?,
              onInvalidItem: (JSONLineError) throws -> Void) throws -> JSONLinesSummary {
        let tokens = try JSONPointerTokens.parse(pointer)
        var source: any ByteSource
        switch input {
        case .memory(let bytes): source = MemorySource(bytes: bytes)
        case .descriptor(let fd, let name): source = try FileDescriptorSource(fd: fd, path: name)
        case .file(let path): source = try FileDescriptorSource(path: path)
        }
        let itemDepth = max(1, options.maxDepth - tokens.count - 1)
        var runs = try ItemRunParser(itemDepth: itemDepth, maxDocumentSize: options.maxDocumentSize)
        let parser = runs.itemParser
        let envelopeParser = try SimdParser(maxCapacity: Simd.maxDocumentSize, maxDepth: options.maxDepth)
        var splitter = ItemSplitter(source: source, blockSize: max(options.chunkSize, 4096), tokens: tokens,
                                    pointer: pointer, envelopeParser: envelopeParser,
                                    runBytes: runBytes)
        defer { splitter.release() }
        var summary = JSONLinesSummary()
        let policy = options.errorPolicy
        let owner = parser as AnyObject

        func reject(_ error: JSONLineError) throws {
            summary.invalid += 1
            switch policy {
            case .fail: throw error
            case .skip: break
            case .report: try onInvalidItem(error)
            }
        }

        let range = try shardRange()
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
                    switch outcome {
                    case .item(let tape, let raw, let line, let offset, let index):
                        summary.lines += 1
                        let item = JSONLine(tape: tape, raw: raw, lineNumber: line, offset: offset, length: raw.count,
                                            index: index, owner: batchOwner)
                        if let failure = try body(item) { try reject(failure) } else { summary.documents += 1 }
                    case .invalid(let error, let index):
                        summary.lines += 1
                        try reject(JSONLineError(error, elementIndex: index))
                    case .counted(let n):
                        summary.lines += n
                        summary.documents += n
                    }
                    return true
                }
            case .item(let bytes, let delimited, let offset, let line, let column, let index):
                summary.lines += 1
                if bytes.count > options.maxDocumentSize {
                    try reject(JSONLineError(JSONError(tooLarge: bytes, offset: offset, line: line, column: column),
                                             elementIndex: index))
                    continue reading
                }
                switch parser.parse(bytes, padded: true) {
                case .success(let tape):
                    if countOnly {
                        summary.documents += 1
                    } else {
                        let item = JSONLine(tape: tape, raw: bytes, lineNumber: line, offset: offset, length: bytes.count,
                                            index: index, owner: owner)
                        if let failure = try body(item) { try reject(failure) } else { summary.documents += 1 }
                    }
                case .failure(let code):
                    var error = JSONError(item: bytes, delimited: delimited, code: code, maxDepth: parser.maxDepth)
                    // Positions inside the item, moved to the file.
                    error = error.shifted(byOffset: offset, line: line, column: column)
                    try reject(JSONLineError(error, elementIndex: index))
                }
            case .envelopeError(let error, let index):
                summary.lines += 1
                try reject(JSONLineError(error, elementIndex: index))
                if policy != .fail { break reading }
            case .pointerError(let error):
                throw error
            }
        }
        summary.bytes = range.map { $0.upperBound - $0.lowerBound } ?? splitter.bytesRead
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
        return copy
    }

    /// The byte range of this reader's shard, if it is one.
    private func shardRange() throws -> ItemShardRange? {
        guard let shard else { return nil }
        let size: Int
        switch input {
        case .memory(let bytes): size = bytes.count
        case .file(let path): size = try FileDescriptorSource(path: path).sizeAtOpen
        case .descriptor: return nil
        }
        return ItemShardRange(lowerBound: size * shard.index / shard.count,
                              upperBound: size * (shard.index + 1) / shard.count, isLast: shard.index == shard.count - 1)
    }

    /// Counts the valid items with `jobs` workers (1: `count(onInvalidItem:)` on the calling thread). The
    /// calling thread walks the envelope and cuts runs of items; the workers (the calling thread one of
    /// them) parse the runs. Bad items go through the error policy, in input order, on the calling thread.
    @discardableResult
    public func count(jobs: Int, onInvalidItem: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        if jobs <= 1 { return try count(onInvalidItem: onInvalidItem) }
        return try parallel(jobs: jobs, ordered: true, countOnly: true, makeState: { () }, { _, _ in () },
                            each: { _, _ in }, onInvalidItem: onInvalidItem, onProgress: { _ in })
    }

    /// Transforms every valid item with `jobs` workers and delivers the results on the calling thread, in
    /// input order when `ordered` (else in the order runs finish), as `JSONLines.map` does for lines. An
    /// item whose transform throws counts as invalid. With `ordered: false`, items after an error in the
    /// envelope may already have been delivered when it is reported.
    ///
    /// - Parameters:
    ///   - jobs: workers, the calling thread included (it also walks the envelope); with 1, everything
    ///     runs on the calling thread.
    ///   - transform: runs on a worker for each valid item (the item is valid only during the call).
    ///   - each: receives each result with its item's line number, on the calling thread.
    ///   - onInvalidItem: receives bad items under `.report`, on the calling thread.
    @discardableResult
    public func map<T: Sendable>(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, ordered: Bool = true,
                                 _ transform: @escaping @Sendable (borrowing JSONLine) throws -> T,
                                 each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                 onInvalidItem: (JSONLineError) throws -> Void = { _ in },
                                 onProgress: (JSONLinesSummary) -> Void = { _ in }) throws -> JSONLinesSummary {
        try mapWithState(jobs: jobs, ordered: ordered, makeState: { () }, { _, item in try transform(item) },
                         each: each, onInvalidItem: onInvalidItem, onProgress: onProgress)
    }

    /// Decodes every valid item as a `T` with `decoder`'s strategies on `jobs` workers, delivering the
    /// values on the calling thread (in input order when `ordered`). An item that is not valid JSON, or
    /// does not decode as `T`, goes through the error policy.
    @discardableResult
    public func decode<T: Decodable & Sendable>(_ type: T.Type, using decoder: TapeJSONDecoder,
                                                jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                                                ordered: Bool = true,
                                                each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                                onInvalidItem: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        let snapshot = ConfigurationSnapshot(decoder.configuration.withLock { $0 })
        return try mapWithState(jobs: jobs, ordered: ordered, makeState: { DecodingWorkspace(snapshot.configuration) },
                                { workspace, item in try item.decode(type, workspace: &workspace) },
                                each: each, onInvalidItem: onInvalidItem, onProgress: { _ in })
    }

    private func mapWithState<State, T: Sendable>(jobs: Int, ordered: Bool, makeState: @escaping @Sendable () -> State,
                                                  _ transform: @escaping @Sendable (inout State, borrowing JSONLine) throws -> T,
                                                  each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                                  onInvalidItem: (JSONLineError) throws -> Void,
                                                  onProgress: (JSONLinesSummary) -> Void) throws -> JSONLinesSummary {
        if jobs > 1 {
            return try parallel(jobs: jobs, ordered: ordered, countOnly: false, makeState: makeState, transform,
                                each: each, onInvalidItem: onInvalidItem, onProgress: onProgress)
        }
        var state = makeState()
        // A failed transform is a bad item: it goes through the policy like invalid JSON.
        return try read(countOnly: false, { item in
            let value: T
            do {
                value = try transform(&state, item)
            } catch {
                return JSONLineError(line: item.lineNumber, column: 1, offset: item.offset, underlying: error)
            }
            try each(value, item.lineNumber)
            return nil
        }, onInvalidItem: onInvalidItem)
    }

    /// The parallel pass: an `ItemChunker` on the calling thread, `JSONLines.runParallel` for the rest.
    private func parallel<State, T: Sendable>(jobs: Int, ordered: Bool, countOnly: Bool,
                                              makeState: @escaping @Sendable () -> State,
                                              _ transform: @escaping @Sendable (inout State, borrowing JSONLine) throws -> T,
                                              each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                              onInvalidItem: (JSONLineError) throws -> Void,
                                              onProgress: (JSONLinesSummary) -> Void) throws -> JSONLinesSummary {
        let tokens = try JSONPointerTokens.parse(pointer)
        var source: any ByteSource
        switch input {
        case .memory(let bytes): source = MemorySource(bytes: bytes)
        case .descriptor(let fd, let name): source = try FileDescriptorSource(fd: fd, path: name)
        case .file(let path): source = try FileDescriptorSource(path: path)
        }
        let envelopeParser = try SimdParser(maxCapacity: Simd.maxDocumentSize, maxDepth: options.maxDepth)
        // Runs small enough that workers finish together and results leave while still in cache.
        let runLimit = runBytes == 0 ? 0 : min(runBytes, _isPOD(T.self) ? 512 << 10 : 64 << 10)
        // Read blocks a few runs long: what is read is scanned and copied into chunks while still in
        // the cache (4 MiB blocks made the reading thread, the one serial part, a third slower).
        let block = runLimit == 0 ? options.chunkSize : min(options.chunkSize, max(4 * runLimit, 64 << 10))
        let splitter = ItemSplitter(source: source, blockSize: max(block, 4096), tokens: tokens,
                                    pointer: pointer, envelopeParser: envelopeParser, runBytes: runLimit)
        var chunker: any ChunkSource = ItemChunker(splitter: splitter, pool: ChunkPool(keep: 10 * jobs),
                                                   itemDepth: max(1, options.maxDepth - tokens.count - 1),
                                                   shard: try shardRange())
        defer { chunker.release() }
        return try JSONLines.runParallel(jobs: jobs, ordered: ordered, options: options, chunker: &chunker,
                                         numbering: nil, countOnly: countOnly, inFlightPerJob: 8, helpReserve: jobs,
                                         makeState: makeState, transform,
                                         each: each, onInvalidLine: onInvalidItem, onProgress: onProgress)
    }
}

/// The reader of one top-level array's elements: `JSONItemStream` at the pointer `""`.
@available(*, deprecated, renamed: "JSONItemStream", message: "a top-level array is the pointer \"\"")
public typealias JSONArrayStream = JSONItemStream

extension JSONItemStream {
    /// `forEach(_:onInvalidItem:)` under the name `JSONArrayStream` had.
    @available(*, deprecated, renamed: "forEach(_:onInvalidItem:)")
    @discardableResult
    public func forEach(_ body: (borrowing JSONLine) throws -> Void,
                        onInvalidElement: (JSONLineError) throws -> Void) throws -> JSONLinesSummary {
        try forEach(body, onInvalidItem: onInvalidElement)
    }
}

extension JSONError {
    /// The error in a value cut from a larger document, located in the value alone; one found at its
    /// very end (`nul` where `null` was meant) is located again with the separator after it, so that it
    /// reads as in the whole document (an invalid literal, not an end of input).
    init(item: UnsafeRawBufferPointer, delimited: UnsafeRawBufferPointer, code: SimdErrorCode, maxDepth: Int) {
        self.init(simdjson: code, input: item, maxDepth: maxDepth)
        if kind == .unexpectedEndOfInput || kind == .emptyInput, offset == item.count, delimited.count > item.count {
            self.init(simdjson: code, input: delimited, maxDepth: maxDepth)
        }
    }
}

extension JSONLineError {
    init(_ error: JSONError, elementIndex: Int?) {
        self.init(line: error.line, column: error.column, offset: error.offset, underlying: error)
        self.elementIndex = elementIndex
    }
}

/// The pointer of a `JSONItemStream` names nothing in the document, or names a value that has no items.
public struct JSONItemPointerError: Error, Sendable, CustomStringConvertible {
    /// The pointer as given.
    public var pointer: String
    /// Where the value at the pointer starts (a scalar), or the end of the document (nothing there).
    public var offset: Int
    public var line: Int
    public var column: Int
    /// Whether a value is there (a scalar, which has no items) or nothing.
    public var foundScalar: Bool

    public var description: String {
        foundScalar
            ? "line \(line), column \(column) (byte \(offset)): the value at '\(pointer)' is not an array or object"
            : "no value at '\(pointer)' in the document (read to byte \(offset))"
    }
}

/// Splits a byte stream holding one JSON document into the byte ranges of the items at a pointer,
/// checking the envelope around them on the way.
///
/// The envelope is walked a byte at a time (keys, punctuation); every value in it is scanned to its end
/// (strings and nesting tracked) and then either descended into (on the way to the pointer), parsed
/// with simdjson to check it and let go (anywhere else), or handed out (an item).
struct ItemSplitter {
    enum Piece {
        /// One item's bytes (padded after), the same with its separator (where errors are located), its
        /// absolute offset, line and column, and its index.
        case item(UnsafeRawBufferPointer, delimited: UnsafeRawBufferPointer, offset: Int, line: Int, column: Int, index: Int)
        /// Several complete items of an array, to be parsed as one (`ItemRunParser`).
        case run(ItemRun)
        /// The envelope is malformed here; `index` is the item being read, if any.
        case envelopeError(JSONError, index: Int?)
        /// The pointer names nothing, or a scalar.
        case pointerError(JSONItemPointerError)
    }

    /// What the walker expects next in a container.
    private enum Expect { case valueOrEnd, value, keyOrEnd, key, colon, commaOrEnd }

    /// A container the walker is inside (it is on the way to the pointer, or holds the items).
    private struct Frame {
        let isObject: Bool
        var expect: Expect
        /// Values read so far (the next element's index in an array).
        var count = 0
        /// The key of the member being read (objects).
        var key: [UInt8] = []
        /// Whether this container's values are the items.
        let holdsItems: Bool
        /// Whether this container lies on the pointer's path (else it was entered because it is too
        /// large to hold: its values are only checked).
        var onPath = true
    }

    private enum Phase { case walk, inValue, inKey, done }
    /// What becomes of the value being scanned.
    private enum Purpose { case item, check }

    var source: any ByteSource
    let blockSize: Int
    /// The pointer's tokens.
    let tokens: [[UInt8]]
    let pointer: String
    let envelopeParser: SimdParser
    /// The most bytes of a checked container held before the walker enters it instead (its values are
    /// then checked one by one): what bounds memory for a document of any size.
    let window: Int
    /// Containers the walker may be inside (the parser's `maxDepth`).
    let maxDepth: Int
    /// The most bytes of items handed out as one run (0: every item on its own).
    let runBytes: Int
    /// The buffer's memory: one byte before `buffer` (where a run parsed in place gets its `[`).
    private var storage: UnsafeMutableRawPointer
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    private var count = 0          // valid bytes in buffer
    private var position = 0       // next byte to scan
    private var bufferOffset = 0   // absolute offset of buffer[0]
    private var endOfInput = false
    /// Bytes read from the source so far (the summary's `bytes`: the whole document, not only its items).
    private(set) var bytesRead = 0
    private var phase = Phase.walk
    private var stack: [Frame] = []
    private var rootDone = false
    private var itemsFound = false
    // Position tracking for the byte at `position`.
    private var line = 1
    private var lineStart = 0      // absolute offset of the current line's first byte
    // The value (or key) being scanned.
    private var valueStart = 0     // buffer index
    private var valueLine = 1
    private var valueColumn = 1
    private var valueLineStart = 0
    private var valueDroppedScalars = 0
    /// Scalars of the current line in bytes already dropped from the buffer (columns count from there).
    private var droppedScalars = 0
    private var purpose = Purpose.check
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var index = 0
    // Memo for columns on the current line, so that a one-line array is not rescanned per item.
    private var memoLine = 0
    private var memoOffset = 0
    private var memoColumn = 1

    init(source: any ByteSource, blockSize: Int, tokens: [[UInt8]], pointer: String, envelopeParser: SimdParser,
         window: Int = 16 << 20, runBytes: Int = 0) {
        self.source = source
        self.blockSize = blockSize
        self.tokens = tokens
        self.pointer = pointer
        self.envelopeParser = envelopeParser
        self.window = max(window, 64)
        self.maxDepth = envelopeParser.maxDepth
        self.runBytes = runBytes
        self.capacity = blockSize
        self.storage = UnsafeMutableRawPointer.allocate(byteCount: blockSize + Simd.padding + 64, alignment: 64)
        self.buffer = storage + 64
    }

    func release() { storage.deallocate() }

    private var bytes: UnsafeMutablePointer<UInt8> { buffer.assumingMemoryBound(to: UInt8.self) }

    /// Reads more input, keeping the unfinished value (from `keep`) at the front of the buffer.
    private mutating func refill(keep: Int) throws -> Bool {
        if endOfInput { return false }
        if keep > 0 {
            // The current line's bytes about to go still count for its columns.
            let lineFrom = max(lineStart - bufferOffset, 0)
            let kept = bufferOffset + keep
            if lineFrom < keep {
                if memoLine == line && memoOffset >= max(lineStart, bufferOffset) && memoOffset <= kept {
                    // The column memo moves to the new start of the buffer (one pass over a long line's
                    // bytes in all, not one per item or run).
                    memoColumn += Self.scalarCount(bytes + (memoOffset - bufferOffset), kept - memoOffset)
                    memoOffset = kept
                    droppedScalars = memoColumn - 1
                } else {
                    droppedScalars += Self.scalarCount(bytes + lineFrom, keep - lineFrom)
                }
            }
            buffer.copyMemory(from: buffer + keep, byteCount: count - keep)
            count -= keep
            position -= keep
            valueStart -= keep
            bufferOffset += keep
        }
        if count == capacity {
            let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2 + Simd.padding + 64, alignment: 64)
            (bigger + 64).copyMemory(from: buffer, byteCount: count)
            storage.deallocate()
            storage = bigger
            buffer = bigger + 64
            capacity *= 2
        }
        let n = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer + count, count: capacity - count))
        if n == 0 { endOfInput = true; return false }
        count += n
        bytesRead += n
        (buffer + count).initializeMemory(as: UInt8.self, repeating: 0x20, count: Simd.padding)
        return true
    }

    /// The number of Unicode scalars starting in `count` bytes at `p` (the bytes that are not UTF-8
    /// continuation bytes), 8 at a time.
    private static func scalarCount(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int {
        count > 0 ? tj_count_scalars(p, count) : 0
    }

    /// The column (in scalars) of `absolute` on the current line, counted on from the last one computed.
    private mutating func column(at absolute: Int) -> Int {
        var column = 1
        var i = max(lineStart, bufferOffset)
        if lineStart < bufferOffset { column += droppedScalars }
        if memoLine == line && memoOffset <= absolute && memoOffset >= i {
            column = memoColumn
            i = memoOffset
        }
        if absolute > i { column += Self.scalarCount(bytes + (i - bufferOffset), absolute - i) }
        memoLine = line
        memoOffset = absolute
        memoColumn = column
        return column
    }

    private mutating func error(_ kind: JSONError.Kind, at absolute: Int) -> JSONError {
        let start = max(absolute - 24, bufferOffset, lineStart)
        var end = min(absolute + 24, bufferOffset + count)
        if let newline = (absolute..<end).first(where: { bytes[$0 - bufferOffset] == 0x0A }) { end = newline }
        let excerpt = SourceLocation.printable(UnsafeBufferPointer(start: bytes + (start - bufferOffset), count: max(0, end - start)))
        return JSONError(kind: kind, offset: absolute, line: line, column: column(at: absolute), excerpt: excerpt)
    }

    /// Stops with an envelope error at the current byte.
    private mutating func fail(_ kind: JSONError.Kind) -> Piece {
        phase = .done
        let item = stack.last?.holdsItems == true ? index : nil
        return .envelopeError(error(kind, at: bufferOffset + position), index: item)
    }

    private mutating func advanceLine(at i: Int) {
        line += 1
        lineStart = bufferOffset + i + 1
        droppedScalars = 0
    }

    /// Whether the next value of the top frame (the root when there is none) is on the pointer's path:
    /// `.target` at the pointer, `.onTheWay` above it, `.elsewhere` off it.
    private enum PathMatch { case target, onTheWay, elsewhere }
    private func nextValuePath() -> PathMatch {
        // The frames from the root down to here must all be on the path (they were only pushed if so),
        // and the next value's own key or index must match the token at this depth.
        guard stack.last?.onPath != false else { return .elsewhere }
        let level = stack.count
        if level > tokens.count { return .elsewhere }
        if level > 0 {
            let frame = stack[level - 1]
            let token = tokens[level - 1]
            if frame.isObject {
                if frame.key != token { return .elsewhere }
            } else if JSONValue.arrayIndex(token) != frame.count {
                return .elsewhere
            }
        }
        return level == tokens.count ? .target : .onTheWay
    }

    /// A value ends: the frame it was in expects a comma or its end (or the root is complete).
    private mutating func valueEnded() {
        if stack.isEmpty {
            rootDone = true
        } else {
            stack[stack.count - 1].count += 1
            stack[stack.count - 1].expect = .commaOrEnd
        }
    }

    /// A value starts at the current byte in the top frame.
    private mutating func startValue(_ byte: UInt8) -> Piece? {
        let isContainer = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
        if let frame = stack.last, frame.holdsItems {
            if runBytes > 0 && !frame.isObject, let run = findRun() { return run }
            purpose = .item
        } else {
            switch nextValuePath() {
            case .target:
                guard stack.count < maxDepth else { return fail(.depthLimitExceeded) }
                guard isContainer else {
                    phase = .done
                    let at = bufferOffset + position
                    return .pointerError(JSONItemPointerError(pointer: pointer, offset: at, line: line,
                                                              column: column(at: at), foundScalar: true))
                }
                itemsFound = true
                stack.append(Frame(isObject: byte == UInt8(ascii: "{"), expect: byte == UInt8(ascii: "{") ? .keyOrEnd : .valueOrEnd,
                                   holdsItems: true))
                position += 1
                return nil
            case .onTheWay where isContainer:
                guard stack.count < maxDepth else { return fail(.depthLimitExceeded) }
                stack.append(Frame(isObject: byte == UInt8(ascii: "{"), expect: byte == UInt8(ascii: "{") ? .keyOrEnd : .valueOrEnd,
                                   holdsItems: false))
                position += 1
                return nil
            case .onTheWay, .elsewhere:
                purpose = .check
            }
        }
        phase = .inValue
        valueStart = position
        valueLine = line
        valueLineStart = lineStart
        valueDroppedScalars = droppedScalars
        valueColumn = column(at: bufferOffset + position)
        depth = 0
        inString = false
        escaped = false
        return nil
    }

    /// The complete items from the current byte (an array item's first byte) on, as one run, when the
    /// buffer holds at least one; the walker moves on to the separator after them.
    private mutating func findRun() -> Piece? {
        var found = tj_item_run()
        tj_find_item_run(bytes, position, count, runBytes, &found)
        guard found.items > 0 else { return nil }
        let start = position
        let at = bufferOffset + start
        let run = ItemRun(base: buffer + start, count: found.end - start, hasSeparator: true, offset: at, line: line,
                          column: column(at: at), firstIndex: index, items: found.items)
        if found.newlines > 0 {
            line += found.newlines
            lineStart = bufferOffset + found.last_newline + 1
            droppedScalars = 0
        }
        position = found.end
        index += found.items
        stack[stack.count - 1].count += found.items
        stack[stack.count - 1].expect = .commaOrEnd
        return .run(run)
    }

    /// Whether `byte` opens an array or object.
    private func isContainerStart(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") }

    /// A container being scanned to be checked has filled the window: the walker enters it instead and
    /// checks its values one by one (rescanning from its first byte). False for a scalar (a string or
    /// number is held whole, however long).
    private mutating func enterValue() -> Bool {
        let first = bytes[valueStart]
        guard isContainerStart(first), stack.count < maxDepth else { return false }
        let isObject = first == UInt8(ascii: "{")
        var frame = Frame(isObject: isObject, expect: isObject ? .keyOrEnd : .valueOrEnd, holdsItems: false)
        frame.onPath = false
        stack.append(frame)
        phase = .walk
        position = valueStart + 1
        line = valueLine
        lineStart = valueLineStart
        droppedScalars = valueDroppedScalars
        depth = 0
        inString = false
        escaped = false
        return true
    }

    /// The value scanned ends before `end` (a buffer index): hands it out, or checks it.
    private mutating func finishValue(at end: Int) -> Piece? {
        phase = .walk
        let stop = trimmedEnd(end)
        let span = UnsafeRawBufferPointer(start: buffer + valueStart, count: stop - valueStart)
        let offset = bufferOffset + valueStart
        let (valueLine, valueColumn) = (self.valueLine, self.valueColumn)
        valueEnded()
        switch purpose {
        case .item:
            defer { index += 1 }
            return .item(span, delimited: delimited(span, end: end), offset: offset, line: valueLine,
                         column: valueColumn, index: index)
        case .check:
            guard case .failure(let code) = envelopeParser.parse(span, padded: true) else { return nil }
            if code == .number || code == .numberOutOfRange, let rewritten = BigNumbers.rewrite(span) {
                // Numbers simdjson cannot hold are valid JSON (see `BigNumbers`): check the rest around them.
                let rest = rewritten.copy.withUnsafeBytes { envelopeParser.parse($0, padded: false) }
                if case .success = rest { return nil }
            }
            phase = .done
            let located = JSONError(item: span, delimited: delimited(span, end: end), code: code,
                                    maxDepth: envelopeParser.maxDepth)
            return .envelopeError(located.shifted(byOffset: offset, line: valueLine, column: valueColumn), index: nil)
        }
    }

    /// The key scanned (from `valueStart`, its opening quote, to `end`, past its closing one) ends.
    private mutating func finishKey(at end: Int) -> Piece? {
        phase = .walk
        let span = UnsafeRawBufferPointer(start: buffer + valueStart, count: end - valueStart)
        stack[stack.count - 1].expect = .colon
        // Every key is checked (the items' keys too: a member's key is not part of its value); only those
        // on the pointer's path are kept, to be compared with its tokens. Printable ASCII without escapes
        // is its own text; anything else is parsed (checked and unescaped).
        let frame = stack[stack.count - 1]
        let compared = frame.onPath && !frame.holdsItems && stack.count <= tokens.count
        if span.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) {
            if compared { stack[stack.count - 1].key = Array(span.dropFirst().dropLast()) }
            return nil
        }
        do {
            let key = try JSONParser.shared.parse(bytes: span).root.string ?? ""
            if compared { stack[stack.count - 1].key = Array(key.utf8) }
            return nil
        } catch {
            phase = .done
            return .envelopeError(error.shifted(byOffset: bufferOffset + valueStart, line: valueLine, column: valueColumn),
                                  index: nil)
        }
    }

    mutating func next() throws -> Piece? {
        while true {
            if position >= count {
                if phase == .inValue && purpose == .check && count - valueStart >= window && enterValue() { continue }
                let keep = phase == .inValue || phase == .inKey ? valueStart : position
                if try !refill(keep: keep) {
                    return endOfDocument()
                }
                continue
            }
            if phase == .inValue && (!stack.isEmpty || depth > 0 || (position == valueStart && isContainerStart(bytes[position]))) {
                // The hot loop: on to the value's separator (or the end of the buffer).
                scanToSeparator()
                if position >= count { continue }
            }
            let byte = bytes[position]
            switch phase {
            case .done:
                return nil
            case .inValue, .inKey:
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        if phase == .inKey {
                            position += 1
                            if let piece = finishKey(at: position) { return piece }
                            continue
                        }
                    } else if byte == 0x0A {
                        advanceLine(at: position)
                    }
                    position += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]") where depth > 0, UInt8(ascii: "}") where depth > 0: depth -= 1
                case 0x0A: advanceLine(at: position)
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if depth > 0 { break }
                    if let piece = finishValue(at: position) { return piece }
                    continue   // the walker reads the separator
                case 0x20, 0x09, 0x0D:
                    // Whitespace after the root value ends it (nothing else will).
                    if depth == 0 && stack.isEmpty {
                        if let piece = finishValue(at: position) { return piece }
                        continue
                    }
                default: break
                }
                position += 1
            case .walk:
                if bufferOffset + position == 0 && count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB
                    && bytes[2] == 0xBF {
                    position = 3
                    continue
                }
                switch byte {
                case 0x20, 0x09, 0x0D:
                    position += 1
                    continue
                case 0x0A:
                    advanceLine(at: position)
                    position += 1
                    continue
                default: break
                }
                if let piece = walk(byte) { return piece }
            }
        }
    }

    /// One byte of envelope punctuation (or the first byte of a value or key).
    private mutating func walk(_ byte: UInt8) -> Piece? {
        guard var frame = stack.last else {
            if rootDone { return fail(.trailingContent) }
            return startValue(byte)
        }
        switch (frame.expect, byte) {
        case (.valueOrEnd, UInt8(ascii: "]")), (.keyOrEnd, UInt8(ascii: "}")),
             (.commaOrEnd, UInt8(ascii: "]")) where !frame.isObject,
             (.commaOrEnd, UInt8(ascii: "}")) where frame.isObject:
            stack.removeLast()
            position += 1
            valueEnded()
            return nil
        case (.commaOrEnd, UInt8(ascii: ",")):
            frame.expect = frame.isObject ? .key : .value
            stack[stack.count - 1] = frame
            position += 1
            return nil
        case (.colon, UInt8(ascii: ":")):
            frame.expect = .value
            stack[stack.count - 1] = frame
            position += 1
            return nil
        case (.keyOrEnd, UInt8(ascii: "\"")), (.key, UInt8(ascii: "\"")):
            phase = .inKey
            valueStart = position
            valueLine = line
            valueColumn = column(at: bufferOffset + position)
            inString = true
            escaped = false
            position += 1
            return nil
        case (.valueOrEnd, _), (.value, _):
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"):
                // `[,`, `[1,,2]`, `[1,]`, `{"a":}`: a missing value.
                return fail(.unexpectedCharacter)
            default:
                return startValue(byte)
            }
        default:
            return fail(.unexpectedCharacter)
        }
    }

    /// The input ended: what is left to say.
    private mutating func endOfDocument() -> Piece? {
        switch phase {
        case .done:
            return nil
        case .inValue where stack.isEmpty && depth == 0 && !inString:
            // A root scalar that runs to the end of the input.
            if let piece = finishValue(at: count) { return piece }
            return endOfDocument()
        case .inValue where purpose == .check:
            // A value cut off by the end: simdjson says where it first goes wrong (often before the end).
            let piece = finishValue(at: count)
            phase = .done
            return piece ?? failAtEnd(.unexpectedEndOfInput)
        case .inValue, .inKey:
            return failAtEnd(.unexpectedEndOfInput)
        case .walk:
            if !stack.isEmpty { return failAtEnd(.unexpectedEndOfInput) }
            if !rootDone {
                return failAtEnd(.emptyInput)
            }
            phase = .done
            if itemsFound { return nil }
            let at = bufferOffset + count
            return .pointerError(JSONItemPointerError(pointer: pointer, offset: at, line: line, column: column(at: at),
                                                      foundScalar: false))
        }
    }

    /// Stops with an envelope error at the end of the input.
    private mutating func failAtEnd(_ kind: JSONError.Kind) -> Piece {
        position = count
        return fail(kind)
    }

    /// Moves `position` to the separator that ends the value being scanned (a `,`, `]` or `}` outside
    /// strings and nested containers), or to the end of the buffer: the shim's vector scan, 64 bytes at a
    /// time (a byte loop here ran at a third of the speed of reading JSON Lines).
    private mutating func scanToSeparator() {
        var state = tj_scan_state(depth: Int64(depth), in_string: inString, escaped: escaped)
        var newlines = 0
        var lastNewline = 0
        let end = tj_scan_to_separator(bytes, position, count, &state, &newlines, &lastNewline)
        if newlines > 0 {
            line += newlines
            lineStart = bufferOffset + lastNewline + 1
            droppedScalars = 0
        }
        position = end
        depth = Int(state.depth)
        inString = state.in_string
        escaped = state.escaped
    }

    /// `span` with what follows it up to and including the byte at `end` (its separator) when that byte
    /// is in the buffer: where errors are located, so that a truncated scalar (`nul,`) reads as the
    /// whole document would have it (an invalid literal, not an end of input).
    private func delimited(_ span: UnsafeRawBufferPointer, end: Int) -> UnsafeRawBufferPointer {
        guard end < count else { return span }
        return UnsafeRawBufferPointer(start: span.baseAddress, count: end + 1 - valueStart)
    }

    /// The end of a value without the whitespace before its separator.
    private func trimmedEnd(_ end: Int) -> Int {
        var e = end
        while e > valueStart {
            switch bytes[e - 1] {
            case 0x20, 0x09, 0x0A, 0x0D: e -= 1
            default: return e
            }
        }
        return e
    }
}
