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
    /// 0-based index, among the non-blank lines of the input, of the chunk's first non-blank line (set
    /// with `baseLine`, for workers that cannot count the lines before their chunk).
    var baseIndex = 0
    /// Position of the chunk in the input (0, 1, 2, …), for ordered delivery.
    var sequence = 0
    /// The pool to return the buffer to. Weak: the pool holds idle chunks, which must not keep it alive.
    private weak var pool: ChunkPool?
    /// For a view into a larger buffer: what keeps that buffer alive, and how to release its pages.
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

    /// For a view: how many of its bytes have had their pages released already.
    private var released = 0

    /// How far past its own bytes a view releases pages. A page fault on a file mapping also maps the
    /// neighbouring pages already in the page cache: Linux's fault-around (64 KiB by default), or the
    /// whole large folio holding the page (file systems such as ext4 cache files in folios of up to
    /// 2 MiB; 512 KiB ones are common). So a worker starting on a chunk maps the tail of the chunk before
    /// it, and one finishing a chunk the head of the next, possibly after their owners released them:
    /// released only by their own bytes' ranges, such pages would stay resident to the end (up to a
    /// folio per chunk boundary). Pages are only read, so releasing a page that another worker still
    /// reads costs that worker a minor fault.
    static let releaseMargin = 2 << 20

    /// Releases the pages of a view's first `upTo` bytes, which a scan has finished with, and those of
    /// the `releaseMargin` bytes before the view (no effect on owned buffers). Lets one long scan over a
    /// mapped file keep a flat resident size.
    func releaseConsumed(upTo end: Int) {
        releaseConsumed(upTo: end, past: 0)
    }

    private func releaseConsumed(upTo end: Int, past margin: Int) {
        guard let region, end > released || margin > 0 else { return }
        let offset = UnsafeRawPointer(base) - region.bytes.baseAddress!
        let lower = max(0, offset + released - Self.releaseMargin)
        let upper = min(region.bytes.count, offset + end + margin)
        region.release(lower..<upper)
        released = end
    }

    /// Hands the buffer back for reuse (a view instead releases its pages of a mapped file, and those
    /// within `releaseMargin` of them on either side).
    func recycle() {
        if region != nil {
            releaseConsumed(upTo: count, past: Self.releaseMargin)
        } else {
            pool?.give(self)
        }
    }
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

/// A whole input already in memory, followed by `Simd.padding` readable bytes: a memory-mapped file or a
/// padded copy of caller's bytes. Chunks view it in place.
final class ChunkRegion: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    private let file: MappedFile?
    private let owned: UnsafeMutableRawPointer?

    init(file: MappedFile) {
        self.file = file
        self.bytes = file.bytes
        self.owned = nil
    }

    /// A padded copy of `source`.
    init(copying source: UnsafeRawBufferPointer) {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: source.count + Simd.padding, alignment: 64)
        if source.count > 0 { memory.copyMemory(from: source.baseAddress!, byteCount: source.count) }
        (memory + source.count).initializeMemory(as: UInt8.self, repeating: 0x20, count: Simd.padding)
        self.owned = memory
        self.file = nil
        self.bytes = UnsafeRawBufferPointer(start: memory, count: source.count)
    }

    deinit { owned?.deallocate() }

    /// Lets the pages of a finished range go (mapped files only).
    func release(_ range: Range<Int>) { file?.releasePages(range) }
}
