import Synchronization

/// A run of complete lines from a JSON Lines input, in an owned buffer followed by simdjson's padding.
///
/// Readers cut the input into chunks at line boundaries; a chunk is the unit of work that one worker
/// parses (with `parse_many`) and decodes, so the number of chunks in flight bounds the memory used.
final class LineChunk: @unchecked Sendable {
    /// The chunk's bytes, `count` of them, followed by at least `Simd.padding` readable bytes.
    let base: UnsafeMutableRawPointer
    let capacity: Int
    var count = 0
    /// Where the first line starts (3 when the input opens with a UTF-8 byte order mark).
    var start = 0
    /// Absolute byte offset of `base[0]` in the input.
    var baseOffset = 0
    /// 1-based line number of the line at `base[start]`.
    var baseLine = 1
    /// Position of the chunk in the input (0, 1, 2, …), for ordered delivery.
    var sequence = 0
    private let pool: ChunkPool?

    init(capacity: Int, pool: ChunkPool?) {
        self.capacity = capacity
        self.base = UnsafeMutableRawPointer.allocate(byteCount: capacity + Simd.padding, alignment: 64)
        self.pool = pool
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
    var uint8: UnsafePointer<UInt8> { UnsafePointer(base.assumingMemoryBound(to: UInt8.self)) }

    deinit { base.deallocate() }

    /// Hands the buffer back for reuse by the next chunk of the same capacity.
    func recycle() { pool?.give(self) }
}

/// Reuses chunk buffers so that streaming a file does not map and fault in new memory for every chunk.
final class ChunkPool: Sendable {
    private let idle = Mutex<[LineChunk]>([])
    private let keep: Int

    init(keep: Int) { self.keep = keep }

    func take(capacity: Int) -> LineChunk {
        if let chunk = idle.withLock({ list -> LineChunk? in
            guard let k = list.lastIndex(where: { $0.capacity >= capacity }) else { return nil }
            return list.remove(at: k)
        }) {
            chunk.count = 0
            chunk.start = 0
            return chunk
        }
        return LineChunk(capacity: capacity, pool: self)
    }

    func give(_ chunk: LineChunk) {
        idle.withLock { list in if list.count < keep { list.append(chunk) } }
    }
}
