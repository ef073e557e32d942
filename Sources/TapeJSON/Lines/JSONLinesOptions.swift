/// Options for reading JSON Lines.
public struct JSONLinesOptions: Sendable {
    /// What happens to bad lines.
    public var errorPolicy: JSONLinesErrorPolicy
    /// simdjson's `parse_many` batch size. A document larger than the batch grows it.
    public var batchSize: Int
    /// Bytes read per chunk (the unit of work of one worker). A line longer than a chunk grows the chunk.
    /// Several workers on a file or on bytes in memory take smaller chunks, so that workers finish
    /// together and a chunk's values are delivered (and freed) while still in cache: at most 64 KiB
    /// when the results hold references to free (strings, arrays, objects), 512 KiB otherwise (counting).
    public var chunkSize: Int
    /// The deepest nesting accepted in one document.
    public var maxDepth: Int
    /// The longest line (in bytes, without its line break) parsed as a document; at most, and by
    /// default, the largest document simdjson parses (just under 4 GiB). A longer line is an invalid
    /// line (`.documentTooLarge`, at its first byte) under the error policy. It is skipped without being
    /// held when the input is a regular file (memory stays at the chunk size); from a stream, at most
    /// this many bytes of it are held before it is skipped, so lower it to bound memory on pipes.
    public var maxDocumentSize: Int

    /// Options with every parameter setting the property of the same name.
    public init(errorPolicy: JSONLinesErrorPolicy = .fail, batchSize: Int = 1 << 20, chunkSize: Int = 4 << 20,
                maxDepth: Int = JSONParser.defaultMaxDepth,
                maxDocumentSize: Int = SIMDImplementation.maxDocumentSize) {
        self.errorPolicy = errorPolicy
        self.batchSize = batchSize
        self.chunkSize = chunkSize
        self.maxDepth = maxDepth
        self.maxDocumentSize = min(max(maxDocumentSize, 1), SIMDImplementation.maxDocumentSize)
    }
}
