import Benchmark
import Foundation
import GeneratedCorpusModels
@_spi(GeneratedPathTesting) import TapeJSON

// The corpus models' @TapeJSONCodable twins (BenchSupport/Sources/GeneratedCorpusModels), for the rows
// that measure the generated path beside the Codable path (`tapejson bench`'s "with the macro" rows).
// The twins have the originals' names, so this file imports them alone and the other files import
// CorpusModels. Every row here is its Codable row's name with ` macro` after the library, so the two sort
// next to each other; each set-up checks that the generated path reads the same values, or writes the
// same bytes, as the Codable path on the same twin (`CodablePath`).

// MARK: - Corpus models with the macro

/// Registers, for each corpus file with a twin, `Decode:<file>-as-<Model>:TapeJSONDecoder-macro` (the
/// file's `Data` decoded into the twin) and `Encode:<file>-as-<Model>:TapeJSONEncoder-macro` (the decoded
/// twin written into one reused buffer, bytes/s over Foundation's output size), measured as the Codable
/// rows in Decoding.swift and Encoding.swift; then the LogLine rows with the macro.
func registerGeneratedBenchmarks() {
    registerGeneratedModel(TwitterSearch.self, file: "twitter.json")
    registerGeneratedModel(CitmCatalog.self, file: "citm_catalog.json")
    registerGeneratedModel(Canada.self, file: "canada.json")
    registerGeneratedModel(GitHubEvents.self, file: "github_events.json", named: "GitHubEvents")
    registerGeneratedModel(ApacheBuilds.self, file: "apache_builds.json")
    registerGeneratedModel(RandomUsers.self, file: "random.json")
    registerGeneratedModel(Mesh.self, file: "mesh.json")
    registerGeneratedModel(MarineScene.self, file: "marine_ik.json")
    registerGeneratedLogLineBenchmarks()
}

/// What the set-ups check the generated path against: a decoder and an encoder that take the Codable
/// path (`init(from:)`, `encode(to:)`) even for a type with generated conformances.
private enum CodablePath {
    static func decoder(keys: TapeJSONDecoder.KeyDecodingStrategy = .useDefaultKeys) -> TapeJSONDecoder {
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = keys
        decoder.takesGeneratedPaths = false
        return decoder
    }

    static func encoder() -> TapeJSONEncoder {
        let encoder = TapeJSONEncoder()
        encoder.takesGeneratedPaths = false
        return encoder
    }
}

private func registerGeneratedModel<Model: TapeJSONDecodable & TapeJSONEncodable & Codable & Equatable>(
    _ type: Model.Type, file name: String, named typeName: String = "\(Model.self)"
) {
    let input = "\(name) as \(typeName)"
    let tape = TapeJSONDecoder()

    Benchmark(benchmarkName("Decode", input, "TapeJSONDecoder macro"), configuration: .operation) { benchmark in
        let file = try Corpus.file(name)
        try measure(benchmark, bytes: file.size) {
            try tape.decode(Model.self, from: file.data)
        }
    } setup: {
        let file = try Corpus.file(name)
        guard try tape.decode(Model.self, from: file.data) == CodablePath.decoder().decode(Model.self, from: file.data) else {
            throw BenchmarkInputError("\(name): the generated path and the Codable path decode different \(typeName) values")
        }
    }

    Benchmark(benchmarkName("Encode", input, "TapeJSONEncoder macro"), configuration: .operation) { benchmark in
        try measureEncoding(benchmark, of: tape.decode(Model.self, from: Corpus.file(name).data))
    } setup: {
        // The same instance both ways: a dictionary's order is its own.
        let value = try tape.decode(Model.self, from: Corpus.file(name).data)
        guard try TapeJSONEncoder().encode(value) == CodablePath.encoder().encode(value) else {
            throw BenchmarkInputError("\(name): the generated path writes other bytes than the Codable path for \(typeName)")
        }
    }
}

// MARK: - LogLine with the macro

