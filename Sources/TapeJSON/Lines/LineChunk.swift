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
    /// For a view handed to parallel workers: where it reports that it is finished, so that pages are
    /// released only behind every chunk still being scanned.
    private let frontier: ReleaseFrontier?

    init(capacity: Int, pool: ChunkPool?) {
        self.capacity = capacity
        self.base = UnsafeMutableRawPointer.allocate(byteCount: capacity + Simd.padding, alignment: 64)
        self.pool = pool
        self.region = nil
        self.frontier = nil
    }

    /// A chunk that views `count` bytes at `offset` of `region` without copying them. The region
    /// guarantees `Simd.padding` readable bytes after its end. With a `frontier` (chunks scanned in
    /// parallel), the chunk's pages are released by the frontier once every chunk before it is finished.
    init(region: ChunkRegion, offset: Int, count: Int, frontier: ReleaseFrontier? = nil) {
        self.base = UnsafeMutableRawPointer(mutating: region.bytes.baseAddress! + offset)
        self.capacity = count
        self.count = count
        self.pool = nil
        self.region = region
        self.frontier = frontier
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
    /// the `releaseMargin` bytes before the view (no effect on owned buffers; a view scanned in parallel
    /// keeps to its own bytes, as the chunk before it may still be scanned). Lets one long scan over a
    /// mapped file keep a flat resident size.
    func releaseConsumed(upTo end: Int) {
        releaseConsumed(upTo: end, past: 0)
    }

    private func releaseConsumed(upTo end: Int, past margin: Int) {
        guard let region, end > released || margin > 0 else { return }
        let offset = UnsafeRawPointer(base) - region.bytes.baseAddress!
        let lower = max(frontier == nil ? 0 : offset, offset + released - Self.releaseMargin)
        let upper = min(region.bytes.count, offset + end + margin)
        region.release(lower..<upper)
        released = end
    }

    /// Hands the buffer back for reuse (a view instead releases its pages of a mapped file, and those
    /// within `releaseMargin` of them on either side; a view scanned in parallel tells its frontier).
    func recycle() {
        if let frontier, let region {
            let offset = UnsafeRawPointer(base) - region.bytes.baseAddress!
            frontier.finish(offset..<(offset + count))
        } else if region != nil {
            releaseConsumed(upTo: count, past: Self.releaseMargin)
        } else {
            pool?.give(self)
        }
    }
}

/// Releases the pages of a mapped file behind chunks that workers scan in parallel.
///
/// A chunk finished by one worker may sit right after a chunk another worker is still scanning, or right
/// before one about to start: releasing the pages around it (as a single reader does) would take pages
/// from under other workers, who fault them back in, over and over with small chunks. Instead the
/// frontier follows the oldest chunk not yet finished: everything before it, less `releaseMargin`
/// (the pages a fault further on may map around it: fault-around or a large folio), is released once,
/// and no worker touches those pages again. Pages are released `step` bytes at a time: each release
/// makes the kernel flush the other cores' TLBs (an interrupt to each, costly in a virtual machine), so
/// a release per chunk cost more than the scan on small chunks.
final class ReleaseFrontier: Sendable {
    /// Bytes passed before a release: 4 MiB, a few milliseconds of scanning.
    static let defaultStep = 4 << 20

    private struct State {
        /// Start of the oldest chunk not finished (chunks are cut in order, without gaps).
        var oldest: Int
        /// Finished chunks past `oldest`: end offset by start offset.
        var finished: [Int: Int] = [:]
        /// Pages before this offset are released.
        var released: Int
    }

    private let region: ChunkRegion
    private let state: Mutex<State>
    private let step: Int

    /// A frontier for chunks of `region` cut from offset `begin` on, releasing `step` bytes or more at once.
    init(region: ChunkRegion, begin: Int, step: Int = ReleaseFrontier.defaultStep) {
        self.region = region
        self.state = Mutex(State(oldest: begin, released: begin))
        self.step = max(step, 1)
    }

    /// Records that the chunk covering `range` is finished, and releases what the frontier passed.
    func finish(_ range: Range<Int>) {
        let passed = state.withLock { state -> Range<Int>? in
            state.finished[range.lowerBound] = range.upperBound
            while let end = state.finished.removeValue(forKey: state.oldest) { state.oldest = end }
            // Released ranges end on a page boundary: the next one starts where this one ended, and a
            // page straddling the two would otherwise be left out of both.
            let page = PaddingCheck.pageSize
            let upTo = (state.oldest - LineChunk.releaseMargin) / page * page
            guard upTo - state.released >= step else { return nil }
            defer { state.released = upTo }
            return state.released..<upTo
        }
        if let passed { region.release(passed) }
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
