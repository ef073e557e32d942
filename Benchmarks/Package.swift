// swift-tools-version: 6.1
// The TapeJSON benchmarks: a package of its own, so that `swift test` at the project's root never builds
// package-benchmark or its malloc interposer. Run with `swift package benchmark` from this directory.
import PackageDescription

// `TAPEJSON_BENCH_TIMING_ONLY=1` (what `agreement.py` sets, with a scratch path of its own) builds
// package-benchmark without its malloc interposer. The interposer prefixes every allocation with a size
// header and routes malloc, free and malloc_usable_size through itself, whether or not a benchmark asks
// for allocation counts; that slows Foundation's allocation-heavy rows several times more than
// TapeJSON's (JSONDecoder line by line: 9.8 MB/s with it, 14.5–17 MB/s in `tapejson bench`). Without
// the variable the interposer is in, and with it the allocation metrics and `thresholds check`.
let timingOnly = Context.environment["TAPEJSON_BENCH_TIMING_ONLY"] != nil

let package = Package(
    name: "TapeJSONBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The project itself, by path (named, so the product references below do not depend on the name
        // of the directory the project was cloned into).
        .package(name: "TapeJSON", path: ".."),
        // What this package shares with `tapejson bench` (corpus models, allocator settings, the native
        // reference loops, the log generator): not products of the project, so reached through a package of their own.
        .package(path: "../BenchSupport"),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: timingOnly ? [] : ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "TapeJSONBenchmarks",
            dependencies: [
                .product(name: "TapeJSON", package: "TapeJSON"),
                .product(name: "CorpusModels", package: "BenchSupport"),
                .product(name: "BenchmarkEnvironment", package: "BenchSupport"),
                .product(name: "NativeReference", package: "BenchSupport"),
                .product(name: "SyntheticLogs", package: "BenchSupport"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TapeJSONBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ]
)
