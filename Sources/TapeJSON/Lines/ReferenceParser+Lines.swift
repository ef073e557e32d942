import CSimdShim

extension ReferenceParser {
    /// Counts the documents of a JSON Lines buffer with a plain C++ `parse_many` loop at `batchSize`, with
    /// simdjson's stage-1 helper thread on or off (`threaded`); returns the count and the seconds it took,
    /// or nil when a document is invalid. The parser is made for the call, as `JSONLines.count()` makes
    /// its own.
    ///
    /// - Precondition: `SIMDImplementation.padding` readable bytes follow `bytes`.
    public static func countDocuments(paddedBytes bytes: UnsafeRawBufferPointer, batchSize: Int,
                                      threaded: Bool) -> (count: Int, seconds: Double)? {
        guard let base = bytes.baseAddress else { return nil }
        var seconds = 0.0
        let count = tj_reference_count_many_threaded(base.assumingMemoryBound(to: UInt8.self), bytes.count, batchSize,
                                                     threaded, &seconds)
        return count < 0 ? nil : (Int(count), seconds)
    }
}
