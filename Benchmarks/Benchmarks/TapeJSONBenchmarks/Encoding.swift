import Benchmark
import CorpusModels
import Foundation
import TapeJSON

// MARK: - Encode: TapeJSONEncoder against Foundation's JSONEncoder

/// Registers `TapeJSONEncoder` and `JSONEncoder` writing each corpus model back as JSON, with default
/// settings (compact, keys in encoding order), the value decoded once before the benchmark runs.
/// TapeJSON appends to one output buffer reused across iterations (`encode(_:into:)`, emptied with
/// `removeAll(keepingCapacity: true)`); Foundation returns a new `Data` each time, as its API does.
/// Bytes/s is over Foundation's output size. Each pair's set-up checks that both encoders write the
/// same bytes under `.sortedKeys` (without it Foundation's key order is unspecified).
func registerEncodingBenchmarks() {
    registerEncoding(TwitterSearch.self, file: "twitter.json")
    registerEncoding(CitmCatalog.self, file: "citm_catalog.json")
    registerEncoding(Canada.self, file: "canada.json")
    registerEncoding(GitHubEvents.self, file: "github_events.json", named: "GitHubEvents")
    registerEncoding(ApacheBuilds.self, file: "apache_builds.json")
    registerEncoding(RandomUsers.self, file: "random.json")
    registerEncoding(Mesh.self, file: "mesh.json")
    registerEncoding(MarineScene.self, file: "marine_ik.json")
    registerLogLineEncoding()
}

/// Values decoded once per process (outside any measurement), by file name.
private enum EncodingInputs {
    nonisolated(unsafe) static var values: [String: Any] = [:]

    static func value<Model: Decodable>(_ type: Model.Type, file name: String) throws -> Model {
        if let value = values[name] as? Model { return value }
        let value = try TapeJSONDecoder().decode(Model.self, from: Corpus.file(name).data)
        values[name] = value
        return value
    }
}

private func registerEncoding<Model: Codable>(_ type: Model.Type, file name: String,
                                              named typeName: String = "\(Model.self)") {
    let input = "\(name) as \(typeName)"

    Benchmark(benchmarkName("Encode", input, "Foundation JSONEncoder"), configuration: .foundationOperation) { benchmark in
        let value = try EncodingInputs.value(Model.self, file: name)
        let encoder = JSONEncoder()
        let size = try encoder.encode(value).count
        try measure(benchmark, bytes: size) {
            try encoder.encode(value)
        }
    }

    Benchmark(benchmarkName("Encode", input, "TapeJSONEncoder"), configuration: .operation) { benchmark in
        try measureEncoding(benchmark, of: EncodingInputs.value(Model.self, file: name))
    } setup: {
        let value = try EncodingInputs.value(Model.self, file: name)
        let tape = TapeJSONEncoder()
        tape.outputFormatting = .sortedKeys
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        guard try tape.encode(value) == foundation.encode(value) else {
            throw BenchmarkInputError("\(name): TapeJSONEncoder and JSONEncoder write different bytes for \(typeName)")
        }
    }
}

/// Measures `TapeJSONEncoder` writing `value` into one buffer reused across iterations (emptied with
/// `removeAll(keepingCapacity: true)`, written once before the first), bytes/s over what `JSONEncoder`
/// writes for it: the TapeJSON encode rows, with the Codable path or the generated one.
func measureEncoding<Model: Encodable>(_ benchmark: Benchmark, of value: Model) throws {
    let encoder = TapeJSONEncoder()
    let size = try JSONEncoder().encode(value).count
    var buffer: [UInt8] = []
    try encoder.encode(value, into: &buffer)
    try measure(benchmark, bytes: size) {
        buffer.removeAll(keepingCapacity: true)
        try encoder.encode(value, into: &buffer)
        return buffer.count
    }
}

/// The first 1,000 records of the generated logs, decoded once (outside any measurement). The
/// @TapeJSONCodable row (Generated.swift) encodes the same lines and reuses `count` and `encodedSize`.
enum LogRecords {
    static let count = 1_000
    static let records: [LogLine] = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = LogLine.foundationKeyDecodingStrategy
        return Logs.lines.prefix(count).map { try! decoder.decode(LogLine.self, from: $0) }
    }()
    /// What Foundation writes for them, one line each.
    static let encodedSize: Int = {
        let encoder = JSONEncoder()
        return records.reduce(0) { $0 + (try! encoder.encode($1).count) + 1 }
    }()
    /// The TapeJSON rows' configuration: `operation` with a scaling factor of 1,000 (one per record).
    static var configuration: Benchmark.Configuration {
        var perRecord = Benchmark.Configuration.operation
        perRecord.scalingFactor = .kilo
        return perRecord
    }
}

/// Measures `TapeJSONEncoder` writing `records` one at a time into one buffer reused for every record
/// (what `JSONLinesWriter` does), bytes/s over what `JSONEncoder` writes for `LogRecords`: the TapeJSON
/// rows on the 1,000 log records, with the Codable path or the generated one.
func measureRecordEncoding<Record: Encodable>(_ benchmark: Benchmark, of records: [Record]) throws {
    let encoder = TapeJSONEncoder()
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 16)
    try measure(benchmark, bytes: LogRecords.encodedSize) {
        var written = 0
        for record in records {
            buffer.removeAll(keepingCapacity: true)
            try encoder.encode(record, into: &buffer)
            written += buffer.count + 1
        }
        return written
    }
}

/// Registers encoding log records one at a time: TapeJSON into one buffer reused for every record
/// (what `JSONLinesWriter` does), Foundation into a new `Data` per record. One iteration encodes the
/// 1,000 records, and the configuration's scaling factor is 1,000, so with `--scale` package-benchmark
/// shows the figures per record: `Malloc (total)` is the allocations per encoded `LogLine`.
private func registerLogLineEncoding() {
    let input = "\(LogRecords.count) LogLine records"
    var perRecordFoundation = Benchmark.Configuration.foundationOperation
    perRecordFoundation.scalingFactor = .kilo

    Benchmark(benchmarkName("Encode", input, "Foundation JSONEncoder per record"), configuration: perRecordFoundation) { benchmark in
        let records = LogRecords.records
        let encoder = JSONEncoder()
        try measure(benchmark, bytes: LogRecords.encodedSize) {
            var written = 0
            for record in records { written += try encoder.encode(record).count + 1 }
            return written
        }
    }

    Benchmark(benchmarkName("Encode", input, "TapeJSONEncoder into a reused buffer"), configuration: LogRecords.configuration) { benchmark in
        try measureRecordEncoding(benchmark, of: LogRecords.records)
    } setup: {
        let tape = TapeJSONEncoder()
        tape.outputFormatting = .sortedKeys
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        for record in LogRecords.records where try tape.encode(record) != foundation.encode(record) {
            throw BenchmarkInputError("TapeJSONEncoder and JSONEncoder write a LogLine differently")
        }
    }
}
