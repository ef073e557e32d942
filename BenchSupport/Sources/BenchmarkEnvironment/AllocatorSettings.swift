#if canImport(Glibc)
import Glibc
#endif

/// The memory allocator's state that `tapejson bench` and the Benchmarks package both run under, so
/// that a workload's speed does not depend on what ran before it in the same process.
///
/// glibc's malloc adapts as a process runs: its mmap threshold (128 KiB at start) rises to the size of
/// the largest mmapped block freed so far, up to 32 MiB, and its trim threshold (when `free` hands the
/// top of the heap back to the kernel) follows at twice that. Foundation's `JSONDecoder` and
/// `JSONSerialization` allocate and free so much per document that the two states give them very
/// different speeds: decoding generated log lines one by one ran markedly slower in a fresh process than
/// once the thresholds had risen, while TapeJSON stayed within noise (Benchmarks/README.md has the
/// figures). In one bench run the corpus workloads raise them before the JSON Lines rows run, while
/// package-benchmark starts each benchmark in a fresh process, so the same operation measured
/// differently in the two.
///
/// Pinning both thresholds at the values a long-running process reaches gives every workload that
/// risen state from its first run. It is the state that favours Foundation, so ratios taken under it
/// are the conservative ones. The library itself never changes the allocator's settings.
public enum AllocatorSettings {
    /// The mmap threshold both benchmarks pin: glibc's upper limit for its adaptive threshold on
    /// 64-bit systems.
    public static let mmapThreshold = 32 << 20
    /// The trim threshold both benchmarks pin: twice the mmap threshold, as glibc's adaptation sets it.
    public static let trimThreshold = 64 << 20

    /// Pins glibc's mmap and trim thresholds at ``mmapThreshold`` and ``trimThreshold`` for the rest of
    /// the process, before any workload runs.
    ///
    /// - Returns: a description of the allocator's state for the report's machine line, such as
    ///   `"glibc malloc, mmap/trim thresholds pinned at 32/64 MiB"`, or a description of the system's
    ///   allocator where there is no glibc (which is then left as it is).
    @discardableResult
    public static func pinForBenchmarks() -> String {
        #if canImport(Glibc)
        // `mallopt` and its parameters live in <malloc.h>, which the Glibc module does not export; look
        // the function up instead. M_TRIM_THRESHOLD is -1 and M_MMAP_THRESHOLD is -3 in glibc's ABI.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else {
            return "system malloc without mallopt, default settings"
        }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trimThresholdParameter: Int32 = -1, mmapThresholdParameter: Int32 = -3
        let pinned = mallopt(mmapThresholdParameter, Int32(mmapThreshold)) == 1
            && mallopt(trimThresholdParameter, Int32(trimThreshold)) == 1
        return pinned
            ? "glibc malloc, mmap/trim thresholds pinned at \(mmapThreshold >> 20)/\(trimThreshold >> 20) MiB"
            : "glibc malloc, adaptive thresholds (mallopt refused to pin them)"
        #else
        return "system malloc, default settings"
        #endif
    }
}
