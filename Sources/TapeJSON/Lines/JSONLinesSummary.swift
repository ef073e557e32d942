/// Counts for one pass over a JSON Lines input (or the items at a pointer). `documents + invalid == lines`
/// always: no line is lost.
public struct JSONLinesSummary: Sendable, Equatable {
    /// Non-blank lines read (blank lines are not documents and are not counted); items, for
    /// `JSONItemStream`.
    public var lines = 0
    /// Lines delivered (valid, and decoded when decoding).
    public var documents = 0
    /// Lines that were invalid (or failed to decode).
    public var invalid = 0
    /// Bytes read.
    public var bytes = 0
    /// Bytes after the point where reading stopped, not read as lines or items: 0 after a pass that
    /// returns. Only the summary a `JSONStreamStoppedError` carries has any (its input's structure broke
    /// where the next item's start could no longer be found).
    public var unreadBytes = 0

    /// An empty summary: every count 0.
    public init() {}
}
