// The chunk worker of the parallel engine (`JSONLines.runParallel`): what one thread of the
// `OrderedWorkerPool` makes of a chunk of lines or items, and the result it hands back.

/// A delivered chunk's buffers, handed back to the worker that made them (`OrderedWorkerPool.giveBack`):
/// its values to free there, and both buffers to reuse.
struct DeliveredValues<T>: Sendable {
    var values: ValueBuffer<T>
    var lines: [Int]
}

/// One worker's means to decode chunks: its transform state and scanner, the buffers it reuses, and the
/// delivered values it still has to free. Used only by the thread the worker runs on.
struct ChunkWorker<WorkerState, T: Sendable>: PoolWorker {
    private var workerState: WorkerState
    private let transform: @Sendable (inout WorkerState, borrowing JSONLine) throws -> T
    private var scanner: ChunkScanner?
    /// For chunks of items at a JSON Pointer: their parser (made for the first such chunk).
    private var itemRuns: ItemRunParser?
    /// Whether valid items are only counted (no value is made for them).
    private let countOnly: Bool
    /// The longest item parsed (`JSONLinesOptions.maxDocumentSize`).
    private let maxDocumentSize: Int
    private var setupError: Error?
    private let numbering: LineNumbering?
    private let origin: ChunkOrigin?
    /// Emptied buffers of delivered chunks, kept with their capacity for the next chunks' results (no
    /// large allocation per chunk).
    private var spareValues: [ValueBuffer<T>] = []
    private var spareLines: [[Int]] = []
    /// Delivered values still to free. They are freed on this worker's thread, the one that allocated
    /// them (so threads do not contend for each other's malloc arenas), and one at a time: one delivered
    /// value per value made. Freeing a whole chunk's values at once overflows the allocator's per-thread
    /// cache into its slow paths (bins, coalescing, consolidation); freeing one value's memory just
    /// before the next value is made lets the allocator hand the same memory back from that cache, as it
    /// does for one thread that drops each value once handled.
    private var spentValues = SpentValues<T>()

    /// A worker for `pass`, with a state of its own (`pass.makeState`); chunks are numbered lazily
    /// through `numbering` when given.
    init(pass: ParallelPass<WorkerState, T>, numbering: LineNumbering?) {
        let options = pass.options
        self.countOnly = pass.countOnly
        self.maxDocumentSize = options.maxDocumentSize
        self.workerState = pass.makeState()
        self.transform = pass.transform
        self.numbering = numbering
        self.origin = numbering.map { ChunkOrigin(numbering: $0) }
        do {
            // Workers are the parallelism: no stage-1 helper thread per worker.
            scanner = try ChunkScanner(maxDepth: options.maxDepth, batchSize: options.batchSize, threaded: false,
                                       maxDocumentSize: options.maxDocumentSize)
        } catch {
            setupError = error
        }
    }

    /// Takes delivered buffers back: their values are freed as new ones are made, and the arrays reused.
    mutating func reclaim(_ spent: inout [DeliveredValues<T>]) {
        // Each array is mutated only once this loop's copy of it is gone (`spent` gave it up), so in
        // place: it keeps its capacity.
        while var arrays = spent.popLast() {
            arrays.lines.removeAll(keepingCapacity: true)
            if spareLines.count < 4 { spareLines.append(arrays.lines) }
            spentValues.add(arrays.values, spare: &spareValues)
        }
    }

