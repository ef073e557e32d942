import Benchmark
import BenchmarkEnvironment

/// TapeJSON against Foundation's JSONSerialization and JSONDecoder, and against native simdjson.
///
/// Every TapeJSON row has its counterpart in the same group, named `group:input:library` (see
/// `benchmarkName`), so rows to compare sort next to each other. Figures: `throughput (bytes/s)` (input
/// bytes over the time of the operation alone; a row marked `(M)` reads in MB/s), wall clock per
/// operation, operations per second, and the allocations of one operation (`Malloc (total)`, with the
/// bytes requested). Inputs: the project's `Corpus/` files, and inputs generated in memory on first use
/// (see `GeneratedInputs` and `LogGenerator`). Each TapeJSON row checks in its set-up that TapeJSON and
/// Foundation read its input to the same values.
///
/// Beside the Codable rows, the same work on the corpus models' @TapeJSONCodable twins (`-macro` rows,
/// Generated.swift), whose set-ups check the generated path against the Codable path.
///
/// Before registering anything, the allocator's thresholds are pinned as `tapejson bench` pins them
/// (`AllocatorSettings`): Foundation's speed depends on them, and package-benchmark runs each benchmark
/// in a fresh process where they would otherwise start low.
let benchmarks: @Sendable () -> Void = {
    AllocatorSettings.pinForBenchmarks()
    registerParseBenchmarks()
    registerDecodingBenchmarks()
    registerOneFieldBenchmarks()
    registerKeyStrategyBenchmarks()
    registerDateStrategyBenchmarks()
    registerSerializationBenchmarks()
    registerEncodingBenchmarks()
    registerLinesBenchmarks()
    registerTransformBenchmarks()
    registerItemBenchmarks()
    registerGeneratedBenchmarks()
}
