import CSimdShim

/// What the scanner found on one line.
enum LineOutcome {
    /// A valid document; its tape is valid until the scanner moves on. `bigNumbers` holds the texts of
    /// the numbers simdjson cannot hold (a line read alone, after `parse_many` stopped at it).
    case document(Tape, line: Int, offset: Int, length: Int, bigNumbers: BigNumbers?)
    /// An invalid line; the error's offset, line and column are absolute in the input.
    case invalid(JSONError)
}

/// Parses the lines of a `LineChunk` with simdjson's `parse_many`, and accounts for every line.
///
/// `parse_many` is the fast path, but in simdjson 3.0.1 it stops at the first bad document, reports a
/// truncated last document only through `truncated_bytes()`, fails a document larger than its batch with
/// CAPACITY, and separates documents by whitespace rather than by lines. So the scanner checks each
/// document it gets against the line structure, and falls back to parsing line by line wherever the two
/// disagree: after an error (then `parse_many` resumes after the bad line), for a line holding more than
/// one value or a value spanning lines, for scalar documents, and for any bytes the stream skipped.
/// A document larger than the batch grows the batch instead of failing, up to the maximum document size;
/// a line longer than that is a `.documentTooLarge` line (and one the chunker skipped unread is reported
/// as one too).
///
/// Each new stream runs simdjson's stage 1 over its first batch before it hands out a document, so a
/// stream restarted after a bad line with the full batch re-read up to a batch (1 MiB and more) to get
/// one line: with a bad line in ten, `validate --lines` read 1 MB/s (19 s for 20 MB, release build).
/// A stream restarted after a bad line therefore starts with a batch twice the distance from the previous
/// restart to that line (at least 4 KiB), and without the thread a threaded stream starts for the stage 1
/// of its next batch (a thread per bad line, 34,000 in that file); a stream that then runs on without an
/// error is restarted with a batch four times larger, up to the full batch, each time it has handed out
/// twice its batch.
struct ChunkScanner {
    let streamParser: SimdParser
    let lineParser: SimdParser
    var batchSize: Int
    let threaded: Bool
    /// The longest line parsed; longer ones are invalid.
    let maxDocumentSize: Int
    /// After `scan`: the number the line after the chunk's last one gets.
    var lineAfterScan = 1

    init(maxDepth: Int, batchSize: Int, threaded: Bool, maxDocumentSize: Int = Simd.maxDocumentSize) throws(JSONError) {
        self.maxDocumentSize = min(max(maxDocumentSize, 1), Simd.maxDocumentSize)
        streamParser = try SimdParser(maxCapacity: self.maxDocumentSize, maxDepth: maxDepth)
        lineParser = try SimdParser(maxCapacity: self.maxDocumentSize, maxDepth: maxDepth)
        self.batchSize = min(max(batchSize, Self.smallestBatch), self.maxDocumentSize)
        self.threaded = threaded
    }

