import Synchronization

/// Line numbers of chunk starts, worked out lazily for parallel readers of an in-memory input.
///
/// Counting the newlines of every chunk before handing it to a worker would cost the reading thread a
/// pass over all the bytes. Instead workers number the lines of a chunk from 1 and, once the chunk is
/// scanned, publish how many lines (and non-blank lines) it held. The absolute position of a chunk's first
/// line is the sum over the chunks before it: known without any counting once they are all published
/// (always so when results are delivered in input order), or, when a worker asks early (a transform
/// reading `JSONLine.lineNumber`), found by counting the newlines between the furthest known point and
/// the chunk, once per chunk.
final class LineNumbering: Sendable {
    /// A scanned chunk's share of the lines.
    private struct Span {
        /// Region offset just past the chunk.
        var end: Int
        /// Lines the chunk held (newlines, plus an unterminated last line).
        var lines: Int
        /// Non-blank lines among them.
        var nonBlank: Int
    }

    private struct State {
        /// The furthest offset whose line number and index are known by adding up published spans.
        var frontier: (offset: Int, line: Int, index: Int)
        /// Published spans the frontier has not reached yet, by start offset.
        var spans: [Int: Span] = [:]
        /// Chunk starts beyond the frontier found by counting, by offset.
        var counted: [Int: (line: Int, index: Int)] = [:]
        /// Starts of chunks the frontier has passed, kept until their results are delivered.
        var passed: [Int: (line: Int, index: Int)] = [:]
        /// Starts of chunks delivered before the frontier reached them (unordered delivery).
        var deliveredEarly: Set<Int> = []

        mutating func advance() {
            while let span = spans.removeValue(forKey: frontier.offset) {
                counted.removeValue(forKey: frontier.offset)
                if deliveredEarly.remove(frontier.offset) == nil {
                    passed[frontier.offset] = (frontier.line, frontier.index)
                }
                frontier = (span.end, frontier.line + span.lines, frontier.index + span.nonBlank)
            }
        }
    }

    /// What the published spans say about a chunk start.
    private enum Lookup {
        case known(line: Int, index: Int)
        /// Not reached yet: count from this known point.
        case countFrom(offset: Int, line: Int, index: Int)
    }

    private let state: Mutex<State>
    private let region: ChunkRegion

    /// Numbering for chunks of `region` starting at `begin` (a line start), whose line is `line`.
    init(region: ChunkRegion, begin: Int, line: Int) {
        self.region = region
        self.state = Mutex(State(frontier: (begin, line, 0)))
    }

    /// Records a scanned chunk: it covers `start ..< end` of the region and held `lines` lines, `nonBlank`
    /// of them not blank.
    func publish(start: Int, end: Int, lines: Int, nonBlank: Int) {
        state.withLock { state in
            state.spans[start] = Span(end: end, lines: lines, nonBlank: nonBlank)
            state.advance()
        }
    }

    /// The line number and index of the first line at region offset `start` (a chunk start).
    ///
    /// A worker asks while its chunk is in progress; the reading thread asks once more when it delivers
    /// the chunk's results (`delivered`), after which the chunk is forgotten.
    func position(ofChunkAt start: Int, delivered: Bool = false) -> (line: Int, index: Int) {
        let lookup = state.withLock { state -> Lookup in
            state.advance()
            if let passed = delivered ? state.passed.removeValue(forKey: start) : state.passed[start] {
                return .known(line: passed.line, index: passed.index)
            }
            let frontier = state.frontier
            if frontier.offset == start { return .known(line: frontier.line, index: frontier.index) }
            if delivered { state.deliveredEarly.insert(start) }
            if let counted = state.counted[start] { return .known(line: counted.line, index: counted.index) }
            return .countFrom(offset: frontier.offset, line: frontier.line, index: frontier.index)
        }
        let from: (offset: Int, line: Int, index: Int)
        switch lookup {
        case .known(let line, let index): return (line, index)
        case .countFrom(let offset, let line, let index): from = (offset, line, index)
        }
        precondition(from.offset < start, "chunk starts are line starts after the first chunk")
        // Count the lines between the frontier and the chunk. A byte order mark opening the input is not
        // content (the reader skips it).
        var first = from.offset
        if first == 0 { first = ByteScan.byteOrderMarkLength(region.bytes) }
        let counts = ByteScan.lineCounts(in: UnsafeRawBufferPointer(rebasing: region.bytes[first..<start]))
        let found = (line: from.line + counts.newlines, index: from.index + counts.nonBlank)
        state.withLock { $0.counted[start] = found }
        return found
    }
}

/// Where a parallel worker's current chunk starts in line numbers, resolved on first use and kept for
/// the chunk's other lines. One per worker, reused from chunk to chunk (only that worker touches it).
final class ChunkOrigin {
    private let numbering: LineNumbering
    private var start = 0
    private var known: (line: Int, index: Int)?

    /// An origin resolved through `numbering`.
    init(numbering: LineNumbering) {
        self.numbering = numbering
    }

    /// Moves to a chunk starting at region offset `start`, whose position is looked up when asked.
    func reset(start: Int) {
        self.start = start
        self.known = nil
    }

    /// What to add to a chunk-relative line number (counted from 1) and index (counted from 0) to make
    /// them absolute.
    func resolve() -> (line: Int, index: Int) {
        if let known { return known }
        let position = numbering.position(ofChunkAt: start)
        let offsets = (line: position.line - 1, index: position.index)
        known = offsets
        return offsets
    }
}