    /// Scans and transforms one chunk, and hands the chunk back to its pool.
    mutating func process(_ chunk: LineChunk) -> ChunkResult<T> {
        // A backlog (a worker that got few chunks lately) is freed now, keeping one buffer to free
        // value by value.
        spentValues.freeAll(keeping: 1, into: &spareValues)
        var result = ChunkResult<T>(bytes: chunk.inputBytes,
                                    values: spareValues.popLast() ?? ValueBuffer(capacity: 1024),
                                    lines: spareLines.popLast() ?? [],
                                    setupError: setupError)
        result.chunkStart = chunk.baseOffset
        if let content = chunk.items {
            processItems(chunk, content, into: &result)
            chunk.recycle()
            return result
        }
        if var active = scanner {
            // With lazy numbering, lines count from 1 and indexes from 0 within the chunk.
            if let origin {
                origin.reset(start: chunk.baseOffset)
                chunk.baseLine = 1
                chunk.baseIndex = 0
                result.relativeLines = true
            }
            let nonBlank = Self.scan(chunk, with: &active, into: &result, transform: transform, origin: origin,
                                     state: &workerState, freeing: &spentValues, spare: &spareValues)
            if let numbering {
                numbering.publish(start: chunk.baseOffset, end: chunk.baseOffset + chunk.count,
                                  lines: active.lineAfterScan - 1, nonBlank: nonBlank)
            }
            scanner = active
        }
        chunk.recycle()
        return result
    }

    /// `process` for a chunk of items at a JSON Pointer: its run parsed as one (`ItemRunParser`), or the
    /// envelope error it carries.
    private mutating func processItems(_ chunk: LineChunk, _ content: ItemChunkContent, into result: inout ChunkResult<T>) {
        guard let run = content.run(in: chunk) else {
            if case .stop(let stop) = content.kind { result.stop = stop }
            return
        }
        if itemRuns == nil {
            do { itemRuns = try ItemRunParser(itemDepth: content.itemDepth, maxDocumentSize: maxDocumentSize) } catch {
                result.setupError = error
                return
            }
        }
        var parser = itemRuns!
        Self.scanItems(run, with: &parser, countOnly: countOnly, into: &result, transform: transform,
                       state: &workerState, freeing: &spentValues, spare: &spareValues)
        itemRuns = parser
    }

    /// The per-item loop of `processItems` (as `scan` is for lines).
    private static func scanItems(_ run: ItemRun, with parser: inout ItemRunParser, countOnly: Bool,
                                  into result: inout ChunkResult<T>,
                                  transform: @Sendable (inout WorkerState, borrowing JSONLine) throws -> T,
                                  state workerState: inout WorkerState, freeing spentValues: inout SpentValues<T>,
                                  spare spareValues: inout [ValueBuffer<T>]) {
        let owner = parser.batchParser as AnyObject
        var writer = ChunkValueWriter(result.values, freeing: spentValues)
        var counted = 0
        _ = parser.scan(run, countOnly: countOnly) { outcome in
            switch outcome {
            case .counted(let n):
                counted += n
            case .invalid(let error, let index):
                result.errors.append((writer.count, JSONLineError(error, elementIndex: index), true))
            case .stop(let stop):
                result.stop = stop
            case .item(let tape, let raw, let line, let offset, let index, let bigNumbers):
                let item = JSONLine(tape: tape, raw: raw, lineNumber: line, offset: offset, length: raw.count,
                                    index: index, owner: owner, bigNumbers: bigNumbers)
                let errors = result.errors.count
                writer.add(item, line: line, offset: offset, transform: transform, state: &workerState,
                           into: &result, spent: &spentValues, spare: &spareValues)
                if result.errors.count > errors {
                    let column = run.column(at: UnsafeRawPointer(raw.baseAddress.unsafelyUnwrapped) - UnsafeRawPointer(run.base))
                    result.errors[errors].1 = result.errors[errors].1.inItem(index, startingOn: line, at: column)
                }
            }
            return true
        }
        result.counted = counted
        writer.finish(spent: spentValues)
    }

