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
