/// Reuses chunk buffers so that streaming a file does not map and fault in new memory for every chunk.
/// Buffers grown past `largestKept` for a long line are freed, not kept: memory goes back down after it.
final class ChunkPool: Sendable {
    /// The idle chunks.
    private let idle: BoundedPool<LineChunk>
    /// Chunks with a larger capacity are not kept.
    private let largestKept: Int

    /// A pool keeping at most `keep` idle chunks of at most `largestKept` bytes each.
    init(keep: Int, largestKept: Int = 64 << 20) {
        self.idle = BoundedPool(limit: keep)
        self.largestKept = largestKept
    }

    /// An emptied idle chunk of at least `capacity` bytes (the one given last), or a new one.
    func take(capacity: Int) -> LineChunk {
        if let chunk = idle.take(where: { $0.capacity >= capacity }) {
            chunk.count = 0
            chunk.start = 0
            chunk.skippedLength = 0
            chunk.items = nil
            chunk.skippedExcerpt = ""
            return chunk
        }
        return LineChunk(capacity: capacity, pool: self)
    }

    /// Keeps `chunk` for a later `take`, unless it is larger than `largestKept` or `keep` already wait.
    func give(_ chunk: LineChunk) {
        guard chunk.capacity <= largestKept else { return }
        idle.give(chunk)
    }
}
