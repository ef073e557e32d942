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
    /// The partial line after the last chunk's final newline, carried into the next chunk.
    private var carry: UnsafeMutableRawPointer
    private var carryCapacity = 0
    private var carryCount = 0
    private var nextLine: Int
    private var nextSequence = 0
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
        self.carry = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 8)
    }

    /// Frees the carry buffer (a chunker is a value type owned by one reader).
    func release() { carry.deallocate() }

    /// The next chunk of whole lines, or nil at the end of the input.
    mutating func next() throws -> LineChunk? {
        if let failure = deferredFailure { throw failure }
        if finished { return nil }
        var chunk = pool.take(capacity: max(chunkSize, carryCount * 2))
        chunk.baseOffset = sourceOffset - carryCount
        if carryCount > 0 {
            chunk.base.copyMemory(from: carry, byteCount: carryCount)
            chunk.count = carryCount
            carryCount = 0
        }
        var endOfInput = false
        var cut = 0
        while true {
            while chunk.count < chunk.capacity {
                let n: Int
                do {
                    n = try source.read(into: UnsafeMutableRawBufferPointer(start: chunk.base + chunk.count,
                                                                           count: chunk.capacity - chunk.count))
                } catch {
                    // The input failed after some whole lines (compressed data that turns out bad): those
                    // lines go out first, the error with the next call.
                    guard let newline = lastNewline(in: chunk) else { throw error }
                    deferredFailure = error
                    chunk.count = newline + 1
                    break
                }
                if n == 0 { endOfInput = true; break }
                chunk.count += n
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
            carryCount = chunk.count - cut
            if carryCount > carryCapacity {
                carry.deallocate()
                carryCapacity = max(carryCount, carryCapacity * 2)
                carry = UnsafeMutableRawPointer.allocate(byteCount: carryCapacity, alignment: 8)
            }
            carry.copyMemory(from: chunk.base + cut, byteCount: carryCount)
        }
        chunk.count = cut
        if cut == 0 {
            chunk.recycle()
            return nil
        }
        // simdjson may read up to `Simd.padding` bytes past the end; spaces keep them inert.
        (chunk.base + chunk.count).initializeMemory(as: UInt8.self, repeating: 0x20, count: Simd.padding)
        chunk.stamp(atInputStart: atInputStart, sequence: &nextSequence, countsLines: countsLines,
                    line: &nextLine, index: &nextIndex)
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
            let n = try source.read(into: UnsafeMutableRawBufferPointer(start: chunk.base, count: chunk.capacity))
            if n == 0 { endOfInput = true; break }
            sourceOffset += n
            if let hit = memchr(chunk.base, 0x0A, n) {
                let through = UnsafeRawPointer(hit) - UnsafeRawPointer(chunk.base) + 1
                length += through
                carryCount = n - through
                if carryCount > carryCapacity {
                    carry.deallocate()
                    carryCapacity = max(carryCount, carryCapacity * 2)
                    carry = UnsafeMutableRawPointer.allocate(byteCount: carryCapacity, alignment: 8)
                }
                carry.copyMemory(from: chunk.base + through, byteCount: carryCount)
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
        chunk.stamp(atInputStart: false, sequence: &nextSequence, countsLines: countsLines,
                    line: &nextLine, index: &nextIndex)
        atInputStart = false
        return chunk
    }

    /// 3 when `chunk` opens the input with a UTF-8 byte order mark (skipped, not part of a line).
    private func byteOrderMark(_ chunk: LineChunk) -> Int {
        guard atInputStart, chunk.count >= 3 else { return 0 }
        let bytes = chunk.uint8
        return bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    private func grow(_ chunk: LineChunk, to capacity: Int) -> LineChunk {
        let bigger = pool.take(capacity: capacity)
        bigger.base.copyMemory(from: chunk.base, byteCount: chunk.count)
        bigger.count = chunk.count
        bigger.baseOffset = chunk.baseOffset
        chunk.recycle()
        return bigger
    }

    private func lastNewline(in chunk: LineChunk) -> Int? {
        // Scanned backwards: the last newline is normally within one line of the end.
        var i = chunk.count - 1
        let bytes = chunk.uint8
        while i >= 0 {
            if bytes[i] == 0x0A { return i }
            i -= 1
        }
        return nil
    }
}

/// The number of `\n` bytes in `count` bytes at `p`, and the number of lines there (including an
/// unterminated last one) holding more than whitespace: the lines a scanner accounts for.
func countLines(_ p: UnsafePointer<UInt8>, _ count: Int) -> (newlines: Int, nonBlank: Int) {
    var newlines = 0
    var nonBlank = 0
    var i = 0
    while i < count {
        var j = i
        while j < count && (p[j] == 0x20 || p[j] == 0x09 || p[j] == 0x0D) { j += 1 }
        if j < count && p[j] != 0x0A { nonBlank += 1 }
        guard j < count, let hit = memchr(p + j, 0x0A, count - j) else { break }
        newlines += 1
        i = UnsafeRawPointer(hit) - UnsafeRawPointer(p) + 1
    }
    return (newlines, nonBlank)
}

/// The number of `\n` bytes in `count` bytes at `p`.
func countNewlines(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int {
    var n = 0
    var cursor = UnsafeRawPointer(p)
    var remaining = count
    while remaining > 0, let hit = memchr(cursor, 0x0A, remaining) {
        n += 1
        let advance = UnsafeRawPointer(hit) - cursor + 1
        cursor += advance
        remaining -= advance
    }
    return n
}

/// The first line start at or after `nominal` in the regular file `fd` of `size` bytes, and (when
/// `countingLines`) its 1-based line number, found with positioned reads (for shards of a file).
func lineStart(atOrAfter nominal: Int, inFile fd: Int32, size: Int, path: String,
               countingLines: Bool) throws(JSONInputError) -> (offset: Int, line: Int) {
    guard nominal > 0 else { return (0, 1) }
    let block = 1 << 22
    let scratch = UnsafeMutableRawPointer.allocate(byteCount: block, alignment: 64)
    defer { scratch.deallocate() }
    // The line holding byte `nominal - 1` ends at the first newline from there.
    var begin = min(nominal, size)
    var at = nominal - 1
    search: while at < size {
        let n = try readSome(fd, into: scratch, count: min(block, size - at), at: at, path: path)
        if n == 0 { begin = size; break }
        if let hit = memchr(scratch, 0x0A, n) {
            begin = at + (UnsafeRawPointer(hit) - UnsafeRawPointer(scratch)) + 1
            break search
        }
        at += n
        begin = at
    }
    guard countingLines else { return (begin, 0) }
    var newlines = 0
    var position = 0
    while position < begin {
        let n = try readSome(fd, into: scratch, count: min(block, begin - position), at: position, path: path)
        if n == 0 { break }
        newlines += countNewlines(scratch.assumingMemoryBound(to: UInt8.self), n)
        position += n
    }
    return (begin, newlines + 1)
}
