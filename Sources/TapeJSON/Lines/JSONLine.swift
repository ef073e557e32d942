/// One valid line of a JSON Lines input, as handed to a reader's callback.
///
/// Non-escapable: its tape lives in the reader's reused batch buffers, so it is valid only inside the
/// callback that received it. Read it there (events, typed decoding), or take `document`, an owned copy
/// that can be kept.
public struct JSONLine: ~Escapable {
    let tape: Tape
    /// The line number, relative to `origin` when there is one.
    let storedLine: Int
    /// The index, relative to `origin` when there is one.
    let storedIndex: Int
    /// The 1-based line number in the input (for a streamed top-level array: the line where the
    /// element starts).
    ///
    /// Parallel workers do not count the lines before their chunk up front: the number is worked out
    /// the first time a line of the chunk asks for it (usually from counts the other workers published;
    /// at worst by counting the newlines between the last known point and the chunk).
    public var lineNumber: Int {
        guard let origin else { return storedLine }
        return origin.resolve().line + storedLine
    }
    /// The byte offset of the line's first byte in the input.
    public let offset: Int
    /// The length of the line's content in bytes (without its line ending).
    public let length: Int
    /// The 0-based index of this document among the non-blank lines read (for a streamed top-level
    /// array, the element's index). Worked out lazily in parallel workers, like `lineNumber`.
    public var index: Int {
        guard let origin else { return storedIndex }
        return origin.resolve().index + storedIndex
    }
    let raw: UnsafeRawBufferPointer
    /// What keeps the tape's memory alive (the worker's parser); not retained here, since a line cannot
    /// outlive the callback in which its owner is alive.
    unowned(unsafe) let owner: AnyObject
    /// For a line read by a parallel worker: where its chunk starts in line numbers (nil when the stored
    /// line number and index are absolute). Not retained, like `owner`.
    unowned(unsafe) let origin: ChunkOrigin?

    @_lifetime(borrow owner)
    init(tape: Tape, raw: UnsafeRawBufferPointer, lineNumber: Int, offset: Int, length: Int, index: Int,
         owner: borrowing AnyObject, origin: ChunkOrigin? = nil) {
        self.tape = tape
        self.raw = raw
        self.owner = copy owner
        self.origin = origin
        self.storedLine = lineNumber
        self.offset = offset
        self.length = length
        self.storedIndex = index
    }

    /// An owned copy of this line's document (its tape and strings, about the size of the line), which
    /// may be kept after the callback returns.
    public var document: JSONDocument {
        JSONDocument(storage: DocumentStorage(copying: tape))
    }

    /// The line's bytes as read (without its line ending).
    public var bytes: Span<UInt8> {
        @_lifetime(copy self)
        get { _overrideLifetime(Span(_unsafeElements: raw.bindMemory(to: UInt8.self)), copying: self) }
    }

    /// A pull reader over the line's events, without copying.
    public var events: JSONEventReader {
        @_lifetime(copy self)
        get {
            let reader = JSONEventReader(tape: tape, start: Tape.rootIndex, end: tape.count - 1)
            return _overrideLifetime(reader, copying: self)
        }
    }
}

extension JSONEventReader {
    @_lifetime(immortal)
    init(tape: Tape, start: Int, end: Int) {
        self.tape = tape
        self.index = start
        self.end = end
    }
}

/// A line that could not be used: invalid JSON, or (when decoding) a value that does not decode.
public struct JSONLineError: Error, CustomStringConvertible, @unchecked Sendable {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column of the problem (1 when the whole line is at fault, as for a decoding error).
    public var column: Int
    /// The byte offset of the problem in the input.
    public var offset: Int
    /// The underlying error: a `JSONError` for invalid JSON, a `DecodingError` (or whatever a transform
    /// threw) otherwise.
    public var underlying: any Error
    /// For `JSONArrayStream`: the 0-based index of the element at fault (nil for JSON Lines, and for an
    /// error in the array's own syntax before its first element or after its end).
    public var elementIndex: Int?

    public init(line: Int, column: Int, offset: Int, underlying: any Error) {
        self.line = line
        self.column = column
        self.offset = offset
        self.underlying = underlying
    }

    init(_ error: JSONError) {
        self.init(line: error.line, column: error.column, offset: error.offset, underlying: error)
    }

    /// A one-line message without the position.
    public var message: String {
        if let json = underlying as? JSONError {
            return json.message + (json.excerpt.isEmpty ? "" : " near '\(json.excerpt)'")
        }
        if let decoding = underlying as? DecodingError {
            switch decoding {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                 .dataCorrupted(let context):
                let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
                return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
            @unknown default:
                return String(describing: decoding)
            }
        }
        return String(describing: underlying)
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// What to do with lines that are not valid JSON (or do not decode).
public enum JSONLinesErrorPolicy: String, Sendable, CaseIterable {
    /// Stop at the first bad line and throw its `JSONLineError`.
    case fail
    /// Leave bad lines out; they are only counted (`JSONLinesSummary.invalid`).
    case skip
    /// Deliver good lines and hand each bad line to the `onInvalidLine` callback.
    case report

    /// Applies the policy to one bad line (already counted): throws it, drops it, or reports it.
    @inline(__always)
    func apply(to error: JSONLineError, report: (JSONLineError) throws -> Void) throws {
        switch self {
        case .fail: throw error
        case .skip: break
        case .report: try report(error)
        }
    }
}

/// Options for reading JSON Lines.
public struct JSONLinesOptions: Sendable {
    /// What happens to bad lines.
    public var errorPolicy: JSONLinesErrorPolicy
    /// simdjson's `parse_many` batch size. A document larger than the batch grows it.
    public var batchSize: Int
    /// Bytes read per chunk (the unit of work of one worker). A line longer than a chunk grows the chunk.
    /// Several workers on a file or on bytes in memory take smaller chunks, so that workers finish
    /// together and a chunk's values are delivered (and freed) while still in cache: at most 64 KiB
    /// when the results hold references to free (strings, arrays, objects), 512 KiB otherwise (counting).
    public var chunkSize: Int
    /// The deepest nesting accepted in one document.
    public var maxDepth: Int
    /// The longest line (in bytes, without its line break) parsed as a document; at most, and by
    /// default, the largest document simdjson parses (just under 4 GiB). A longer line is an invalid
    /// line (`.documentTooLarge`, at its first byte) under the error policy. It is skipped without being
    /// held when the input is a regular file (memory stays at the chunk size); from a stream, at most
    /// this many bytes of it are held before it is skipped, so lower it to bound memory on pipes.
    public var maxDocumentSize: Int

    public init(errorPolicy: JSONLinesErrorPolicy = .fail, batchSize: Int = 1 << 20, chunkSize: Int = 4 << 20,
                maxDepth: Int = JSONParser.defaultMaxDepth,
                maxDocumentSize: Int = SIMDImplementation.maxDocumentSize) {
        self.errorPolicy = errorPolicy
        self.batchSize = batchSize
        self.chunkSize = chunkSize
        self.maxDepth = maxDepth
        self.maxDocumentSize = min(max(maxDocumentSize, 1), SIMDImplementation.maxDocumentSize)
    }
}

/// Counts for one pass over a JSON Lines input. `documents + invalid == lines` always: no line is lost.
public struct JSONLinesSummary: Sendable, Equatable {
    /// Non-blank lines read (blank lines are not documents and are not counted).
    public var lines = 0
    /// Lines delivered (valid, and decoded when decoding).
    public var documents = 0
    /// Lines that were invalid (or failed to decode).
    public var invalid = 0
    /// Bytes read.
    public var bytes = 0

    public init() {}
}
