import CSimdShim

/// Splits a byte stream holding one JSON document into the byte ranges of the items at a pointer,
/// checking the envelope around them on the way.
///
/// The envelope is walked a byte at a time (keys, punctuation); every value in it is scanned to its end
/// (strings and nesting tracked) and then either descended into (on the way to the pointer), parsed
/// with simdjson to check it and let go (anywhere else), or handed out (an item). When a caller asked for
/// the envelope's events (`envelope`), the walker sends the containers it enters and leaves and the keys it
/// reads, and each checked value's events from its tape.
struct ItemSplitter {
    enum Piece {
        /// One item's bytes (padded after), the same with its separator (where errors are located), its
        /// absolute offset, line and column, and its index.
        case item(UnsafeRawBufferPointer, delimited: UnsafeRawBufferPointer, offset: Int, line: Int, column: Int, index: Int)
        /// Several complete items of an array, to be parsed as one (`ItemRunParser`).
        case run(ItemRun)
        /// The input's structure is broken here (the envelope, or an item cut short): reading stops, and
        /// nothing after `stop.offset` is read as items.
        case envelopeError(StreamStop)
        /// The pointer names nothing, or a scalar.
        case pointerError(JSONItemPointerError)
    }

    /// What the walker expects next in a container.
    private enum Expect { case valueOrEnd, value, keyOrEnd, key, colon, commaOrEnd }

    /// A container the walker is inside (it is on the way to the pointer, or holds the items).
    private struct Frame {
        let isObject: Bool
        var expect: Expect
        /// Values read so far (the next element's index in an array).
        var count = 0
        /// The key of the member being read (objects).
        var key: [UInt8] = []
        /// Whether this container's values are the items.
        let holdsItems: Bool
        /// Whether this container lies on the pointer's path (else it was entered because it is too
        /// large to hold: its values are only checked).
        var onPath = true
    }

    private enum Phase { case walk, inValue, inKey, done }
    /// What becomes of the value being scanned.
    private enum Purpose { case item, check }

    var source: any ByteSource
    let blockSize: Int
    /// The pointer's tokens.
    let tokens: [[UInt8]]
    let pointer: String
    let envelopeParser: SimdParser
    /// Receives the envelope's events, when a caller asked for them (nil: none are made).
    var envelope: (any EnvelopeEventReceiver)? = nil
    /// The most bytes of a checked container held before the walker enters it instead (its values are
    /// then checked one by one): what bounds memory for a document of any size.
    let window: Int
    /// Containers the walker may be inside (the parser's `maxDepth`).
    let maxDepth: Int
    /// The most bytes of items handed out as one run (0: every item on its own).
    let runBytes: Int
    /// The buffer's memory: one byte before `buffer` (where a run parsed in place gets its `[`).
    private var storage: UnsafeMutableRawPointer
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    private var count = 0          // valid bytes in buffer
    private var position = 0       // next byte to scan
    private var bufferOffset = 0   // absolute offset of buffer[0]
    private var endOfInput = false
    /// Bytes read from the source so far (the summary's `bytes`: the whole document, not only its items).
    private(set) var bytesRead = 0
    private var phase = Phase.walk
    private var stack: [Frame] = []
    private var rootDone = false
    private var itemsFound = false
    // Position tracking for the byte at `position`.
    private var line = 1
    private var lineStart = 0      // absolute offset of the current line's first byte
    // The value (or key) being scanned.
    private var valueStart = 0     // buffer index
    private var valueLine = 1
    private var valueColumn = 1
    private var valueLineStart = 0
    private var valueDroppedScalars = 0
    /// Scalars of the current line in bytes already dropped from the buffer (columns count from there).
    private var droppedScalars = 0
    private var purpose = Purpose.check
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var index = 0
    // Memo for columns on the current line, so that a one-line array is not rescanned per item.
    private var memoLine = 0
    private var memoOffset = 0
    private var memoColumn = 1

    init(source: any ByteSource, blockSize: Int, tokens: [[UInt8]], pointer: String, envelopeParser: SimdParser,
         window: Int = 16 << 20, runBytes: Int = 0) {
        self.source = source
        self.blockSize = blockSize
        self.tokens = tokens
        self.pointer = pointer
        self.envelopeParser = envelopeParser
        self.window = max(window, 64)
        self.maxDepth = envelopeParser.maxDepth
        self.runBytes = runBytes
        self.capacity = blockSize
        self.storage = UnsafeMutableRawPointer.allocate(byteCount: blockSize + Simd.padding + 64, alignment: 64)
        self.buffer = storage + 64
    }

