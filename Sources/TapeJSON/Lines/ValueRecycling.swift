// The value recycler of the parallel engine: the buffers a worker makes one chunk's values in, and the
// delivered buffers it frees a value at a time as it makes new ones (`ChunkWorker` writes and frees
// through `ChunkValueWriter`; the pool hands delivered buffers back to the worker that made them).

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

    /// Moves `value` into the uninitialized slot at `slot` (below `capacity`; the writer counts it).
    /// (`initialize(to: value)` without `consume` copied it, retaining every reference a LogLine holds
    /// and releasing them again: a copy per line on the parallel path, callgrind.)
    @inline(__always)
    static func put(_ value: consuming T, at slot: UnsafeMutablePointer<T>) {
        slot.initialize(to: consume value)
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
/// (`ChunkValueWriter.add`). The buffer being freed is worked on through a `Cursor` of locals.
struct SpentValues<T> {
    /// Where freeing stands in the current buffer: values `next ..< end` at `base` are still to free.
    struct Cursor {
        var base: UnsafeMutablePointer<T>
        var next: Int
        var end: Int

        /// Frees the value at `next` (below `end`) and moves past it.
        @inline(__always)
        mutating func freeNext() {
            (base + next).deinitialize(count: 1)
            next += 1
        }
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
