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
    /// 0-based index, among the non-blank lines of the input, of the chunk's first non-blank line (set
    /// with `baseLine`, for workers that cannot count the lines before their chunk).
    var baseIndex = 0
    /// Position of the chunk in the input (0, 1, 2, …), for ordered delivery.
    var sequence = 0
    /// For a line longer than the maximum document size, skipped without being held: the bytes it took
    /// in the input, line break included (the chunk then has no bytes, and `baseOffset` is where the
    /// line starts). 0 for a chunk of lines.
    var skippedLength = 0
    /// The first bytes of a skipped line, for its error.
    var skippedExcerpt = ""
    /// For a chunk of items at a JSON Pointer (`ItemChunker`): the run it holds, or the envelope error it
    /// reports. Nil for a chunk of lines.
    var items: ItemChunkContent?
    /// The input bytes the chunk accounts for (its lines, or the line it skipped, or its share of a
    /// document read for its items).
    var inputBytes: Int { items?.inputBytes ?? (count - start + skippedLength) }
    /// The pool to return the buffer to. Weak: the pool holds idle chunks, which must not keep it alive.
    private weak var pool: ChunkPool?
    /// For a view into a larger buffer: what keeps that buffer alive.
    private let region: ChunkRegion?

    init(capacity: Int, pool: ChunkPool?) {
        self.capacity = capacity
        self.base = UnsafeMutableRawPointer.allocate(byteCount: capacity + Simd.padding, alignment: 64)
        self.pool = pool
        self.region = nil
    }

    /// A chunk that views `count` bytes at `offset` of `region` without copying them. The region
    /// guarantees `Simd.padding` readable bytes after its end.
    init(region: ChunkRegion, offset: Int, count: Int) {
        self.base = UnsafeMutableRawPointer(mutating: region.bytes.baseAddress! + offset)
        self.capacity = count
        self.count = count
        self.pool = nil
        self.region = region
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Stamps a freshly cut chunk: skips a byte order mark when it opens the input, sets its position in
    /// the input, and (when the source counts lines) its first line number and line index, advancing
    /// the source's counters past its lines.
    func stamp(atInputStart: Bool, sequence: inout Int, countsLines: Bool, line: inout Int, index: inout Int) {
        if skippedLength > 0 {
            self.sequence = sequence
            sequence += 1
            guard countsLines else { return }
            baseLine = line
            baseIndex = index
            line += 1
            index += 1
            return
        }
        if atInputStart && count >= 3 && uint8[0] == 0xEF && uint8[1] == 0xBB && uint8[2] == 0xBF {
            start = 3
        }
        self.sequence = sequence
        sequence += 1
        guard countsLines else { return }
        baseLine = line
        baseIndex = index
        let counts = countLines(uint8 + start, count - start)
        line += counts.newlines
        index += counts.nonBlank
    }
    var uint8: UnsafePointer<UInt8> { UnsafePointer(base.assumingMemoryBound(to: UInt8.self)) }

    deinit { if region == nil { base.deallocate() } }

    /// Hands the buffer back for reuse (a view has nothing to hand back).
    func recycle() {
        if region == nil { pool?.give(self) }
    }
}
