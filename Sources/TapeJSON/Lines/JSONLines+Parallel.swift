import Foundation
import Synchronization

extension JSONLines {
    /// Transforms every valid line with `jobs` workers and delivers the results on the calling thread.
    ///
    /// The input is read on the calling thread in chunks of whole lines; workers parse and transform whole
    /// chunks (each with its own simdjson parsers), and at most `2 × jobs` chunks are in flight, so memory
    /// stays flat. The calling thread is one of the `jobs` workers: `jobs - 1` threads are started, and
    /// the calling thread decodes waiting chunks itself between deliveries, so `transform` runs on the
    /// calling thread too. With `ordered` (the default) results arrive in input order; otherwise in the order chunks
    /// finish (lines within a chunk keep their order). A line whose transform throws counts as invalid
    /// and goes through the error policy like invalid JSON.
    ///
    /// - Parameters:
    ///   - jobs: workers, the calling thread included; defaults to the active processor count. With 1,
    ///     everything runs on the calling thread, line by line.
    ///   - transform: runs on a worker (possibly the calling thread) for each valid line (the line is
    ///     valid only during the call).
    ///   - each: receives each result with its line's number, on the calling thread.
    ///   - onInvalidLine: receives bad lines under `.report`, on the calling thread.
    @discardableResult
    public func map<T: Sendable>(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, ordered: Bool = true,
                                 _ transform: @escaping @Sendable (borrowing JSONLine) throws -> T,
                                 each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                 onInvalidLine: (JSONLineError) throws -> Void = { _ in },
                                 onProgress: (JSONLinesSummary) -> Void = { _ in }) throws -> JSONLinesSummary {
        try mapWithState(jobs: jobs, ordered: ordered, makeState: { () }, { _, line in try transform(line) },
                         each: each, onInvalidLine: onInvalidLine, onProgress: onProgress)
    }

    /// `map` where each worker (or the calling thread, with one job) owns a `State` made by `makeState`,
    /// handed to every transform it runs (for per-thread caches such as a decoding context).
    func mapWithState<State, T: Sendable>(jobs: Int, ordered: Bool, makeState: @escaping @Sendable () -> State,
                                          _ transform: @escaping @Sendable (inout State, borrowing JSONLine) throws -> T,
                                          each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                          onInvalidLine: (JSONLineError) throws -> Void,
                                          onProgress: (JSONLinesSummary) -> Void) throws -> JSONLinesSummary {
        if jobs <= 1 {
            // One worker means one thread: parse_many without its stage-1 helper thread, so that 1 and N
            // workers compare N cores with one.
            var state = makeState()
            return try scanAll(threaded: false, { line in
                let value: T
                do {
                    value = try transform(&state, line)
                } catch {
                    return CodingPathLocator.error(for: error, in: line.raw, lineNumber: line.lineNumber,
                                                   offset: line.offset, startsLine: true)
                }
                try each(value, line.lineNumber)
                return nil
            }, onInvalidLine: onInvalidLine, onProgress: onProgress)
        }

        let pool = ChunkPool(keep: 4 * jobs)
        // A worker's values wait for delivery, then for the worker to free them: the more a chunk
        // holds, the further they have left the worker's cache by then. Values holding references are
        // made in chunks of at most 64 KiB (a few hundred log lines); plain ones (a count) in chunks of
        // up to 512 KiB, which cost less per byte to hand out.
        let chunkCap = _isPOD(T.self) ? 512 << 10 : 64 << 10
        var chunker = try makeChunker(pool: pool, parallelChunkSize: chunkCap)
        defer { chunker.release() }
        // Chunks viewed in place are not counted up front: workers number their lines from 1 and the
        // absolute numbers come from `LineNumbering` when asked for (or at delivery). Chunks read from a
        // stream are counted as they are cut (their bytes do not stay around to be counted later).
        var numbering: LineNumbering?
        if let regionChunker = chunker as? RegionChunker {
            numbering = LineNumbering(region: regionChunker.region, begin: regionChunker.begin,
                                      line: regionChunker.startLine)
            chunker.countsLines = false
        }
        return try Self.runParallel(jobs: jobs, ordered: ordered, options: options, chunker: &chunker,
                                    numbering: numbering, countOnly: false, makeState: makeState, transform,
                                    each: each, onInvalidLine: onInvalidLine, onProgress: onProgress)
    }

