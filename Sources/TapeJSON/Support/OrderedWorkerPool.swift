import Foundation
import Synchronization

/// One worker of an `OrderedWorkerPool`: what a thread (or the calling thread) keeps from one piece of
/// work to the next. A worker is made on the thread it runs on and used only there.
protocol PoolWorker: SendableMetatype {
    /// A piece of work, handed from the calling thread to a worker.
    associatedtype Work: Sendable
    /// What a worker makes of a piece, handed back to the calling thread.
    associatedtype Output: Sendable
    /// What the caller hands back to the worker that made an output, once done with it (buffers to free
    /// or reuse on the thread that allocated them).
    associatedtype Returned: Sendable

    /// Does one piece of work.
    mutating func process(_ work: Work) -> Output
    /// Takes back what the caller handed back (`OrderedWorkerPool.giveBack`); emptied by the call.
    mutating func reclaim(_ returned: inout [Returned])
}

/// Threads that do submitted work and hand the outputs back to the calling thread, in submission order
/// when asked.
///
/// With `jobs` workers, `jobs - 1` threads are started and the calling thread is the last worker: while
/// it waits for outputs it does a waiting piece of work itself (`helpOnce`). What it makes is made,
/// delivered and freed on one core, and `jobs` threads share `jobs` cores (no feeding thread competing
/// with the workers). At most `inFlightPerJob × jobs` pieces are submitted and not yet taken back
/// (`hasRoom`), so memory stays flat.
///
/// The pool knows nothing of its work. It owns everything in flight: `shutdown` (or the pool's end)
/// stops the threads, waits for them, and frees on the calling thread whatever was never delivered, so
/// nothing a pass made outlives it. The threads hold only the pool's `Core`, emptied by then.
final class OrderedWorkerPool<Worker: PoolWorker> {
    /// What the threads share with the calling thread.
    private final class Core: @unchecked Sendable {
        struct State {
            /// Submitted work no worker took yet, with its sequence number.
            var pending: [(sequence: Int, work: Worker.Work)] = []
            /// Outputs not taken yet, by sequence number, with the slot of the worker that made them.
            var completed: [Int: (slot: Int, output: Worker.Output)] = [:]
            /// Handed-back values, per worker slot, for that worker to reclaim.
            var returned: [[Worker.Returned]]
            var stopping = false

            init(slots: Int) { returned = Array(repeating: [], count: slots) }
        }

        let state: Mutex<State>
        /// Signalled once per submitted piece (and once per thread at shutdown).
        let available = DispatchSemaphore(value: 0)
        /// Signalled when a thread (not the caller) finished a piece.
        let finished = DispatchSemaphore(value: 0)
        /// Signalled by each thread as it exits.
        let exited = DispatchSemaphore(value: 0)

        /// The pool's `makeWorker`, which the threads take from here rather than capture: `shutdown` lets
        /// go of it, and with it of what it captured (a caller's patch, decoder or options). Foundation's
        /// `Thread` frees its closure only as the finished thread is torn down, which can come after
        /// `shutdown` returned and even after the process called `exit`: LeakSanitizer's exit check then
        /// counted what a captured `makeWorker` still held as leaked (a flaky `tapejson patch --items`
        /// test).
        let maker: Mutex<(@Sendable (Int) -> Worker)?>

        init(slots: Int, makeWorker: @escaping @Sendable (Int) -> Worker) {
            state = Mutex(State(slots: slots))
            maker = Mutex(makeWorker)
        }

        /// The worker's handed-back values, and the oldest waiting work unless `reserve` or fewer wait
        /// (`stop` once the pool shuts down).
        func take(slot: Int, leaving reserve: Int = 0)
            -> (returned: [Worker.Returned], work: (sequence: Int, work: Worker.Work)?, stop: Bool) {
            state.withLock { state in
                var returned: [Worker.Returned] = []
                swap(&returned, &state.returned[slot])
                if state.stopping { return (returned, nil, true) }
                return (returned, state.pending.count <= reserve ? nil : state.pending.removeFirst(), false)
            }
        }

        func file(_ output: consuming Worker.Output, sequence: Int, slot: Int) {
            let entry = (slot: slot, output: output)
            state.withLock { $0.completed[sequence] = entry }
        }

