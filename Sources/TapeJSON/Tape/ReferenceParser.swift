import CSimdShim

/// simdjson driven natively from C++, with no Swift in the loop: the physical limit that TapeJSON's
/// parse is measured against (`tapejson bench`, the Benchmarks package).
public enum ReferenceParser {
    /// Seconds a plain C++ `simdjson::dom::parser` loop takes to parse `bytes` `iterations` times, reusing
    /// one parser as a native program would; nil when the input is invalid.
    ///
    /// - Precondition: `SIMDImplementation.padding` readable bytes follow `bytes` (a `MappedFile` has them).
    public static func parseSeconds(paddedBytes bytes: UnsafeRawBufferPointer, iterations: Int) -> Double? {
        guard let base = bytes.baseAddress else { return nil }
        let seconds = tj_reference_parse_seconds(base.assumingMemoryBound(to: UInt8.self), bytes.count, iterations)
        return seconds < 0 ? nil : seconds
    }

    /// Counts the documents of a JSON Lines buffer with a plain C++ `parse_many` loop; returns the count
    /// and the seconds it took, or nil when a document is invalid.
    ///
    /// - Precondition: `SIMDImplementation.padding` readable bytes follow `bytes`.
    public static func countDocuments(paddedBytes bytes: UnsafeRawBufferPointer, batchSize: Int) -> (count: Int, seconds: Double)? {
        guard let base = bytes.baseAddress else { return nil }
        var seconds = 0.0
        let count = tj_reference_count_many(base.assumingMemoryBound(to: UInt8.self), bytes.count, batchSize, &seconds)
        return count < 0 ? nil : (Int(count), seconds)
    }
}
