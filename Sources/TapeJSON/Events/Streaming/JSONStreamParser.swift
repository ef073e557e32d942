/// A push parser: feed it a JSON document in chunks of any size as they arrive, and it hands each event
/// to its handler as soon as the value it belongs to is complete, for a document of any size.
///
/// ```swift
/// struct Counter: JSONEventHandler {
///     var names = 0
///     mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
///         if case .key(let key) = event, key == "name" { names += 1 }
///         return .continue
///     }
/// }
/// let parser = try JSONStreamParser(handler: Counter())
/// try parser.feed(Array(#"{"users": [{"name": "Ada"}, {"na"#.utf8))
/// try parser.feed(Array(#"me": "Lin"}]}"#.utf8))
/// try parser.finish()
/// print(parser.handler.names)    // 2
/// ```
///
/// The events are the in-memory reader's (`JSONDocument.events`) for the same bytes, in the same order,
/// and the handler's decisions mean the same (`.skipChildren` skips a container, `.stop` ends the
/// parse: later feeds are ignored). An invalid document throws the `JSONError` `JSONParser` would throw
/// (same kind, byte offset, line and column), from the `feed(_:)` or `finish()` call that makes the error
/// certain; events before it have been delivered by then.
///
/// **Lifetime of strings.** `.key`, `.string` and `.bigNumber` carry `JSONString` views into the parser's
/// own buffers, valid only during the `handle(_:)` call that receives them (the compiler prevents
/// keeping them): copy out (`.string`) what you keep. The views are zero-copy: simdjson unescaped the
/// string into the parser's string buffer, which the next batch reuses.
///
/// **How it works.** Bytes are held in a window. Inside an array or object, the shim's vector scan
/// (`tj_scan_to_separator`, 64 bytes at a time) finds where its complete elements (or members) end; all of
/// them that have arrived are parsed by one simdjson call (the byte before the first is briefly written as `[` or `{`,
/// the separator after the last as `]` or `}`) and their events walked off the tape. A value still
/// incomplete after `window` bytes is entered instead, when it is an array or object: its start event is
/// delivered at once and its own elements are batched the same way. So memory stays at the window plus
/// the largest single string or number, whatever the document's size (no 4 GiB limit, only the one on a
/// single string or number). Errors are located by `JSONParser`'s own error scanner, run over the bytes
/// not yet accepted behind a short text that puts it in the same state (the open containers), so they
/// are reported exactly as for the whole document.
///
/// Not thread-safe, and not reentrant: feed it from one thread at a time, never from its handler.
///
/// Limits: a single string or number above simdjson's 4 GiB limit fails with `.documentTooLarge`; a
/// document held whole until `finish()` (a scalar at the top level) counts as one value. Events of a
/// value are delivered only once the whole value (or the part of a batch) is complete, so a chunk that
/// ends inside a small value delays its events to the next chunk. When the handler throws (or a pull
/// form cannot read its input), the parser stops (later feeds are ignored) and the error propagates.
public final class JSONStreamParser<Handler: JSONEventHandler> {
    /// The handler events are delivered to (read its results after `finish()`).
    public var handler: Handler
    let core: StreamWindow

    /// Creates a parser delivering events to `handler`.
    /// - Parameters:
    ///   - handler: receives the events; read its results from ``handler`` after `finish()`.
    ///   - maxDepth: the deepest nesting of objects and arrays accepted (the root value is depth 0).
    ///   - window: how many bytes of one unfinished array or object are held before it is entered (at
    ///     least 64); the batches simdjson parses are at most about this size, plus one element.
    public init(handler: Handler, maxDepth: Int = JSONParser.defaultMaxDepth, window: Int = 4 << 20) throws(JSONError) {
        self.handler = handler
        self.core = try StreamWindow(maxDepth: maxDepth, window: window)
    }

    /// The deepest nesting accepted, as `JSONParser.maxDepth`.
    public var maxDepth: Int { core.maxDepth }
    /// The most bytes of one unfinished array or object held before the parser enters it.
    public var window: Int { core.window }
    /// Whether the handler stopped the parse (`.stop`) or threw: later feeds are ignored.
    public var isStopped: Bool { core.isStopped }
    /// Bytes fed so far.
    public var bytesFed: Int { core.bytesFed }
    /// The bytes the window's buffer can hold now (what the tests check stays bounded).
    var bufferCapacity: Int { core.bufferCapacity }

    /// Parses the next bytes of the document, delivering the events they complete.
    ///
    /// - Throws: the document's `JSONError` as soon as it is certain (and again on any later call);
    ///   anything the handler throws.
    /// - Precondition: `finish()` has not been called since the parser was made or reset.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
        try core.feed(bytes, &handler)
    }

    /// Parses the next bytes of the document (see `feed(_: UnsafeRawBufferPointer)`).
    public func feed(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try core.feed($0, &handler) }
    }

    /// Ends the document: delivers what the last bytes complete, and checks that the document is whole.
    ///
    /// - Throws: the document's `JSONError` (an empty or truncated document included); anything the
    ///   handler throws.
    public func finish() throws {
        try core.finish(&handler)
    }

    /// Makes the parser ready for a new document (after `finish()`, an error or a stop), keeping its
    /// buffers and its simdjson parser warm: a loop over many documents allocates nothing after the first.
    /// The handler is kept as it is (reset it yourself if it keeps state).
    public func reset() {
        core.reset()
    }

    /// Reads up to `limit` bytes from `source` straight into the window (no copy) and parses them.
    /// Returns false at the end of the input.
    func feed(from source: inout some ByteSource, limit: Int) throws -> Bool {
        try core.feed(from: &source, limit: limit, &handler)
    }
}