    /// The parallel pass of `mapWithState` (and of `JSONItemStream`'s): chunks from `chunker`, parsed
    /// and transformed by `jobs` workers, results delivered on the calling thread. With `countOnly`,
    /// valid items of item chunks are counted without a value (`transform` does not run for them).
    /// `inFlightPerJob` chunks per worker are cut ahead; the calling thread decodes a waiting chunk
    /// itself only when more than `helpReserve` are waiting (or the input has ended): when cutting
    /// chunks is the slow, serial part, it keeps cutting rather than leave the workers idle.
    static func runParallel<State, T: Sendable>(jobs: Int, ordered: Bool, options: JSONLinesOptions,
                                                chunker: inout any ChunkSource, numbering: LineNumbering?,
                                                countOnly: Bool, inFlightPerJob: Int = 2, helpReserve: Int = 0,
                                                makeState: @escaping @Sendable () -> State,
                                                _ transform: @escaping @Sendable (inout State, borrowing JSONLine) throws -> T,
                                                each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                                onInvalidLine: (JSONLineError) throws -> Void,
                                                onProgress: (JSONLinesSummary) -> Void) throws -> JSONLinesSummary {
        let policy = options.errorPolicy
        let work = WorkQueue<State, T>(jobs: jobs, options: options, numbering: numbering, countOnly: countOnly,
                                       makeState: makeState, transform: transform)
        defer { work.shutdown() }

        var summary = JSONLinesSummary()
        var inFlight = 0
        var nextToDeliver = 0
        var endOfInput = false
        var firstError: Error?
        /// A chunk said the pass ends there (nothing after it is delivered).
        var stopped = false

        /// Lends a value to `each` where it lies: an `inout` argument passes its address, where a plain
        /// argument read from the buffer would be copied first (retaining every reference it holds, on
        /// objects another core just wrote, and releasing them again).
        func lend(_ value: inout T, _ line: Int) throws {
            try each(value, line)
        }

        func deliver(_ result: borrowing ChunkResult<T>) throws {
            // Chunk-relative line numbers (lazy numbering) become absolute here.
            var lineOffset = 0
            if let numbering, result.relativeLines {
                lineOffset = numbering.position(ofChunkAt: result.chunkStart, delivered: true).line - 1
            }
            let errors = result.errors
            let values = result.values.base
            let valueCount = result.values.count
            // Values and errors come back apart; each error knows how many values precede it. Values are
            // delivered in runs between errors, in a loop that touches only locals (the counts are added
            // once per chunk), and lent to `each` in place (`lend`): no copy, so no reference counting
            // on this thread of what the worker allocated.
            try result.lines.withUnsafeBufferPointer { lines in
                var next = 0
                for entry in errors {
                    let runEnd = min(entry.afterValues, valueCount)
                    while next < runEnd {
                        try lend(&values[next], lineOffset + lines[next])
                        next += 1
                    }
                    var error = entry.error
                    if lineOffset != 0 { error.moveLines(by: lineOffset, underlyingToo: entry.parse) }
                    try policy.apply(to: error, report: onInvalidLine)
                }
                while next < valueCount {
                    try lend(&values[next], lineOffset + lines[next])
                    next += 1
                }
            }
            summary.bytes += result.bytes
            summary.lines += valueCount + errors.count + result.counted
            summary.documents += valueCount + result.counted
            summary.invalid += errors.count
            if let stop = result.stop {
                stopped = true
                // Under `.fail` the fault is the first bad item; under the others the pass stops with an
                // error of its own, after every item before the fault.
                if policy == .fail { throw stop.lineError }
                let end = try chunker.inputEnd()
                if let total = chunker.totalBytes { summary.bytes = total }
                throw stop.error(summary: summary, inputEnd: end)
            }
        }

        func deliverReady(blocking: Bool) throws {
            if blocking { work.waitForCompletion() }
            var ready = work.takeCompleted(ordered: ordered, next: nextToDeliver)
            for k in ready.indices {
                if stopped { break }
                inFlight -= 1
                if ordered { nextToDeliver += 1 }
                if let error = ready[k].setupError { throw error }
                try deliver(ready[k])
                // Hand the buffers back (the array as its only owner), so the worker frees the values and
                // reuses both in place.
                var lines: [Int] = []
                swap(&lines, &ready[k].lines)
                work.recycle(ready[k].values, lines, worker: ready[k].worker)
                onProgress(summary)
            }
        }

        do {
            while !stopped {
                try deliverReady(blocking: false)
                // Keep `2 × jobs` chunks in flight: enough for every worker to have the next one waiting.
                while !endOfInput && inFlight < inFlightPerJob * jobs {
                    if let chunk = try chunker.next() {
                        work.submit(chunk)
                        inFlight += 1
                    } else {
                        endOfInput = true
                    }
                }
                if inFlight == 0 { break }
                // This thread is a worker too: rather than wait, it decodes a waiting chunk. It waits only
                // when every chunk left is on a worker thread.
                if work.helpOnce(leaving: endOfInput ? 0 : helpReserve) { continue }
                try deliverReady(blocking: true)
            }
        } catch {
            firstError = error
        }
        if let firstError { throw firstError }
        if let total = chunker.totalBytes { summary.bytes = total }
        return summary
    }
}


