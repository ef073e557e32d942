/// A small pool of parsers so that a document's buffers are reused by the next parse once it is freed.
final class ParserPool: Sendable {
    /// The idle parsers.
    private let idle: BoundedPool<SimdParser>
    /// The largest document a parser of the pool takes, in bytes.
    let maxCapacity: Int
    /// The deepest nesting a parser of the pool takes.
    let maxDepth: Int

    /// A pool of parsers for documents up to `maxCapacity` bytes and `maxDepth` levels, keeping at most
    /// `keep` idle ones.
    init(maxCapacity: Int, maxDepth: Int, keep: Int = 4) {
        self.maxCapacity = maxCapacity
        self.maxDepth = maxDepth
        self.idle = BoundedPool(limit: keep)
    }

    /// An idle parser, or a new one.
    func take() throws(JSONError) -> SimdParser {
        if let parser = idle.take() { return parser }
        return try SimdParser(maxCapacity: maxCapacity, maxDepth: maxDepth)
    }

    /// Keeps `parser` for a later `take` (it is freed when `keep` already wait).
    func give(_ parser: SimdParser) {
        idle.give(parser)
    }
}
