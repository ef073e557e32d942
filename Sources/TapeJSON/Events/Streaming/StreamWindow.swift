import CSimdShim

// The engine behind `JSONStreamParser` (whose documentation says what it does): the window of bytes, the
// walk through the containers it enters, the batches simdjson parses, and the location of errors. Not
// generic: only the methods that deliver events take the handler, so the walk itself is compiled once,
// with no generic metadata in its loops.

/// The window, the walk and the batches of one streamed document.
final class StreamWindow {
    /// The deepest nesting accepted, as `JSONParser.maxDepth`.
    let maxDepth: Int
    /// The most bytes of one unfinished array or object held before the parser enters it (delivers its
    /// start and batches its elements one by one).
    let window: Int
    /// Whether the handler stopped the parse (`.stop`) or threw: later feeds are ignored.
    var isStopped: Bool { state == .stopped }
    /// Bytes fed so far.
    private(set) var bytesFed = 0

    /// Where the parser stands in the document.
    enum State: Equatable {
        /// Before the top-level value.
        case root
        /// In a top-level scalar (held whole until `finish()`).
        case rootScalar
        /// In the top frame's elements: `clean` is just past its opener or a comma.
        case members
        /// After an entered container closed: the top frame expects a comma or its end.
        case afterValue
        /// After the top-level value: only whitespace may follow.
        case rootDone
        /// An error is certain at `clean` or after; waiting for the bytes that say exactly which.
        case failing
        case finished
        case stopped
    }

    /// An array or object the parser has entered.
    struct Frame {
        let isObject: Bool
        /// Whether its events are muted (the handler skipped it or a container around it).
        var skipping: Bool
    }

    let parser: SimdParser
    /// The parsers of batches inside entered containers, by how many containers are open around the
    /// batch's own (index 0: one). Each allows `maxDepth` less those, so simdjson checks a batch's
    /// nesting exactly as it would the whole document's.
    private var nestedParsers: [SimdParser] = []
    /// The most bytes of complete elements parsed in one simdjson call (more than one element's worth
    /// is split between calls; a single larger element is parsed whole).
    let batchLimit: Int
    /// The bytes held: from a few before `clean` to the last fed.
    private var bytes = PaddedByteBuffer(capacity: 1 << 16)
    /// Valid bytes in `bytes`.
    private var count: Int { bytes.count }
    /// The held bytes' first byte (valid until `reserve` compacts or grows them).
    private var buffer: UnsafeMutablePointer<UInt8> { bytes.unsafeBaseAddress.assumingMemoryBound(to: UInt8.self) }
    /// The absolute offset of `buffer[0]` in the document.
    private var base = 0
    /// The buffer index up to which the document is accepted (events delivered, grammar checked).
    private var clean = 0
    var state = State.root
    private var frames: [Frame] = []
    /// In `.members`: whether `clean` is right after the frame's opener (no element read yet).
    private var first = true
    // The separator scan of the elements after `clean`.
    private var scanPosition = 0
    private var scanState = tj_scan_state(depth: 0, in_string: false, escaped: false)
    /// The last element separator (a comma outside strings and nested containers) found after `clean`.
    private var lastSeparator = -1
    /// The pending size at which to try entering the pending value again (it was a scalar, or its key was
    /// not complete).
    private var enterRetrySize = 0
    /// Line bookkeeping for the bytes already dropped: the line and column of `buffer[0]`.
    private var positionAtBase = TextPosition()
    /// While `.failing`: the text standing for the open containers, and simdjson's error code.
    private var failurePrefix: [UInt8] = []
    private var failureCode = SimdErrorCode(Int(TJ_TAPE_ERROR))
    /// The error thrown, thrown again by any later call.
    private var failure: JSONError?

    /// Bytes kept before `clean` when the buffer is compacted: the byte a batch's opener is written to,
    /// and an error excerpt's context.
    private static var keptBefore: Int { 32 }
    /// Whether `finish()` is draining the last bytes.
    private var ending = false
    /// Whether the start of the document was checked for a UTF-8 byte order mark, and its length (0 or
    /// 3): the mark is skipped, as `JSONParser` skips it (offsets count its bytes, columns do not).
    private var markChecked = false
    private var markLength = 0

    /// See `JSONStreamParser.init(handler:maxDepth:window:)`.
    init(maxDepth: Int, window: Int) throws(JSONError) {
        self.maxDepth = max(1, maxDepth)
        self.window = max(64, window)
        self.batchLimit = max(64, min(self.window, 1 << 20))
        self.parser = try SimdParser(maxCapacity: Simd.maxDocumentSize, maxDepth: self.maxDepth)
    }

