extension JSONLines {
    /// Reads JSON Lines from an asynchronous sequence of byte chunks (a socket, an HTTP body, a
    /// `FileHandle.bytes`-style stream), in constant memory, with the same guarantees as the synchronous
    /// reader: every non-blank line is delivered or goes through the error policy.
    ///
    /// gzip and zstd input is recognised by its first bytes and decompressed as the chunks come, as the
    /// other readers do (bad or cut-short compressed data is a `JSONInputError` naming "chunks").
    /// Chunks may split lines (and multi-byte characters) anywhere; they are gathered into runs of whole
    /// lines of about `options.chunkSize` bytes, each parsed with `parse_many` on the calling task. A line
    /// longer than `options.maxDocumentSize` is dropped once that many of its bytes have arrived, and
    /// reported as a `.documentTooLarge` line.
    ///
    /// ```swift
    /// let summary = try await JSONLines.forEach(chunks: body, options: JSONLinesOptions(errorPolicy: .skip)) { line in
    ///     var events = line.events
    ///     _ = events.next()
    /// }
    /// ```
    @discardableResult
    public static func forEach<Chunks: AsyncSequence>(
        chunks: Chunks, options: JSONLinesOptions = JSONLinesOptions(),
        _ body: (borrowing JSONLine) throws -> Void,
        onInvalidLine: (JSONLineError) throws -> Void = { _ in }
    ) async throws -> JSONLinesSummary where Chunks.Element: Sequence, Chunks.Element.Element == UInt8 {
        var processor = try ChunkProcessor(options: options, threaded: true)
        var assembler = LineAssembler(chunkSize: max(options.chunkSize, 64), maxDocumentSize: options.maxDocumentSize)
        var input = PushInput(name: "chunks")
        func lines(_ bytes: UnsafeRawBufferPointer) throws {
            try assembler.append(bytes) { chunk in
                _ = try processor.process(chunk, { line in try body(line); return nil }, onInvalidLine: onInvalidLine)
            }
        }
        for try await piece in chunks {
            let fed: Void? = try piece.withContiguousStorageIfAvailable { buffer in
                try input.push(UnsafeRawBufferPointer(buffer), emit: lines)
            }
            if fed == nil { try Array(piece).withUnsafeBytes { try input.push($0, emit: lines) } }
        }
        try input.finish(emit: lines)
        try assembler.finish { chunk in
            _ = try processor.process(chunk, { line in try body(line); return nil }, onInvalidLine: onInvalidLine)
        }
        return processor.summary
    }
}

/// Gathers pushed bytes into `LineChunk`s of whole lines (the push-side twin of `LineChunker`), and
/// drops a line longer than `maxDocumentSize` as it arrives, handing on a chunk that stands for it.
struct LineAssembler: ~Copyable {
    /// The bytes gathered before whole lines are cut off as a chunk.
    let chunkSize: Int
    /// The longest line kept; a longer one is dropped.
    let maxDocumentSize: Int
    /// The bytes pushed and not yet cut into a chunk: the partial last line, or more.
    private var pending: PaddedByteBuffer
    /// The absolute offset of `pending`'s first byte.
    private var offset = 0
    /// The line number of `pending`'s first byte.
    private var line = 1
    /// Whether nothing was cut yet (a byte order mark may open the input).
    private var atStart = true
    /// The line being dropped, if any: where it starts, its line number, its length so far, its start.
    private var dropping: (offset: Int, line: Int, length: Int, excerpt: String)?

    /// An assembler cutting chunks of about `chunkSize` bytes.
    init(chunkSize: Int, maxDocumentSize: Int = Simd.maxDocumentSize) {
        self.chunkSize = chunkSize
        self.maxDocumentSize = max(maxDocumentSize, 1)
        self.pending = PaddedByteBuffer(capacity: chunkSize * 2)
    }

    /// Takes the next pushed bytes, emitting the chunks of whole lines they complete.
    mutating func append<Bytes: Sequence>(_ bytes: Bytes, emit: (LineChunk) throws -> Void) throws where Bytes.Element == UInt8 {
        let fed = try bytes.withContiguousStorageIfAvailable { buffer -> Bool in
            try feed(UnsafeRawBufferPointer(buffer), emit: emit)
            return true
        }
        if fed == nil {
            let array = Array(bytes)
            try array.withUnsafeBytes { try feed($0, emit: emit) }
        }
    }

    private mutating func feed(_ raw: UnsafeRawBufferPointer, emit: (LineChunk) throws -> Void) throws {
        var raw = raw
        if var skipped = dropping {
            guard raw.count > 0 else { return }
            guard let newline = ByteScan.firstNewline(in: raw) else {
                skipped.length += raw.count
                offset += raw.count
                dropping = skipped
                return
            }
            let through = newline + 1
            skipped.length += through
            offset += through
            dropping = skipped
            try emitDropped(emit)
            raw = UnsafeRawBufferPointer(rebasing: raw[through...])
        }
        pending.append(contentsOf: raw)
        if pending.count >= chunkSize { try cut(emit: emit, final: false) }
    }

    /// Emits what is left at the end of the input (the last line may lack its newline).
    mutating func finish(emit: (LineChunk) throws -> Void) throws {
        if dropping != nil { try emitDropped(emit) }
        try cut(emit: emit, final: true)
    }

    /// Hands on the chunk standing for the dropped line.
    private mutating func emitDropped(_ emit: (LineChunk) throws -> Void) throws {
        guard let skipped = dropping else { return }
        dropping = nil
        let chunk = LineChunk(capacity: 0, pool: nil)
        chunk.baseOffset = skipped.offset
        chunk.baseLine = skipped.line
        chunk.skippedLength = skipped.length
        chunk.skippedExcerpt = skipped.excerpt
        line += 1
        try emit(chunk)
    }

    /// Emits the whole lines gathered so far (all bytes when `final`) and keeps the partial last line.
    private mutating func cut(emit: (LineChunk) throws -> Void, final: Bool) throws {
        var end = pending.count
        if !final {
            end = pending.withUnsafeBytes { ByteScan.lastNewline(in: $0) }.map { $0 + 1 } ?? 0
            if end == 0 {
                // One long line so far: keep gathering it, or drop it once it is too long to parse.
                let mark = atStart ? pending.withUnsafeBytes { ByteScan.byteOrderMarkLength($0) } : 0
                guard pending.count - mark > maxDocumentSize else { return }
                let excerpt = pending.withUnsafeBytes { held in
                    SourceLocation.printable(UnsafeBufferPointer(rebasing: held.unsafeUInt8s[mark..<min(held.count, mark + 24)]))
                }
                dropping = (offset + mark, line, pending.count - mark, excerpt)
                offset += pending.count
                pending.removeAll()
                atStart = false
                return
            }
        }
        if end == 0 { return }
        let chunk = LineChunk(capacity: end, pool: nil)
        pending.withUnsafeBytes { chunk.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[..<end])) }
        if atStart {
            atStart = false
            chunk.start = ByteScan.byteOrderMarkLength(chunk.bytes)
        }
        chunk.baseOffset = offset
        chunk.baseLine = line
        line += ByteScan.newlineCount(in: UnsafeRawBufferPointer(rebasing: chunk.bytes[chunk.start...]))
        offset += end
        pending.compact(keepingFrom: end)
        try emit(chunk)
    }
}
