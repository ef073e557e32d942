import CSimdShim

/// Splits a byte stream holding one JSON document into the byte ranges of the items at a pointer,
/// checking the envelope around them on the way.
///
/// The envelope is walked a byte at a time (keys, punctuation); every value in it is scanned to its end
/// (strings and nesting tracked) and then either descended into (on the way to the pointer), parsed
/// with simdjson to check it and let go (anywhere else), or handed out (an item). When a caller asked for
/// the envelope's events (`envelope`), the walker sends the containers it enters and leaves and the keys it
/// reads, and each checked value's events from its tape.
///
/// In three files by concern: the walk (here), the window on the input (`ItemSplitter+Window.swift`) and
/// the values (`ItemSplitter+Values.swift`). Its state is internal so that the three can share it; nothing
/// else in the module touches it.
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
    enum Expect { case valueOrEnd, value, keyOrEnd, key, colon, commaOrEnd }

    /// A container the walker is inside (it is on the way to the pointer, or holds the items).
    struct Frame {
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

    enum Phase { case walk, inValue, inKey, done }
    /// What becomes of the value being scanned.
    enum Purpose { case item, check }

    var source: any ByteSource
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
    /// The bytes read and not yet let go of, with headroom before them (where a run parsed in place
    /// gets its `[`).
    let held: ItemWindow
    /// The window's first byte and its count, cached here for the byte loops (set again after each
    /// `refill`, the only place the window changes).
    var buffer: UnsafeMutableRawPointer
    var count = 0          // valid bytes in buffer
    var position = 0       // next byte to scan
    var bufferOffset = 0   // absolute offset of buffer[0]
    var endOfInput = false
    /// Bytes read from the source so far (the summary's `bytes`: the whole document, not only its items).
    var bytesRead = 0
    var phase = Phase.walk
    var stack: [Frame] = []
    var rootDone = false
    var itemsFound = false
    // Position tracking for the byte at `position`.
    var line = 1
    var lineStart = 0      // absolute offset of the current line's first byte
    // The value (or key) being scanned.
    var valueStart = 0     // buffer index
    var valueLine = 1
    var valueColumn = 1
    var valueLineStart = 0
    var valueDroppedScalars = 0
    /// Scalars of the current line in bytes already dropped from the buffer (columns count from there).
    var droppedScalars = 0
    var purpose = Purpose.check
    var depth = 0
    var inString = false
    var escaped = false
    var index = 0
    // Memo for columns on the current line, so that a one-line array is not rescanned per item.
    var memoLine = 0
    var memoOffset = 0
    var memoColumn = 1

    init(source: any ByteSource, blockSize: Int, tokens: [[UInt8]], pointer: String, envelopeParser: SimdParser,
         window: Int = 16 << 20, runBytes: Int = 0) {
        self.source = source
        self.tokens = tokens
        self.pointer = pointer
        self.envelopeParser = envelopeParser
        self.window = max(window, 64)
        self.maxDepth = envelopeParser.maxDepth
        self.runBytes = runBytes
        let held = ItemWindow(capacity: blockSize)
        self.held = held
        self.buffer = held.bytes.unsafeBaseAddress
    }

    /// The window's first byte, typed.
    var bytes: UnsafeMutablePointer<UInt8> { buffer.assumingMemoryBound(to: UInt8.self) }

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
                if bufferOffset + position == 0
                    && ByteScan.byteOrderMarkLength(UnsafeRawBufferPointer(start: buffer, count: count)) == 3 {
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
    mutating func walk(_ byte: UInt8) throws -> Piece? {
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
    mutating func endOfDocument() throws -> Piece? {
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
    mutating func failAtEnd(_ kind: JSONError.Kind) -> Piece {
        position = count
        return fail(kind)
    }
}
