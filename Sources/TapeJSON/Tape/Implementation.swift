import CSimdShim

/// The SIMD kernel simdjson chose for this CPU at run time.
///
/// simdjson 3 picks among several implementations ("icelake" with AVX-512, "haswell" with AVX2,
/// "westmere" with SSE4.2, "fallback"). Throughput figures are only comparable within one kernel,
/// so TapeJSON prints this next to every measurement.
public enum SIMDImplementation {
    /// The kernel's short name, such as `icelake` or `haswell`.
    public static var name: String { String(cString: tj_active_implementation()) }
    /// A one-line description of the kernel.
    public static var description: String { String(cString: tj_active_implementation_description()) }
    /// How many readable bytes simdjson needs after the end of an input (`SIMDJSON_PADDING`).
    public static var padding: Int { Simd.padding }
    /// The largest document simdjson can parse, in bytes (just under 4 GiB).
    public static var maxDocumentSize: Int { Simd.maxDocumentSize }
}
