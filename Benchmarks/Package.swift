// swift-tools-version: 6.1
// The TapeJSON benchmarks: a package of its own, so that `swift test` at the project's root never builds
// package-benchmark or its malloc interposer. Run with `swift package benchmark` from this directory.
import PackageDescription

let package = Package(
    name: "TapeJSONBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The project itself, by path (named, so the product references below do not depend on the name
        // of the directory the project was cloned into).
        .package(name: "TapeJSON", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "TapeJSONBenchmarks",
            dependencies: [
                .product(name: "TapeJSON", package: "TapeJSON"),
                .product(name: "CorpusModels", package: "TapeJSON"),
                .product(name: "BenchmarkEnvironment", package: "TapeJSON"),
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
