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
            var state = makeState()
            return try scanAll({ line in
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
        var chunker = try makeChunker(pool: pool)
        defer { chunker.release() }
        let work = WorkQueue<State, T>(jobs: jobs, options: options, makeState: makeState, transform: transform)
        defer { work.shutdown() }

        var summary = JSONLinesSummary()
        var inFlight = 0
        var nextToDeliver = 0
        var endOfInput = false
        var firstError: Error?

        func deliver(_ result: ChunkResult<T>) throws {
            summary.bytes += result.bytes
            // Values and errors come back in two arrays; each error knows how many values precede it.
            var nextError = 0
            func deliverErrors(upTo valueCount: Int) throws {
                while nextError < result.errors.count && result.errors[nextError].afterValues <= valueCount {
                    let error = result.errors[nextError].error
                    nextError += 1
                    summary.lines += 1
                    summary.invalid += 1
                    switch policy {
                    case .fail: throw error
                    case .skip: break
                    case .report: try onInvalidLine(error)
                    }
                }
            }
            for k in result.values.indices {
                try deliverErrors(upTo: k)
                summary.lines += 1
                summary.documents += 1
                try each(result.values[k], result.lines[k])
            }
            try deliverErrors(upTo: result.values.count)
        }

        func deliverReady(blocking: Bool) throws {
            if blocking { work.waitForCompletion() }
            let ready = work.takeCompleted(ordered: ordered, next: nextToDeliver)
            for result in ready {
                inFlight -= 1
                if ordered { nextToDeliver += 1 }
                if let error = result.setupError { throw error }
                try deliver(result)
                work.recycle(result.values, worker: result.worker)
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
/// Values and their line numbers are kept in plain arrays (cheap to append to from generic code); the
/// rarer errors record how many values precede them, so delivery can interleave them in input order.
struct ChunkResult<T>: @unchecked Sendable {
    var sequence: Int
    var bytes: Int
    var values: [T] = []
    var lines: [Int] = []
    var errors: [(afterValues: Int, error: JSONLineError)] = []
    var setupError: Error?
    /// The worker that produced the values (and frees them once delivered).
    var worker = 0

    init(sequence: Int, bytes: Int, expectedLines: Int, setupError: Error?) {
        self.sequence = sequence
        self.bytes = bytes
        self.setupError = setupError
        values.reserveCapacity(expectedLines)
        lines.reserveCapacity(expectedLines)
    }
}

/// Chunks waiting for workers, and results waiting for the caller.
final class WorkQueue<WorkerState, T: Sendable>: @unchecked Sendable {
    private struct State {
        var pending: [LineChunk] = []
        var completed: [Int: ChunkResult<T>] = [:]
        var stopping = false
        /// Delivered values, per worker, for that worker to free: memory goes back to the allocator of
        /// the thread that allocated it, so threads do not contend for each other's malloc arenas.
        var spent: [[[T]]]
    }

    private let state: Mutex<State>
    private let available = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    private let jobs: Int

    init(jobs: Int, options: JSONLinesOptions, makeState: @escaping @Sendable () -> WorkerState,
         transform: @escaping @Sendable (inout WorkerState, borrowing JSONLine) throws -> T) {
        self.jobs = jobs
        self.state = Mutex(State(spent: Array(repeating: [], count: jobs)))
        for worker in 0..<jobs {
            let thread = Thread { [self] in
                self.work(worker: worker, options: options, makeState: makeState, transform: transform)
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

    /// Hands a delivered chunk's values back to the worker that made them, to be freed there.
    func recycle(_ values: consuming [T], worker: Int) {
        let values = values
        state.withLock { $0.spent[worker].append(values) }
    }

    private func work(worker: Int, options: JSONLinesOptions, makeState: @Sendable () -> WorkerState,
                      transform: @Sendable (inout WorkerState, borrowing JSONLine) throws -> T) {
        var workerState = makeState()
        var scanner: ChunkScanner?
        var setupError: Error?
        do {
            scanner = try ChunkScanner(maxDepth: options.maxDepth, batchSize: options.batchSize, threaded: false)
        } catch {
            setupError = error
        }
        while true {
            available.wait()
            var spent: [[T]] = []
            let next = state.withLock { state -> LineChunk? in
                swap(&spent, &state.spent[worker])
                if state.stopping { return nil }
                return state.pending.isEmpty ? nil : state.pending.removeFirst()
            }
            spent = []  // freed on this thread, which allocated them
            guard let chunk = next else { return }
            var result = ChunkResult<T>(sequence: chunk.sequence, bytes: chunk.count - chunk.start,
                                        expectedLines: chunk.lineCount, setupError: setupError)
            result.worker = worker
            if var active = scanner {
                let owner = active.streamParser as AnyObject
                let base = UnsafeRawPointer(chunk.base) - chunk.baseOffset
                var index = chunk.baseIndex
                _ = active.scan(chunk) { outcome in
                    switch outcome {
                    case .document(let tape, let line, let offset, let length):
                        let item = JSONLine(tape: tape, raw: UnsafeRawBufferPointer(start: base + offset, count: length),
                                        lineNumber: line, offset: offset, length: length, index: index,
                                            owner: owner)
                        index += 1
                        do {
                            result.values.append(try transform(&workerState, item))
                            result.lines.append(line)
                        } catch {
                            result.errors.append((result.values.count, JSONLineError(line: line, column: 1, offset: offset,
                                                                                     underlying: error)))
                        }
                    case .invalid(let error):
                        index += 1
                        result.errors.append((result.values.count, JSONLineError(error)))
                    }
                    return true
                }
                scanner = active
            }
            chunk.recycle()
            state.withLock { $0.completed[result.sequence] = result }
            finished.signal()
        }
    }
}
