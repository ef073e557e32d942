import Benchmark
import Foundation
import TapeJSON

// MARK: - Serialization: TapeJSONSerialization against JSONSerialization

/// The corpus files the serialization rows run on (those with a model, so the rows line up with the
/// decoding rows).
let serializationFiles = ["twitter.json", "citm_catalog.json", "canada.json", "github_events.json",
                          "apache_builds.json", "random.json", "mesh.json"]

/// Registers `TapeJSONSerialization.jsonObject(with:)` and `JSONSerialization.jsonObject(with:)` on each
/// of `serializationFiles`, from `Data`, with default options: both build the same Foundation object
/// graph, and both graphs are released inside the measurement.
func registerSerializationBenchmarks() {
    for name in serializationFiles {
        Benchmark(benchmarkName("Serialization", name, "Foundation JSONSerialization"), configuration: .foundationOperation) { benchmark in
            let file = try Corpus.file(name)
            try measure(benchmark, bytes: file.size) {
                try JSONSerialization.jsonObject(with: file.data)
            }
        }

        Benchmark(benchmarkName("Serialization", name, "TapeJSONSerialization"), configuration: .operation) { benchmark in
            let file = try Corpus.file(name)
            try measure(benchmark, bytes: file.size) {
                try TapeJSONSerialization.jsonObject(with: file.data)
            }
        } setup: {
            let file = try Corpus.file(name)
            let ours = try TapeJSONSerialization.jsonObject(with: file.data)
            let theirs = try JSONSerialization.jsonObject(with: file.data)
            guard let ours = ours as? NSObject, let theirs = theirs as? NSObject, ours.isEqual(theirs) else {
                throw BenchmarkInputError("\(name): TapeJSONSerialization and JSONSerialization build different graphs")
            }
        }
    }
}
