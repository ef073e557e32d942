/// What a chunk of items at a JSON Pointer holds (`LineChunk.items`): a run of items to parse, or an
/// error of the envelope around them, which ends the pass.
struct ItemChunkContent {
    enum Kind {
        /// A run: `runCount` bytes at `chunk.base + 1` (a spare byte before them, the separator or a
        /// blank after them), parsed as `ItemRunParser` parses an `ItemRun`.
        case run(runCount: Int, hasSeparator: Bool, line: Int, column: Int, firstIndex: Int, items: Int)
        /// The input's structure broke here: reported after the items before it, and the pass stops.
        case stop(StreamStop)
    }

    var kind: Kind
    /// The deepest nesting an item may have (its parser's limit).
    var itemDepth: Int
    /// The document's bytes this chunk accounts for in the summary.
    var inputBytes: Int

    /// The run in `chunk`'s buffer (for `.run` content).
    func run(in chunk: LineChunk) -> ItemRun? {
        guard case .run(let count, let hasSeparator, let line, let column, let firstIndex, let items) = kind else { return nil }
        return ItemRun(base: chunk.base + 1, count: count, hasSeparator: hasSeparator, offset: chunk.baseOffset + 1,
                       line: line, column: column, firstIndex: firstIndex, items: items)
    }
}

/// Cuts one JSON document into chunks of items at a pointer for parallel workers: the reading thread
/// walks the envelope (`ItemSplitter`) and copies each run of complete items (or each item found alone:
/// an object's member value, an item larger than the read block) into a chunk of its own, which a worker
/// parses with one simdjson call. Items and their line numbers and indexes are those of the whole
/// document: the walker counts them as it goes.
struct ItemChunker: ChunkSource {
    private var splitter: ItemSplitter
    private let pool: ChunkPool
    private let itemDepth: Int
    private let shard: ItemShardRange?
    /// The capacity of every chunk taken (a run is at most the splitter's run size plus a block), so
    /// that the pool's buffers fit every run and are reused rather than allocated and faulted in.
    private let chunkCapacity: Int
    private var accounted = 0
    private var stopped = false
    /// Chunks come numbered (the walker counts lines).
    var countsLines: Bool {
        get { true }
        set {}
    }
    var startLine: Int { 1 }
    func numberLinesLazily() -> LineNumbering? { nil }
    /// The whole document's bytes once read (or the shard's share of them).
    var totalBytes: Int? { shard.map { $0.upperBound - $0.lowerBound } ?? splitter.bytesRead }

    /// Where the input (or the shard's range) ends, reading the rest of a stream to find out.
    mutating func inputEnd() throws -> Int {
        if let shard { return shard.upperBound }
        return try splitter.inputEnd()
    }

    init(splitter: ItemSplitter, pool: ChunkPool, itemDepth: Int, shard: ItemShardRange?) {
        self.splitter = splitter
        self.pool = pool
        self.itemDepth = itemDepth
        self.shard = shard
        self.chunkCapacity = splitter.runBytes + 256
    }

    mutating func next() throws -> LineChunk? {
        if stopped { return nil }
        while let piece = try splitter.next() {
            switch ItemShardRange.filter(piece, shard) {
            case .skip: continue
            case .stop:
                stopped = true
                return nil
            case .keep(let piece):
                switch piece {
                case .run(let run):
                    return chunk(bytes: run.base, count: run.count, separator: run.hasSeparator ? 1 : 0,
                                 offset: run.offset, line: run.line, column: run.column, firstIndex: run.firstIndex,
                                 items: run.items)
                case .item(let bytes, let delimited, let offset, let line, let column, let index):
                    // An item alone is a run of one: its bytes up to its separator (blanks included).
                    let count = delimited.count > bytes.count ? delimited.count - 1 : bytes.count
                    return chunk(bytes: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: count,
                                 separator: delimited.count > bytes.count ? 1 : 0, offset: offset, line: line,
                                 column: column, firstIndex: index, items: 1)
                case .envelopeError(let stop):
                    stopped = true
                    let made = pool.take(capacity: 64)
                    made.items = ItemChunkContent(kind: .stop(stop), itemDepth: itemDepth, inputBytes: takeBytes())
                    return made
                case .pointerError(let error):
                    throw error
                }
            }
        }
        return nil
    }

    /// The bytes read since the last chunk (a shard accounts for its range at the end instead).
    private mutating func takeBytes() -> Int {
        guard shard == nil else { return 0 }
        defer { accounted = splitter.bytesRead }
        return splitter.bytesRead - accounted
    }

    /// A chunk holding a copy of `count` bytes at `bytes` (and `separator` byte after them).
    private mutating func chunk(bytes: UnsafeMutableRawPointer, count: Int, separator: Int, offset: Int, line: Int,
                                column: Int, firstIndex: Int, items: Int) -> LineChunk {
        let made = pool.take(capacity: max(count + 2, chunkCapacity))
        made.appendSpace()
        made.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: count + separator))
        if separator == 0 { made.appendSpace() }
        made.baseOffset = offset - 1
        made.baseLine = line
        made.baseIndex = firstIndex
        made.items = ItemChunkContent(kind: .run(runCount: count, hasSeparator: separator == 1, line: line,
                                                 column: column, firstIndex: firstIndex, items: items),
                                      itemDepth: itemDepth, inputBytes: takeBytes())
        return made
    }
}

/// The byte range of a shard of one JSON document (`JSONItemStream.shard(_:of:)`): the items whose first
/// byte lies in it, and the envelope errors located in it.
struct ItemShardRange {
    let lowerBound: Int
    let upperBound: Int
    /// Whether this is the last shard, which also owns errors found at the end of the document.
    let isLast: Bool

    enum Verdict {
        case keep(ItemSplitter.Piece)
        case skip
        case stop
    }

    /// What a shard does with a piece: keeps it (a run cut down to the items it owns), skips it (before
    /// the range), or stops (past it, or an envelope error elsewhere).
    static func filter(_ piece: ItemSplitter.Piece, _ range: ItemShardRange?) -> Verdict {
        guard let range else { return .keep(piece) }
        switch piece {
        case .item(_, _, let offset, _, _, _):
            if offset >= range.upperBound { return .stop }
            return offset >= range.lowerBound ? .keep(piece) : .skip
        case .run(let run):
            if run.offset >= range.upperBound { return .stop }
            guard let kept = run.cut(to: range) else { return .skip }
            return .keep(.run(kept))
        case .envelopeError(let stop):
            let owned = stop.offset >= range.lowerBound && (stop.offset < range.upperBound || range.isLast)
            return owned ? .keep(piece) : .stop
        case .pointerError:
            return .keep(piece)
        }
    }
}
