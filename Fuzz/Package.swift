// swift-tools-version: 6.2
// The TapeJSON fuzz targets: a package of its own, so that `swift build` and `swift test` at the
// project's root never build them. `make fuzz` (the project's Makefile) builds them with AddressSanitizer
// and libFuzzer's coverage instrumentation and runs each for FUZZ_SECONDS (README.md here).
//
// Each target is an executable whose entry point hands libFuzzer's driver (`LLVMFuzzerRunDriver`, from
// clang's `libclang_rt.fuzzer_no_main`) the one function it fuzzes. SwiftPM renames an executable's
// `main` and defines `main` as that renamed symbol, which collides with the `main` that
// `-sanitize=fuzzer` links in, so the Makefile asks for the same instrumentation
// (`-sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table`) and links the driver without its
// `main` instead.
import PackageDescription

let fuzzTargets = ["FuzzParse", "FuzzLines", "FuzzItems", "FuzzStreamParser", "FuzzDecode", "FuzzCompressed", "FuzzNumbers", "FuzzPatch"]

let package = Package(
    name: "TapeJSONFuzz",
    dependencies: [
        .package(name: "TapeJSON", path: ".."),
    ],
    targets: [
        // The driver shared by every target, and the invariants they check.
        .target(name: "FuzzSupport", dependencies: [.product(name: "TapeJSON", package: "TapeJSON")]),
    ] + fuzzTargets.map { name in
        .executableTarget(
            name: name,
            dependencies: ["FuzzSupport", .product(name: "TapeJSON", package: "TapeJSON")],
            swiftSettings: [.enableExperimentalFeature("Lifetimes"), .unsafeFlags(["-parse-as-library"])]
        )
    }
)