    /// The bytes the window's buffer can hold now (what the tests check stays bounded).
    var bufferCapacity: Int { bytes.capacity }

    // MARK: - Feeding

    /// See `JSONStreamParser.feed(_:)`.
    func feed<H: JSONEventHandler>(_ bytes: UnsafeRawBufferPointer, _ handler: inout H) throws {
        precondition(state != .finished, "JSONStreamParser.feed(_:) after finish()")
        if let failure { throw failure }
        guard state != .stopped, let start = bytes.baseAddress else { return }
        var offset = 0
        // Large chunks go in slices, so the window (not the chunk) bounds what is held.
        let slice = 1 << 20
        while offset < bytes.count, state != .stopped {
            let n = min(slice, bytes.count - offset)
            reserve(n)
            self.bytes.append(contentsOf: UnsafeRawBufferPointer(start: start + offset, count: n))
            bytesFed += n
            offset += n
            try stoppingOnForeignErrors { try drain(final: false, &handler) }
        }
    }

    /// See `JSONStreamParser.finish()`.
    func finish<H: JSONEventHandler>(_ handler: inout H) throws {
        if let failure { throw failure }
        guard state != .stopped, state != .finished else { return }
        ending = true
        try stoppingOnForeignErrors { try drain(final: true, &handler) }
        if state != .stopped { state = .finished }
    }

    /// See `JSONStreamParser.reset()`.
    func reset() {
        bytes.removeAll()
        base = 0
        clean = 0
        state = .root
        frames.removeAll(keepingCapacity: true)
        first = true
        resetScan()
        positionAtBase = TextPosition()
        failurePrefix = []
        failure = nil
        ending = false
        bytesFed = 0
        markChecked = false
        markLength = 0
    }

    /// Reads up to `limit` bytes from `source` straight into the window (no copy) and parses them.
    /// Returns false at the end of the input.
    func feed<H: JSONEventHandler>(from source: inout some ByteSource, limit: Int, _ handler: inout H) throws -> Bool {
        precondition(state != .finished, "JSONStreamParser.feed after finish()")
        if let failure { throw failure }
        reserve(limit)
        let n = try stoppingOnForeignErrors {
            try bytes.withUnsafeMutableWritableBytes(minimumWritableBytes: limit) { room in
                try source.read(into: UnsafeMutableRawBufferPointer(rebasing: room.prefix(limit)))
            }
        }
        if n == 0 { return false }
        bytesFed += n
        try stoppingOnForeignErrors { try drain(final: false, &handler) }
        return true
    }

