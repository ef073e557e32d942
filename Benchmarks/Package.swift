// swift-tools-version: 6.1
// The TapeJSON benchmarks: a package of its own, so that `swift test` at the project's root never builds
// package-benchmark or its malloc interposer. Run with `swift package benchmark` from this directory.
//
// It builds the library from the project's sources rather than depending on the project's package: the
// benchmarks also need the benchmark-only targets in BenchSupport/ (corpus models, allocator settings,
// native reference loops, log generator), which are not products of the project, and SwiftPM refuses a
// graph in which two packages declare targets of the same name (the project's `tapejson` product
// reaches those targets). SwiftPM takes no target path outside a package's folder, so `Linked/` holds
// symbolic links to the project's source folders. The settings of CSimdShim and TapeJSON below are the
// project's Package.swift's: keep them in step.
import PackageDescription

// `TAPEJSON_BENCH_TIMING_ONLY=1` (what `agreement.py` sets, with a scratch path of its own) builds
// package-benchmark without its malloc interposer. The interposer prefixes every allocation with a size
// header and routes malloc, free and malloc_usable_size through itself, whether or not a benchmark asks
// for allocation counts; that slows Foundation's allocation-heavy rows several times more than
// TapeJSON's (README.md here has the figures). Without the variable the interposer is in, and with it
// the allocation metrics and `thresholds check`.
let timingOnly = Context.environment["TAPEJSON_BENCH_TIMING_ONLY"] != nil

let package = Package(
    name: "TapeJSONBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: timingOnly ? [] : ["MallocInterposer"]),
    ],
    targets: [
        // The library, as the project builds it.
        .target(
            name: "CSimdShim",
            path: "Linked/CSimdShim",
            cxxSettings: [
                .define("SIMDJSON_THREADS_ENABLED", to: "1"),
            ],
            linkerSettings: [
                .linkedLibrary("simdjson"),
            ]
        ),
        .systemLibrary(name: "CZlib", path: "Linked/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CZstd", path: "Linked/CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])]),
        .target(
            name: "TapeJSON",
            dependencies: ["CSimdShim", "CZlib", "CZstd"],
            path: "Linked/TapeJSON",
            swiftSettings: [.enableExperimentalFeature("Lifetimes")]
        ),
        // What the benchmarks share with `tapejson bench` (BenchSupport/).
        .target(name: "CorpusModels", path: "Linked/BenchSupport/CorpusModels"),
        // The corpus models with @TapeJSONCodable's expansion, checked in (same type names as
        // CorpusModels, so the benchmarks import the two modules in separate files): no swift-syntax.
        .target(
            name: "GeneratedCorpusModels",
            dependencies: ["TapeJSON"],
            path: "Linked/BenchSupport/GeneratedCorpusModels",
            swiftSettings: [.enableExperimentalFeature("Lifetimes")]
        ),
        .target(name: "BenchmarkEnvironment", path: "Linked/BenchSupport/BenchmarkEnvironment"),
        .target(
            name: "CSimdReference",
            path: "Linked/BenchSupport/CSimdReference",
            cxxSettings: [
                .define("SIMDJSON_THREADS_ENABLED", to: "1"),
            ],
            linkerSettings: [
                .linkedLibrary("simdjson"),
            ]
        ),
        .target(name: "NativeReference", dependencies: ["CSimdReference"], path: "Linked/BenchSupport/NativeReference"),
        .target(name: "SyntheticLogs", path: "Linked/BenchSupport/SyntheticLogs"),
        .executableTarget(
            name: "TapeJSONBenchmarks",
            dependencies: [
                "TapeJSON",
                "CorpusModels",
                "GeneratedCorpusModels",
                "BenchmarkEnvironment",
                "NativeReference",
                "SyntheticLogs",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TapeJSONBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