/// A worker's results for one chunk.
///
/// Values and their line numbers are kept in buffers the worker reuses from chunk to chunk; the rarer
/// errors record how many values precede them, so delivery can interleave them in input order.
struct ChunkResult<T>: @unchecked Sendable {
    var sequence: Int
    var bytes: Int
    var values: ValueBuffer<T>
    var lines: [Int]
    /// Errors, each after `afterValues` values; `parse` marks invalid JSON (whose underlying `JSONError`
    /// carries the line number too), as opposed to a failed transform.
    var errors: [(afterValues: Int, error: JSONLineError, parse: Bool)] = []
    var setupError: Error?
    /// The worker that produced the values (and frees them once delivered).
    var worker = 0
    /// Region offset of the chunk, to look its first line number up (`LineNumbering`).
    var chunkStart = 0
    /// Whether `lines` and the errors' line numbers count from the chunk's first line (as 1).
    var relativeLines = false
    /// Valid items counted without values (a count of items at a pointer).
    var counted = 0
    /// Where the pass stopped in this chunk (items at a pointer whose structure broke), after all its
    /// values and errors: nothing after it is delivered.
    var stop: StreamStop?

    init(sequence: Int, bytes: Int, values: ValueBuffer<T>, lines: [Int], setupError: Error?) {
        self.sequence = sequence
        self.bytes = bytes
        self.values = values
        self.lines = lines
        self.setupError = setupError
    }
}

/// Values a worker made for one chunk, in order, in a buffer it reuses from chunk to chunk.
///
/// A plain buffer rather than an `Array`: appending to an array of a generic element type looks the
/// array's type metadata up and checks uniqueness on every value. The worker appends through local
/// copies of `base` and `count` (no class property access per value) and stores the count once per chunk.
/// The values are freed (`removeAll`) by the worker that made them, once delivered.
final class ValueBuffer<T>: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<T>
    private(set) var capacity: Int
    /// Values at `base` (`freed ..< count` are initialized).
    var count = 0
    /// Values at the start already freed, while the worker frees a delivered buffer value by value.
    var freed = 0

    /// Whether no value is left to free.
    var isEmpty: Bool { freed == count }

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = UnsafeMutablePointer<T>.allocate(capacity: self.capacity)
    }

    /// Doubles the capacity, keeping the first `count` values.
    func grow() {
        let bigger = UnsafeMutablePointer<T>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    /// Frees the values, keeping the capacity.
    func removeAll() {
        (base + freed).deinitialize(count: count - freed)
        count = 0
        freed = 0
    }

    deinit {
        (base + freed).deinitialize(count: count - freed)
        base.deallocate()
    }
}

