/// A call to ``JSONStreamWriter`` that does not fit where the stream is, or a value JSON cannot hold.
public struct JSONStreamWriterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public var message: String

    init(_ message: String) { self.message = message }

    /// The message, after `JSONStreamWriter:`.
    public var description: String { "JSONStreamWriter: \(message)" }
}
