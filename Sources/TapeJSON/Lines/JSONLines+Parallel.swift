import Foundation
import Synchronization

extension JSONLines {
    /// Transforms every valid line with `jobs` workers and delivers the results on the calling thread.
    ///
    /// The input is read on the calling thread in chunks of whole lines; workers parse and transform whole
    /// chunks (each with its own simdjson parsers), and at most `2 × jobs` chunks are in flight, so memory
    /// stays flat. With `ordered` (the default) results arrive in input order; otherwise in the order chunks
    /// finish (lines within a chunk keep their order). A line whose transform throws counts as invalid
    /// and goes through the error policy like invalid JSON.
    ///
    /// - Parameters:
    ///   - jobs: worker threads; defaults to the active processor count. With 1, everything runs on the
    ///     calling thread.
    ///   - transform: runs on a worker for each valid line (the line is valid only during the call).
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
        let policy = options.errorPolicy
        if jobs <= 1 {
            // One worker means one thread: parse_many without its stage-1 helper thread, so that 1 and N
            // workers compare N cores with one.
            var state = makeState()
            return try scanAll(threaded: false, { line in
                let value: T
                do {
                    value = try transform(&state, line)
                } catch {
                    return JSONLineError(line: line.lineNumber, column: 1, offset: line.offset, underlying: error)
                }
                try each(value, line.lineNumber)
                return nil
            }, onInvalidLine: onInvalidLine, onProgress: onProgress)
        }

        let pool = ChunkPool(keep: 4 * jobs)
        var chunker = try makeChunker(pool: pool, parallel: true)
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
        let work = WorkQueue<State, T>(jobs: jobs, options: options, numbering: numbering, makeState: makeState,
                                       transform: transform)
        defer { work.shutdown() }

        var summary = JSONLinesSummary()
        var inFlight = 0
        var nextToDeliver = 0
        var endOfInput = false
        var firstError: Error?

        /// Lends a value to `each` where it lies: an `inout` argument passes its address, where a plain
        /// argument read from the buffer would be copied first (retaining every reference it holds, on
        /// objects another core just wrote, and releasing them again).
        func lend(_ value: inout T, _ line: Int) throws {
            try each(value, line)
        }

        func deliver(_ result: inout ChunkResult<T>) throws {
            summary.bytes += result.bytes
            // Chunk-relative line numbers (lazy numbering) become absolute here.
            var lineOffset = 0
            if let numbering, result.relativeLines {
                lineOffset = numbering.position(ofChunkAt: result.chunkStart, delivered: true).line - 1
            }
            let errors = result.errors
            let lines = result.lines
            // Values and errors come back in two arrays; each error knows how many values precede it.
            var nextError = 0
            func deliverErrors(upTo valueCount: Int) throws {
                while nextError < errors.count && errors[nextError].afterValues <= valueCount {
                    var error = errors[nextError].error
                    if lineOffset != 0 { error.moveLines(by: lineOffset, underlyingToo: errors[nextError].parse) }
                    nextError += 1
                    summary.lines += 1
                    summary.invalid += 1
                    try policy.apply(to: error, report: onInvalidLine)
                }
            }
            // Values are lent to `each` in place (`lend`): no copy, so no reference counting on this
            // thread of what the worker allocated (their counts' cache lines stay with the worker).
            let valueCount = result.values.count
            try result.values.withUnsafeMutableBufferPointer { values in
                guard let elements = values.baseAddress else { return }
                for k in 0..<valueCount {
                    try deliverErrors(upTo: k)
                    summary.lines += 1
                    summary.documents += 1
                    try lend(&elements[k], lineOffset + lines[k])
                }
            }
            try deliverErrors(upTo: valueCount)
        }

        func deliverReady(blocking: Bool) throws {
            if blocking { work.waitForCompletion() }
            var ready = work.takeCompleted(ordered: ordered, next: nextToDeliver)
            for k in ready.indices {
                inFlight -= 1
                if ordered { nextToDeliver += 1 }
                if let error = ready[k].setupError { throw error }
                try deliver(&ready[k])
                // Hand the arrays back as their only owner, so the worker frees and reuses them in place.
                var values: [T] = []
                var lines: [Int] = []
                swap(&values, &ready[k].values)
                swap(&lines, &ready[k].lines)
                work.recycle(values, lines, worker: ready[k].worker)
                onProgress(summary)
            }
        }

        do {
            while true {
                while inFlight >= 2 * jobs { try deliverReady(blocking: true) }
                try deliverReady(blocking: false)
                if endOfInput {
                    if inFlight == 0 { break }
                    try deliverReady(blocking: true)
                    continue
                }
                if let chunk = try chunker.next() {
                    work.submit(chunk)
                    inFlight += 1
                } else {
                    endOfInput = true
                }
            }
        } catch {
            firstError = error
        }
        if let firstError { throw firstError }
        return summary
    }
}


/// A worker's results for one chunk.
///
/// Values and their line numbers are kept in plain arrays (cheap to append to from generic code, and
/// reused by the worker from chunk to chunk); the rarer errors record how many values precede them, so
/// delivery can interleave them in input order.
struct ChunkResult<T>: @unchecked Sendable {
    var sequence: Int
    var bytes: Int
    var values: [T]
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