    func release() { storage.deallocate() }

    private var bytes: UnsafeMutablePointer<UInt8> { buffer.assumingMemoryBound(to: UInt8.self) }

    /// Reads more input, keeping the unfinished value (from `keep`) at the front of the buffer.
    private mutating func refill(keep: Int) throws -> Bool {
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
            buffer.copyMemory(from: buffer + keep, byteCount: count - keep)
            count -= keep
            position -= keep
            valueStart -= keep
            bufferOffset += keep
        }
        if count == capacity {
            let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2 + Simd.padding + 64, alignment: 64)
            (bigger + 64).copyMemory(from: buffer, byteCount: count)
            storage.deallocate()
            storage = bigger
            buffer = bigger + 64
            capacity *= 2
        }
        let n = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer + count, count: capacity - count))
        if n == 0 { endOfInput = true; return false }
        count += n
        bytesRead += n
        (buffer + count).initializeMemory(as: UInt8.self, repeating: 0x20, count: Simd.padding)
        return true
    }

    /// The number of Unicode scalars starting in `count` bytes at `p` (the bytes that are not UTF-8
    /// continuation bytes), 8 at a time.
    private static func scalarCount(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int {
        count > 0 ? tj_count_scalars(p, count) : 0
    }

    /// The column (in scalars) of `absolute` on the current line, counted on from the last one computed.
    private mutating func column(at absolute: Int) -> Int {
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

    private mutating func error(_ kind: JSONError.Kind, at absolute: Int) -> JSONError {
        let start = max(absolute - 24, bufferOffset, lineStart)
        var end = min(absolute + 24, bufferOffset + count)
        if let newline = (absolute..<end).first(where: { bytes[$0 - bufferOffset] == 0x0A }) { end = newline }
        let excerpt = SourceLocation.printable(UnsafeBufferPointer(start: bytes + (start - bufferOffset), count: max(0, end - start)))
        return JSONError(kind: kind, offset: absolute, line: line, column: column(at: absolute), excerpt: excerpt)
    }

    /// Stops with an envelope error at the current byte.
    private mutating func fail(_ kind: JSONError.Kind) -> Piece {
        stop(error(kind, at: bufferOffset + position))
    }

    /// Stops reading because of `reason`: at the first byte of the value or key being scanned (its end is
    /// not known, so it and all after it are unread), else at the fault itself (between values).
    private mutating func stop(_ reason: JSONError) -> Piece {
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

    private mutating func advanceLine(at i: Int) {
        line += 1
        lineStart = bufferOffset + i + 1
        droppedScalars = 0
    }

    /// Whether the next value of the top frame (the root when there is none) is on the pointer's path:
    /// `.target` at the pointer, `.onTheWay` above it, `.elsewhere` off it.
    private enum PathMatch { case target, onTheWay, elsewhere }
    private func nextValuePath() -> PathMatch {
        // The frames from the root down to here must all be on the path (they were only pushed if so),
        // and the next value's own key or index must match the token at this depth.
        guard stack.last?.onPath != false else { return .elsewhere }
        let level = stack.count
        if level > tokens.count { return .elsewhere }
        if level > 0 {
            let frame = stack[level - 1]
            let token = tokens[level - 1]
            if frame.isObject {
                if frame.key != token { return .elsewhere }
            } else if JSONValue.arrayIndex(token) != frame.count {
                return .elsewhere
            }
        }
        return level == tokens.count ? .target : .onTheWay
    }

    /// A value ends: the frame it was in expects a comma or its end (or the root is complete).
    private mutating func valueEnded() {
        if stack.isEmpty {
            rootDone = true
        } else {
            stack[stack.count - 1].count += 1
            stack[stack.count - 1].expect = .commaOrEnd
        }
    }

    /// A value starts at the current byte in the top frame.
    private mutating func startValue(_ byte: UInt8) throws -> Piece? {
        let isContainer = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
        if let frame = stack.last, frame.holdsItems {
            if runBytes > 0 && !frame.isObject, let run = findRun() { return run }
            purpose = .item
        } else {
            switch nextValuePath() {
            case .target:
                guard stack.count < maxDepth else { return fail(.depthLimitExceeded) }
                guard isContainer else {
                    phase = .done
                    let at = bufferOffset + position
                    return .pointerError(JSONItemPointerError(pointer: pointer, offset: at, line: line,
                                                              column: column(at: at), foundScalar: true))
                }
                itemsFound = true
                stack.append(Frame(isObject: byte == UInt8(ascii: "{"), expect: byte == UInt8(ascii: "{") ? .keyOrEnd : .valueOrEnd,
                                   holdsItems: true))
                position += 1
                try envelope?.start(isObject: byte == UInt8(ascii: "{"), level: stack.count)
                return nil
            case .onTheWay where isContainer:
                guard stack.count < maxDepth else { return fail(.depthLimitExceeded) }
                stack.append(Frame(isObject: byte == UInt8(ascii: "{"), expect: byte == UInt8(ascii: "{") ? .keyOrEnd : .valueOrEnd,
                                   holdsItems: false))
                position += 1
                try envelope?.start(isObject: byte == UInt8(ascii: "{"), level: stack.count)
                return nil
            case .onTheWay, .elsewhere:
                purpose = .check
            }
        }
        phase = .inValue
        valueStart = position
        valueLine = line
        valueLineStart = lineStart
        valueDroppedScalars = droppedScalars
        valueColumn = column(at: bufferOffset + position)
        depth = 0
        inString = false
        escaped = false
        return nil
    }

    /// The complete items from the current byte (an array item's first byte) on, as one run, when the
    /// buffer holds at least one; the walker moves on to the separator after them.
    private mutating func findRun() -> Piece? {
        var found = tj_item_run()
        tj_find_item_run(bytes, position, count, runBytes, &found)
        guard found.items > 0 else { return nil }
        let start = position
        let at = bufferOffset + start
        let run = ItemRun(base: buffer + start, count: found.end - start, hasSeparator: true, offset: at, line: line,
                          column: column(at: at), firstIndex: index, items: found.items)
        if found.newlines > 0 {
            line += found.newlines
            lineStart = bufferOffset + found.last_newline + 1
            droppedScalars = 0
        }
        position = found.end
        index += found.items
        stack[stack.count - 1].count += found.items
        stack[stack.count - 1].expect = .commaOrEnd
        return .run(run)
    }

    /// Whether `byte` opens an array or object.
    private func isContainerStart(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") }

    /// A container being scanned to be checked has filled the window: the walker enters it instead and
    /// checks its values one by one (rescanning from its first byte). False for a scalar (a string or
    /// number is held whole, however long).
    private mutating func enterValue() throws -> Bool {
        let first = bytes[valueStart]
        guard isContainerStart(first), stack.count < maxDepth else { return false }
        let isObject = first == UInt8(ascii: "{")
        var frame = Frame(isObject: isObject, expect: isObject ? .keyOrEnd : .valueOrEnd, holdsItems: false)
        frame.onPath = false
        stack.append(frame)
        phase = .walk
        position = valueStart + 1
        line = valueLine
        lineStart = valueLineStart
        droppedScalars = valueDroppedScalars
        depth = 0
        inString = false
        escaped = false
        try envelope?.start(isObject: isObject, level: stack.count)
        return true
    }

    /// The value scanned ends before `end` (a buffer index): hands it out, or checks it.
    private mutating func finishValue(at end: Int) throws -> Piece? {
        phase = .walk
        let stop = trimmedEnd(end)
        let span = UnsafeRawBufferPointer(start: buffer + valueStart, count: stop - valueStart)
        let offset = bufferOffset + valueStart
        let (valueLine, valueColumn) = (self.valueLine, self.valueColumn)
        valueEnded()
        switch purpose {
        case .item:
            defer { index += 1 }
            return .item(span, delimited: delimited(span, end: end), offset: offset, line: valueLine,
                         column: valueColumn, index: index)
        case .check:
            // Numbers simdjson cannot hold are valid JSON (see `BigNumbers`): the rest is checked around them.
            let code: SimdErrorCode
            switch envelopeParser.parseReadingBigNumbers(span) {
            case .success(let parsed):
                if let envelope, envelope.isListening { try envelope.value(tape: parsed.tape, bigNumbers: parsed.bigNumbers) }
                return nil
            case .failure(let failure):
                code = failure
            }
            let located = JSONError(item: span, delimited: delimited(span, end: end), code: code,
                                    maxDepth: envelopeParser.maxDepth, inContainer: !stack.isEmpty)
            phase = .done
            return .envelopeError(StreamStop(offset: offset, line: valueLine, column: valueColumn, itemIndex: nil,
                                             reason: located.shifted(byOffset: offset, line: valueLine, column: valueColumn)))
        }
    }

    /// The key scanned (from `valueStart`, its opening quote, to `end`, past its closing one) ends.
    private mutating func finishKey(at end: Int) throws -> Piece? {
        phase = .walk
        let span = UnsafeRawBufferPointer(start: buffer + valueStart, count: end - valueStart)
        stack[stack.count - 1].expect = .colon
        // Every key is checked (the items' keys too: a member's key is not part of its value); only those
        // on the pointer's path are kept, to be compared with its tokens. Printable ASCII without escapes
        // is its own text; anything else is parsed (checked and unescaped).
        let frame = stack[stack.count - 1]
        let compared = frame.onPath && !frame.holdsItems && stack.count <= tokens.count
        // The envelope's keys are events; the keys of the items' own object are not (its values are the items).
        let sent = !frame.holdsItems && envelope?.isListening == true
        if span.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) {
            if compared { stack[stack.count - 1].key = Array(span.dropFirst().dropLast()) }
            if sent { try envelope?.key(UnsafeRawBufferPointer(rebasing: span.dropFirst().dropLast())) }
            return nil
        }
        let key: String
        do {
            key = try JSONParser.shared.parse(bytes: span).root.string ?? ""
        } catch {
            phase = .inKey
            return stop(error.shifted(byOffset: bufferOffset + valueStart, line: valueLine, column: valueColumn))
        }
        if compared { stack[stack.count - 1].key = Array(key.utf8) }
        if sent {
            var text = key
            try text.withUTF8 { try envelope?.key(UnsafeRawBufferPointer($0)) }
        }
        return nil
    }

    mutating func next() throws -> Piece? {
        while true {
            if position >= count {
                if phase == .inValue && purpose == .check && count - valueStart >= window, try enterValue() { continue }
                let keep = phase == .inValue || phase == .inKey ? valueStart : position
                if try !refill(keep: keep) {
                    return try endOfDocument()
                }
                continue
            }
            if phase == .inValue && (!stack.isEmpty || depth > 0 || (position == valueStart && isContainerStart(bytes[position]))) {
                // The hot loop: on to the value's separator (or the end of the buffer).
                scanToSeparator()
                if position >= count { continue }
            }
            let byte = bytes[position]
            switch phase {
            case .done:
                return nil
            case .inValue, .inKey:
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        if phase == .inKey {
                            position += 1
                            if let piece = try finishKey(at: position) { return piece }
                            continue
                        }
                    } else if byte == 0x0A {
                        advanceLine(at: position)
                    }
                    position += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]") where depth > 0, UInt8(ascii: "}") where depth > 0: depth -= 1
                case 0x0A: advanceLine(at: position)
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if depth > 0 { break }
                    if let piece = try finishValue(at: position) { return piece }
                    continue   // the walker reads the separator
                case 0x20, 0x09, 0x0D:
                    // Whitespace after the root value ends it (nothing else will).
                    if depth == 0 && stack.isEmpty {
                        if let piece = try finishValue(at: position) { return piece }
                        continue
                    }
                default: break
                }
                position += 1
            case .walk:
                if bufferOffset + position == 0 && count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB
                    && bytes[2] == 0xBF {
                    position = 3
                    continue
                }
                switch byte {
                case 0x20, 0x09, 0x0D:
                    position += 1
                    continue
                case 0x0A:
                    advanceLine(at: position)
                    position += 1
                    continue
                default: break
                }
                if let piece = try walk(byte) { return piece }
            }
        }
    }

    /// One byte of envelope punctuation (or the first byte of a value or key).
    private mutating func walk(_ byte: UInt8) throws -> Piece? {
        guard var frame = stack.last else {
            if rootDone { return fail(.trailingContent) }
            return try startValue(byte)
        }
        switch (frame.expect, byte) {
        case (.valueOrEnd, UInt8(ascii: "]")), (.keyOrEnd, UInt8(ascii: "}")),
             (.commaOrEnd, UInt8(ascii: "]")) where !frame.isObject,
             (.commaOrEnd, UInt8(ascii: "}")) where frame.isObject:
            let level = stack.count
            stack.removeLast()
            position += 1
            valueEnded()
            try envelope?.end(isObject: frame.isObject, level: level)
            return nil
        case (.commaOrEnd, UInt8(ascii: ",")):
            frame.expect = frame.isObject ? .key : .value
            stack[stack.count - 1] = frame
            position += 1
            return nil
        case (.colon, UInt8(ascii: ":")):
            frame.expect = .value
            stack[stack.count - 1] = frame
            position += 1
            return nil
        case (.keyOrEnd, UInt8(ascii: "\"")), (.key, UInt8(ascii: "\"")):
            phase = .inKey
            valueStart = position
            valueLine = line
            valueColumn = column(at: bufferOffset + position)
            inString = true
            escaped = false
            position += 1
            return nil
        case (.valueOrEnd, _), (.value, _):
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"):
                // `[,`, `[1,,2]`, `[1,]`, `{"a":}`: a missing value.
                return fail(.unexpectedCharacter)
            default:
                return try startValue(byte)
            }
        default:
            return fail(.unexpectedCharacter)
        }
    }

    /// The input ended: what is left to say.
    private mutating func endOfDocument() throws -> Piece? {
        switch phase {
        case .done:
            return nil
        case .inValue where stack.isEmpty && depth == 0 && !inString:
            // A root scalar that runs to the end of the input.
            if let piece = try finishValue(at: count) { return piece }
            return try endOfDocument()
        case .inValue where purpose == .check:
            // A value cut off by the end: simdjson says where it first goes wrong (often before the end).
            let piece = try finishValue(at: count)
            phase = .done
            return piece ?? failAtEnd(.unexpectedEndOfInput)
        case .inValue where purpose == .item:
            // An item cut off by the end: an error inside it is reported where it lies, as the document
            // read whole reports it (a quote or escape out of place makes the scan run to the end).
            let end = trimmedEnd(count)
            let span = UnsafeRawBufferPointer(start: buffer + valueStart, count: end - valueStart)
            if case .failure(let code) = envelopeParser.parseReadingBigNumbers(span) {
                let located = JSONError(item: span, delimited: span, code: code, maxDepth: envelopeParser.maxDepth)
                    .shifted(byOffset: bufferOffset + valueStart, line: valueLine, column: valueColumn)
                if located.offset < bufferOffset + end { return stop(located) }
            }
            return failAtEnd(.unexpectedEndOfInput)
        case .inKey:
            // A key cut off by the end: a control character in it is reported where it lies.
            let span = UnsafeRawBufferPointer(start: buffer + valueStart, count: count - valueStart)
            do {
                _ = try JSONParser.shared.parse(bytes: span)
            } catch where error.offset < span.count && error.kind != .unexpectedEndOfInput {
                return stop(error.shifted(byOffset: bufferOffset + valueStart, line: valueLine, column: valueColumn))
            } catch {}
            return failAtEnd(.unexpectedEndOfInput)
        case .inValue:
            return failAtEnd(.unexpectedEndOfInput)
        case .walk:
            if !stack.isEmpty { return failAtEnd(.unexpectedEndOfInput) }
            if !rootDone {
                return failAtEnd(.emptyInput)
            }
            phase = .done
            if itemsFound { return nil }
            let at = bufferOffset + count
            return .pointerError(JSONItemPointerError(pointer: pointer, offset: at, line: line, column: column(at: at),
                                                      foundScalar: false))
        }
    }

    /// Stops with an envelope error at the end of the input (reading stops at the value being scanned, if
    /// any: it was cut short).
    private mutating func failAtEnd(_ kind: JSONError.Kind) -> Piece {
        position = count
        return fail(kind)
    }

    /// Moves `position` to the separator that ends the value being scanned (a `,`, `]` or `}` outside
    /// strings and nested containers), or to the end of the buffer: the shim's vector scan, 64 bytes at a
    /// time (a byte loop here ran at a third of the speed of reading JSON Lines).
    private mutating func scanToSeparator() {
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
    private func delimited(_ span: UnsafeRawBufferPointer, end: Int) -> UnsafeRawBufferPointer {
        guard end < count else { return span }
        return UnsafeRawBufferPointer(start: span.baseAddress, count: end + 1 - valueStart)
    }

    /// The end of a value without the whitespace before its separator.
    private func trimmedEnd(_ end: Int) -> Int {
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
