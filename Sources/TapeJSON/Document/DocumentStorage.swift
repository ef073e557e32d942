/// What keeps a document's tape alive: either the simdjson parser it was parsed into (returned to its
/// pool when the last reference goes), or a private copy of a tape that lived in a reused buffer (a JSON
/// Lines batch).
final class DocumentStorage: @unchecked Sendable {
    // Immutable after init; the tape is only read.
    let tape: Tape
    /// The texts of the numbers simdjson could not hold, by tape index (nil for almost every document).
    /// Set only before the storage is shared (by the parse, or by `addNumbers` right after it).
    private(set) var bigNumbers: BigNumbers?
    private let owner: Owner

    /// Where the tape's memory comes from.
    private enum Owner: ~Copyable {
        /// A parser, given back to its pool with the storage.
        case pooled(SimdParser, ParserPool)
        /// The tape's words, then its strings (right after the last word), freed with the storage.
        case copy(RawVector<UInt64>)
    }

    init(tape: Tape, parser: SimdParser, pool: ParserPool, bigNumbers: BigNumbers? = nil) {
        self.tape = tape
        self.bigNumbers = bigNumbers
        self.owner = .pooled(parser, pool)
    }

    /// A storage holding its own copy of `tape` (its words and the strings they use) and sharing
    /// `bigNumbers`.
    init(copying source: Tape, bigNumbers: BigNumbers? = nil) {
        self.bigNumbers = bigNumbers
        let stringBytes = source.stringBufferUsedBytes()
        // Room for 8 bytes past the strings, as simdjson's string buffer has.
        var memory = RawVector<UInt64>(capacity: source.count + (stringBytes + 8 + 7) / 8)
        memory.append(contentsOf: UnsafeBufferPointer(start: source.words, count: source.count))
        memory.appendRawBytes(UnsafeRawBufferPointer(start: source.strings, count: stringBytes))
        // The vector never grows again, so its address stays valid for the storage's lifetime.
        let words = memory.unsafeBaseAddress
        self.tape = Tape(words: UnsafePointer(words), count: source.count,
                         strings: UnsafeRawPointer(words + source.count).assumingMemoryBound(to: UInt8.self))
        self.owner = .copy(memory)
    }

    /// Adds number texts the tape holds placeholders for (JSON5's `Infinity` and `NaN`); only right
    /// after the parse, before the storage is shared.
    func addNumbers(_ extra: [(tapeIndex: Int, text: String)]) {
        bigNumbers = BigNumbers(merging: bigNumbers, extra)
    }

    deinit {
        switch owner {
        case .pooled(let parser, let pool): pool.give(parser)
        case .copy: break   // the vector is freed with `owner`
        }
    }
}
