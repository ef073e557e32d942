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
    /// The texts of the numbers simdjson cannot hold (see `BigNumbers`), nil for almost every line.
    let bigNumbers: BigNumbers?
    /// For a line read by a parallel worker: where its chunk starts in line numbers (nil when the stored
    /// line number and index are absolute). Not retained, like `owner`.
    unowned(unsafe) let origin: ChunkOrigin?

    @_lifetime(borrow owner)
    init(tape: Tape, raw: UnsafeRawBufferPointer, lineNumber: Int, offset: Int, length: Int, index: Int,
         owner: borrowing AnyObject, origin: ChunkOrigin? = nil, bigNumbers: BigNumbers? = nil) {
        self.tape = tape
        self.bigNumbers = bigNumbers
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
        JSONDocument(storage: DocumentStorage(copying: tape, bigNumbers: bigNumbers))
    }

    /// The line's bytes as read (without its line ending).
    public var bytes: Span<UInt8> {
        @_lifetime(copy self)
        get { _overrideLifetime(Span(_unsafeElements: raw.unsafeUInt8s), copying: self) }
    }

    /// A pull reader over the line's events, without copying.
    public var events: JSONEventReader {
        @_lifetime(copy self)
        get {
            var reader = JSONEventReader(tape: tape, start: Tape.rootIndex, end: tape.count - 1)
            reader.bigNumbers = bigNumbers
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
