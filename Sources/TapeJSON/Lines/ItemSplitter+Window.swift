import CSimdShim

// `ItemSplitter`'s window on the input: reading more (dropping what is done with), where a byte is (line,
// column, excerpt), and the scans over the bytes held.

extension ItemSplitter {
    /// Reads more input, keeping the unfinished value (from `keep`) at the front of the buffer.
    mutating func refill(keep: Int) throws -> Bool {
        if endOfInput { return false }
        if keep > 0 {
            // The current line's bytes about to go still count for its columns.
            let lineFrom = max(lineStart - bufferOffset, 0)
            let kept = bufferOffset + keep
            if lineFrom < keep {
                if memoLine == line && memoOffset >= max(lineStart, bufferOffset) && memoOffset <= kept {
                    // The column memo moves to the new start of the buffer (one pass over a long line's
                    // bytes in all, not one per item or run).
                    memoColumn += Self.scalarCount(bytes + (memoOffset - bufferOffset), kept - memoOffset)
                    memoOffset = kept
                    droppedScalars = memoColumn - 1
                } else {
                    droppedScalars += Self.scalarCount(bytes + lineFrom, keep - lineFrom)
                }
            }
            held.bytes.compact(keepingFrom: keep)
            position -= keep
            valueStart -= keep
            bufferOffset += keep
        }
        // The window doubles when full (the one growth path), else the read fills the room left.
        let n = try held.bytes.withUnsafeMutableWritableBytes(minimumWritableBytes: 1) { try source.read(into: $0) }
        buffer = held.bytes.unsafeBaseAddress
        count = held.bytes.count
        if n == 0 { endOfInput = true; return false }
        bytesRead += n
        return true
    }

    /// The number of Unicode scalars starting in `count` bytes at `p`: the columns they take.
    static func scalarCount(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int {
        ByteScan.scalarCount(in: UnsafeRawBufferPointer(start: p, count: count))
    }

    /// The column (in scalars) of `absolute` on the current line, counted on from the last one computed.
    mutating func column(at absolute: Int) -> Int {
        var column = 1
        var i = max(lineStart, bufferOffset)
        if lineStart < bufferOffset { column += droppedScalars }
        if memoLine == line && memoOffset <= absolute && memoOffset >= i {
            column = memoColumn
            i = memoOffset
        }
        if absolute > i { column += Self.scalarCount(bytes + (i - bufferOffset), absolute - i) }
        memoLine = line
        memoOffset = absolute
        memoColumn = column
        return column
    }

    mutating func error(_ kind: JSONError.Kind, at absolute: Int) -> JSONError {
        let start = max(absolute - 24, bufferOffset, lineStart)
        var end = min(absolute + 24, bufferOffset + count)
        if let newline = (absolute..<end).first(where: { bytes[$0 - bufferOffset] == 0x0A }) { end = newline }
        let excerpt = SourceLocation.printable(UnsafeBufferPointer(start: bytes + (start - bufferOffset), count: max(0, end - start)))
        return JSONError(kind: kind, offset: absolute, line: line, column: column(at: absolute), excerpt: excerpt)
    }

    /// Stops with an envelope error at the current byte.
    mutating func fail(_ kind: JSONError.Kind) -> Piece {
        stop(error(kind, at: bufferOffset + position))
    }

    /// Stops reading because of `reason`: at the first byte of the value or key being scanned (its end is
    /// not known, so it and all after it are unread), else at the fault itself (between values).
    mutating func stop(_ reason: JSONError) -> Piece {
        let scanning = phase == .inValue || phase == .inKey
        let item = stack.last?.holdsItems == true && phase != .inKey ? index : nil
        phase = .done
        guard scanning else { return .envelopeError(StreamStop(at: reason, itemIndex: item)) }
        return .envelopeError(StreamStop(offset: bufferOffset + valueStart, line: valueLine, column: valueColumn,
                                         itemIndex: item, reason: reason))
    }

    /// Reads the rest of the input without keeping it: the absolute offset where the input ends (after a
    /// stop, to say how many bytes were left unread).
    mutating func inputEnd() throws -> Int {
        if !endOfInput {
            bytesRead += try source.skipToEnd()
            endOfInput = true
        }
        return bytesRead
    }

    mutating func advanceLine(at i: Int) {
        line += 1
        lineStart = bufferOffset + i + 1
        droppedScalars = 0
    }

    /// Moves `position` to the separator that ends the value being scanned (a `,`, `]` or `}` outside
    /// strings and nested containers), or to the end of the buffer: the shim's vector scan, 64 bytes at a
    /// time (a byte loop here ran at a third of the speed of reading JSON Lines).
    mutating func scanToSeparator() {
        var state = tj_scan_state(depth: Int64(depth), in_string: inString, escaped: escaped)
        var newlines = 0
        var lastNewline = 0
        let end = tj_scan_to_separator(bytes, position, count, &state, &newlines, &lastNewline)
        if newlines > 0 {
            line += newlines
            lineStart = bufferOffset + lastNewline + 1
            droppedScalars = 0
        }
        position = end
        depth = Int(state.depth)
        inString = state.in_string
        escaped = state.escaped
    }

    /// `span` with what follows it up to and including the byte at `end` (its separator) when that byte
    /// is in the buffer: where errors are located, so that a truncated scalar (`nul,`) reads as the
    /// whole document would have it (an invalid literal, not an end of input).
    func delimited(_ span: UnsafeRawBufferPointer, end: Int) -> UnsafeRawBufferPointer {
        guard end < count else { return span }
        return UnsafeRawBufferPointer(start: span.baseAddress, count: end + 1 - valueStart)
    }

    /// The end of a value without the whitespace before its separator.
    func trimmedEnd(_ end: Int) -> Int {
        var e = end
        while e > valueStart {
            switch bytes[e - 1] {
            case 0x20, 0x09, 0x0A, 0x0D: e -= 1
            default: return e
            }
        }
        return e
    }
}

/// The window of an `ItemSplitter`: a class, not a `~Copyable` value, because the splitter is a copyable
/// value held by `ItemChunker`, which readers pass around as `any ChunkSource`.
final class ItemWindow {
    /// The bytes, with 64 bytes of headroom (a run's `[` is written just before its first byte).
    var bytes: PaddedByteBuffer

    /// An empty window of `capacity` bytes.
    init(capacity: Int) { bytes = PaddedByteBuffer(capacity: capacity, headroom: 64) }
}