    /// Calls `visit` for every non-blank line of `chunk` in order, until it returns false.
    /// Returns false when `visit` stopped the scan.
    mutating func scan(_ chunk: LineChunk, _ visit: (LineOutcome) throws -> Bool) rethrows -> Bool {
        // Read the chunk's (class) properties once: the per-line paths below use only locals.
        let bytes = chunk.uint8
        let end = chunk.count
        let first = chunk.start
        let baseOffset = chunk.baseOffset
        var next = first            // first byte not yet accounted for
        var line = chunk.baseLine   // line number of `next`
        defer { lineAfterScan = line }
        if chunk.skippedLength > 0 {
            // A line too long to hold, skipped by the chunker: only its position is left.
            line += 1
            return try visit(.invalid(JSONError(kind: .documentTooLarge, offset: baseOffset, line: chunk.baseLine,
                                                column: 1, excerpt: chunk.skippedExcerpt)))
        }
        let maxDocumentSize = self.maxDocumentSize
        // The batch of the next stream: `batchSize` but after a bad line (see the type's comment).
        var streamBatch = batchSize

        restart: while true {
            skipBlankLines(bytes, end, &next, &line)
            if next >= end { return true }
            var error: Int32 = 0
            // A threaded stream starts a thread for the stage 1 of its next batch: not for a reduced batch.
            let stageThread = threaded && streamBatch == batchSize
            guard let stream = tj_stream_create(streamParser.raw, bytes + next, end - next, streamBatch, stageThread, &error) else {
                // The stream could not even start (allocation): account for the rest line by line.
                return try scanLines(bytes, end, &next, &line, upTo: end, stopAfterFirstError: false, visit)
            }
            defer { tj_stream_destroy(stream) }
            let streamStart = next
            while true {
                var raw = tj_tape()
                var relative = 0
                var length = 0
                let code = tj_stream_next(stream, &raw, &relative, &length)
                if code == TJ_EMPTY {
                    // Whatever the stream did not hand out (a truncated last line) is checked line by line.
                    return try scanLines(bytes, end, &next, &line, upTo: end, stopAfterFirstError: false, visit)
                }
                if code != TJ_SUCCESS {
                    if code == TJ_CAPACITY {
                        // A document larger than a stream's reduced batch: retry with the full batch.
                        if streamBatch < batchSize {
                            streamBatch = batchSize
                            continue restart
                        }
                        // A document larger than the batch: grow the batch past the current line and retry;
                        // a line longer than the largest document is parsed alone, and fails as too large.
                        let lineEnd = endOfLine(bytes, end, from: next)
                        let needed = (lineEnd - next + 1 + 4095) / 4096 * 4096
                        if needed > maxDocumentSize {
                            guard try scanLines(bytes, end, &next, &line, upTo: lineEnd + 1, stopAfterFirstError: false,
                                                visit) else { return false }
                            continue restart
                        }
                        batchSize = min(max(batchSize * 2, needed), maxDocumentSize)
                        streamBatch = batchSize
                        continue restart
                    }
                    // simdjson stops here. Find the bad line by parsing line by line, then resume after it,
                    // with a batch for the distance between bad lines.
                    let run = next - streamStart
                    guard try scanLines(bytes, end, &next, &line, upTo: end, stopAfterFirstError: true, visit) else {
                        return false
                    }
                    streamBatch = min(batchSize, max(Self.smallestBatch, (2 * run + 4095) / 4096 * 4096))
                    continue restart
                }
                let offset = streamStart + relative
                if offset < next { continue }  // already accounted for by a line-by-line pass
                if offset > next {
                    // Only blank lines may lie between documents; anything else is checked line by line.
                    let lineStart = startOfLine(bytes, first, offset)
                    if !isBlank(bytes, next, lineStart) || lineStart != offset {
                        guard try scanLines(bytes, end, &next, &line, upTo: endOfLine(bytes, end, from: offset) + 1,
                                            stopAfterFirstError: false, visit) else { return false }
                        continue
                    }
                    skipBlankLines(bytes, end, &next, &line)
                }
                let lineEnd = endOfLine(bytes, end, from: offset)
                let tape = Tape(raw)
                let rootTag = tape.tagByte(Tape.rootIndex)
                let isContainer = rootTag == TapeTag.startObject.rawValue || rootTag == TapeTag.startArray.rawValue
                if isContainer && offset + length <= lineEnd && isBlank(bytes, offset + length, lineEnd) {
                    guard try visit(.document(tape, line: line, offset: baseOffset + offset,
                                              length: contentEnd(bytes, offset, lineEnd) - offset, bigNumbers: nil))
                    else { return false }
                    next = lineEnd + 1
                    line += 1
                } else {
                    guard try scanLines(bytes, end, &next, &line, upTo: lineEnd + 1, stopAfterFirstError: false, visit)
                    else { return false }
                }
                if streamBatch < batchSize && next - streamStart >= 2 * streamBatch {
                    // No bad line for a while: back towards the full batch.
                    streamBatch = min(batchSize, streamBatch * 4)
                    continue restart
                }
            }
        }

        /// Parses lines one at a time from `next` until `limit` (or the first bad line).
        func scanLines(_ bytes: UnsafePointer<UInt8>, _ end: Int, _ next: inout Int, _ line: inout Int, upTo limit: Int,
                       stopAfterFirstError: Bool, _ visit: (LineOutcome) throws -> Bool) rethrows -> Bool {
            while next < min(limit, end) {
                let lineEnd = endOfLine(bytes, end, from: next)
                let stop = contentEnd(bytes, next, lineEnd)
                if !isBlank(bytes, next, stop) {
                    let slice = UnsafeRawBufferPointer(start: bytes + next, count: stop - next)
                    let outcome: LineOutcome
                    // A line `parse_many` stopped at because of a number it cannot hold is valid JSON: the
                    // stream resumes after it as after a bad line.
                    var holdsBigNumbers = false
                    if stop - next > maxDocumentSize {
                        // Reported where the line starts, as for a line the chunker skipped unread.
                        let excerpt = SourceLocation.printable(UnsafeBufferPointer(start: bytes + next, count: min(24, stop - next)))
                        outcome = .invalid(JSONError(kind: .documentTooLarge, offset: baseOffset + next, line: line,
                                                     column: 1, excerpt: excerpt))
                    } else {
                        switch lineParser.parseReadingBigNumbers(slice) {
                        case .success(let parsed):
                            holdsBigNumbers = parsed.bigNumbers != nil
                            outcome = .document(parsed.tape, line: line, offset: baseOffset + next, length: stop - next,
                                                bigNumbers: parsed.bigNumbers)
                        case .failure(let code):
                            var error = JSONError(simdjson: code, input: slice, maxDepth: lineParser.maxDepth)
                            error.offset += baseOffset + next
                            error.line = line
                            outcome = .invalid(error)
                        }
                    }
                    let failed: Bool
                    if case .invalid = outcome { failed = true } else { failed = false }
                    guard try visit(outcome) else { return false }
                    next = lineEnd + 1
                    line += 1
                    if (failed || holdsBigNumbers) && stopAfterFirstError { return true }
                } else {
                    next = lineEnd + 1
                    line += 1
                }
            }
            return true
        }
    }