        /// A thread's loop: does waiting work until the pool shuts down. The worker lives in this frame,
        /// so it (and what it still holds) is gone before the thread says it exited.
        func run(_ worker: inout Worker, slot: Int) {
            while true {
                available.wait()
                var taken = take(slot: slot)
                worker.reclaim(&taken.returned)
                if taken.stop { return }
                // The calling thread may have taken the work this wake-up was for.
                guard let (sequence, work) = taken.work else { continue }
                file(worker.process(work), sequence: sequence, slot: slot)
                finished.signal()
            }
        }
    }

    private let core: Core
    /// Threads started (the calling thread is one more worker).
    private let threads: Int
    /// The calling thread's worker (nil once shut down).
    private var caller: Worker?
    private let limit: Int
    private var nextSequence = 0
    private var nextToDeliver = 0
    /// Submitted and not yet taken back.
    private(set) var inFlight = 0
    private var isShutDown = false

    /// Starts `jobs - 1` threads, each with a worker made on it by `makeWorker(slot)`; the calling
    /// thread's worker is `makeWorker(jobs - 1)`.
    init(jobs: Int, inFlightPerJob: Int, makeWorker: @escaping @Sendable (_ slot: Int) -> Worker) {
        let jobs = max(jobs, 1)
        threads = jobs - 1
        limit = max(inFlightPerJob, 1) * jobs
        let core = Core(slots: jobs, makeWorker: makeWorker)
        self.core = core
        caller = makeWorker(jobs - 1)
        for slot in 0..<threads {
            let thread = Thread {
                do {
                    guard let make = core.maker.withLock({ $0 }) else { core.exited.signal(); return }
                    var worker = make(slot)
                    core.run(&worker, slot: slot)
                }
                // The worker (and the values it keeps for reuse) is freed with the scope above, before
                // `shutdown` hears that this thread is done: signalled inside it, a pass could return
                // while a worker still held values it made (seen as a flaky ValueLifetimeTests check).
                core.exited.signal()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    deinit { shutdown() }

    /// Whether another piece may be submitted (fewer than `inFlightPerJob × jobs` in flight).
    var hasRoom: Bool { inFlight < limit }

    func submit(_ work: consuming Worker.Work) {
        let entry = (sequence: nextSequence, work: work)
        nextSequence += 1
        inFlight += 1
        core.state.withLock { $0.pending.append(entry) }
        core.available.signal()
    }

    /// Blocks until at least one more piece has finished on a thread (not the caller).
    func waitForCompletion() { core.finished.wait() }

    /// Does the oldest waiting piece on the calling thread, if more than `reserve` are waiting, and files
    /// its output with the others. Returns false when it did nothing.
    func helpOnce(leaving reserve: Int = 0) -> Bool {
        guard caller != nil else { return false }
        var taken = core.take(slot: threads, leaving: reserve)
        caller!.reclaim(&taken.returned)
        guard let (sequence, work) = taken.work else { return false }
        core.file(caller!.process(work), sequence: sequence, slot: threads)
        return true
    }

    /// Finished outputs to deliver, with the slot of the worker that made each: when `ordered`, the run
    /// that continues submission order (none if the next one is still in flight); else every finished
    /// one, oldest first. They no longer count as in flight.
    func takeCompleted(ordered: Bool) -> [(slot: Int, output: Worker.Output)] {
        let ready = core.state.withLock { state in
            var ready: [(slot: Int, output: Worker.Output)] = []
            if ordered {
                while let entry = state.completed.removeValue(forKey: nextToDeliver) {
                    ready.append(entry)
                    nextToDeliver += 1
                }
            } else {
                for sequence in state.completed.keys.sorted() {
                    ready.append(state.completed.removeValue(forKey: sequence)!)
                }
            }
            return ready
        }
        inFlight -= ready.count
        return ready
    }

    /// Hands what the caller is done with back to the worker in `slot`, which reclaims it on its own
    /// thread when it next takes work.
    func giveBack(_ returned: consuming Worker.Returned, to slot: Int) {
        let entry = returned
        core.state.withLock { $0.returned[slot].append(entry) }
    }

    /// Stops the threads (waiting work is dropped), waits for them to exit, and frees on this thread
    /// whatever they left: outputs never delivered (the pass stopped early) and values handed back to a
    /// worker that will not take them. Called again, does nothing.
    func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        core.state.withLock { $0.stopping = true }
        for _ in 0..<threads { core.available.signal() }
        for _ in 0..<threads { core.exited.wait() }
        core.maker.withLock { $0 = nil }
        // The threads are gone: what the state still holds is freed here, as it is replaced.
        let slots = threads + 1
        core.state.withLock { state in
            state = Core.State(slots: slots)
            state.stopping = true
        }
        caller = nil
    }
}