    /// The per-line loop of `process`, over parameters rather than `self`'s properties (no property
    /// access per line); returns the index after the chunk's last non-blank line.
    private static func scan(_ chunk: LineChunk, with scanner: inout ChunkScanner, into result: inout ChunkResult<T>,
                             transform: @Sendable (inout WorkerState, borrowing JSONLine) throws -> T,
                             origin: ChunkOrigin?, state workerState: inout WorkerState,
                             freeing spentValues: inout SpentValues<T>,
                             spare spareValues: inout [ValueBuffer<T>]) -> Int {
        let owner = scanner.streamParser as AnyObject
        let base = UnsafeRawPointer(chunk.base) - chunk.baseOffset
        var index = chunk.baseIndex
        // The buffers are used through locals in the per-line closure (no class access per line).
        var writer = ChunkValueWriter(result.values, freeing: spentValues)
        _ = scanner.scan(chunk) { outcome in
            switch outcome {
            case .document(let tape, let line, let offset, let length, let bigNumbers):
                let item = JSONLine(tape: tape, raw: UnsafeRawBufferPointer(start: base + offset, count: length),
                                    lineNumber: line, offset: offset, length: length, index: index,
                                    owner: owner, origin: origin, bigNumbers: bigNumbers)
                index += 1
                writer.add(item, line: line, offset: offset, transform: transform, state: &workerState,
                           into: &result, spent: &spentValues, spare: &spareValues)
            case .invalid(let error):
                index += 1
                result.errors.append((writer.count, JSONLineError(error), true))
            }
            return true
        }
        writer.finish(spent: spentValues)
        return index
    }
}

/// A worker's results for one chunk.
///
/// Values and their line numbers are kept in buffers the worker reuses from chunk to chunk; the rarer
/// errors record how many values precede them, so delivery can interleave them in input order.
struct ChunkResult<T>: @unchecked Sendable {
    var bytes: Int
    var values: ValueBuffer<T>
    var lines: [Int]
    /// Errors, each after `afterValues` values; `parse` marks invalid JSON (whose underlying `JSONError`
    /// carries the line number too), as opposed to a failed transform.
    var errors: [(afterValues: Int, error: JSONLineError, parse: Bool)] = []
    var setupError: Error?
    /// Region offset of the chunk, to look its first line number up (`LineNumbering`).
    var chunkStart = 0
    /// Whether `lines` and the errors' line numbers count from the chunk's first line (as 1).
    var relativeLines = false
    /// Valid items counted without values (a count of items at a pointer).
    var counted = 0
    /// Where the pass stopped in this chunk (items at a pointer whose structure broke), after all its
    /// values and errors: nothing after it is delivered.
    var stop: StreamStop?
}

/// A worker's writes of one chunk's values, through locals rather than the buffer's properties (no class
/// access per value), each followed by the freeing of one value of a buffer delivered earlier, so that a
/// worker frees what it made a value at a time, in step with its work.
struct ChunkValueWriter<T> {
    private let values: ValueBuffer<T>
    private var base: UnsafeMutablePointer<T>
    private var capacity: Int
    /// Values written so far (an error records how many values precede it).
    private(set) var count = 0
    private var freeing: SpentValues<T>.Cursor

    init(_ values: ValueBuffer<T>, freeing spent: SpentValues<T>) {
        self.values = values
        base = values.base
        capacity = values.capacity
        freeing = spent.start()
    }

    /// Writes what `transform` makes of `item` (at `line` and `offset`), or records the error it throws as
    /// a bad item, then frees one spent value.
    @inline(__always)
    mutating func add<State>(_ item: borrowing JSONLine, line: Int, offset: Int,
                             transform: (inout State, borrowing JSONLine) throws -> T, state: inout State,
                             into result: inout ChunkResult<T>, spent: inout SpentValues<T>,
                             spare: inout [ValueBuffer<T>]) {
        do {
            let value = try transform(&state, item)
            if count == capacity {
                values.count = count
                values.grow()
                base = values.base
                capacity = values.capacity
            }
            ValueBuffer.put(consume value, at: base + count)
            count += 1
            result.lines.append(line)
        } catch {
            result.errors.append((count, CodingPathLocator.error(for: error, in: item.raw, lineNumber: line, offset: offset), false))
        }
        if freeing.next < freeing.end {
            freeing.freeNext()
        } else if freeing.end > 0 {
            freeing = spent.finish(freeing, into: &spare)
        }
    }

    /// The chunk is done: the buffer learns its count, and `spent` where freeing stands.
    func finish(spent: SpentValues<T>) {
        values.count = count
        spent.pause(freeing)
    }
}
