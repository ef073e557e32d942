/// A file that could not be opened or read, that changed under the reader, or is too large to parse; or
/// compressed input (gzip, zstd) whose data is corrupt, cut short (`"gzip data ends early (truncated)"`)
/// or followed by bytes that are not another member or frame, in which case `reason` names the format
/// and says how far the decompressed output got (byte and line) and `offset` is that decompressed byte.
public struct JSONInputError: Error, Sendable, CustomStringConvertible {
    /// The path as given (`-` for standard input).
    public var path: String
    /// What went wrong.
    public var reason: String
    /// The byte of the input at which reading failed, when it failed after opening.
    public var offset: Int?

    init(path: String, errno code: Int32, at offset: Int? = nil) {
        self.path = path
        self.reason = String(cString: strerror(code))
        self.offset = offset
    }

    init(path: String, tooLarge size: Int, limit: Int) {
        self.path = path
        self.reason = "file is \(size) bytes; the largest document simdjson parses is \(limit) bytes"
    }

    /// The file ended at byte `offset`, before the `expected` bytes it had when it was opened: it was
    /// truncated (or rotated) while it was read.
    init(path: String, shrankTo size: Int, from expected: Int, at offset: Int) {
        self.path = path
        let now = size >= 0 ? "\(size) bytes" : "an unknown size"
        self.reason = "the file shrank while it was read: it had \(expected) bytes when opened and now has \(now);"
            + " reading stopped at byte \(offset)"
        self.offset = offset
    }

    /// An error for `path` with a reason of your own.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The path and the reason, on one line.
    public var description: String { "\(path): \(reason)" }
}
