// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    // `@_lifetime` on the non-escapable views (`JSONString`, `JSONEvent`, `JSONEventReader`).
    .enableExperimentalFeature("Lifetimes"),
]

let package = Package(
    name: "TapeJSON",
    products: [
        .library(name: "TapeJSON", targets: ["TapeJSON"]),
        .executable(name: "tapejson", targets: ["tapejson"]),
        .library(name: "TapeJSONMacros", targets: ["TapeJSONMacros"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
        // `swift package generate-documentation` (`make docs`): the DocC catalogues of TapeJSON and
        // TapeJSONMacros. A command plugin only: nothing of it is linked into the library or the tool.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The library's only C++: a plain C header over simdjson's DOM parser, linked against the
        // system simdjson (Debian: `apt-get install libsimdjson-dev`; `pkg-config --libs simdjson` is
        // `-lsimdjson` with `-DSIMDJSON_THREADS_ENABLED=1`, both set here so no pkg-config flag is filtered).
        .target(
            name: "CSimdShim",
            path: "CSimdShim/Shim",
            cxxSettings: [
                .define("SIMDJSON_THREADS_ENABLED", to: "1"),
            ],
            linkerSettings: [
                .linkedLibrary("simdjson"),
            ]
        ),
        // Compressed input (gzip, zstd), read through the system libraries: plain C headers, no code of
        // ours (Debian: `apt-get install zlib1g-dev libzstd-dev`; pkg-config names zlib and libzstd).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])]),
        .target(
            name: "TapeJSON",
            dependencies: ["CSimdShim", "CZlib", "CZstd"],
            swiftSettings: swiftSettings
        ),
        // The macros (`@TapeJSONCodable`, `@TapeJSONDecodable`, `@TapeJSONEncodable`): the declarations in
        // TapeJSONMacros, which re-exports TapeJSON, and the compiler plugin that expands them. The plugin
        // needs swift-syntax, whose first build takes minutes (1 to 3 on 2 cores); only a package that uses
        // the TapeJSONMacros product builds it: the TapeJSON target and product never depend on swift-syntax.
        .macro(
            name: "TapeJSONMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
            ],
            path: "Sources/TapeJSONMacrosPlugin"
        ),
        .target(
            name: "TapeJSONMacros",
            dependencies: ["TapeJSON", "TapeJSONMacrosPlugin"],
            swiftSettings: swiftSettings
        ),
        // Benchmark-only code, in BenchSupport/. None of it is a product: a package depending on TapeJSON
        // sees only the library and the `tapejson` executable, and only `tapejson` (for `tapejson bench`)
        // and the tests depend on these targets, never the library. Benchmarks/ builds the same folders
        // (and the library's) through links of its own: keep the settings of CSimdShim and TapeJSON here
        // and in Benchmarks/Package.swift in step.
        // Codable models of the benchmark corpus, shared by the tests, `tapejson bench` and Benchmarks/.
        .target(name: "CorpusModels", path: "BenchSupport/Sources/CorpusModels"),
        // The same models with @TapeJSONCodable's expansion, checked in (MacroExpansionTests'
        // TwinSourceTests writes them from CorpusModels with the plugin and checks they are its output):
        // the generated path against the Codable path on the same shapes, and `tapejson` (make bench)
        // built without swift-syntax.
        .target(name: "GeneratedCorpusModels", dependencies: ["TapeJSON"],
                path: "BenchSupport/Sources/GeneratedCorpusModels", swiftSettings: swiftSettings),
        // The process state `tapejson bench` and Benchmarks/ both measure under (the allocator's settings).
        .target(name: "BenchmarkEnvironment", path: "BenchSupport/Sources/BenchmarkEnvironment"),
        // The native reference: simdjson loops timed in C++ (the library's C++ is CSimdShim alone), and
        // `ReferenceParser`, the Swift face the two harnesses call.
        .target(
            name: "CSimdReference",
            path: "BenchSupport/Sources/CSimdReference",
            cxxSettings: [
                .define("SIMDJSON_THREADS_ENABLED", to: "1"),
            ],
            linkerSettings: [
                .linkedLibrary("simdjson"),
            ]
        ),
        .target(name: "NativeReference", dependencies: ["CSimdReference"], path: "BenchSupport/Sources/NativeReference"),
        // The ceiling rows' harnesses: `DecodableCallsFloor` replays a model's recorded `Decodable` calls,
        // `CodableCallsFloor` takes a model's `Encodable` calls and writes nothing (what no decoder or
        // encoder built on Codable can beat). Benchmark-only, so not in `Sources/tapejson`.
        // Cross-module optimization lets `tapejson bench` specialise `replay` for each model, as it was
        // when these files were part of it (without it the LogLine per-call ceiling reads 14x instead of
        // 18x JSONDecoder: a ceiling made lower by the move, not by Codable).
        .target(name: "CallsFloors", dependencies: ["TapeJSON"], path: "BenchSupport/Sources/CallsFloors",
                swiftSettings: swiftSettings + [.unsafeFlags(["-cross-module-optimization"])]),
        // The log generator behind `tapejson gen-logs` and the logs of both harnesses.
        .target(name: "SyntheticLogs", path: "BenchSupport/Sources/SyntheticLogs"),
        // `tapejson bench`'s plan, harness and report. Apart from the CLI so that, in a fresh clone, it
        // builds beside GeneratedCorpusModels instead of after it (the twins' rows come in through
        // `GeneratedTwinRows`, filled in by `tapejson`): `make bench` about 8 s shorter on 2 cores.
        .target(name: "BenchRunner",
                dependencies: ["TapeJSON", "CZlib", "CZstd", "CorpusModels", "NativeReference", "CallsFloors"],
                path: "BenchSupport/Sources/BenchRunner", swiftSettings: swiftSettings),
        .executableTarget(
            name: "tapejson",
            dependencies: [
                "TapeJSON",
                "GeneratedCorpusModels",
                "BenchmarkEnvironment",
                "BenchRunner",
                "SyntheticLogs",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TapeTests",
            dependencies: ["TapeJSON"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "DocumentTests", dependencies: ["TapeJSON"], swiftSettings: swiftSettings),
        .testTarget(name: "EventsTests", dependencies: ["TapeJSON"], swiftSettings: swiftSettings),
        // The README's examples, verbatim (ReadmeSyncTests checks them against README.md), and the articles'.
        .testTarget(name: "ExamplesTests", dependencies: ["TapeJSON", "TapeJSONMacros"], swiftSettings: swiftSettings),
        .testTarget(name: "CLITests", dependencies: ["TapeJSON", "tapejson"], swiftSettings: swiftSettings),
        .testTarget(name: "DecodingTests", dependencies: ["TapeJSON", "CorpusModels"], swiftSettings: swiftSettings),
        .testTarget(name: "SerializationTests", dependencies: ["TapeJSON"], swiftSettings: swiftSettings),
        .testTarget(name: "LinesTests", dependencies: ["TapeJSON"], swiftSettings: swiftSettings),
        // JSON Patch and merge patch; Fixtures/tests.json is the public RFC 6902 suite (json-patch-tests).
        .testTarget(name: "PatchTests", dependencies: ["TapeJSON"], resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
        .testTarget(name: "EncodingTests", dependencies: ["TapeJSON", "CorpusModels"], swiftSettings: swiftSettings),
        // The macros' expansions, checked as text against the plugin (swift-syntax's generic test support,
        // reporting through Swift Testing; no XCTest).
        .testTarget(
            name: "MacroExpansionTests",
            dependencies: [
                "TapeJSONMacrosPlugin",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ]
        ),
        // generate.py writes Fixtures/documents.json (the seeded shapes' documents); not built.
        .testTarget(name: "GeneratedCodingTests", dependencies: ["TapeJSONMacros", "TapeJSON", "GeneratedCorpusModels", "SyntheticLogs"],
                    exclude: ["generate.py"], resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
    ],
    cxxLanguageStandard: .cxx17
)

// ThreadSanitizer's run, `make test-tsan` (TAPEJSON_THREAD_TESTS=1 in its environment): the package cut down
// to the library and the three test targets whose tests share work across threads (parallel JSON Lines,
// shards, the decompressing thread, one decoder or writer shared by threads). Everything the whole
// package builds again for a sanitizer, swift-syntax and the macros first, took this run from about 4 to
// 8 minutes on 2 cores, and `make test` past CI's 20. The dependencies stay declared, so that
// Package.resolved is the same in both runs; swift-syntax is fetched (from SwiftPM's cache) but not built.
if Context.environment["TAPEJSON_THREAD_TESTS"] == "1" {
    let threadTestTargets: Set<String> = ["CSimdShim", "CZlib", "CZstd", "TapeJSON", "CorpusModels",
                                          "DecodingTests", "EncodingTests", "LinesTests"]
    package.targets.removeAll { !threadTestTargets.contains($0.name) }
    package.products = [.library(name: "TapeJSON", targets: ["TapeJSON"])]
}
