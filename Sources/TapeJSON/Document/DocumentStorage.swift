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

    private enum Owner {
        case pooled(SimdParser, ParserPool)
        case copy(UnsafeMutableRawPointer)
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
        let wordBytes = source.count * 8
        let stringBytes = source.stringBufferUsedBytes()
        let memory = UnsafeMutableRawPointer.allocate(byteCount: wordBytes + stringBytes + 8, alignment: 8)
        memory.copyMemory(from: source.words, byteCount: wordBytes)
        (memory + wordBytes).copyMemory(from: source.strings, byteCount: stringBytes)
        self.tape = Tape(words: UnsafePointer(memory.assumingMemoryBound(to: UInt64.self)), count: source.count,
                         strings: UnsafePointer((memory + wordBytes).assumingMemoryBound(to: UInt8.self)))
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
        case .copy(let memory): memory.deallocate()
        }
    }
}
