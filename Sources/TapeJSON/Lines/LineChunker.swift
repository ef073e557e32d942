/// Cuts a byte source into `LineChunk`s of whole lines.
///
/// A chunk ends after the last newline that fits; the partial line after it is carried into the next
/// chunk. A line longer than the chunk size grows the chunk (the window) to hold it, up to
/// `maxDocumentSize`: a longer line can never be parsed, so it is skipped without being held, and
/// handed on as a chunk that carries only its position (`LineChunk.skippedLength`), which the scanner
/// reports as a `.documentTooLarge` line. A regular file is looked ahead (`ByteSource.lookAhead`), so
/// memory stays at the chunk size whatever the line's length; a stream cannot be, so it holds at most
/// `maxDocumentSize` bytes of the line before giving up on it. The last line of the input may lack its
/// newline. A UTF-8 byte order mark at the very start is skipped.
struct LineChunker: ChunkSource {
    var source: any ByteSource
    let chunkSize: Int
    let maxDocumentSize: Int
    let pool: ChunkPool
    /// Absolute offset of the next byte the source returns.
    private var sourceOffset: Int
    /// The partial line after the last chunk's final newline, carried into the next chunk (an array:
    /// the chunker is a copyable value that `ChunkSource` callers pass around, so it owns no raw memory).
    private var carry: [UInt8] = []
    private var nextLine: Int
    private var nextIndex = 0
    private var finished = false
    private var atInputStart: Bool
    /// An error of the source after whole lines, thrown once they went out.
    private var deferredFailure: Error?
    var countsLines = true
    let startLine: Int
    /// Chunks are counted as they are cut: their bytes do not stay around to be counted later.
    func numberLinesLazily() -> LineNumbering? { nil }

    init(source: any ByteSource, chunkSize: Int, pool: ChunkPool, maxDocumentSize: Int = Simd.maxDocumentSize,
         startOffset: Int = 0, startLine: Int = 1) {
        self.source = source
        self.chunkSize = max(chunkSize, 64)
        self.maxDocumentSize = max(maxDocumentSize, 1)
        self.pool = pool
        self.sourceOffset = startOffset
        self.nextLine = startLine
        self.startLine = startLine
        self.atInputStart = startOffset == 0
    }

