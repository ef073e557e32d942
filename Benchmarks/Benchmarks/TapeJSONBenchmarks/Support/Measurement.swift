import Benchmark
import Foundation
import TapeJSON

extension BenchmarkMetric {
    /// Bytes of JSON input per second, timed around the operation alone (or, for the native simdjson
    /// rows, by the C++ clock). Larger is better. Shown with package-benchmark's automatic units, so a
    /// row marked `(M)` reads in MB/s (10^6 bytes), `(K)` in kB/s.
    static var bytesPerSecond: BenchmarkMetric {
        .custom("throughput (bytes/s)", polarity: .prefersLarger, useScalingFactor: false)
    }
}

/// Whether this run counts allocations. package-benchmark counts them through its malloc interposer,
/// which prefixes every allocation with a size header and routes malloc, free and malloc_usable_size
/// through itself: that costs every allocation a little, more for Foundation, which allocates far more
/// than TapeJSON, so speed-ups taken with it in place come out higher than without it (the README has
/// the figures). `TAPEJSON_BENCH_TIMING_ONLY=1` leaves the
/// allocation metrics out, and `Package.swift` then builds package-benchmark without the interposer:
/// `agreement.py` sets it (with a scratch path of its own) to compare times with `tapejson bench`,
/// which has no interposer. Without it (the default, and for `thresholds check`), allocations are
/// counted.
let countsAllocations = ProcessInfo.processInfo.environment["TAPEJSON_BENCH_TIMING_ONLY"] == nil

extension Benchmark.Configuration {
    /// Every TapeJSON row and its Foundation counterpart: time, operations per second, bytes/s, and the
    /// allocations made by one operation (`mallocCountTotal`, counted by package-benchmark's malloc
    /// interposer) with the bytes they requested.
    ///
    /// Allocation counts are the figures checked against `Thresholds/` (times are too noisy on shared
    /// machines): a p90 more than 2% away from the recorded one is a regression or an improvement.
    static var operation: Benchmark.Configuration {
        guard countsAllocations else {
            return .init(metrics: [.wallClock, .throughput, .bytesPerSecond], warmupIterations: 2,
                         maxDuration: .seconds(1), maxIterations: 10_000)
        }
        return .init(metrics: [.wallClock, .throughput, .bytesPerSecond, .mallocCountTotal, .mallocBytesCount],
                     warmupIterations: 2,
                     maxDuration: .seconds(1),
                     maxIterations: 10_000,
                     thresholds: [.mallocCountTotal: .init(relative: [.p90: 2.0])])
    }

    /// Streaming over a large input: as `operation`, plus the growth of resident memory during the run.
    /// Worker threads and chunking make allocation counts vary a little from run to run, so the
    /// threshold on them is 25%.
    static var streaming: Benchmark.Configuration {
        guard countsAllocations else {
            return .init(metrics: [.wallClock, .throughput, .bytesPerSecond, .peakMemoryResidentDelta],
                         warmupIterations: 1, maxDuration: .seconds(2), maxIterations: 1_000)
        }
        return .init(metrics: [.wallClock, .throughput, .bytesPerSecond, .mallocCountTotal, .mallocBytesCount,
                               .peakMemoryResidentDelta],
                     warmupIterations: 1,
                     maxDuration: .seconds(2),
                     maxIterations: 1_000,
                     thresholds: [.mallocCountTotal: .init(relative: [.p90: 25.0])])
    }

    /// Foundation's decoders and JSONSerialization over the corpus: as `operation`, for up to 3 seconds.
    /// One run of JSONSerialization takes 0.1–0.3 s on canada.json and marine_ik.json, so 1 second gave
    /// such rows 4–8 samples, and their fastest moved with the machine's load from run to run.
    static var foundationOperation: Benchmark.Configuration {
        var configuration = operation
        configuration.maxDuration = .seconds(3)
        return configuration
    }

    /// Foundation reading the generated logs line by line, which takes about a second per run: as
    /// `streaming`, but for up to 12 runs or 10 seconds. With `streaming`'s 2 seconds such a row had two
    /// samples, and its fastest one moved with the machine's load by a third from run to run;
    /// `tapejson bench` gives the same rows 9 runs.
    static var slowBaseline: Benchmark.Configuration {
        var configuration = streaming
        configuration.maxDuration = .seconds(10)
        configuration.maxIterations = 12
        return configuration
    }

    /// The native simdjson rows. They time themselves in C++ (no Swift in the loop), so bytes/s is their
    /// only figure: package-benchmark's clock and malloc counters would also see the C++ parser being
    /// made and destroyed around the timed loop.
    static var native: Benchmark.Configuration {
        .init(metrics: [.bytesPerSecond],
              warmupIterations: 2,
              maxDuration: .seconds(1),
              maxIterations: 10_000)
    }
}

/// Runs `work` once as the measured part of a benchmark iteration and records its bytes/s over `bytes`.
///
/// Only `work` is measured (package-benchmark's clock and malloc counters start right before it), and
/// its result is released inside the measurement, so tearing down what an operation built counts
/// against it, as it does in a program.
@inline(__always)
func measure<Result>(_ benchmark: Benchmark, bytes: Int, _ work: () throws -> Result) rethrows {
    benchmark.startMeasurement()
    let start = ContinuousClock.now
    blackHole(try work())
    let elapsed = start.duration(to: .now)
    benchmark.stopMeasurement()
    recordThroughput(benchmark, bytes: bytes, seconds: seconds(elapsed))
}

/// Records `bytes` processed in `seconds` as the iteration's bytes/s (nothing for a zero or negative time).
func recordThroughput(_ benchmark: Benchmark, bytes: Int, seconds: Double) {
    guard seconds > 0 else { return }
    benchmark.measurement(.bytesPerSecond, Int((Double(bytes) / seconds).rounded()))
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

/// A benchmark's input was rejected or decoded differently by the two libraries compared: the figures
/// would not compare like with like, so the benchmark fails instead of reporting them.
struct BenchmarkInputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A benchmark's name, `group:input:library`, with spaces turned into hyphens (`Decode:twitter.json-as-
/// TwitterSearch:TapeJSONDecoder`), so rows to compare sort together and `--filter "Decode:twitter.*"`
/// selects a pair. Names have no spaces because package-benchmark 1.38.1 writes a threshold file under
/// the name with its spaces replaced by underscores, but looks it up under the name as given.
func benchmarkName(_ group: String, _ input: String, _ library: String) -> String {
    [group, input, library].map { $0.replacingOccurrences(of: " ", with: "-") }.joined(separator: ":")
}

/// Writes the simdjson kernel in use to standard error (native figures only compare within one kernel).
/// package-benchmark talks to the benchmark process over other descriptors, so this does not disturb it.
func announceKernel() {
    let line = "simdjson kernel: \(SIMDImplementation.name) (\(SIMDImplementation.description))\n"
    FileHandle.standardError.write(Data(line.utf8))
}
