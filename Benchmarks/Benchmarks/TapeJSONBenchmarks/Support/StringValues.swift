import TapeJSON

/// The `limit-parse+walk+strings` rows' work, as `tapejson bench`'s `(limit)` rows do it: every event of a
/// parsed document walked with the public event reader, and every string value (not member names) copied
/// into a Swift `String`, with no model. What any decoder into String-holding models must at least do.
///
/// The strings stay in `strings`, reused across iterations (`reset()` empties it and keeps its capacity),
/// so the copies cannot be optimised away; freeing the previous iteration's strings falls inside the
/// next measurement. A class so that `JSONLines.map`'s `@Sendable` transform can fill it (with one job it
/// runs on the calling thread only).
final class StringValueSink: @unchecked Sendable {
    private(set) var strings: [String] = []

    @inline(__always)
    func reset() {
        strings.removeAll(keepingCapacity: true)
    }

    /// Walks every event `reader` has, appending each string value to `strings`; returns the number of
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