    init(sequence: Int, bytes: Int, values: [T], lines: [Int], setupError: Error?) {
        self.sequence = sequence
        self.bytes = bytes
        self.values = values
        self.lines = lines
        self.setupError = setupError
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
final class WorkQueue<WorkerState, T: Sendable>: @unchecked Sendable {
    private struct State {
        var pending: [LineChunk] = []
        var completed: [Int: ChunkResult<T>] = [:]
        var stopping = false
        /// Delivered values (and their line numbers), per worker, for that worker to free and reuse:
        /// memory goes back to the allocator of the thread that allocated it, so threads do not contend
        /// for each other's malloc arenas, and the arrays keep their capacity for the next chunks.
        var spent: [[(values: [T], lines: [Int])]]
    }

    private let state: Mutex<State>
    private let available = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    private let jobs: Int

    init(jobs: Int, options: JSONLinesOptions, numbering: LineNumbering?, makeState: @escaping @Sendable () -> WorkerState,
         transform: @escaping @Sendable (inout WorkerState, borrowing JSONLine) throws -> T) {
        self.jobs = jobs
        self.state = Mutex(State(spent: Array(repeating: [], count: jobs)))
        for worker in 0..<jobs {
            let thread = Thread { [self] in
                self.work(worker: worker, options: options, numbering: numbering, makeState: makeState,
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

    /// Blocks until at least one more chunk has finished.
    func waitForCompletion() { finished.wait() }

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
        for _ in 0..<jobs { available.signal() }
        for _ in 0..<jobs { exited.wait() }
    }

    /// Hands a delivered chunk's values and line numbers back to the worker that made them, to be freed
    /// (and the arrays reused) there.
    func recycle(_ values: consuming [T], _ lines: consuming [Int], worker: Int) {
        let spent = (values: values, lines: lines)
        state.withLock { $0.spent[worker].append(spent) }
    }

    private func work(worker: Int, options: JSONLinesOptions, numbering: LineNumbering?,
                      makeState: @Sendable () -> WorkerState,
                      transform: @Sendable (inout WorkerState, borrowing JSONLine) throws -> T) {
        var workerState = makeState()
        var scanner: ChunkScanner?
        var setupError: Error?
        do {
            // Workers are the parallelism: no stage-1 helper thread per worker.
            scanner = try ChunkScanner(maxDepth: options.maxDepth, batchSize: options.batchSize, threaded: false)
        } catch {
            setupError = error
        }
        let origin = numbering.map { ChunkOrigin(numbering: $0) }
        // Emptied arrays of delivered chunks, kept with their capacity for the next chunks' results (no
        // large allocation per chunk).
        var spareValues: [[T]] = []
        var spareLines: [[Int]] = []
        while true {
            available.wait()
            var spent: [(values: [T], lines: [Int])] = []
            let next = state.withLock { state -> LineChunk? in
                swap(&spent, &state.spent[worker])
                if state.stopping { return nil }
                return state.pending.isEmpty ? nil : state.pending.removeFirst()
            }
            // Delivered values are freed here, on the thread that allocated them (so threads do not
            // contend for each other's malloc arenas). Each array is mutated only once this loop's copy
            // of it is gone (`spent` gave it up), so in place: it keeps its capacity.
            while var arrays = spent.popLast() {
                arrays.values.removeAll(keepingCapacity: true)
                arrays.lines.removeAll(keepingCapacity: true)
                if spareValues.count < 4 {
                    spareValues.append(arrays.values)
                    spareLines.append(arrays.lines)
                }
            }
            guard let chunk = next else { return }
            var result = ChunkResult<T>(sequence: chunk.sequence, bytes: chunk.count - chunk.start,
                                        values: spareValues.popLast() ?? [], lines: spareLines.popLast() ?? [],
                                        setupError: setupError)
            result.worker = worker
            result.chunkStart = chunk.baseOffset
            if var active = scanner {
                let owner = active.streamParser as AnyObject
                let base = UnsafeRawPointer(chunk.base) - chunk.baseOffset
                // With lazy numbering, lines count from 1 and indexes from 0 within the chunk.
                if let origin {
                    origin.reset(start: chunk.baseOffset)
                    chunk.baseLine = 1
                    chunk.baseIndex = 0
                    result.relativeLines = true
                }
                var index = chunk.baseIndex
                _ = active.scan(chunk) { outcome in
                    switch outcome {
                    case .document(let tape, let line, let offset, let length):
                        let item = JSONLine(tape: tape, raw: UnsafeRawBufferPointer(start: base + offset, count: length),
                                            lineNumber: line, offset: offset, length: length, index: index,
                                            owner: owner, origin: origin)
                        index += 1
                        do {
                            result.values.append(try transform(&workerState, item))
                            result.lines.append(line)
                        } catch {
                            result.errors.append((result.values.count, JSONLineError(line: line, column: 1, offset: offset,
                                                                                     underlying: error), false))
                        }
                    case .invalid(let error):
                        index += 1
                        result.errors.append((result.values.count, JSONLineError(error), true))
                    }
                    return true
                }
                if let numbering {
                    numbering.publish(start: chunk.baseOffset, end: chunk.baseOffset + chunk.count,
                                      lines: active.lineAfterScan - 1, nonBlank: index)
                }
                scanner = active
            }
            chunk.recycle()
            state.withLock { $0.completed[result.sequence] = result }
            finished.signal()
        }
    }
}
