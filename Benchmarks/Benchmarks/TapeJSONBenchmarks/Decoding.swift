import Benchmark
import CorpusModels
import Foundation
import NativeReference
import TapeJSON

// MARK: - Decode: TapeJSONDecoder against Foundation's JSONDecoder, per corpus model

/// Registers `TapeJSONDecoder` and `JSONDecoder` decoding each corpus file into its CorpusModels model,
/// from `Data`, with default strategies. Each pair first checks that both decoders produce equal models.
/// Beside them, the model's limit (`limit-parse+walk+strings`): the parse, the event walk and a `String`
/// per string value, with no model (`StringValueSink`).
func registerDecodingBenchmarks() {
    registerModel(TwitterSearch.self, file: "twitter.json")
    registerModel(CitmCatalog.self, file: "citm_catalog.json")
    registerModel(Canada.self, file: "canada.json")
    registerModel(GitHubEvents.self, file: "github_events.json", named: "GitHubEvents")
    registerModel(ApacheBuilds.self, file: "apache_builds.json")
    registerModel(RandomUsers.self, file: "random.json")
    registerModel(Mesh.self, file: "mesh.json")
    registerModel(MarineScene.self, file: "marine_ik.json")
}

/// `typeName` names the model in the benchmark's name (and so in the `Thresholds/` file names) when its
/// Swift name is not a plain identifier (`Array<GitHubEvent>`).
private func registerModel<Model: Decodable & Equatable>(_ type: Model.Type, file name: String,
                                                         named typeName: String = "\(Model.self)") {
    let input = "\(name) as \(typeName)"
    let foundation = JSONDecoder()
    let tape = TapeJSONDecoder()

    Benchmark(benchmarkName("Decode", input, "Foundation JSONDecoder"), configuration: .foundationOperation) { benchmark in
        let file = try Corpus.file(name)
        try measure(benchmark, bytes: file.size) {
            try foundation.decode(Model.self, from: file.data)
        }
    }

    Benchmark(benchmarkName("Decode", input, "TapeJSONDecoder"), configuration: .operation) { benchmark in
        let file = try Corpus.file(name)
        try measure(benchmark, bytes: file.size) {
            try tape.decode(Model.self, from: file.data)
        }
    } setup: {
        let file = try Corpus.file(name)
        guard try tape.decode(Model.self, from: file.data) == foundation.decode(Model.self, from: file.data) else {
            throw BenchmarkInputError("\(name): TapeJSONDecoder and JSONDecoder decode different \(Model.self) values")
        }
    }

    // The limit of any decoder into String-holding models (`tapejson bench`'s `(limit)` row): the same
    // `Data` parsed, every event walked and every string value copied into a `String`, no model.
    let parser = JSONParser()
    let sink = StringValueSink()
    Benchmark(benchmarkName("Decode", input, "limit parse+walk+strings"), configuration: .operation) { benchmark in
        let file = try Corpus.file(name)
        try measure(benchmark, bytes: file.size) {
            sink.reset()
            let document = try parser.parse(file.data)
            var reader = document.events
            return sink.copyStringValues(&reader)
        }
    }
}

// MARK: - One field of a large document

/// The one property read from `largeDocument`, its last member.
struct OneField: Decodable, Equatable {
    var count: Int
}

/// Registers decoding a single `Int` property from a generated document of about 20 MB (`largeDocument`):
/// both decoders must parse all of it; TapeJSON then finds the key on the tape. Two native rows bound
/// what is possible: simdjson's DOM parser reading the member (the whole document parsed and validated,
/// as TapeJSON does), and its On-Demand API (structural indexing, then a skip to the member without
/// parsing or validating what it passes over).
func registerOneFieldBenchmarks() {
    let foundation = JSONDecoder()
    let tape = TapeJSONDecoder()
    let input = "one field of 20MB"

    for (library, access) in [("native simdjson DOM", ReferenceParser.FieldAccess.dom),
                              ("native simdjson On-Demand", .onDemand)] {
        Benchmark(benchmarkName("Decode", input, library), configuration: .native) { benchmark in
            let document = GeneratedInputs.paddedLargeDocument
            guard let (seconds, value) = ReferenceParser.fieldSeconds(paddedBytes: document, key: "count",
                                                                      iterations: 1, access: access),
                  value == GeneratedInputs.largeDocumentItemCount
            else { throw BenchmarkInputError("native simdjson did not read the large document's count") }
            recordThroughput(benchmark, bytes: document.count, seconds: seconds)
        }
    }

    Benchmark(benchmarkName("Decode", input, "Foundation JSONDecoder"), configuration: .streaming) { benchmark in
        let document = GeneratedInputs.largeDocument
        try measure(benchmark, bytes: document.count) {
            try foundation.decode(OneField.self, from: document)
        }
    }

    Benchmark(benchmarkName("Decode", input, "TapeJSONDecoder"), configuration: .streaming) { benchmark in
        let document = GeneratedInputs.largeDocument
        try measure(benchmark, bytes: document.count) {
            try tape.decode(OneField.self, from: document)
        }
    } setup: {
        let document = GeneratedInputs.largeDocument
        let expected = OneField(count: GeneratedInputs.largeDocumentItemCount)
        guard try tape.decode(OneField.self, from: document) == expected,
              try foundation.decode(OneField.self, from: document) == expected
        else { throw BenchmarkInputError("the large document's count does not decode as generated") }
    }
}
