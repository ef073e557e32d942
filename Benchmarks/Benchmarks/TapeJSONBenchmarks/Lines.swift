import Benchmark
import CorpusModels
import Foundation
import NativeReference
import SyntheticLogs
import TapeJSON

// MARK: - JSON Lines: counting and decoding logs

/// The generated logs (about 16 MB), their lines pre-split for Foundation, and a padded copy for the
/// native loop. Built once per process, on first use, outside any measurement.
enum Logs {
    static let bytes: [UInt8] = LogGenerator.logs(byteCount: 16_000_000, seed: 42)
    /// Each line as its own `Data`, split on `\n` before timing starts (Foundation reads one document at
    /// a time; the splitting is not counted against it).
    static let lines: [Data] = bytes.split(separator: 0x0A).map { Data($0) }
    static let padded = PaddedBytes(bytes)
    /// One reader over `bytes`, shared by the TapeJSON rows and made ready in their setup: a reader over
    /// memory copies its bytes once into a padded region, on first use. That copy is left out of the
    /// measurement, as the native loop reads an already padded buffer and a reader over a file maps
    /// it in place; `tapejson bench` measures the same way. Only one benchmark runs at a time.
    nonisolated(unsafe) static let reader = JSONLines(bytes: bytes)
}

/// Registers, over the generated logs:
/// - counting the documents: native simdjson `parse_many` (self-timed C++, 1 MiB batches, the limit),
///   `JSONLines(bytes:).count()`, and `JSONSerialization` line by line;
/// - decoding every line into `LogLine` (keys in mixed casings): `JSONLines.decode` with one and two
///   workers and `.convertFromAnyCase`, against `JSONDecoder` line by line with the equivalent
///   `.custom` key strategy (`LogLine.foundationKeyDecodingStrategy`);
/// - decoding per call: each line as its own `Data`, a new `TapeJSONDecoder.decode` call each time with
///   one decoder (what a service pays per small request body), against the same calls to `JSONDecoder`,
///   both with `.convertFromSnakeCase` (`SnakeCaseLogs`);
/// - the limit of both decodes (`limit-parse+walk+strings`): the same lines parsed, their events walked
///   and their string values copied into `String`s, no model (`StringValueSink`).
func registerLinesBenchmarks() {
    let count = "JSONLines count", logs = "16MB logs"

    Benchmark(benchmarkName(count, logs, "native simdjson parse_many"), configuration: .native) { benchmark in
        guard let run = ReferenceParser.countDocuments(paddedBytes: Logs.padded.bytes, batchSize: 1 << 20),
              run.count == Logs.lines.count
        else { throw BenchmarkInputError("native parse_many rejected the logs") }
        recordThroughput(benchmark, bytes: Logs.bytes.count, seconds: run.seconds)
    } setup: {
        announceKernel()
    }

    Benchmark(benchmarkName(count, logs, "TapeJSON JSONLines.count"), configuration: .streaming) { benchmark in
        let lines = Logs.reader
        try measure(benchmark, bytes: Logs.bytes.count) {
            try lines.count().documents
        }
    } setup: {
        let documents = try Logs.reader.count().documents
        guard documents == Logs.lines.count else {
            throw BenchmarkInputError("JSONLines counted \(documents) of \(Logs.lines.count) log lines")
        }
    }

    Benchmark(benchmarkName(count, logs, "Foundation JSONSerialization per line"), configuration: .slowBaseline) { benchmark in
        let lines = Logs.lines
        try measure(benchmark, bytes: Logs.bytes.count) {
            var documents = 0
            for line in lines {
                blackHole(try JSONSerialization.jsonObject(with: line))
                documents += 1
            }
            return documents
        }
    }

    let decode = "JSONLines decode"
    let tape = TapeJSONDecoder()
    tape.keyDecodingStrategy = .convertFromAnyCase
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = LogLine.foundationKeyDecodingStrategy

    Benchmark(benchmarkName(decode, "\(logs) as LogLine", "Foundation JSONDecoder per line"), configuration: .slowBaseline) { benchmark in
        let lines = Logs.lines
        try measure(benchmark, bytes: Logs.bytes.count) {
            var decoded = 0
            for line in lines {
                blackHole(try foundation.decode(LogLine.self, from: line))
                decoded += 1
            }
            return decoded
        }
    }

    // Decoding per call (what a service pays per small request body): each line as its own `Data`, a
    // new decode call each time, one decoder, against the same calls to Foundation. Both use one of
    // Foundation's own key strategies, `.convertFromSnakeCase`, over the lines it can map (those without
    // dash-case header keys), as `tapejson bench`'s per-call row does.
    let perCall = "decode per call"
    Benchmark(benchmarkName(perCall, "\(logs) as LogLine, snake_case keys", "Foundation JSONDecoder"),
              configuration: .slowBaseline) { benchmark in
        let lines = SnakeCaseLogs.lines
        try measure(benchmark, bytes: SnakeCaseLogs.bytes) {
            var decoded = 0
            for line in lines {
                blackHole(try SnakeCaseLogs.foundation.decode(LogLine.self, from: line))
                decoded += 1
            }
            return decoded
        }
    }

    // Its limit (`tapejson bench`'s `(limit)` per-call row): each of the same lines parsed on its own,
    // its events walked and its string values copied into `String`s, no model.
    let perCallParser = JSONParser()
    let perCallSink = StringValueSink()
    Benchmark(benchmarkName(perCall, "\(logs) as LogLine, snake_case keys", "limit parse+walk+strings"),
              configuration: .streaming) { benchmark in
        let lines = SnakeCaseLogs.lines
        try measure(benchmark, bytes: SnakeCaseLogs.bytes) {
            var events = 0
            for line in lines {
                perCallSink.reset()
                let document = try perCallParser.parse(line)
                var reader = document.events
                events += perCallSink.copyStringValues(&reader)
            }
            return events
        }
    }

    Benchmark(benchmarkName(perCall, "\(logs) as LogLine, snake_case keys", "TapeJSON"),
              configuration: .streaming) { benchmark in
        try SnakeCaseLogs.measurePerCall(benchmark, LogLine.self)
    } setup: {
        try SnakeCaseLogs.check(LogLine.self, against: "Foundation's value") { try SnakeCaseLogs.foundation.decode(LogLine.self, from: $0) }
    }

    for jobs in [1, 2] {
        Benchmark(benchmarkName(decode, "\(logs) as LogLine", "TapeJSON \(jobs) job\(jobs == 1 ? "" : "s")"),
                  configuration: .streaming) { benchmark in
            // Values are dropped as delivered (they are still made, delivered and freed), as in
            // `tapejson bench`: what a consumer does with them is not the decoder's cost.
            let lines = Logs.reader
            try measure(benchmark, bytes: Logs.bytes.count) {
                try lines.decode(LogLine.self, using: tape, jobs: jobs, each: { _, _ in }).documents
            }
        } setup: {
            // Every line decodes, and to the value Foundation's decoder reads from it.
            var index = 0
            var mismatch: Int?
            try Logs.reader.decode(LogLine.self, using: tape, jobs: jobs, each: { line, _ in
                if mismatch == nil, index < Logs.lines.count,
                   (try? foundation.decode(LogLine.self, from: Logs.lines[index])) != line {
                    mismatch = index
                }
                index += 1
            })
            guard index == Logs.lines.count, mismatch == nil else {
                throw BenchmarkInputError("JSONLines.decode: \(index) of \(Logs.lines.count) lines, first mismatch \(mismatch.map(String.init) ?? "none")")
            }
        }
    }

    // The decode rows' limit (`tapejson bench`'s `(limit)` JSON Lines row): the same reader, one job
    // (`map` with one job runs on the calling thread without simdjson's stage-1 helper, as `decode` with
    // one job does), each line's events walked and its string values copied into `String`s, no model.
    // Each line's strings are freed when the next line starts, as the decode rows drop each record.
    let linesSink = StringValueSink()
    Benchmark(benchmarkName(decode, "\(logs) as LogLine", "limit parse+walk+strings"),
              configuration: .streaming) { benchmark in
        let lines = Logs.reader
        try measure(benchmark, bytes: Logs.bytes.count) {
            try lines.map(jobs: 1, { line in
                linesSink.reset()
                var reader = line.events
                linesSink.copyStringValues(&reader)
            }, each: { _, _ in }).documents
        }
    } setup: {
        let documents = try Logs.reader.count().documents
        guard documents == Logs.lines.count else {
            throw BenchmarkInputError("JSONLines counted \(documents) of \(Logs.lines.count) log lines")
        }
    }
}

