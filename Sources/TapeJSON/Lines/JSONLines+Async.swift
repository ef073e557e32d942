extension JSONLines {
    /// Reads JSON Lines from an asynchronous sequence of byte chunks (a socket, an HTTP body, a
    /// `FileHandle.bytes`-style stream), in constant memory, with the same guarantees as the synchronous
    /// reader: every non-blank line is delivered or goes through the error policy.
    ///
    /// Chunks may split lines (and multi-byte characters) anywhere; they are gathered into runs of whole
    /// lines of about `options.chunkSize` bytes, each parsed with `parse_many` on the calling task.
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
        var assembler = LineAssembler(chunkSize: max(options.chunkSize, 64))
        for try await piece in chunks {
            try assembler.append(piece) { chunk in
                _ = try processor.process(chunk, { line in try body(line); return nil }, onInvalidLine: onInvalidLine)
            }
        }
        try assembler.finish { chunk in
            _ = try processor.process(chunk, { line in try body(line); return nil }, onInvalidLine: onInvalidLine)
        }
        return processor.summary
    }
}

/// Gathers pushed bytes into `LineChunk`s of whole lines (the push-side twin of `LineChunker`).
struct LineAssembler {
    let chunkSize: Int
    private var pending: LineChunk
    private var offset = 0       // absolute offset of pending[0]
    private var line = 1
    private var sequence = 0
    private var atStart = true

    init(chunkSize: Int) {
        self.chunkSize = chunkSize
        self.pending = LineChunk(capacity: chunkSize * 2, pool: nil)
    }

    mutating func append<Bytes: Sequence>(_ bytes: Bytes, emit: (LineChunk) throws -> Void) throws where Bytes.Element == UInt8 {
        let copied = bytes.withContiguousStorageIfAvailable { buffer -> Bool in
            append(UnsafeRawBufferPointer(buffer))
            return true
        }
        if copied == nil {
            let array = Array(bytes)
            array.withUnsafeBytes { append($0) }
        }
        if pending.count >= chunkSize { try cut(emit: emit, final: false) }
    }

    private mutating func append(_ raw: UnsafeRawBufferPointer) {
        guard raw.count > 0 else { return }
        if pending.count + raw.count > pending.capacity {
            let bigger = LineChunk(capacity: max(pending.capacity * 2, pending.count + raw.count), pool: nil)
            bigger.base.copyMemory(from: pending.base, byteCount: pending.count)
            bigger.count = pending.count
            pending = bigger
        }
        (pending.base + pending.count).copyMemory(from: raw.baseAddress!, byteCount: raw.count)
        pending.count += raw.count
    }

    mutating func finish(emit: (LineChunk) throws -> Void) throws {
        try cut(emit: emit, final: true)
    }

    /// Emits the whole lines gathered so far (all bytes when `final`) and keeps the partial last line.
    private mutating func cut(emit: (LineChunk) throws -> Void, final: Bool) throws {
        var end = pending.count
        if !final {
            let bytes = pending.uint8
            while end > 0 && bytes[end - 1] != 0x0A { end -= 1 }
            if end == 0 { return }  // one long line so far: keep gathering
        }
        if end == 0 { return }
        let chunk = LineChunk(capacity: end, pool: nil)
        chunk.base.copyMemory(from: pending.base, byteCount: end)
        chunk.count = end
        (chunk.base + end).initializeMemory(as: UInt8.self, repeating: 0x20, count: Simd.padding)
        if atStart {
            atStart = false
            if end >= 3 && chunk.uint8[0] == 0xEF && chunk.uint8[1] == 0xBB && chunk.uint8[2] == 0xBF { chunk.start = 3 }
        }
        chunk.baseOffset = offset
        chunk.baseLine = line
        chunk.sequence = sequence
        sequence += 1
        line += countNewlines(chunk.uint8 + chunk.start, end - chunk.start)
        offset += end
        let rest = pending.count - end
        if rest > 0 { pending.base.copyMemory(from: pending.base + end, byteCount: rest) }
        pending.count = rest
        try emit(chunk)
    }
}
