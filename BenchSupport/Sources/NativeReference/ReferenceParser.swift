import CSimdReference

/// simdjson driven natively from C++, with no Swift in the loop: the physical limit that TapeJSON's
/// parse is measured against (`tapejson bench`, the Benchmarks package). Not part of the library.
///
/// Every input must be padded: TapeJSON's `SIMDImplementation.padding` readable bytes after its end, as
/// a `PaddedFile` has.
public enum ReferenceParser {
    /// Seconds a plain C++ `simdjson::dom::parser` loop takes to parse `bytes` `iterations` times, reusing
    /// one parser as a native program would; nil when the input is invalid.
    ///
    /// - Precondition: `SIMDImplementation.padding` readable bytes follow `bytes`.
    public static func parseSeconds(paddedBytes bytes: UnsafeRawBufferPointer, iterations: Int) -> Double? {
        guard let base = bytes.baseAddress else { return nil }
        let seconds = tj_reference_parse_seconds(base.assumingMemoryBound(to: UInt8.self), bytes.count, iterations)
        return seconds < 0 ? nil : seconds
    }

    /// How a native reader finds one member of a large document.
    public enum FieldAccess: Sendable {
        /// `dom::parser`: the whole document is parsed to a tape and validated, then the member is found
        /// on the tape (what TapeJSON does).
        case dom
        /// simdjson's On-Demand API: structural indexing of the whole input, then a skip to the member;
        /// values passed over are not parsed or validated.
        case onDemand
    }

    /// Seconds a plain C++ loop takes to read the integer member `key` of the root object `iterations`
    /// times (after one untimed warm-up), and the member's value; nil when the input or the member is
    /// not as expected.
    ///
    /// - Precondition: `SIMDImplementation.padding` readable bytes follow `bytes`.
    public static func fieldSeconds(paddedBytes bytes: UnsafeRawBufferPointer, key: String, iterations: Int,
                                    access: FieldAccess) -> (seconds: Double, value: Int64)? {
        guard let base = bytes.baseAddress else { return nil }
        var value: Int64 = 0
        let seconds = tj_reference_field_seconds(base.assumingMemoryBound(to: UInt8.self), bytes.count, key,
                                                 iterations, access == .onDemand ? 1 : 0, &value)
        return seconds < 0 ? nil : (seconds, value)
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