// MARK: - JSON Lines: read, transform, write

/// Registers the read-transform-write loop over the generated logs (`tapejson bench`'s "read, transform,
/// write LogLine"): every line decoded into `LogLine` (`.convertFromAnyCase`), its `level` lowercased, and
/// the record written back as a line to `/dev/null`, through `JSONLines.decode` with one job and a
/// `JSONLinesWriter` (`transformLogs`), against `JSONDecoder` and `JSONEncoder` line by line (the same key
/// mapping through `LogLine.foundationKeyDecodingStrategy`) appending to a buffer written out every
/// 64 KiB. Bytes/s is over the input. The set-up checks that both write the same lines under
/// `.sortedKeys` (without it Foundation's key order is unspecified).
func registerTransformBenchmarks() {
    let group = "JSONLines transform", input = "16MB logs as LogLine"
    let tape = TapeJSONDecoder()
    tape.keyDecodingStrategy = .convertFromAnyCase

    Benchmark(benchmarkName(group, input, "Foundation JSONDecoder+JSONEncoder per line"), configuration: .slowBaseline) { benchmark in
        let lines = Logs.lines
        let devNull = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/null"))
        let encoder = JSONEncoder()
        try measure(benchmark, bytes: Logs.bytes.count) {
            try foundationTransform(lines, encoder: encoder, into: devNull)
        }
    }

    Benchmark(benchmarkName(group, input, "TapeJSON JSONLinesWriter"), configuration: .streaming) { benchmark in
        let writer = JSONLinesWriter(fileHandle: try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/null")))
        try measure(benchmark, bytes: Logs.bytes.count) {
            try transformLogs(LogLine.self, using: tape, into: writer) { $0.level = $0.level.lowercased() }
        }
    } setup: {
        let sorted = TapeJSONEncoder()
        sorted.outputFormatting = .sortedKeys
        let ours = try transformOutput {
            try transformLogs(LogLine.self, using: tape, into: JSONLinesWriter(fileHandle: $0, encoder: sorted)) { $0.level = $0.level.lowercased() }
        }
        let foundationSorted = JSONEncoder()
        foundationSorted.outputFormatting = .sortedKeys
        let theirs = try transformOutput { try foundationTransform(Logs.lines, encoder: foundationSorted, into: $0) }
        guard ours == theirs else {
            throw BenchmarkInputError("read, transform, write: TapeJSON and Foundation wrote different lines")
        }
    }
}

/// The Foundation side of the transform rows: each pre-split line decoded with `JSONDecoder`, its `level`
/// lowercased, encoded with `encoder` and appended with a newline to a buffer handed to `output` every
/// 64 KiB. Returns the number of records.
private func foundationTransform(_ lines: [Data], encoder: JSONEncoder, into output: FileHandle) throws -> Int {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = LogLine.foundationKeyDecodingStrategy
    var buffer = Data()
    for line in lines {
        var changed = try decoder.decode(LogLine.self, from: line)
        changed.level = changed.level.lowercased()
        buffer.append(try encoder.encode(changed))
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 {
            output.write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }
    output.write(buffer)
    return lines.count
}

/// The TapeJSON side of the transform rows, for either model of the log lines (`LogLine` and its
/// @TapeJSONCodable twin): every line of `Logs.reader` decoded into `Record` with one job, changed by
/// `change` and written by `writer`, which is flushed at the end. Returns the number of records.
func transformLogs<Record: Codable & Sendable>(_ type: Record.Type, using decoder: TapeJSONDecoder, into writer: JSONLinesWriter,
                                               _ change: (inout Record) -> Void) throws -> Int {
    let documents = try Logs.reader.decode(Record.self, using: decoder, jobs: 1, each: { record, _ in
        var changed = record
        change(&changed)
        try writer.write(changed)
    }).documents
    try writer.flush()
    return documents
}

/// What `body` writes to a temporary file (removed afterwards), for the transform rows' set-ups; the
/// measured runs write to `/dev/null`. Fails when `body` wrote no line for one of the logs' lines.
func transformOutput(_ body: (FileHandle) throws -> Int) throws -> Data {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapejson-transform-\(UUID().uuidString).ndjson")
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        throw BenchmarkInputError("cannot create \(url.path)")
    }
    defer { try? FileManager.default.removeItem(at: url) }
    let handle = try FileHandle(forWritingTo: url)
    let records = try body(handle)
    try handle.close()
    guard records == Logs.lines.count else {
        throw BenchmarkInputError("read, transform, write: \(records) of \(Logs.lines.count) log lines")
    }
    return try Data(contentsOf: url)
}

// MARK: - Items at a JSON Pointer

/// The same logs as one document, `{"meta": {...}, "Records": [...]}`, and a top-level array of 5 million
/// one-digit numbers (10 MB): the inputs of `JSONItemStream`. Built once per process, outside any
/// measurement.
enum ItemInputs {
    static let envelope: [UInt8] = {
        var bytes = Array(#"{"meta": {"source": "gen-logs", "tags": ["a", "]"]}, "Records": [\n"#.utf8)
        var first = true
        for line in Logs.bytes.split(separator: 0x0A) where !line.isEmpty {
            if !first { bytes += [0x2C, 0x0A] }
            bytes += line
            first = false
        }
        return bytes + Array("\n], \"next\": null}\n".utf8)
    }()
    static let numbers: [UInt8] = {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(10_000_002)
        for k in 0..<5_000_000 {
            if k > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "0") + UInt8(k % 10))
        }
        return bytes + [UInt8(ascii: "]")]
    }()
    static let paddedNumbers = PaddedBytes(numbers)
    nonisolated(unsafe) static let records = JSONItemStream(bytes: envelope, pointer: "/Records")
    nonisolated(unsafe) static let array = JSONItemStream(bytes: numbers, pointer: "")
}

