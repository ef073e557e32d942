/// A run of complete lines from a JSON Lines input, in an owned buffer followed by simdjson's padding.
///
/// Readers cut the input into chunks at line boundaries; a chunk is the unit of work that one worker
/// parses (with `parse_many`) and decodes, so the number of chunks in flight bounds the memory used.
///
/// A class, not a `~Copyable` value: chunks are pooled (`ChunkPool`) and handed from the reading thread
/// to workers and back, shared by reference. An owned chunk's bytes are a `PaddedByteBuffer` that never
/// grows (a longer window is another chunk), so `base` stays valid while the chunk lives.
final class LineChunk: @unchecked Sendable {
    /// The chunk's bytes, `count` of them, followed by at least `Simd.padding` readable bytes.
    let base: UnsafeMutableRawPointer
    /// The most bytes the chunk holds.
    let capacity: Int
    /// The chunk's bytes: setting it (at most `capacity`) makes the bytes written at `base` readable and
    /// fills the padding after them again.
    var count = 0 { didSet { storage?.setCount(count) } }
    /// The owned bytes (nil for a view into a region).
    private var storage: PaddedByteBuffer?
    /// Where the first line starts (3 when the input opens with a UTF-8 byte order mark).
    var start = 0
    /// Absolute byte offset of `base[0]` in the input.
    var baseOffset = 0
    /// 1-based line number of the line at `base[start]`.
    var baseLine = 1
    /// 0-based index, among the non-blank lines of the input, of the chunk's first non-blank line (set
    /// with `baseLine`, for workers that cannot count the lines before their chunk).
    var baseIndex = 0
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

    /// An empty chunk of its own bytes, handed back to `pool` by `recycle()`.
    init(capacity: Int, pool: ChunkPool?) {
        let storage = PaddedByteBuffer(capacity: capacity)
        self.capacity = storage.capacity
        self.base = storage.unsafeBaseAddress
        self.storage = consume storage
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

    /// The chunk's bytes (the padding follows them).
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Appends a copy of `source`, which must fit in the room left.
    func append(contentsOf source: UnsafeRawBufferPointer) {
        precondition(source.count <= capacity - count, "LineChunk: appended past its capacity")
        storage?.append(contentsOf: source)
        count += source.count
    }

    /// Appends one space (which must fit).
    func appendSpace() {
        withUnsafeBytes(of: UInt8(ascii: " ")) { append(contentsOf: $0) }
    }

    /// Reads from `source` into the room after the bytes (none when full). Returns the bytes read, 0 at
    /// the end of the input.
    func read(from source: inout some ByteSource) throws -> Int {
        guard count < capacity else { return 0 }
        let n = try storage?.withUnsafeMutableWritableBytes(minimumWritableBytes: 0) { room in try source.read(into: room) } ?? 0
        count += n
        return n
    }

    /// Reads from `source` over the chunk's bytes, from its start (the bytes it held are dropped). Returns
    /// the bytes read, 0 at the end of the input.
    func overwrite(from source: inout some ByteSource) throws -> Int {
        count = 0
        return try read(from: &source)
    }

    /// Stamps a freshly cut chunk: skips a byte order mark when it opens the input, and (when the source
    /// counts lines) sets its first line number and line index, advancing the source's counters past its
    /// lines.
    func stamp(atInputStart: Bool, countsLines: Bool, line: inout Int, index: inout Int) {
        if atInputStart && skippedLength == 0 { start = ByteScan.byteOrderMarkLength(bytes) }
        guard countsLines else { return }
        baseLine = line
        baseIndex = index
        // A skipped line is one line, counted without its bytes.
        let counts = skippedLength > 0 ? (newlines: 1, nonBlank: 1)
            : ByteScan.lineCounts(in: UnsafeRawBufferPointer(rebasing: bytes[start...]))
        line += counts.newlines
        index += counts.nonBlank
    }
    /// The chunk's first byte, typed.
    var uint8: UnsafePointer<UInt8> { UnsafePointer(base.unsafeUInt8s) }

    /// Hands the buffer back for reuse (a view has nothing to hand back).
    func recycle() {
        if region == nil { pool?.give(self) }
    }
}
