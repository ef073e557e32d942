import TapeJSON

/// The `(limit)` rows' work: every event of a parsed document walked with the public event reader, and
/// every string value (not member names) copied into a Swift `String`, with no model at all. Any decoder
/// into models that hold their strings as `String` must at least parse, visit every value and make
/// these strings, so this is the least such a decode can cost (the `(ceiling)` rows are the other bound:
/// Codable's own calls with no parsing).
///
/// The strings are kept in `strings`, an array reused across runs (`reset()` empties it and keeps its
/// capacity), so the copies cannot be optimised away. A class, so that a `@Sendable` transform of
/// `JSONLines.map` can fill it (with one job it runs on the calling thread only).
final class StringValueSink: @unchecked Sendable {
    private(set) var strings: [String] = []

    /// Drops the strings of the previous run (freeing them counts against the run that calls this).
    @inline(__always)
    func reset() {
        strings.removeAll(keepingCapacity: true)
    }

    /// Walks every event `reader` has and appends each string value to `strings`; returns the number of
    /// events walked.
    @inline(__always)
    @discardableResult
    func copyStringValues(_ reader: inout JSONEventReader) -> Int {
        var events = 0
        while let event = reader.next() {
            events += 1
            if case .string(let value) = event { strings.append(value.string) }
        }
        return events
    }
}
