import Synchronization

/// A small pool of parsers so that a document's buffers are reused by the next parse once it is freed.
final class ParserPool: Sendable {
    private let idle = Mutex<[SimdParser]>([])
    let maxCapacity: Int
    let maxDepth: Int
    private let keep: Int

    init(maxCapacity: Int, maxDepth: Int, keep: Int = 4) {
        self.maxCapacity = maxCapacity
        self.maxDepth = maxDepth
        self.keep = keep
    }

    func take() throws(JSONError) -> SimdParser {
        if let parser = idle.withLock({ $0.popLast() }) { return parser }
        return try SimdParser(maxCapacity: maxCapacity, maxDepth: maxDepth)
    }

    func give(_ parser: SimdParser) {
        idle.withLock { list in
            if list.count < keep { list.append(parser) }
        }
    }
}
