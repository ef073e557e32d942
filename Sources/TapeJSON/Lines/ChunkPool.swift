import Synchronization

/// Reuses chunk buffers so that streaming a file does not map and fault in new memory for every chunk.
/// Buffers grown past `largestKept` for a long line are freed, not kept: memory goes back down after it.
final class ChunkPool: Sendable {
    private let idle = Mutex<[LineChunk]>([])
    private let keep: Int
    private let largestKept: Int

    init(keep: Int, largestKept: Int = 64 << 20) {
        self.keep = keep
        self.largestKept = largestKept
    }

    func take(capacity: Int) -> LineChunk {
        if let chunk = idle.withLock({ list -> LineChunk? in
            guard let k = list.lastIndex(where: { $0.capacity >= capacity }) else { return nil }
            return list.remove(at: k)
        }) {
            chunk.count = 0
            chunk.start = 0
            chunk.skippedLength = 0
            chunk.items = nil
            chunk.skippedExcerpt = ""
            return chunk
        }
        return LineChunk(capacity: capacity, pool: self)
    }

    func give(_ chunk: LineChunk) {
        guard chunk.capacity <= largestKept else { return }
        idle.withLock { list in if list.count < keep { list.append(chunk) } }
    }
}
