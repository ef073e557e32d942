import Benchmark
import Foundation
import NativeReference
import TapeJSON

// MARK: - Parse: TapeJSON's tape and event walk against native simdjson

/// The files the parse rows run on: social-media text, id-keyed tables, and numbers.
let parseFiles = ["twitter.json", "citm_catalog.json", "canada.json"]

/// Registers, for each of `parseFiles`:
/// - `native simdjson`: a plain C++ `dom::parser` parse (`ReferenceParser.parseSeconds`), the physical
///   limit, timed by the C++ clock: one parse per iteration, on a parser warmed by an untimed parse
///   (TapeJSON's parser pool is warm too). One parse keeps each sample as short as TapeJSON's (on a
///   shared machine a longer self-timed loop catches more preemption).
/// - `TapeJSON tape`: `JSONParser().parse(unsafePaddedBytes:)` on the padded file, through the shim.
/// - `TapeJSON tape + event walk`: the same parse, then the event reader over every value, touching
///   every key, string and number.
/// - `TapeJSON streamed events`: the same events from `JSONStreamParser`, fed 64 KiB at a time (as from a
///   socket or a pipe), one parser reset between iterations; the goal is at least half the speed of the
///   parse + event walk.
func registerParseBenchmarks() {
    for name in parseFiles {
        Benchmark(benchmarkName("Parse", name, "native simdjson"), configuration: .native) { benchmark in
            let file = try Corpus.file(name)
            guard let seconds = ReferenceParser.parseSeconds(paddedBytes: file.padded.unsafeBytes, iterations: 1) else {
                throw BenchmarkInputError("native simdjson rejected \(name)")
            }
            recordThroughput(benchmark, bytes: file.size, seconds: seconds)
        } setup: {
            announceKernel()
        }

        let parser = JSONParser()
        Benchmark(benchmarkName("Parse", name, "TapeJSON tape"), configuration: .operation) { benchmark in
            let file = try Corpus.file(name)
            try measure(benchmark, bytes: file.size) {
                try parser.parse(unsafePaddedBytes: file.padded.unsafeBytes)
            }
        }

        Benchmark(benchmarkName("Parse", name, "TapeJSON tape+events"), configuration: .operation) { benchmark in
            let file = try Corpus.file(name)
            try measure(benchmark, bytes: file.size) {
                let document = try parser.parse(unsafePaddedBytes: file.padded.unsafeBytes)
                var checksum = EventChecksum()
                var reader = document.events
                while let event = reader.next() { checksum.add(event) }
                return checksum.value
            }
        }

        let reused = ReusedStreamParser()
        Benchmark(benchmarkName("Parse", name, "TapeJSON streamed events"), configuration: .operation) { benchmark in
            let file = try Corpus.file(name)
            let bytes = file.padded.unsafeBytes
            // One parser for every iteration, reset before each (its window and simdjson parser are
            // set-up, as the rows above reuse their parser).
            let stream = try reused.parser()
            stream.reset()
            stream.handler = ChecksumHandler()
            try measure(benchmark, bytes: file.size) {
                var offset = 0
                while offset < file.size {
                    let n = min(1 << 16, file.size - offset)
                    try stream.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + n)]))
                    offset += n
                }
                try stream.finish()
                return stream.handler.checksum.value
            }
        }
    }
}

/// The push parser of one benchmark, made on its first iteration and reused by the next ones (a
/// benchmark's iterations run one after another).
final class ReusedStreamParser: @unchecked Sendable {
    private var made: JSONStreamParser<ChecksumHandler>?

    func parser() throws -> JSONStreamParser<ChecksumHandler> {
        if let made { return made }
        let parser = try JSONStreamParser(handler: ChecksumHandler())
        made = parser
        return parser
    }
}

/// Folds the push parser's events into an `EventChecksum`, continuing into every container.
struct ChecksumHandler: JSONEventHandler {
    var checksum = EventChecksum()

    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        checksum.add(event)
        return .continue
    }
}

/// Folds every event's payload into a number, so the walk reads every value and cannot be optimised away.
struct EventChecksum {
    private(set) var value: UInt64 = 0

    @inline(__always)
    mutating func add(_ event: JSONEvent) {
        switch event {
        case .startObject: value &+= 1
        case .endObject: value &+= 2
        case .startArray: value &+= 3
        case .endArray: value &+= 4
        case .key(let text), .string(let text):
            value &+= UInt64(text.count)
            if !text.isEmpty { value &+= UInt64(text.utf8[0]) }
        case .int(let number): value &+= UInt64(bitPattern: number)
        case .uint(let number): value &+= number
        case .double(let number): value &+= number.bitPattern
        case .bool(let flag): value &+= flag ? 5 : 6
        case .null: value &+= 7
        case .bigNumber(let text): value &+= UInt64(text.count)
        }
    }
}