/// Registers the LogLine rows with the twin, each beside its Codable row:
/// - `JSONLines-decode:16MB-logs-as-LogLine:TapeJSON-1-job-macro`: `JSONLines.decode` with one job and
///   `.convertFromAnyCase`, values dropped as delivered;
/// - `decode-per-call:16MB-logs-as-LogLine,-snake_case-keys:TapeJSON-macro`: each of `SnakeCaseLogs`'
///   lines decoded by its own call, `.convertFromSnakeCase`;
/// - `Encode:1000-LogLine-records:TapeJSONEncoder-into-a-reused-buffer-macro`: the first 1,000 records
///   (decoded as `LogRecords` decodes them), one at a time into one reused buffer, scaling factor 1,000;
/// - `JSONLines-transform:16MB-logs-as-LogLine:TapeJSON-JSONLinesWriter-macro`: `transformLogs`.
private func registerGeneratedLogLineBenchmarks() {
    let logs = "16MB logs"
    let anyCase = TapeJSONDecoder()
    anyCase.keyDecodingStrategy = .convertFromAnyCase

    Benchmark(benchmarkName("JSONLines decode", "\(logs) as LogLine", "TapeJSON 1 job macro"), configuration: .streaming) { benchmark in
        let lines = Logs.reader
        try measure(benchmark, bytes: Logs.bytes.count) {
            try lines.decode(LogLine.self, using: anyCase, jobs: 1, each: { _, _ in }).documents
        }
    } setup: {
        let generated = try decodedLogs(using: anyCase)
        guard generated.count == Logs.lines.count, generated == (try decodedLogs(using: CodablePath.decoder(keys: .convertFromAnyCase))) else {
            throw BenchmarkInputError("JSONLines.decode: the generated path read \(generated.count) of \(Logs.lines.count) lines, or other values than the Codable path")
        }
    }

    Benchmark(benchmarkName("decode per call", "\(logs) as LogLine, snake_case keys", "TapeJSON macro"),
              configuration: .streaming) { benchmark in
        try SnakeCaseLogs.measurePerCall(benchmark, LogLine.self)
    } setup: {
        let codable = CodablePath.decoder(keys: .convertFromSnakeCase)
        try SnakeCaseLogs.check(LogLine.self, against: "the Codable path") { try codable.decode(LogLine.self, from: $0) }
    }

    Benchmark(benchmarkName("Encode", "\(LogRecords.count) LogLine records", "TapeJSONEncoder into a reused buffer macro"),
              configuration: LogRecords.configuration) { benchmark in
        try measureRecordEncoding(benchmark, of: GeneratedLogRecords.records)
    } setup: {
        let generated = TapeJSONEncoder(), codable = CodablePath.encoder()
        for record in GeneratedLogRecords.records where try generated.encode(record) != codable.encode(record) {
            throw BenchmarkInputError("the generated path writes a LogLine differently from the Codable path")
        }
    }

    Benchmark(benchmarkName("JSONLines transform", "\(logs) as LogLine", "TapeJSON JSONLinesWriter macro"),
              configuration: .streaming) { benchmark in
        let writer = JSONLinesWriter(fileHandle: try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/null")))
        try measure(benchmark, bytes: Logs.bytes.count) {
            try transformLogs(LogLine.self, using: anyCase, into: writer) { $0.level = $0.level.lowercased() }
        }
    } setup: {
        let generated = try transformOutput {
            try transformLogs(LogLine.self, using: anyCase, into: JSONLinesWriter(fileHandle: $0)) { $0.level = $0.level.lowercased() }
        }
        let codable = try transformOutput {
            try transformLogs(LogLine.self, using: CodablePath.decoder(keys: .convertFromAnyCase),
                              into: JSONLinesWriter(fileHandle: $0, encoder: CodablePath.encoder())) { $0.level = $0.level.lowercased() }
        }
        guard generated == codable else {
            throw BenchmarkInputError("read, transform, write: the generated path wrote other lines than the Codable path")
        }
    }
}

/// Every line of the logs decoded into the twin by `decoder`, in order (set-ups only).
private func decodedLogs(using decoder: TapeJSONDecoder) throws -> [LogLine] {
    var records: [LogLine] = []
    try Logs.reader.decode(LogLine.self, using: decoder, jobs: 1, each: { record, _ in records.append(record) })
    return records
}

/// `LogRecords`' 1,000 lines decoded into the twin as `LogRecords` decodes them (`JSONDecoder`,
/// `LogLine.foundationKeyDecodingStrategy`), once per process, outside any measurement.
private enum GeneratedLogRecords {
    static let records: [LogLine] = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = LogLine.foundationKeyDecodingStrategy
        return Logs.lines.prefix(LogRecords.count).map { try! decoder.decode(LogLine.self, from: $0) }
    }()
}