    /// The least batch a stream starts with (after a bad line).
    static let smallestBatch = 1 << 12

    /// Index of the `\n` ending the line at `from`, or `end`.
    private func endOfLine(_ bytes: UnsafePointer<UInt8>, _ end: Int, from: Int) -> Int {
        guard from < end, let p = memchr(bytes + from, 0x0A, end - from) else { return end }
        return UnsafeRawPointer(p) - UnsafeRawPointer(bytes)
    }

    private func startOfLine(_ bytes: UnsafePointer<UInt8>, _ floor: Int, _ offset: Int) -> Int {
        var i = offset
        while i > floor && bytes[i - 1] != 0x0A { i -= 1 }
        return i
    }

    /// The end of a line's content: before a `\r` that ends it.
    private func contentEnd(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ lineEnd: Int) -> Int {
        lineEnd > start && bytes[lineEnd - 1] == 0x0D ? lineEnd - 1 : lineEnd
    }

    private func isBlank(_ bytes: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
        var i = from
        while i < to {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D, 0x0A: i += 1
            default: return false
            }
        }
        return true
    }

    /// Moves `next` past whole blank lines (whitespace only), counting them.
    private func skipBlankLines(_ bytes: UnsafePointer<UInt8>, _ end: Int, _ next: inout Int, _ line: inout Int) {
        while next < end {
            let lineEnd = endOfLine(bytes, end, from: next)
            guard isBlank(bytes, next, lineEnd) else { return }
            next = lineEnd + 1
            line += 1
        }
    }
}
