// swift-tools-version: 6.2
// Code the two benchmark harnesses share and the library does not ship: the corpus's Codable models,
// the allocator settings both harnesses measure under, and the native reference (simdjson loops timed
// in C++, with `ReferenceParser` over them) and the log generator (`tapejson gen-logs`, the logs of both
// harnesses). The project's own Package.swift builds these
// folders as targets of its own (for the tests and `tapejson bench`) without making them products, so
// a package depending on TapeJSON never sees them; this package exists so that the Benchmarks package
// can reach the same sources by path.
import PackageDescription

let package = Package(
    name: "BenchSupport",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CorpusModels", targets: ["CorpusModels"]),
        .library(name: "BenchmarkEnvironment", targets: ["BenchmarkEnvironment"]),
        .library(name: "NativeReference", targets: ["NativeReference"]),
        .library(name: "SyntheticLogs", targets: ["SyntheticLogs"]),
    ],
    targets: [
        .target(name: "CorpusModels"),
        .target(name: "BenchmarkEnvironment"),
        // Linked against the system simdjson, as the project's CSimdShim is (Debian: libsimdjson-dev).
        .target(
            name: "CSimdReference",
            cxxSettings: [
                .define("SIMDJSON_THREADS_ENABLED", to: "1"),
            ],
            linkerSettings: [
                .linkedLibrary("simdjson"),
            ]
        ),
        .target(name: "NativeReference", dependencies: ["CSimdReference"]),
        .target(name: "SyntheticLogs"),
    ],
    cxxLanguageStandard: .cxx17
)
