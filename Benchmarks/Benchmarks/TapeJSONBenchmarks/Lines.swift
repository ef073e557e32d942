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
///   one decoder (what a service pays per small request body), against the same Foundation row.
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

    Benchmark(benchmarkName(decode, "\(logs) as LogLine", "TapeJSON per call (one Data per line)"),
              configuration: .streaming) { benchmark in
        let lines = Logs.lines
        try measure(benchmark, bytes: Logs.bytes.count) {
            var decoded = 0
            for line in lines {
                blackHole(try tape.decode(LogLine.self, from: line))
                decoded += 1
            }
            return decoded
        }
    } setup: {
        // Every line decodes, and to the value Foundation's decoder reads from it.
        for (index, line) in Logs.lines.enumerated() {
            guard try tape.decode(LogLine.self, from: line) == foundation.decode(LogLine.self, from: line) else {
                throw BenchmarkInputError("decode per call: line \(index + 1) differs from Foundation's value")
            }
        }
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
}
