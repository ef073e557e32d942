/// Where chunks come from: a file or stream read into owned buffers (`LineChunker`) or bytes already in
/// memory, viewed in place (`RegionChunker`).
protocol ChunkSource {
    /// The next chunk of whole lines, or nil at the end.
    mutating func next() throws -> LineChunk?
    /// Whether chunks come with their first line number (`baseLine`) already counted. When false, the
    /// single-threaded reader numbers lines itself as it scans, saving a pass over the bytes.
    var countsLines: Bool { get set }
    /// The number of the first line the source produces.
    var startLine: Int { get }
    /// The bytes the pass accounts for in all, when the source knows better than its chunks do (items
    /// at a pointer: the whole document); nil to add up the chunks' bytes.
    var totalBytes: Int? { get }
    /// After a stop: the absolute offset where the input ends (the rest of a stream read to find it).
    mutating func inputEnd() throws -> Int
    /// For parallel workers: the numbering they publish their chunks' line counts to and look chunk
    /// starts up in, after which chunks come unnumbered (workers number lines from 1); nil when the
    /// source keeps numbering its chunks itself.
    mutating func numberLinesLazily() -> LineNumbering?
}

extension ChunkSource {
    var totalBytes: Int? { nil }
    /// Lines never stop (a line ends at its newline whatever it holds): only item chunkers need this.
    mutating func inputEnd() throws -> Int { totalBytes ?? 0 }
}

/// Cuts bytes in memory into chunks of whole lines without copying.
///
/// A chunk ends at the last newline before `chunkSize` bytes, or (for a longer line) at the first newline
/// after it. A UTF-8 byte order mark at offset 0 is skipped.
struct RegionChunker: ChunkSource {
    let region: ChunkRegion
    let chunkSize: Int
    /// Where the first chunk starts (a line start; its line number is `startLine`).
    let begin: Int
    private var position: Int
    private let end: Int
    private var line: Int
    private var index = 0
    var countsLines = true
    let startLine: Int

    /// Chunks of `region[begin ..< end]`; `begin` must be a line start and `line` its number.
    init(region: ChunkRegion, chunkSize: Int, begin: Int = 0, end: Int? = nil, line: Int = 1) {
        self.region = region
        self.chunkSize = max(chunkSize, 64)
        self.begin = begin
        self.position = begin
        self.end = end ?? region.bytes.count
        self.line = line
        self.startLine = line
    }

    /// Chunks viewed in place are not counted up front: their lines are counted only when a worker asks
    /// for a chunk's first line number before the chunks ahead of it are scanned (`LineNumbering`).
    mutating func numberLinesLazily() -> LineNumbering? {
        countsLines = false
        return LineNumbering(region: region, begin: begin, line: startLine)
    }

    mutating func next() throws -> LineChunk? {
        guard position < end else { return nil }
        let bytes = region.bytes.unsafeUInt8s
        var cut: Int
        let target = position + chunkSize
        if target >= end {
            cut = end
        } else {
            cut = target
            while cut > position && bytes[cut - 1] != 0x0A { cut -= 1 }
            if cut == position {
                // A line longer than a chunk: extend to its end.
                cut = nextNewline(bytes, from: target).map { $0 + 1 } ?? end
            }
        }
        let chunk = LineChunk(region: region, offset: position, count: cut - position)
        chunk.baseOffset = position
        chunk.stamp(atInputStart: position == 0, countsLines: countsLines, line: &line, index: &index)
        position = cut
        return chunk
    }

    private func nextNewline(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        ByteScan.firstNewline(in: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[..<end]), from: from)
    }
}

/// The first line start at or after `nominal` in `region`, and (when `countingLines`) its 1-based line
/// number.
func lineStart(atOrAfter nominal: Int, in region: ChunkRegion, countingLines: Bool = true) -> (offset: Int, line: Int) {
    let bytes = region.bytes.unsafeUInt8s
    guard nominal > 0 else { return (0, 1) }
    var begin = min(nominal, bytes.count)
    while begin < bytes.count && bytes[begin - 1] != 0x0A { begin += 1 }
    guard countingLines else { return (begin, 0) }
    return (begin, ByteScan.newlineCount(in: UnsafeRawBufferPointer(rebasing: region.bytes[..<begin])) + 1)
}
