// swift-tools-version: 6.2
// Code the two benchmark harnesses share and the library does not ship: the corpus's Codable models and
// the allocator settings both harnesses measure under. The project's own Package.swift builds these
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
    ],
    targets: [
        .target(name: "CorpusModels"),
        .target(name: "BenchmarkEnvironment"),
    ]
)