/// A worker's delivered value buffers still to free, freed value by value as the worker makes new ones
/// (see `WorkQueue.work`). The buffer being freed is worked on through a `Cursor` of locals.
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
    mutating func add<State>(_ item: borrowing JSONLine, line: Int, offset: Int, startsLine: Bool = true,
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
            (base + count).initialize(to: consume value)
            count += 1
            result.lines.append(line)
        } catch {
            result.errors.append((count, CodingPathLocator.error(for: error, in: item.raw, lineNumber: line, offset: offset,
                                                                 startsLine: startsLine), false))
        }
        if freeing.next < freeing.end {
            (freeing.base + freeing.next).deinitialize(count: 1)
            freeing.next += 1
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

struct SpentValues<T> {
    /// Where freeing stands in the current buffer: values `next ..< end` at `base` are still to free.
    struct Cursor {
        var base: UnsafeMutablePointer<T>
        var next: Int
        var end: Int
    }

    /// Buffers with values still to free, the current one last.
    private var buffers: [ValueBuffer<T>] = []

    /// Queues a delivered buffer. One of values that hold no references is emptied at once and kept for
    /// reuse (up to four spare buffers).
    mutating func add(_ buffer: ValueBuffer<T>, spare: inout [ValueBuffer<T>]) {
        if _isPOD(T.self) {
            buffer.removeAll()
            if spare.count < 4 { spare.append(buffer) }
        } else {
            buffers.insert(buffer, at: 0)
        }
    }

    /// Frees every queued buffer but the `keeping` newest (the current one goes first), and keeps the
    /// emptied buffers (up to four) for reuse.
    mutating func freeAll(keeping: Int, into spare: inout [ValueBuffer<T>]) {
        while buffers.count > keeping || buffers.last?.isEmpty == true {
            let buffer = buffers.removeLast()
            buffer.removeAll()
            if spare.count < 4 { spare.append(buffer) }
        }
    }

    /// A cursor on the current buffer (an empty one when none is queued).
    func start() -> Cursor {
        guard let buffer = buffers.last else { return Cursor(base: UnsafeMutablePointer(bitPattern: 64)!, next: 0, end: 0) }
        return Cursor(base: buffer.base, next: buffer.freed, end: buffer.count)
    }

    /// The current buffer is freed: keeps it for reuse and moves on to the next.
    mutating func finish(_ cursor: Cursor, into spare: inout [ValueBuffer<T>]) -> Cursor {
        if let buffer = buffers.popLast() {
            buffer.freed = cursor.next
            buffer.removeAll()
            if spare.count < 4 { spare.append(buffer) }
        }
        return start()
    }

    /// Records how far freeing went in the current buffer.
    func pause(_ cursor: Cursor) {
        buffers.last?.freed = cursor.next
    }
}

extension JSONLineError {
    /// Shifts the line number by `delta`, and the underlying `JSONError`'s too when `underlyingToo`.
    mutating func moveLines(by delta: Int, underlyingToo: Bool) {
        line += delta
        if underlyingToo, var json = underlying as? JSONError {
            json.line += delta
            underlying = json
        }
    }
}

/// Chunks waiting for workers, and results waiting for the caller.
///
/// With `jobs` workers, `jobs - 1` threads are started and the calling thread is the last worker: while
/// it waits for results it decodes a waiting chunk itself (`helpOnce`). Its values are made, delivered
/// and freed on one core, which saves the cost of handing values between cores, and `jobs` threads share
/// `jobs` cores (no reading thread competing with the workers).
final class WorkQueue<WorkerState, T: Sendable>: @unchecked Sendable {
    private struct State {
        var pending: [LineChunk] = []
        var completed: [Int: ChunkResult<T>] = [:]
        var stopping = false
        /// Delivered values (and their line numbers), per worker, for that worker to free and reuse:
        /// memory goes back to the allocator of the thread that allocated it, so threads do not contend
        /// for each other's malloc arenas, and the arrays keep their capacity for the next chunks.
        var spent: [[(values: ValueBuffer<T>, lines: [Int])]]
    }

    private let state: Mutex<State>
    private let available = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    /// Worker threads started (the calling thread is one more worker).
    private let threads: Int
    /// The calling thread's worker, ready to decode chunks it takes in `helpOnce`.
    private var caller: ChunkWorker<WorkerState, T>

    init(jobs: Int, options: JSONLinesOptions, numbering: LineNumbering?, countOnly: Bool = false,
         makeState: @escaping @Sendable () -> WorkerState,
         transform: @escaping @Sendable (inout WorkerState, borrowing JSONLine) throws -> T) {
        let jobs = max(jobs, 1)
        threads = jobs - 1
        state = Mutex(State(spent: Array(repeating: [], count: jobs)))
        caller = ChunkWorker(slot: jobs - 1, options: options, numbering: numbering, state: makeState(),
                             countOnly: countOnly, transform: transform)
        for slot in 0..<threads {
            let thread = Thread { [self] in
                self.work(slot: slot, options: options, numbering: numbering, countOnly: countOnly, makeState: makeState,
                          transform: transform)
                self.exited.signal()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    func submit(_ chunk: LineChunk) {
        state.withLock { $0.pending.append(chunk) }
        available.signal()
    }

    /// Blocks until at least one more chunk has finished on a worker thread.
    func waitForCompletion() { finished.wait() }

    /// Decodes the oldest waiting chunk on the calling thread, if there is one, and files its result
    /// with the others. Returns false when no chunk was waiting.
    func helpOnce(leaving reserve: Int = 0) -> Bool {
        var taken = take(slot: caller.slot, leaving: reserve)
        caller.reclaim(&taken.spent)
        guard let chunk = taken.chunk else { return false }
        let result = caller.process(chunk)
        state.withLock { $0.completed[result.sequence] = result }
        return true
    }

    /// Finished results ready for delivery: the run starting at `next` when ordered, else all.
    func takeCompleted(ordered: Bool, next: Int) -> [ChunkResult<T>] {
        state.withLock { state in
            var ready: [ChunkResult<T>] = []
            if ordered {
                var k = next
                while let result = state.completed.removeValue(forKey: k) {
                    ready.append(result)
                    k += 1
                }
            } else {
                ready = state.completed.values.sorted { $0.sequence < $1.sequence }
                state.completed.removeAll()
            }
            return ready
        }
    }

    /// Stops the workers (pending chunks are dropped) and waits for them to exit.
    func shutdown() {
        let dropped = state.withLock { state -> [LineChunk] in
            state.stopping = true
            let pending = state.pending
            state.pending.removeAll()
            return pending
        }
        for chunk in dropped { chunk.recycle() }
        for _ in 0..<threads { available.signal() }
        for _ in 0..<threads { exited.wait() }
        // Results finished but never delivered (the pass stopped early: `each` threw, or a bad line
        // failed it) and delivered values no worker took back to free are freed here, before the pass
        // returns. Left in `state`, they would be freed whenever the last reference to this queue goes,
        // which can be a worker's `Thread` object releasing its closure after the pass has returned.
        let leftovers = state.withLock { state in
            defer {
                state.completed = [:]
                state.spent = Array(repeating: [], count: state.spent.count)
            }
            return (state.completed, state.spent)
        }
        withExtendedLifetime(leftovers) {}
        caller.releaseValues()
    }

    /// Hands a delivered chunk's values and line numbers back to the worker that made them, to be freed
    /// (and the arrays reused) there.
    func recycle(_ values: ValueBuffer<T>, _ lines: consuming [Int], worker: Int) {
        let spent = (values: values, lines: lines)
        state.withLock { $0.spent[worker].append(spent) }
    }

    /// The worker's delivered values to free, and the oldest waiting chunk if any (`stop` once the
    /// queue shuts down).
    private func take(slot: Int, leaving reserve: Int = 0) -> (spent: [(values: ValueBuffer<T>, lines: [Int])], chunk: LineChunk?, stop: Bool) {
        state.withLock { state in
            var spent: [(values: ValueBuffer<T>, lines: [Int])] = []
            swap(&spent, &state.spent[slot])
            if state.stopping { return (spent, nil, true) }
            return (spent, state.pending.count <= reserve ? nil : state.pending.removeFirst(), false)
        }
    }

    /// A worker thread: decodes waiting chunks until the queue shuts down.
    private func work(slot: Int, options: JSONLinesOptions, numbering: LineNumbering?, countOnly: Bool,
                      makeState: @Sendable () -> WorkerState,
                      transform: @escaping @Sendable (inout WorkerState, borrowing JSONLine) throws -> T) {
        var worker = ChunkWorker(slot: slot, options: options, numbering: numbering, state: makeState(),
                                 countOnly: countOnly, transform: transform)
        while true {
            available.wait()
            var taken = take(slot: slot)
            worker.reclaim(&taken.spent)
            if taken.stop { return }
            // The calling thread may have taken the chunk this wake-up was for.
            guard let chunk = taken.chunk else { continue }
            let result = worker.process(chunk)
            state.withLock { $0.completed[result.sequence] = result }
            finished.signal()
        }
    }
}

/// One worker's means to decode chunks: its transform state and scanner, the buffers it reuses, and the
/// delivered values it still has to free. Used only by the thread the worker runs on.
struct ChunkWorker<WorkerState, T: Sendable> {
    /// The worker's place in the queue's per-worker lists.
    let slot: Int
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

    init(slot: Int, options: JSONLinesOptions, numbering: LineNumbering?, state: WorkerState, countOnly: Bool = false,
         transform: @escaping @Sendable (inout WorkerState, borrowing JSONLine) throws -> T) {
        self.slot = slot
        self.countOnly = countOnly
        self.maxDocumentSize = options.maxDocumentSize
        self.workerState = state
        self.transform = transform
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
    mutating func reclaim(_ spent: inout [(values: ValueBuffer<T>, lines: [Int])]) {
        // Each array is mutated only once this loop's copy of it is gone (`spent` gave it up), so in
        // place: it keeps its capacity.
        while var arrays = spent.popLast() {
            arrays.lines.removeAll(keepingCapacity: true)
            if spareLines.count < 4 { spareLines.append(arrays.lines) }
            spentValues.add(arrays.values, spare: &spareValues)
        }
    }

    /// Frees every delivered value still held.
    mutating func releaseValues() {
        spentValues.freeAll(keeping: 0, into: &spareValues)
        spareValues.removeAll()
    }

    /// Scans and transforms one chunk, and hands the chunk back to its pool.
    mutating func process(_ chunk: LineChunk) -> ChunkResult<T> {
        // A backlog (a worker that got few chunks lately) is freed now, keeping one buffer to free
        // value by value.
        spentValues.freeAll(keeping: 1, into: &spareValues)
        var result = ChunkResult<T>(sequence: chunk.sequence, bytes: chunk.inputBytes,
                                    values: spareValues.popLast() ?? ValueBuffer(capacity: 1024),
                                    lines: spareLines.popLast() ?? [],
                                    setupError: setupError)
        result.worker = slot
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
                writer.add(item, line: line, offset: offset, startsLine: false, transform: transform, state: &workerState,
                           into: &result, spent: &spentValues, spare: &spareValues)
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
