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
