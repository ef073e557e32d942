import Foundation

/// Streams the elements of one huge top-level JSON array (`[{...}, {...}, ...]`), one at a time, in
/// constant memory, with the same guarantees as `JSONLines`.
///
/// The input is read in blocks; a byte scanner finds where each element ends (a comma or the closing
/// bracket at nesting depth 1, outside strings) and each element is parsed on its own as soon as it is
/// complete. Every element is accounted for: delivered, or reported through the error policy with its
/// index, line and column. Instead of line numbers, items carry their element `index`; `lineNumber` and
/// the error's `column` give where the element starts or fails in the file.
///
/// The array's own syntax is checked too: the input must open with `[` (after whitespace or a UTF-8
/// BOM), elements must be separated by single commas, and nothing but whitespace may follow the `]`. A
/// problem there is an error with its position (under `.skip` and `.report` it is reported once and
/// reading stops, since the rest cannot be split into elements reliably). An element larger than the read
/// block grows the buffer.
///
/// Limit: nesting is counted only to find element boundaries; each element must itself be valid JSON no
/// deeper than `maxDepth - 1` (the array counts as one level).
public final class JSONArrayStream {
    let input: JSONLines.Input
    /// The options in effect (`chunkSize` is the read block size).
    public let options: JSONLinesOptions

    /// Streams the array in the file at `path` (`-` for standard input).
    public init(path: String, options: JSONLinesOptions = JSONLinesOptions()) {
        self.input = path == "-" ? .descriptor(0, name: "-") : .file(path: path)
        self.options = options
    }

    /// The handle read from, kept so that its descriptor stays open while this reader lives.
    private var handle: FileHandle? = nil

    /// Streams the array read from an open file handle. The reader keeps the handle (and so
    /// its descriptor) open while it lives.
    public init(fileHandle: FileHandle, options: JSONLinesOptions = JSONLinesOptions()) {
        self.input = .descriptor(fileHandle.fileDescriptor, name: "file handle \(fileHandle.fileDescriptor)")
        self.handle = fileHandle
        self.options = options
    }

    /// Streams the array in bytes already in memory.
    public init(bytes: [UInt8], options: JSONLinesOptions = JSONLinesOptions()) {
        self.input = .memory(bytes)
        self.options = options
    }

    /// Calls `body` with every valid element in order, applying the error policy to invalid ones.
    ///
    /// - Returns: the counts (`lines` counts elements).
    /// - Throws: the first bad element (or array syntax error) under `.fail`, as a `JSONLineError`;
    ///   `JSONInputError` when the input cannot be read; anything the callbacks throw.
    @discardableResult
    public func forEach(_ body: (borrowing JSONLine) throws -> Void,
                        onInvalidElement: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        var source: any ByteSource
        switch input {
        case .memory(let bytes): source = MemorySource(bytes: bytes)
        case .descriptor(let fd, let name): source = try FileDescriptorSource(fd: fd, path: name)
        case .file(let path): source = try FileDescriptorSource(path: path)
        }
        let parser = try SimdParser(maxCapacity: Simd.maxDocumentSize, maxDepth: max(1, options.maxDepth - 1))
        var splitter = ArraySplitter(source: source, blockSize: max(options.chunkSize, 4096))
        defer { splitter.release() }
        var summary = JSONLinesSummary()
        let policy = options.errorPolicy
        let owner = parser as AnyObject

        func reject(_ error: JSONLineError) throws {
            summary.invalid += 1
            try policy.apply(to: error, report: onInvalidElement)
        }

        while let piece = try splitter.next() {
            summary.bytes = splitter.bytesRead
            switch piece {
            case .element(let bytes, let offset, let line, let column, let index):
                summary.lines += 1
                switch parser.parse(bytes, padded: true) {
                case .success(let tape):
                    let item = JSONLine(tape: tape, raw: bytes, lineNumber: line, offset: offset, length: bytes.count,
                                        index: index, owner: owner)
                    summary.documents += 1
                    try body(item)
                case .failure(let code):
                    var error = JSONError(simdjson: code, input: bytes, maxDepth: parser.maxDepth)
                    // Positions inside the element, moved to the file.
                    error = error.shifted(byOffset: offset, line: line, column: column)
                    try reject(JSONLineError(error, elementIndex: index))
                }
            case .syntaxError(let error, let index):
                summary.lines += 1
                try reject(JSONLineError(error, elementIndex: index))
                if policy != .fail { return summary }
            }
        }
        summary.bytes = splitter.bytesRead
        return summary
    }
}

extension JSONLineError {
    init(_ error: JSONError, elementIndex: Int?) {
        self.init(line: error.line, column: error.column, offset: error.offset, underlying: error)
        self.elementIndex = elementIndex
    }
}

/// Splits a byte stream holding one JSON array into its elements' byte ranges.
struct ArraySplitter {
    enum Piece {
        /// One element's bytes (padded after), its absolute offset, line and column, and its index.
        case element(UnsafeRawBufferPointer, offset: Int, line: Int, column: Int, index: Int)
        /// The array itself is malformed here; `index` is the element being read, if any.
        case syntaxError(JSONError, index: Int?)
    }

    private enum Phase { case beforeArray, beforeElement, inElement, afterArray, done }