    /// The next chunk of whole lines, or nil at the end of the input.
    mutating func next() throws -> LineChunk? {
        if let failure = deferredFailure { throw failure }
        if finished { return nil }
        var chunk = pool.take(capacity: max(chunkSize, carry.count * 2))
        chunk.baseOffset = sourceOffset - carry.count
        if !carry.isEmpty {
            carry.withUnsafeBytes { chunk.append(contentsOf: $0) }
            carry.removeAll(keepingCapacity: true)
        }
        var endOfInput = false
        var cut = 0
        while true {
            while chunk.count < chunk.capacity {
                let n: Int
                do {
                    n = try chunk.read(from: &source)
                } catch {
                    // The input failed after some whole lines (compressed data that turns out bad): those
                    // lines go out first, the error with the next call.
                    guard let newline = lastNewline(in: chunk) else { throw error }
                    deferredFailure = error
                    chunk.count = newline + 1
                    break
                }
                if n == 0 { endOfInput = true; break }
                sourceOffset += n
            }
            if deferredFailure != nil { cut = chunk.count; break }
            if let newline = lastNewline(in: chunk) {
                cut = newline + 1
                if endOfInput { cut = chunk.count; finished = true }
                break
            }
            // No newline in the window: it holds the start of one line (or the whole last line).
            let held = chunk.count - byteOrderMark(chunk)
            if endOfInput && held <= maxDocumentSize { cut = chunk.count; finished = true; break }
            if held > maxDocumentSize { return try skipLine(in: chunk, atEnd: endOfInput) }
            // Doubled, or straight to the most a line may take (plus the byte that proves it longer):
            // a window is never grown twice near the maximum.
            let most = maxDocumentSize + 1 + byteOrderMark(chunk)
            var needed = chunk.capacity * 2 >= maxDocumentSize ? most : chunk.capacity * 2
            if let ahead = try source.lookAhead(forNewlineWithin: maxDocumentSize - held + 1) {
                // A file: how long the line is, before holding any more of it.
                var rest = 0
                switch ahead {
                case .newline(let distance): rest = distance; needed = chunk.count + distance + 1
                case .end(let distance): rest = distance; needed = chunk.count + distance
                case .beyond: rest = maxDocumentSize
                }
                if held + rest > maxDocumentSize { return try skipLine(in: chunk, atEnd: false) }
            }
            chunk = grow(chunk, to: max(needed, chunk.capacity + 1))
        }
        if !finished && cut < chunk.count {
            carry.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk.bytes[cut...]))
        }
        // The padding after the cut is filled again: simdjson may read that far.
        chunk.count = cut
        if cut == 0 {
            chunk.recycle()
            return nil
        }
        chunk.stamp(atInputStart: atInputStart, countsLines: countsLines, line: &nextLine, index: &nextIndex)
        atInputStart = false
        return chunk
    }

    /// Reads past the rest of a line longer than `maxDocumentSize` whose first bytes fill `chunk`,
    /// through its newline (or the end of the input), reusing `chunk`'s buffer; what follows the
    /// newline is carried. Returns `chunk` emptied, standing for the skipped line.
    private mutating func skipLine(in chunk: LineChunk, atEnd: Bool) throws -> LineChunk {
        let mark = byteOrderMark(chunk)
        let lineStart = chunk.baseOffset + mark
        let excerpt = SourceLocation.printable(UnsafeBufferPointer(start: chunk.uint8 + mark,
                                                                    count: min(24, chunk.count - mark)))
        var length = chunk.count - mark
        var endOfInput = atEnd
        while !endOfInput {
            let n = try chunk.overwrite(from: &source)
            if n == 0 { endOfInput = true; break }
            sourceOffset += n
            if let newline = ByteScan.firstNewline(in: chunk.bytes) {
                let through = newline + 1
                length += through
                carry.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk.bytes[through...]))
                break
            }
            length += n
        }
        if endOfInput { finished = true }
        chunk.count = 0
        chunk.start = 0
        chunk.baseOffset = lineStart
        chunk.skippedLength = length
        chunk.skippedExcerpt = excerpt
        chunk.stamp(atInputStart: false, countsLines: countsLines, line: &nextLine, index: &nextIndex)
        atInputStart = false
        return chunk
    }

    /// 3 when `chunk` opens the input with a UTF-8 byte order mark (skipped, not part of a line).
    private func byteOrderMark(_ chunk: LineChunk) -> Int {
        atInputStart ? ByteScan.byteOrderMarkLength(chunk.bytes) : 0
    }

    /// A chunk of `capacity` holding `chunk`'s bytes, which goes back to the pool: the window grown.
    private func grow(_ chunk: LineChunk, to capacity: Int) -> LineChunk {
        let bigger = pool.take(capacity: capacity)
        bigger.append(contentsOf: chunk.bytes)
        bigger.baseOffset = chunk.baseOffset
        chunk.recycle()
        return bigger
    }

    /// The index of the last newline in `chunk`.
    private func lastNewline(in chunk: LineChunk) -> Int? { ByteScan.lastNewline(in: chunk.bytes) }
}

/// The first line start at or after `nominal` in the regular file `fd` of `size` bytes, and (when
/// `countingLines`) its 1-based line number, found with positioned reads (for shards of a file).
func lineStart(atOrAfter nominal: Int, inFile fd: Int32, size: Int, path: String,
               countingLines: Bool) throws(JSONInputError) -> (offset: Int, line: Int) {
    guard nominal > 0 else { return (0, 1) }
    let block = 1 << 22
    var scratch = PaddedByteBuffer(capacity: block)
    /// Reads up to `count` bytes at `offset` over the scratch buffer's bytes; returns how many.
    func read(_ count: Int, at offset: Int) throws(JSONInputError) -> Int {
        scratch.removeAll()
        return try scratch.withUnsafeMutableWritableBytes(minimumWritableBytes: 0) { room throws(JSONInputError) in
            try readSome(fd, into: room.baseAddress!, count: min(count, room.count), at: offset, path: path)
        }
    }
    // The line holding byte `nominal - 1` ends at the first newline from there.
    var begin = min(nominal, size)
    var at = nominal - 1
    search: while at < size {
        let n = try read(size - at, at: at)
        if n == 0 { begin = size; break }
        if let newline = scratch.withUnsafeBytes({ ByteScan.firstNewline(in: $0) }) {
            begin = at + newline + 1
            break search
        }
        at += n
        begin = at
    }
    guard countingLines else { return (begin, 0) }
    var newlines = 0
    var position = 0
    while position < begin {
        let n = try read(begin - position, at: position)
        if n == 0 { break }
        newlines += scratch.withUnsafeBytes { ByteScan.newlineCount(in: $0) }
        position += n
    }
    return (begin, newlines + 1)
}