/// Registers counting the items at a pointer: the log records in an envelope (`JSONItemStream.count`,
/// 1 and 2 jobs) against the same records as JSON Lines counted as `tapejson lines --count` counts them
/// (`JSONLines.map`, 1 and 2 jobs); and the array of small numbers (1 and 2 jobs) against native
/// simdjson parsing the whole array.
func registerItemBenchmarks() {
    let count = "JSONItemStream count", logs = "16MB logs"
    for jobs in [1, 2] {
        let label = "\(jobs) job\(jobs == 1 ? "" : "s")"
        Benchmark(benchmarkName(count, "\(logs) in an envelope", "TapeJSON items /Records \(label)"),
                  configuration: .streaming) { benchmark in
            try measure(benchmark, bytes: ItemInputs.envelope.count) {
                try ItemInputs.records.count(jobs: jobs).documents
            }
        } setup: {
            let documents = try ItemInputs.records.count(jobs: jobs).documents
            guard documents == Logs.lines.count else {
                throw BenchmarkInputError("JSONItemStream counted \(documents) of \(Logs.lines.count) records")
            }
        }
        Benchmark(benchmarkName(count, "\(logs) in an envelope", "TapeJSON same records as JSON Lines \(label)"),
                  configuration: .streaming) { benchmark in
            try measure(benchmark, bytes: Logs.bytes.count) {
                try Logs.reader.map(jobs: jobs, { _ in () }, each: { _, _ in }).documents
            }
        }
        Benchmark(benchmarkName(count, "5M small numbers", "TapeJSON items '' \(label)"),
                  configuration: .streaming) { benchmark in
            try measure(benchmark, bytes: ItemInputs.numbers.count) {
                try ItemInputs.array.count(jobs: jobs).documents
            }
        } setup: {
            let documents = try ItemInputs.array.count(jobs: jobs).documents
            guard documents == 5_000_000 else { throw BenchmarkInputError("JSONItemStream counted \(documents) numbers") }
        }
    }
    Benchmark(benchmarkName(count, "5M small numbers", "native simdjson parse whole"), configuration: .native) { benchmark in
        guard let seconds = ReferenceParser.parseSeconds(paddedBytes: ItemInputs.paddedNumbers.bytes, iterations: 1)
        else { throw BenchmarkInputError("native simdjson rejected the array") }
        recordThroughput(benchmark, bytes: ItemInputs.numbers.count, seconds: seconds)
    } setup: {
        announceKernel()
    }
}