    var source: any ByteSource
    let blockSize: Int
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    private var count = 0          // valid bytes in buffer
    private var position = 0       // next byte to scan
    private var bufferOffset = 0   // absolute offset of buffer[0]
    private var endOfInput = false
    /// Bytes read from the source so far (the summary's `bytes`: the array's text, not only its elements).
    private(set) var bytesRead = 0
    private var phase = Phase.beforeArray
    // Position tracking for the byte at `position`.
    private var line = 1
    private var lineStart = 0      // absolute offset of the current line's first byte
    // The element being scanned.
    private var elementStart = 0   // buffer index
    private var elementLine = 1
    private var elementColumn = 1
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var index = 0
    // Memo for columns on the current line, so that a one-line array is not rescanned per element.
    private var memoLine = 0
    private var memoOffset = 0
    private var memoColumn = 1

    init(source: any ByteSource, blockSize: Int) {
        self.source = source
        self.blockSize = blockSize
        self.capacity = blockSize
        self.buffer = UnsafeMutableRawPointer.allocate(byteCount: blockSize + Simd.padding, alignment: 64)
    }

    func release() { buffer.deallocate() }

    private var bytes: UnsafeMutablePointer<UInt8> { buffer.assumingMemoryBound(to: UInt8.self) }

    /// Reads more input, keeping the unfinished element (from `keep`) at the front of the buffer.
    private mutating func refill(keep: Int) throws -> Bool {
        if endOfInput { return false }
        if keep > 0 {
            (buffer).copyMemory(from: buffer + keep, byteCount: count - keep)
            count -= keep
            position -= keep
            elementStart -= keep
            bufferOffset += keep
        }
        if count == capacity {
            let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2 + Simd.padding, alignment: 64)
            bigger.copyMemory(from: buffer, byteCount: count)
            buffer.deallocate()
            buffer = bigger
            capacity *= 2
        }
        let n = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer + count, count: capacity - count))
        if n == 0 { endOfInput = true; return false }
        count += n
        bytesRead += n
        (buffer + count).initializeMemory(as: UInt8.self, repeating: 0x20, count: Simd.padding)
        return true
    }

    /// The column (in scalars) of `absolute` on the current line, counted on from the last one computed.
    private mutating func column(at absolute: Int) -> Int {
        var column = 1
        var i = max(lineStart, bufferOffset)
        if memoLine == line && memoOffset <= absolute && memoOffset >= i {
            column = memoColumn
            i = memoOffset
        }
        while i < absolute {
            if bytes[i - bufferOffset] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
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

    private mutating func advanceLine(at i: Int) {
        line += 1
        lineStart = bufferOffset + i + 1
    }

    mutating func next() throws -> Piece? {
        while true {
            if position >= count {
                let keep = phase == .inElement ? elementStart : position
                if try !refill(keep: keep) {
                    switch phase {
                    case .done, .afterArray:
                        phase = .done
                        return nil
                    case .beforeArray:
                        phase = .done
                        return .syntaxError(error(.emptyInput, at: bufferOffset + count), index: nil)
                    case .beforeElement, .inElement:
                        phase = .done
                        return .syntaxError(error(.unexpectedEndOfInput, at: bufferOffset + count), index: index)
                    }
                }
                continue
            }
            let byte = bytes[position]
            switch phase {
            case .done:
                return nil
            case .beforeArray:
                if bufferOffset + position == 0 && count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
                    position = 3
                    continue
                }
                switch byte {
                case 0x20, 0x09, 0x0D: position += 1
                case 0x0A: advanceLine(at: position); position += 1
                case UInt8(ascii: "["): phase = .beforeElement; position += 1
                default:
                    phase = .done
                    return .syntaxError(error(.unexpectedCharacter, at: bufferOffset + position), index: nil)
                }
            case .beforeElement:
                switch byte {
                case 0x20, 0x09, 0x0D: position += 1
                case 0x0A: advanceLine(at: position); position += 1
                case UInt8(ascii: "]") where index == 0:
                    phase = .afterArray
                    position += 1
                case UInt8(ascii: ","), UInt8(ascii: "]"):
                    // `[,` or `[1,,2]` or `[1,]`: a missing element.
                    phase = .done
                    return .syntaxError(error(.unexpectedCharacter, at: bufferOffset + position), index: index)
                default:
                    phase = .inElement
                    elementStart = position
                    elementLine = line
                    elementColumn = column(at: bufferOffset + position)
                    depth = 0
                    inString = false
                    escaped = false
                }
            case .inElement:
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    } else if byte == 0x0A {
                        advanceLine(at: position)
                    }
                    position += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "}"): depth -= 1
                case UInt8(ascii: "]") where depth > 0: depth -= 1
                case 0x0A: advanceLine(at: position)
                case UInt8(ascii: ","), UInt8(ascii: "]"):
                    if depth <= 0 {
                        let piece = Piece.element(UnsafeRawBufferPointer(start: buffer + elementStart, count: trimmedEnd(position) - elementStart),
                                                  offset: bufferOffset + elementStart, line: elementLine,
                                                  column: elementColumn, index: index)
                        index += 1
                        phase = byte == UInt8(ascii: ",") ? .beforeElement : .afterArray
                        position += 1
                        return piece
                    }
                default: break
                }
                position += 1
            case .afterArray:
                switch byte {
                case 0x20, 0x09, 0x0D: position += 1
                case 0x0A: advanceLine(at: position); position += 1
                default:
                    phase = .done
                    return .syntaxError(error(.trailingContent, at: bufferOffset + position), index: nil)
                }
            }
        }
    }

    /// The end of an element without the whitespace before its separator.
    private func trimmedEnd(_ end: Int) -> Int {
        var e = end
        while e > elementStart {
            switch bytes[e - 1] {
            case 0x20, 0x09, 0x0A, 0x0D: e -= 1
            default: return e
            }
        }
        return e
    }
}