    /// Runs `body`; an error that is not the document's (the handler's, the input's) stops the parser,
    /// so that a later feed neither delivers the same events again nor reads on.
    private func stoppingOnForeignErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            if state != .failing { state = .stopped }
            throw error
        }
    }

    /// Makes room for `n` more bytes: drops what is accepted, then grows.
    private func reserve(_ n: Int) {
        if n <= bytes.writableBytes { return }
        compact()
        bytes.reserveWritable(n)
    }

    /// Drops the bytes before `clean` (keeping a few), counting their lines first.
    private func compact() {
        let drop = max(0, clean - Self.keptBefore)
        guard drop > 0 else { return }
        positionAtBase = bytes.withUnsafeBytes { positionAtBase.advanced(over: UnsafeRawBufferPointer(rebasing: $0[..<drop])) }
        bytes.compact(keepingFrom: drop)
        clean -= drop
        scanPosition -= drop
        if lastSeparator >= 0 { lastSeparator -= drop }
        base += drop
    }

    // MARK: - The walk

    private func resetScan() {
        scanPosition = clean
        scanState = tj_scan_state(depth: 0, in_string: false, escaped: false)
        lastSeparator = -1
        enterRetrySize = 0
    }

    private func skipWhitespace(_ from: Int) -> Int {
        var i = from
        while i < count {
            switch bytes[unchecked: i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return i
            }
        }
        return i
    }

    /// Accepts as much of the buffer as possible; `final` when no more bytes will come.
    private func drain<H: JSONEventHandler>(final: Bool, _ handler: inout H) throws {
        while true {
            switch state {
            case .finished, .stopped:
                return
            case .failing:
                try throwFailure(final: final)
                return
            case .root:
                if !markChecked {
                    // A byte order mark opening the document (its bytes may arrive one feed at a time).
                    let n = min(count - clean, 3)
                    if base + clean == 0 && ByteScan.isByteOrderMarkPrefix(UnsafeRawBufferPointer(start: buffer, count: n)) {
                        if n < 3 && !final { return }
                        if n == 3 {
                            clean = 3
                            markLength = 3
                            // The mark is one scalar: the columns of line 1 do not count it.
                            positionAtBase.column = 0
                        }
                    }
                    markChecked = true
                }
                let i = skipWhitespace(clean)
                clean = i
                if i >= count {
                    if final { try fail(prefix: [], final: true) }
                    return
                }
                let byte = bytes[unchecked: i]
                if (byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")) && maxDepth > 1 {
                    try enterContainer(at: i, key: nil, &handler)
                } else {
                    state = .rootScalar
                }
            case .rootScalar:
                if !final {
                    // Held whole; an error that is certain already (a byte that starts no value) is
                    // reported without waiting for the end.
                    if count - clean >= enterRetrySize {
                        enterRetrySize = max(window, (count - clean) * 2)
                        if let error = locate(prefix: [], final: false) { throw remember(error) }
                    }
                    return
                }
                let span = UnsafeRawBufferPointer(start: buffer + clean, count: count - clean)
                guard let (tape, bigNumbers) = parse(span, with: parser) else { return try fail(prefix: [], final: true) }
                var reader = JSONEventReader(tape: tape, start: Tape.rootIndex, end: tape.count - 1)
                reader.bigNumbers = bigNumbers
                if try !Self.deliver(&reader, to: &handler) { state = .stopped; return }
                clean = count
                state = .rootDone
            case .members:
                if try !acceptElements(final: final, &handler) { return }
            case .afterValue:
                let i = skipWhitespace(clean)
                clean = i
                if i >= count {
                    if final { return try fail(prefix: prefix(), final: true) }
                    return
                }
                let top = frames[frames.count - 1]
                if bytes[unchecked: i] == UInt8(ascii: ",") {
                    clean = i + 1
                    state = .members
                    first = false
                    resetScan()
                } else if bytes[unchecked: i] == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    clean = i + 1
                    try leaveContainer(&handler)
                } else {
                    return try fail(prefix: prefix(), final: final)
                }
            case .rootDone:
                let i = skipWhitespace(clean)
                clean = i
                if i < count {
                    throw remember(error(.trailingContent, at: i))
                }
                if final { state = .finished }
                return
            }
        }
    }

    /// In `.members`: parses the complete elements after `clean` in one batch, or the rest of the
    /// container when its end has arrived, or enters an element too large to hold. Returns false when
    /// more bytes are needed.
    private func acceptElements<H: JSONEventHandler>(final: Bool, _ handler: inout H) throws -> Bool {
        var closer = -1
        while scanPosition < count {
            let end = tj_scan_to_separator(buffer, scanPosition, count, &scanState, nil, nil)
            if end >= count {
                scanPosition = count
                break
            }
            if bytes[unchecked: end] == UInt8(ascii: ",") {
                lastSeparator = end
                scanPosition = end + 1
                if end - clean >= batchLimit { break }
            } else {
                closer = end
                break
            }
        }
        if closer >= 0 {
            // The container's end has arrived: its remaining elements in one batch, then its end.
            guard try batch(through: closer, closerIsReal: true, needsElement: !first, &handler) else { return false }
            if state == .stopped { return false }
            clean = closer + 1
            try leaveContainer(&handler)
            return state != .stopped
        }
        if lastSeparator >= 0 {
            let separator = lastSeparator
            guard try batch(through: separator, closerIsReal: false, needsElement: true, &handler) else { return false }
            if state == .stopped { return false }
            clean = separator + 1
            first = false
            lastSeparator = -1
            enterRetrySize = 0
            if scanPosition < clean {
                resetScan()
            }
            return true
        }
        if final {
            try fail(prefix: prefix(), final: true)
            return false
        }
        if count - clean >= window && count - clean >= enterRetrySize {
            if try enterPendingElement(&handler) { return true }
            if state == .failing || state == .stopped { return state == .failing }
            enterRetrySize = (count - clean) * 2
        }
        return false
    }

    /// Parses `buffer[clean - 1 ... through]` as the top frame's container (its opener written at
    /// `clean - 1`, and its closer at `through` unless it is there) and delivers the elements' events.
    /// Returns false (after moving to `.failing`) when the batch is invalid.
    private func batch<H: JSONEventHandler>(through: Int, closerIsReal: Bool, needsElement: Bool, _ handler: inout H) throws -> Bool {
        let top = frames[frames.count - 1]
        let from = clean - 1
        let savedOpener = bytes[unchecked: from]
        let savedCloser = bytes[unchecked: through]
        bytes[unchecked: from] = top.isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")
        if !closerIsReal { bytes[unchecked: through] = top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]") }
        let span = UnsafeRawBufferPointer(start: buffer + from, count: through + 1 - from)
        let parsed = parse(span, with: try batchParser())
        bytes[unchecked: from] = savedOpener
        bytes[unchecked: through] = savedCloser
        guard let (tape, bigNumbers) = parsed, !(needsElement && tape.storedCount(Tape.rootIndex) == 0) else {
            try fail(prefix: prefix(), final: ending)
            return false
        }
        // A skipped container has nothing to deliver and nothing more to check (validation).
        if top.skipping { return true }
        // The elements: the tape between the batch's own start and end words.
        var reader = JSONEventReader(tape: tape, start: Tape.rootIndex + 1, end: tape.count - 2)
        reader.bigNumbers = bigNumbers
        reader.push(object: top.isObject)
        if try !Self.deliver(&reader, to: &handler) { state = .stopped }
        return true
    }

    /// The parser for a batch of the top frame (see `nestedParsers`).
    private func batchParser() throws(JSONError) -> SimdParser {
        let around = frames.count - 1
        if around == 0 { return parser }
        while nestedParsers.count < around {
            nestedParsers.append(try SimdParser(maxCapacity: Simd.maxDocumentSize,
                                                maxDepth: max(1, maxDepth - nestedParsers.count - 1)))
        }
        return nestedParsers[around - 1]
    }

    /// Parses a span (padded) with simdjson, reading numbers it cannot hold as `JSONParser` does.
    private func parse(_ span: UnsafeRawBufferPointer, with parser: SimdParser) -> (Tape, BigNumbers?)? {
        switch parser.parseReadingBigNumbers(span) {
        case .success(let parsed):
            return parsed
        case .failure(let code):
            failureCode = code
            return nil
        }
    }

    /// Enters the container starting at buffer index `at` (a member value when `key` is the range of its
    /// key's text): delivers the key and the start event, and reads its elements next.
    private func enterContainer<H: JSONEventHandler>(at i: Int, key: Range<Int>?, _ handler: inout H) throws {
        let isObject = bytes[unchecked: i] == UInt8(ascii: "{")
        let muted = frames.last?.skipping ?? false
        if let key, !muted {
            let span = UnsafeRawBufferPointer(start: buffer + key.lowerBound, count: key.count)
            guard case .success(let tape) = parser.parse(span, padded: true),
                  tape.tagByte(Tape.rootIndex) == TapeTag.string.rawValue
            else { return try fail(prefix: prefix(), final: ending) }
            let name = JSONString(utf8: Span(_unsafeElements: tape.stringBytes(Tape.rootIndex)))
            if try handler.handle(.key(name)) == .stop { state = .stopped; return }
        }
        var frame = Frame(isObject: isObject, skipping: muted)
        if !muted {
            switch try handler.handle(isObject ? .startObject : .startArray) {
            case .continue: break
            case .skipChildren: frame.skipping = true
            case .stop:
                state = .stopped
                return
            }
        }
        frames.append(frame)
        clean = i + 1
        state = .members
        first = true
        resetScan()
    }

    /// The top frame's end has been accepted (`clean` is past it): delivers its end event.
    private func leaveContainer<H: JSONEventHandler>(_ handler: inout H) throws {
        let frame = frames.removeLast()
        state = frames.isEmpty ? .rootDone : .afterValue
        if !frame.skipping, try handler.handle(frame.isObject ? .endObject : .endArray) == .stop {
            state = .stopped
        }
    }

    /// The element after `clean` is still incomplete after `window` bytes: when it is an array or object,
    /// enters it (returns true). Returns false when it is a scalar (held whole) or its start has not all
    /// arrived; moves to `.failing` when its start is invalid.
    private func enterPendingElement<H: JSONEventHandler>(_ handler: inout H) throws -> Bool {
        let top = frames[frames.count - 1]
        var i = skipWhitespace(clean)
        // Only whitespace so far (an array's element or an object's key not started yet): wait for more.
        guard i < count else { return false }
        var key: Range<Int>? = nil
        if top.isObject {
            guard bytes[unchecked: i] == UInt8(ascii: "\"") else {
                try fail(prefix: prefix(), final: ending)
                return false
            }
            var j = i + 1
            while j < count && bytes[unchecked: j] != UInt8(ascii: "\"") {
                j += bytes[unchecked: j] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard j < count else { return false }
            key = i..<(j + 1)
            i = skipWhitespace(j + 1)
            guard i < count else { return false }
            guard bytes[unchecked: i] == UInt8(ascii: ":") else {
                try fail(prefix: prefix(), final: ending)
                return false
            }
            i = skipWhitespace(i + 1)
            guard i < count else { return false }
        }
        let byte = bytes[unchecked: i]
        guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                return false   // a long scalar: held whole
            default:
                try fail(prefix: prefix(), final: ending)
                return false
            }
        }
        // The error scanner's depth rule: a non-empty container may not reach `maxDepth`.
        if frames.count + 1 >= maxDepth {
            if let error = locate(prefix: prefix(), final: false) { throw remember(error) }
            return false
        }
        try enterContainer(at: i, key: key, &handler)
        return state != .failing
    }

    // MARK: - Delivery

    /// Hands the reader's events to the handler, honouring its decisions (a skipped container is jumped
    /// over on the tape: simdjson already checked its nesting, see `nestedParsers`). Returns false when
    /// the handler stops.
    @inline(__always)
    static func deliver<H: JSONEventHandler>(_ reader: inout JSONEventReader, to handler: inout H) throws -> Bool {
        while let event = reader.next() {
            switch try handler.handle(event) {
            case .continue: continue
            case .skipChildren: reader.skipChildren()
            case .stop: return false
            }
        }
        return true
    }

    // MARK: - Errors

    /// The text that puts the error scanner in the state of the open containers at `clean`.
    private func prefix() -> [UInt8] {
        var text: [UInt8] = []
        for frame in frames.dropLast() {
            text += frame.isObject ? Array(#"{"":"#.utf8) : [UInt8(ascii: "[")]
        }
        guard let top = frames.last else { return state == .rootDone ? Array("[]".utf8) : [] }
        switch state {
        case .afterValue:
            // A string stands for the value that closed: a number here would run on into a token that
            // follows it (`0` + `eee` reads as the number `0eee`, failing a byte late).
            text += top.isObject ? Array("{\"\":\"\"".utf8) : Array("[\"\"".utf8)
        default:
            if first {
                text.append(top.isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
            } else {
                text += top.isObject ? Array(#"{"":0,"#.utf8) : Array("[0,".utf8)
            }
        }
        return text
    }

    /// The document is invalid at `clean` or after: throws its error when the bytes at hand make it
    /// certain, else waits for more (`.failing`).
    private func fail(prefix: [UInt8], final: Bool) throws {
        failurePrefix = prefix
        state = .failing
        try throwFailure(final: final)
    }

    private func throwFailure(final: Bool) throws {
        if let error = locate(prefix: failurePrefix, final: final) { throw remember(error) }
        if final {
            // The scanner found nothing simdjson rejected: simdjson's verdict, at the end (as `JSONParser`).
            throw remember(error(JSONError.Kind(fallbackFor: failureCode), at: count))
        }
    }

    private func remember(_ error: JSONError) -> JSONError {
        failure = error
        state = .failing
        return error
    }

    /// The first error in the bytes after `clean` read in the state `prefix` stands for, or nil when none
    /// is certain yet (the bytes end before it can be told).
    private func locate(prefix: [UInt8], final: Bool) -> JSONError? {
        var text = prefix
        text.append(contentsOf: UnsafeBufferPointer(start: buffer + clean, count: count - clean))
        let found = text.withUnsafeBufferPointer { ErrorLocator(bytes: $0, maxDepth: maxDepth).locate() }
        guard let (kind, offset) = found else { return nil }
        if !final {
            // What only looks wrong because the bytes stop here.
            if (kind == .unexpectedEndOfInput || kind == .emptyInput) && offset >= text.count { return nil }
            if kind == .invalidUTF8 && offset + 4 > text.count { return nil }
        }
        return error(kind, at: clean + max(0, offset - prefix.count))
    }

    /// The error `kind` at buffer index `i`, with its line, column and excerpt.
    private func error(_ kind: JSONError.Kind, at i: Int) -> JSONError {
        let found = ByteScan.lines(in: UnsafeRawBufferPointer(start: buffer, count: i))
        let position = positionAtBase.advanced(by: found)
        // The excerpt as `SourceLocation` makes it: up to 24 bytes of the line before, 24 after.
        let lineStart = found.lastNewline.map { $0 + 1 } ?? max(0, markLength - base)
        let from = max(lineStart, i - 24)
        var lineEnd = i
        while lineEnd < count, bytes[unchecked: lineEnd] != 0x0A, lineEnd - i < 24 { lineEnd += 1 }
        let excerpt = SourceLocation.printable(UnsafeBufferPointer(start: buffer + from, count: max(0, lineEnd - from)))
        return JSONError(kind: kind, offset: base + i, line: position.line, column: position.column, excerpt: excerpt)
    }
}