/// The log lines `.convertFromSnakeCase` maps to `LogLine` (all but those with dash-case header keys),
/// and the two decoders set up with it, for the per-call rows.
enum SnakeCaseLogs {
    static let tape: TapeJSONDecoder = {
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }()
    static let foundation: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }()
    static let lines: [Data] = Logs.lines.filter { (try? foundation.decode(LogLine.self, from: $0)) != nil }
    static let bytes = lines.reduce(0) { $0 + $1.count }

    /// Measures the TapeJSON per-call rows: each line decoded into `Record` by its own call to `tape`
    /// (`LogLine` through the Codable path, or its @TapeJSONCodable twin through the generated one).
    static func measurePerCall<Record: Decodable>(_ benchmark: Benchmark, _ type: Record.Type) throws {
        let lines = self.lines
        try measure(benchmark, bytes: bytes) {
            var decoded = 0
            for line in lines {
                blackHole(try tape.decode(Record.self, from: line))
                decoded += 1
            }
            return decoded
        }
    }

    /// A per-call row's set-up: every line decodes with `tape`, and to the value `reference` reads from it
    /// (`what` names the reference in the error).
    static func check<Record: Decodable & Equatable>(_ type: Record.Type, against what: String,
                                                     _ reference: (Data) throws -> Record) throws {
        for (index, line) in lines.enumerated() {
            guard try tape.decode(Record.self, from: line) == reference(line) else {
                throw BenchmarkInputError("decode per call: line \(index + 1) differs from \(what)")
            }
        }
    }
}
