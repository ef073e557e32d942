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
    ///   - ordered: deliver the results in input order (the default), or as chunks finish.
    ///   - transform: runs on a worker (possibly the calling thread) for each valid line (the line is
    ///     valid only during the call).
    ///   - each: receives each result with its line's number, on the calling thread.
    ///   - onInvalidLine: receives bad lines under `.report`, on the calling thread.
    ///   - onProgress: receives the counts so far, now and then, on the calling thread.
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
                                                   offset: line.offset)
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
        let pass = ParallelPass(jobs: jobs, ordered: ordered, options: options, makeState: makeState,
                                transform: transform)
        return try Self.runParallel(pass, chunker: &chunker, each: each, onInvalidLine: onInvalidLine,
                                    onProgress: onProgress)
    }

    /// The parallel pass of `mapWithState` (and of `JSONItemStream`'s): chunks from `chunker`, parsed
    /// and transformed by `pass.jobs` workers (an `OrderedWorkerPool` of `ChunkWorker`s), results
    /// delivered on the calling thread.
    static func runParallel<State, T: Sendable>(_ pass: ParallelPass<State, T>, chunker: inout any ChunkSource,
                                                each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                                onInvalidLine: (JSONLineError) throws -> Void,
                                                onProgress: (JSONLinesSummary) -> Void) throws -> JSONLinesSummary {
        let policy = pass.options.errorPolicy
        let ordered = pass.ordered
        let numbering = chunker.numberLinesLazily()
        let work = OrderedWorkerPool(jobs: pass.jobs, inFlightPerJob: pass.inFlightPerJob) { _ in
            ChunkWorker(pass: pass, numbering: numbering)
        }
        defer { work.shutdown() }

        var summary = JSONLinesSummary()
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
            var ready = work.takeCompleted(ordered: ordered)
            for k in ready.indices {
                if stopped { break }
                if let error = ready[k].output.setupError { throw error }
                try deliver(ready[k].output)
                // Hand the buffers back (the array as its only owner), so the worker frees the values and
                // reuses both in place.
                var lines: [Int] = []
                swap(&lines, &ready[k].output.lines)
                work.giveBack(DeliveredValues(values: ready[k].output.values, lines: lines), to: ready[k].slot)
                onProgress(summary)
            }
        }

        do {
            while !stopped {
                try deliverReady(blocking: false)
                // Keep `inFlightPerJob × jobs` chunks in flight: enough for every worker to have the next
                // one waiting.
                while !endOfInput && work.hasRoom {
                    if let chunk = try chunker.next() {
                        work.submit(chunk)
                    } else {
                        endOfInput = true
                    }
                }
                if work.inFlight == 0 { break }
                // This thread is a worker too: rather than wait, it decodes a waiting chunk. It waits only
                // when every chunk left is on a worker thread.
                if work.helpOnce(leaving: endOfInput ? 0 : pass.helpReserve) { continue }
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

/// How a parallel pass runs (`JSONLines.runParallel`): its workers, what they make of each item, and how
/// many chunks are cut ahead of them.
struct ParallelPass<State, T: Sendable>: Sendable {
    /// Workers, the calling thread included.
    var jobs: Int
    /// Results in input order (else in the order chunks finish; lines within a chunk keep their order).
    var ordered: Bool
    var options: JSONLinesOptions
    /// Valid items of item chunks are counted without a value (`transform` does not run for them).
    var countOnly = false
    /// Chunks cut ahead per worker.
    var inFlightPerJob = 2
    /// The calling thread decodes a waiting chunk itself only when more than this many are waiting (or
    /// the input has ended): when cutting chunks is the slow, serial part, it keeps cutting rather than
    /// leave the workers idle.
    var helpReserve = 0
    /// Makes a worker's state, on the worker's thread (a decoding workspace, say).
    var makeState: @Sendable () -> State
    /// Runs on a worker for each valid item (the item is valid only during the call).
    var transform: @Sendable (inout State, borrowing JSONLine) throws -> T
}
