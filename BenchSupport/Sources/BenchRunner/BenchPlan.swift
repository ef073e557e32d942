import CallsFloors
import CorpusModels
import Foundation
import NativeReference
import Synchronization
import TapeJSON

/// The workloads of one bench run and how they pair up.
public struct BenchPlan {
    /// The workloads, in the order they run in each round.
    public private(set) var workloads: [Workload] = []
    var comparisons: [Comparison] = []
    /// Workloads whose CPU time is reported beside their elapsed time (the JSON Lines ones, where threads
    /// are involved: on a shared machine CPU time shows what a run costs even when cores are busy).
    var cpuReported: [Int] = []
    /// The `(limit)` workload of each decode row that has one, by the decode row's file and operation
    /// (`addDecodeLimit`, `decodeLimit(file:operation:)`).
    private var decodeLimits: [DecodeRow: Int] = [:]

    private struct DecodeRow: Hashable {
        let file: String
        let operation: String
    }

    /// The rows of the `@TapeJSONCodable` twins.
    let twins: GeneratedTwinRows

    /// An empty plan whose generated-path rows run `twins`.
    public init(twins: GeneratedTwinRows) {
        self.twins = twins
    }

    /// The library column of the `(limit)` workloads.
    static let limitLibrary = "TapeJSON parse + event walk + Strings"

    mutating func add(_ workload: Workload) -> Int {
        workloads.append(workload)
        return workloads.count - 1
    }

    /// Adds the `(limit)` workload of the decode row `operation` on `file` (`run`: a parse, an event walk
    /// and a `String` per string value, no model; see `StringValueSink`), records it as that row's limit
    /// and returns it.
    mutating func addDecodeLimit(file: String, operation: String, bytes: Int, run: @escaping () throws -> Void) -> Int {
        let limit = add(Workload(file: file, operation: operation, library: Self.limitLibrary, bytes: bytes, run: run))
        decodeLimits[DecodeRow(file: file, operation: operation)] = limit
        return limit
    }

    /// The `(limit)` workload of the decode row `operation` on `file` (such as `"decode TwitterSearch"`
    /// on `"twitter.json"`), for rows that compare a decoder with its limit; nil when there is none (or
    /// `keepComparisons` left it out).
    func decodeLimit(file: String, operation: String) -> Int? {
        decodeLimits[DecodeRow(file: file, operation: operation)]
    }

    /// Keeps only the comparisons whose operation contains `text` (case-insensitive) and the workloads
    /// they compare, so one row can be measured (and profiled) alone.
    public mutating func keepComparisons(containing text: String) {
        keepComparisons { $0.operation.localizedCaseInsensitiveContains(text) }
    }

    /// The rows of the default (quick) run: one per workload family a user compares, against Foundation
    /// where Foundation does the same work (typed decode and encode on twitter.json, the generated path,
    /// untyped parse, JSON Lines counted and decoded, items at a pointer, patch, gzip input).
    public static func isQuickRow(_ comparison: Comparison) -> Bool {
        let operation = comparison.operation
        if comparison.file == "twitter.json" {
            let words = operation.split(separator: " ")
            return operation == "TapeJSONSerialization vs JSONSerialization"
                || (words.count == 2 && words[0] == "decode")
                || (words.first == "decode" && operation.hasSuffix(" with the macro vs JSONDecoder"))
                || (words.count == 4 && words[0] == "encode" && operation.hasSuffix(" vs JSONEncoder"))
        }
        return operation == "JSON Lines count vs JSONSerialization"
            || operation == "JSON Lines decode LogLine vs JSONDecoder per line"
            || operation == "JSON Lines decode LogLine with the macro vs JSONDecoder per line"
            || operation == "items /Records count vs the same records as JSON Lines, 1 job"
            || operation == "JSON Patch per line (replace + remove) vs counting the lines, 1 job"
            || operation == "JSON Lines count, gzip input vs plain input"
    }

    /// Keeps only the comparisons `keep` accepts and the workloads they compare.
    public mutating func keepComparisons(where keep: (Comparison) -> Bool) {
        comparisons = comparisons.filter(keep)
        var kept: [Int: Int] = [:]
        var remaining: [Workload] = []
        for c in comparisons {
            for index in [c.subject, c.baseline] where kept[index] == nil {
                kept[index] = remaining.count
                remaining.append(workloads[index])
            }
        }
        workloads = remaining
        comparisons = comparisons.map {
            Comparison(file: $0.file, operation: $0.operation, subject: kept[$0.subject]!, baseline: kept[$0.baseline]!)
        }
        cpuReported = cpuReported.compactMap { kept[$0] }
        decodeLimits = decodeLimits.compactMapValues { kept[$0] }
    }

    /// Adds every operation TapeJSON and its counterparts can run on `input`.
    public mutating func add(_ input: BenchInput) throws {
        let twins = self.twins
        let name = input.name
        let bytes = input.file.unsafeBytes
        let size = bytes.count
        let data = input.data
        let parser = JSONParser()
        // Every input must be valid JSON for the comparison to mean anything.
        _ = try parser.parse(unsafePaddedBytes: bytes)

        let native = add(.selfTimed(file: name, operation: "parse", library: "simdjson C++", bytes: size) {
            guard let seconds = ReferenceParser.parseSeconds(paddedBytes: bytes, iterations: 1) else {
                throw JSONInputError(path: name, reason: "native simdjson rejected the input")
            }
            return seconds
        })
        let parse = add(Workload(file: name, operation: "parse", library: "TapeJSON", bytes: size) {
            _ = try parser.parse(unsafePaddedBytes: bytes)
        })
        let events = add(Workload(file: name, operation: "events", library: "TapeJSON", bytes: size) {
            let document = try parser.parse(unsafePaddedBytes: bytes)
            var sink = EventSink()
            var reader = document.events
            while let event = reader.next() { sink.touch(event) }
            precondition(sink.checksum != 1, "keeps the walk from being optimised away")
        })
        if Self.streamedFiles.contains(name) {
            // The push parser fed 64 KiB at a time (as from a socket or a pipe), one parser reused across
            // runs as the in-memory side reuses its simdjson parser.
            let stream = try JSONStreamParser(handler: StreamedSink())
            let streamed = add(Workload(file: name, operation: "events streamed (64 KiB chunks)", library: "TapeJSON JSONStreamParser",
                                        bytes: size) {
                stream.reset()
                stream.handler.sink = EventSink()
                var offset = 0
                while offset < size {
                    let n = min(1 << 16, size - offset)
                    try stream.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + n)]))
                    offset += n
                }
                try stream.finish()
                precondition(stream.handler.sink.checksum != 1, "keeps the walk from being optimised away")
            })
            comparisons.append(Comparison(file: name, operation: "streamed events vs parse + event walk", subject: streamed, baseline: events))
        }
        let serialization = add(Workload(file: name, operation: "parse", library: "JSONSerialization", bytes: size) {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        })
        let tapeSerialization = add(Workload(file: name, operation: "jsonObject", library: "TapeJSONSerialization", bytes: size) {
            _ = try TapeJSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        })
        comparisons.append(Comparison(file: name, operation: "parse to tape vs native simdjson", subject: parse, baseline: native))
        comparisons.append(Comparison(file: name, operation: "parse to tape vs JSONSerialization", subject: parse, baseline: serialization))
        comparisons.append(Comparison(file: name, operation: "parse + event walk vs native parse", subject: events, baseline: native))
        comparisons.append(Comparison(file: name, operation: "parse + event walk vs JSONSerialization", subject: events, baseline: serialization))
        comparisons.append(Comparison(file: name, operation: "TapeJSONSerialization vs JSONSerialization", subject: tapeSerialization, baseline: serialization))
        // Writing the object graph back (MB/s of JSON written).
        let graph = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        let written = try JSONSerialization.data(withJSONObject: graph, options: [.fragmentsAllowed]).count
        let tapeWrite = add(Workload(file: name, operation: "data(withJSONObject:)", library: "TapeJSONSerialization", bytes: written) {
            _ = try TapeJSONSerialization.data(withJSONObject: graph, options: [.fragmentsAllowed])
        })
        let foundationWrite = add(Workload(file: name, operation: "data(withJSONObject:)", library: "JSONSerialization", bytes: written) {
            _ = try JSONSerialization.data(withJSONObject: graph, options: [.fragmentsAllowed])
        })
        comparisons.append(Comparison(file: name, operation: "TapeJSONSerialization.data vs JSONSerialization.data", subject: tapeWrite, baseline: foundationWrite))
        // Reformatting (`tapejson fmt`): check the text, then write it compact or indented through
        // JSONStreamWriter to /dev/null (MB/s of input), against Foundation's way: read the object
        // graph and write it again.
        let sink = FileHandle(forWritingAtPath: "/dev/null")!
        for (label, indent, foundationOptions) in [("--compact", 0, JSONSerialization.WritingOptions.fragmentsAllowed),
                                                   ("--indent 2", 2, [.fragmentsAllowed, .prettyPrinted])] {
            let formatted = add(Workload(file: name, operation: "fmt \(label)", library: "JSONStreamWriter", bytes: size) {
                let writer = JSONStreamWriter(fileHandle: sink, layout: .init(indent: indent))
                try writer.value(jsonText: bytes, parser: parser)
                try writer.close()
            })
            let foundationFormatted = add(Workload(file: name, operation: "fmt \(label)", library: "JSONSerialization", bytes: size) {
                let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                _ = try JSONSerialization.data(withJSONObject: object, options: foundationOptions)
            })
            comparisons.append(Comparison(file: name, operation: "fmt \(label) vs JSONSerialization", subject: formatted, baseline: foundationFormatted))
        }
        if let model = CorpusModel.forFile(name) {
            let decode = add(Workload(file: name, operation: "decode \(model.name)", library: "TapeJSONDecoder", bytes: size) {
                try model.decodeWithTapeJSON(data)
            })
            let foundationDecode = add(Workload(file: name, operation: "decode \(model.name)", library: "JSONDecoder", bytes: size) {
                try model.decodeWithFoundation(data)
            })
            comparisons.append(Comparison(file: name, operation: "decode \(model.name)", subject: decode, baseline: foundationDecode))
            // The same calls answered from a recording of them (DecodableCallsFloor): what any decoder
            // could reach through Decodable without parsing or finding a key.
            let replay = try model.prepareReplay(data)
            let floorDecode = add(Workload(file: name, operation: "decode \(model.name)", library: "DecodableCallsFloor", bytes: size) {
                try replay()
            })
            comparisons.append(Comparison(file: name, operation: "(ceiling) decode \(model.name): Decodable calls alone vs JSONDecoder",
                                          subject: floorDecode, baseline: foundationDecode))
            // The other bound: the same `Data` parsed, every event walked and every string value copied
            // into a `String`, with no model: what any decoder into String-holding models must do.
            let limitSink = StringValueSink()
            let limit = addDecodeLimit(file: name, operation: "decode \(model.name)", bytes: size) {
                limitSink.reset()
                let document = try parser.parse(data)
                var reader = document.events
                limitSink.copyStringValues(&reader)
            }
            comparisons.append(Comparison(file: name, operation: "(limit) decode \(model.name): parse + event walk + a String per string value vs JSONDecoder",
                                          subject: limit, baseline: foundationDecode))
            // The same file into the model's @TapeJSONCodable twin (GeneratedCorpusModels): the generated
            // path, against the Codable path, its limit and its ceiling.
            let twin = twins.forFile(name)
            if let twin {
                let generated = add(Workload(file: name, operation: "decode \(model.name)", library: "TapeJSONDecoder @TapeJSONCodable", bytes: size) {
                    try twin.decode(data)
                })
                comparisons.append(Comparison(file: name, operation: "decode \(model.name) with the macro vs the Codable path", subject: generated, baseline: decode))
                comparisons.append(Comparison(file: name, operation: "decode \(model.name) with the macro vs JSONDecoder", subject: generated, baseline: foundationDecode))
                comparisons.append(Comparison(file: name, operation: "decode \(model.name) with the macro vs its (limit)", subject: generated, baseline: limit))
                comparisons.append(Comparison(file: name, operation: "decode \(model.name) with the macro vs its (ceiling)", subject: generated, baseline: floorDecode))
            }
            // Writing the decoded value back (MB/s of JSON written, Foundation's output size).
            let writers = try model.prepareEncoding(data)
            let encode = add(Workload(file: name, operation: "encode \(model.name)", library: "TapeJSONEncoder", bytes: writers.bytes) {
                try writers.tape()
            })
            let foundationEncode = add(Workload(file: name, operation: "encode \(model.name)", library: "JSONEncoder", bytes: writers.bytes) {
                try writers.foundation()
            })
            comparisons.append(Comparison(file: name, operation: "encode \(model.name) vs JSONEncoder", subject: encode, baseline: foundationEncode))
            let floor = add(Workload(file: name, operation: "encode \(model.name)", library: "CodableCallsFloor", bytes: writers.bytes) {
                try writers.floor()
            })
            comparisons.append(Comparison(file: name, operation: "(ceiling) encode \(model.name): Codable calls alone vs JSONEncoder",
                                          subject: floor, baseline: foundationEncode))
            if let twin {
                let twinEncode = try twin.prepareEncoding(data)
                let generated = add(Workload(file: name, operation: "encode \(model.name)", library: "TapeJSONEncoder @TapeJSONCodable", bytes: writers.bytes) {
                    try twinEncode()
                })
                comparisons.append(Comparison(file: name, operation: "encode \(model.name) with the macro vs the Codable path", subject: generated, baseline: encode))
                comparisons.append(Comparison(file: name, operation: "encode \(model.name) with the macro vs JSONEncoder", subject: generated, baseline: foundationEncode))
                comparisons.append(Comparison(file: name, operation: "encode \(model.name) with the macro vs its (ceiling)", subject: generated, baseline: floor))
            }
            if name == "twitter.json" {
                // What `.convertFromAnyCase` costs: the same bytes into the same values, through
                // CodingKeys with `.useDefaultKeys` (`decode`, TwitterSearch) and through key conversion.
                let anyCase = TapeJSONDecoder()
                anyCase.keyDecodingStrategy = .convertFromAnyCase
                let converted = add(Workload(file: name, operation: "decode CamelTwitterSearch, any-case keys", library: "TapeJSONDecoder .convertFromAnyCase", bytes: size) {
                    _ = try anyCase.decode(CamelTwitterSearch.self, from: data)
                })
                comparisons.append(Comparison(file: name, operation: "convertFromAnyCase vs useDefaultKeys", subject: converted, baseline: decode))
            }
        }
    }
}

extension BenchPlan {
    /// Adds the JSON Lines workloads over `bytes` of generated logs.
    public mutating func addLines(name: String, bytes: [UInt8]) throws {
        let twins = self.twins
        let size = bytes.count
        // The native reference reads from a padded buffer, as a simdjson program would after loading a file.
        let padded = PaddedCopy(bytes)
        let lines = JSONLines(bytes: bytes)
        let expected = try lines.count().documents
        // Both sides do the same work: the batch size JSONLines uses, and simdjson's stage-1 helper thread
        // on, as `count()` has it (and as parse_many has it by default); each run makes its own parser.
        let batchSize = lines.options.batchSize
        guard let reference = ReferenceParser.countDocuments(paddedBytes: padded.bytes, batchSize: batchSize, threaded: true),
              reference.count == expected else {
            throw JSONInputError(path: name, reason: "native parse_many and JSONLines disagree on the document count")
        }
        let native = add(.selfTimed(file: name, operation: "count", library: "simdjson parse_many", bytes: size) {
            guard let run = ReferenceParser.countDocuments(paddedBytes: padded.bytes, batchSize: batchSize, threaded: true) else {
                throw JSONInputError(path: name, reason: "native parse_many failed")
            }
            return run.seconds
        })
        let count = add(Workload(file: name, operation: "count", library: "TapeJSON", bytes: size) {
            _ = try lines.count()
        })
        let jobs = ProcessInfo.processInfo.activeProcessorCount
        let parallel = add(Workload(file: name, operation: "count (\(jobs) workers)", library: "TapeJSON", bytes: size) {
            _ = try lines.count(jobs: jobs)
        })
        let lineRanges = bytes.split(separator: 0x0A).map { Data($0) }
        let foundation = add(Workload(file: name, operation: "count", library: "JSONSerialization per line", bytes: size) {
            for line in lineRanges { _ = try JSONSerialization.jsonObject(with: line) }
        })
        comparisons.append(Comparison(file: name, operation: "JSON Lines count vs native parse_many", subject: count, baseline: native))
        comparisons.append(Comparison(file: name, operation: "JSON Lines count, \(jobs) workers vs native parse_many", subject: parallel, baseline: native))
        comparisons.append(Comparison(file: name, operation: "JSON Lines count vs JSONSerialization", subject: count, baseline: foundation))

        // Decoding every line into LogLine: TapeJSON (1 and N workers) against Foundation line by line.
        let tapeDecoder = TapeJSONDecoder()
        tapeDecoder.keyDecodingStrategy = .convertFromAnyCase
        let foundationDecoder = JSONDecoder()
        foundationDecoder.keyDecodingStrategy = LogLine.foundationKeyDecodingStrategy
        var decodedOne = 0
        _ = try lines.decode(LogLine.self, using: tapeDecoder, jobs: 1, each: { _, _ in decodedOne += 1 })
        guard decodedOne == expected else {
            throw JSONInputError(path: name, reason: "only \(decodedOne) of \(expected) log lines decode as LogLine")
        }
        let decodeOne = add(Workload(file: name, operation: "decode LogLine", library: "TapeJSON", bytes: size) {
            _ = try lines.decode(LogLine.self, using: tapeDecoder, jobs: 1, each: { _, _ in })
        })
        let decodeMany = add(Workload(file: name, operation: "decode LogLine (\(jobs) workers)", library: "TapeJSON", bytes: size) {
            _ = try lines.decode(LogLine.self, using: tapeDecoder, jobs: jobs, each: { _, _ in })
        })
        let decodeFoundation = add(Workload(file: name, operation: "decode LogLine", library: "JSONDecoder per line", bytes: size) {
            for line in lineRanges { _ = try foundationDecoder.decode(LogLine.self, from: line) }
        })
        comparisons.append(Comparison(file: name, operation: "JSON Lines decode LogLine vs JSONDecoder per line", subject: decodeOne, baseline: decodeFoundation))
        // Its limit: the same reader over the same bytes, one job as the row above (`map` with 1 job runs
        // on the calling thread without simdjson's stage-1 helper, as `decode` with 1 job does), each
        // line's events walked and its string values copied into `String`s, no model. Each line's
        // strings are freed when the next line starts, as the row above drops each record.
        let linesLimitSink = StringValueSink()
        let linesLimit = addDecodeLimit(file: name, operation: "decode LogLine", bytes: size) {
            _ = try lines.map(jobs: 1, { line in
                linesLimitSink.reset()
                var reader = line.events
                linesLimitSink.copyStringValues(&reader)
            }, each: { _, _ in })
        }
        comparisons.append(Comparison(file: name, operation: "(limit) JSON Lines decode LogLine: parse + event walk + a String per string value vs JSONDecoder per line",
                                      subject: linesLimit, baseline: decodeFoundation))
        // The same lines into LogLine's @TapeJSONCodable twin.
        guard try twins.decodeLogLines(lines, tapeDecoder, 1) == expected else {
            throw JSONInputError(path: name, reason: "not every log line decodes as the generated LogLine")
        }
        let decodeGenerated = add(Workload(file: name, operation: "decode LogLine", library: "TapeJSON @TapeJSONCodable", bytes: size) {
            _ = try twins.decodeLogLines(lines, tapeDecoder, 1)
        })
        comparisons.append(Comparison(file: name, operation: "JSON Lines decode LogLine with the macro vs the Codable path", subject: decodeGenerated, baseline: decodeOne))
        comparisons.append(Comparison(file: name, operation: "JSON Lines decode LogLine with the macro vs JSONDecoder per line", subject: decodeGenerated, baseline: decodeFoundation))
        comparisons.append(Comparison(file: name, operation: "JSON Lines decode LogLine with the macro vs its (limit)", subject: decodeGenerated, baseline: linesLimit))
        // What a service pays per request: each line as its own `Data`, a new decode call each time,
        // one decoder (the per-call setup: workspace, session, parse), against the same calls to
        // Foundation. Both decoders use the same key setup, one of Foundation's own strategies:
        // `.convertFromSnakeCase` maps the log's snake_case keys (`request_id`, `duration_ms`, ...) to
        // LogLine's properties. It cannot map the dash-case header keys (`x-forwarded-for`), so the
        // lines with headers (about a tenth) are left out of this row; both decoders must read every
        // other line to the same value. (The rows above compare `.convertFromAnyCase` with a custom
        // Foundation closure doing the same mapping, whose conversion of every key dominates
        // Foundation's time.)
        let snakeTape = TapeJSONDecoder()
        snakeTape.keyDecodingStrategy = .convertFromSnakeCase
        let snakeFoundation = JSONDecoder()
        snakeFoundation.keyDecodingStrategy = .convertFromSnakeCase
        let snakeLines = try lineRanges.filter { line in
            guard let expected = try? snakeFoundation.decode(LogLine.self, from: line) else { return false }
            guard try snakeTape.decode(LogLine.self, from: line) == expected else {
                throw JSONInputError(path: name, reason: "TapeJSONDecoder and JSONDecoder read a log line differently under .convertFromSnakeCase")
            }
            return true
        }
        let snakeSize = snakeLines.reduce(0) { $0 + $1.count }
        let decodePerCall = add(Workload(file: name, operation: "decode LogLine per call (one Data per line, snake_case keys)", library: "TapeJSON", bytes: snakeSize) {
            for line in snakeLines { _ = try snakeTape.decode(LogLine.self, from: line) }
        })
        let decodePerCallFoundation = add(Workload(file: name, operation: "decode LogLine per call (one Data per line, snake_case keys)", library: "JSONDecoder", bytes: snakeSize) {
            for line in snakeLines { _ = try snakeFoundation.decode(LogLine.self, from: line) }
        })
        comparisons.append(Comparison(file: name, operation: "decode per call: LogLine, one Data per line vs JSONDecoder (both .convertFromSnakeCase)", subject: decodePerCall, baseline: decodePerCallFoundation))
        // Each line's calls recorded once (JSONDecoder, .convertFromSnakeCase) and replayed, one replay
        // per line: the ceiling of the row above.
        let perCallFloor = try DecodableCallsFloor.record(LogLine.self, documents: snakeLines, keyDecodingStrategy: .convertFromSnakeCase)
        let decodePerCallFloor = add(Workload(file: name, operation: "decode LogLine per call (one Data per line, snake_case keys)", library: "DecodableCallsFloor", bytes: snakeSize) {
            for line in snakeLines.indices { _ = try perCallFloor.replay(LogLine.self, document: line) }
        })
        comparisons.append(Comparison(file: name, operation: "(ceiling) decode per call: LogLine, Decodable calls alone vs JSONDecoder (both .convertFromSnakeCase)",
                                      subject: decodePerCallFloor, baseline: decodePerCallFoundation))
        // Its limit: each of the same `Data` lines parsed on its own (one parser, as the decoder reuses
        // its simdjson parsers), its events walked and its string values copied into `String`s, no model
        // (and so no keys to convert).
        let perCallParser = JSONParser()
        let perCallLimitSink = StringValueSink()
        let decodePerCallLimit = addDecodeLimit(file: name, operation: "decode LogLine per call (one Data per line, snake_case keys)",
                                                bytes: snakeSize) {
            for line in snakeLines {
                perCallLimitSink.reset()
                let document = try perCallParser.parse(line)
                var reader = document.events
                perCallLimitSink.copyStringValues(&reader)
            }
        }
        comparisons.append(Comparison(file: name, operation: "(limit) decode per call: LogLine, parse + event walk + a String per string value vs JSONDecoder (.convertFromSnakeCase)",
                                      subject: decodePerCallLimit, baseline: decodePerCallFoundation))
        let decodePerCallGenerated = add(Workload(file: name, operation: "decode LogLine per call (one Data per line, snake_case keys)", library: "TapeJSON @TapeJSONCodable", bytes: snakeSize) {
            try twins.decodeLogLinesPerCall(snakeLines, snakeTape)
        })
        comparisons.append(Comparison(file: name, operation: "decode per call: LogLine with the macro vs the Codable path (.convertFromSnakeCase)", subject: decodePerCallGenerated, baseline: decodePerCall))
        comparisons.append(Comparison(file: name, operation: "decode per call: LogLine with the macro vs its (limit)", subject: decodePerCallGenerated, baseline: decodePerCallLimit))
        comparisons.append(Comparison(file: name, operation: "decode per call: LogLine with the macro vs its (ceiling)", subject: decodePerCallGenerated, baseline: decodePerCallFloor))
        comparisons.append(Comparison(file: name, operation: "JSON Lines decode LogLine, \(jobs) workers vs 1 worker", subject: decodeMany, baseline: decodeOne))

        // Encoding the decoded records back, one line each (default keys for both encoders): TapeJSON
        // into one reused buffer, Foundation one `Data` per record.
        var records: [LogLine] = []
        records.reserveCapacity(expected)
        _ = try lines.decode(LogLine.self, using: tapeDecoder, jobs: 1, each: { record, _ in records.append(record) })
        let recordEncoder = TapeJSONEncoder()
        let foundationRecordEncoder = JSONEncoder()
        let encodedSize = try records.reduce(0) { $0 + (try foundationRecordEncoder.encode($1).count) + 1 }
        let encodeRecords = add(Workload(file: name, operation: "encode LogLine", library: "TapeJSONEncoder", bytes: encodedSize) {
            var buffer: [UInt8] = []
            for record in records {
                buffer.removeAll(keepingCapacity: true)
                try recordEncoder.encode(record, into: &buffer)
            }
        })
        let encodeRecordsFoundation = add(Workload(file: name, operation: "encode LogLine", library: "JSONEncoder per line", bytes: encodedSize) {
            for record in records { _ = try foundationRecordEncoder.encode(record) }
        })
        comparisons.append(Comparison(file: name, operation: "encode LogLine vs JSONEncoder", subject: encodeRecords, baseline: encodeRecordsFoundation))
        let encodeRecordsFloor = add(Workload(file: name, operation: "encode LogLine", library: "CodableCallsFloor", bytes: encodedSize) {
            var checksum: UInt64 = 0
            for record in records { checksum &+= try CodableCallsFloor.run(record) }
            precondition(checksum != 1, "keeps the calls from being optimised away")
        })
        comparisons.append(Comparison(file: name, operation: "(ceiling) encode LogLine: Codable calls alone vs JSONEncoder",
                                      subject: encodeRecordsFloor, baseline: encodeRecordsFoundation))
        let generatedEncode = try twins.prepareLogLineEncoding(lines, tapeDecoder, recordEncoder)
        let encodeRecordsGenerated = add(Workload(file: name, operation: "encode LogLine", library: "TapeJSONEncoder @TapeJSONCodable", bytes: encodedSize) {
            try generatedEncode()
        })
        comparisons.append(Comparison(file: name, operation: "encode LogLine with the macro vs the Codable path", subject: encodeRecordsGenerated, baseline: encodeRecords))
        comparisons.append(Comparison(file: name, operation: "encode LogLine with the macro vs its (ceiling)", subject: encodeRecordsGenerated, baseline: encodeRecordsFloor))

        // The records as NDJSON to /dev/null through `JSONLinesWriter.write(contentsOf:jobs:)`: encoded on
        // `jobs` threads and written in order, against one thread.
        let devNullWriter = JSONLinesWriter(fileHandle: FileHandle(forWritingAtPath: "/dev/null")!, encoder: recordEncoder)
        let writeLines = add(Workload(file: name, operation: "write LogLine lines (contentsOf:)", library: "JSONLinesWriter, 1 job", bytes: encodedSize) {
            try devNullWriter.write(contentsOf: records, jobs: 1)
            try devNullWriter.flush()
        })
        let writeLinesParallel = add(Workload(file: name, operation: "write LogLine lines (contentsOf:)", library: "JSONLinesWriter, \(jobs) jobs", bytes: encodedSize) {
            try devNullWriter.write(contentsOf: records, jobs: jobs)
            try devNullWriter.flush()
        })
        comparisons.append(Comparison(file: name, operation: "JSONLinesWriter write(contentsOf:) LogLine, \(jobs) jobs vs 1 job",
                                      subject: writeLinesParallel, baseline: writeLines))

        // Read, transform, write: every line decoded into LogLine, one field changed, the record written
        // back as a line to /dev/null (JSONLinesWriter; Foundation: JSONDecoder and JSONEncoder line by
        // line, through a 64 KiB buffer).
        let devNull = FileHandle(forWritingAtPath: "/dev/null")!
        let transformWriter = JSONLinesWriter(fileHandle: devNull, encoder: recordEncoder)
        let transform = add(Workload(file: name, operation: "read, transform, write LogLine", library: "JSONLines + JSONLinesWriter", bytes: size) {
            _ = try lines.decode(LogLine.self, using: tapeDecoder, jobs: 1, each: { record, _ in
                var changed = record
                changed.level = changed.level.lowercased()
                try transformWriter.write(changed)
            })
            try transformWriter.flush()
        })
        let transformFoundation = add(Workload(file: name, operation: "read, transform, write LogLine", library: "JSONDecoder + JSONEncoder per line", bytes: size) {
            var buffer = Data()
            for line in lineRanges {
                var changed = try foundationDecoder.decode(LogLine.self, from: line)
                changed.level = changed.level.lowercased()
                buffer.append(try foundationRecordEncoder.encode(changed))
                buffer.append(0x0A)
                if buffer.count >= 1 << 16 {
                    devNull.write(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            devNull.write(buffer)
        })
        comparisons.append(Comparison(file: name, operation: "read, transform, write LogLine vs JSONDecoder + JSONEncoder", subject: transform, baseline: transformFoundation))
        // The ceiling of that loop for any writer behind this decoder: the same reads and changes, each
        // record's encode(to:) run through `CodableCallsFloor`, which writes nothing.
        let transformFloor = add(Workload(file: name, operation: "read, transform, Codable calls alone", library: "JSONLines + CodableCallsFloor", bytes: size) {
            var checksum: UInt64 = 0
            _ = try lines.decode(LogLine.self, using: tapeDecoder, jobs: 1, each: { record, _ in
                var changed = record
                changed.level = changed.level.lowercased()
                checksum &+= try CodableCallsFloor.run(changed)
            })
            precondition(checksum != 1, "keeps the calls from being optimised away")
        })
        comparisons.append(Comparison(file: name, operation: "(ceiling) read, transform, Codable calls alone vs JSONDecoder + JSONEncoder",
                                      subject: transformFloor, baseline: transformFoundation))
        let transformGenerated = add(Workload(file: name, operation: "read, transform, write LogLine", library: "JSONLines + JSONLinesWriter @TapeJSONCodable", bytes: size) {
            try twins.transformLogLines(lines, tapeDecoder, transformWriter)
        })
        comparisons.append(Comparison(file: name, operation: "read, transform, write LogLine with the macro vs the Codable loop", subject: transformGenerated, baseline: transform))
        comparisons.append(Comparison(file: name, operation: "read, transform, write LogLine with the macro vs its (ceiling)", subject: transformGenerated, baseline: transformFloor))
        // The loop users write themselves: `forEach`, and `line.decode(_:using:)` with one decoder. Its
        // calls share the decoder's idle workspaces, so it should cost what `decode(_:using:)` costs.
        let lineByLine = add(Workload(file: name, operation: "decode LogLine (forEach + line.decode)", library: "TapeJSON", bytes: size) {
            var decoded = 0
            try lines.forEach { line in
                _ = try line.decode(LogLine.self, using: tapeDecoder)
                decoded += 1
            }
            guard decoded == expected else {
                throw JSONInputError(path: name, reason: "forEach decoded \(decoded) of \(expected) log lines")
            }
        })
        comparisons.append(Comparison(file: name, operation: "JSON Lines forEach + line.decode(LogLine) vs decode(_:using:)", subject: lineByLine, baseline: decodeOne))
        // What the machine allows: `jobs` threads each decoding the whole input on its own (one worker,
        // one reader each), at once. Nothing is handed between threads, so the speed-up over one pass is
        // the ceiling for the workers' row on this machine: shared caches, memory and the host's other
        // tenants only. One run's time is the elapsed time over `jobs` (bytes decoded per second).
        let ownReaders = ReaderPerThread(readers: (0..<jobs).map { _ in JSONLines(bytes: bytes) })
        for reader in ownReaders.readers { _ = try reader.count() }
        let independent = add(.selfTimed(file: name, operation: "decode LogLine (\(jobs) independent passes at once)",
                                         library: "TapeJSON", bytes: size) {
            let failures = Mutex(0)
            let start = ContinuousClock.now
            DispatchQueue.concurrentPerform(iterations: jobs) { k in
                do {
                    _ = try ownReaders.readers[k].decode(LogLine.self, using: tapeDecoder, jobs: 1, each: { _, _ in })
                } catch {
                    failures.withLock { $0 += 1 }
                }
            }
            let elapsed = seconds(ContinuousClock.now - start)
            guard failures.withLock({ $0 }) == 0 else {
                throw JSONInputError(path: name, reason: "an independent LogLine pass failed")
            }
            return elapsed / Double(jobs)
        })
        comparisons.append(Comparison(file: name, operation: "(ceiling) \(jobs) independent LogLine passes vs 1", subject: independent, baseline: decodeOne))
        cpuReported += [native, count, parallel, decodeOne, decodeMany, linesLimit]
        try addItems(name: name, logs: bytes, expected: expected)
        try addCompressedLines(name: name, logs: bytes, expected: expected)
        try addPatch(name: name, logs: bytes, expected: expected)
    }

    /// Items at a JSON Pointer: the same log records wrapped as `{"meta": {...}, "Records": [...]}` and
    /// counted with `JSONItemStream`, against the records as JSON Lines counted the way `tapejson lines
    /// --count` counts them (`map` with 1 and 2 workers); and a top-level array of small numbers (one
    /// byte and a comma each) against native simdjson parsing the same array whole.
    mutating func addItems(name: String, logs: [UInt8], expected: Int) throws {
        var envelope = Array(#"{"meta": {"source": "gen-logs", "tags": ["a", "]"]}, "Records": ["#.utf8) + [0x0A]
        var first = true
        for line in logs.split(separator: 0x0A) where !line.isEmpty {
            if !first { envelope += [0x2C, 0x0A] }
            envelope += line
            first = false
        }
        envelope += Array("\n], \"next\": null}\n".utf8)
        let records = JSONItemStream(bytes: envelope, pointer: "/Records")
        let lines = JSONLines(bytes: logs)
        guard try records.count(jobs: 2).documents == expected, try records.count().documents == expected else {
            throw JSONInputError(path: name, reason: "JSONItemStream and JSONLines disagree on the record count")
        }
        let size = envelope.count
        var rows: [Int] = []
        for jobs in [1, 2] {
            let items = add(Workload(file: name + " in an envelope", operation: "items /Records count (\(jobs) job\(jobs == 1 ? "" : "s"))",
                                     library: "TapeJSON", bytes: size) {
                _ = try records.count(jobs: jobs)
            })
            let ndjson = add(Workload(file: name, operation: "count as lines --count does (\(jobs) job\(jobs == 1 ? "" : "s"))",
                                      library: "TapeJSON JSON Lines", bytes: logs.count) {
                _ = try lines.map(jobs: jobs, { _ in () }, each: { _, _ in })
            })
            comparisons.append(Comparison(file: name, operation: "items /Records count vs the same records as JSON Lines, \(jobs) job\(jobs == 1 ? "" : "s")",
                                          subject: items, baseline: ndjson))
            rows += [items, ndjson]
        }
        comparisons.append(Comparison(file: name, operation: "items /Records count, 2 jobs vs 1 job", subject: rows[2], baseline: rows[0]))

        // Small numbers: one-digit items, as many as the logs have bytes over 3.2 (5 million, 10 MB, beside
        // 16 MB of logs): the shape of the 50-million-number array.
        let count = logs.count >= 3_200_000 ? logs.count / 3_200_000 * 1_000_000 : max(logs.count * 10 / 32, 10)
        let file = count % 1_000_000 == 0 ? "\(count / 1_000_000)M small numbers" : "\(count) small numbers"
        var numbers = [UInt8]()
        numbers.reserveCapacity(2 * count + 1)
        numbers.append(UInt8(ascii: "["))
        for k in 0..<count {
            if k > 0 { numbers.append(UInt8(ascii: ",")) }
            numbers.append(UInt8(ascii: "0") + UInt8(k % 10))
        }
        numbers.append(UInt8(ascii: "]"))
        let array = JSONItemStream(bytes: numbers, pointer: "")
        guard try array.count(jobs: 2).documents == count else {
            throw JSONInputError(path: "small numbers", reason: "JSONItemStream miscounted the array")
        }
        let paddedNumbers = PaddedCopy(numbers)
        let whole = add(.selfTimed(file: file, operation: "parse whole", library: "simdjson C++", bytes: numbers.count) {
            guard let seconds = ReferenceParser.parseSeconds(paddedBytes: paddedNumbers.bytes, iterations: 1) else {
                throw JSONInputError(path: "small numbers", reason: "native simdjson rejected the array")
            }
            return seconds
        })
        for jobs in [1, 2] {
            let streamed = add(Workload(file: file, operation: "items '' count (\(jobs) job\(jobs == 1 ? "" : "s"))",
                                        library: "TapeJSON", bytes: numbers.count) {
                _ = try array.count(jobs: jobs)
            })
            comparisons.append(Comparison(file: file, operation: "items '' count, \(jobs) job\(jobs == 1 ? "" : "s") vs native parse of the whole array",
                                          subject: streamed, baseline: whole))
            cpuReported.append(streamed)
        }
        cpuReported += rows
    }
}

/// A corpus file's Codable model, decoded by both decoders.
struct CorpusModel {
    let name: String
    let decodeWithTapeJSON: (Data) throws -> Void
    let decodeWithFoundation: (Data) throws -> Void
    /// Decodes the file once and returns encoding runs of the value by both encoders (one reused
    /// output buffer for TapeJSON's) and the size of Foundation's output.
    let prepareEncoding: (Data) throws -> (tape: () throws -> Void, foundation: () throws -> Void, floor: () throws -> Void, bytes: Int)
    /// Records JSONDecoder's decoding of the file once (`DecodableCallsFloor`, checked against its value)
    /// and returns a replay of it.
    let prepareReplay: (Data) throws -> () throws -> Void

    static func of<T: Codable & Equatable>(_ type: T.Type) -> CorpusModel {
        let tape = TapeJSONDecoder()
        let foundation = JSONDecoder()
        return CorpusModel(name: String(describing: type),
                           decodeWithTapeJSON: { _ = try tape.decode(T.self, from: $0) },
                           decodeWithFoundation: { _ = try foundation.decode(T.self, from: $0) },
                           prepareEncoding: { data in
                               let value = try tape.decode(T.self, from: data)
                               let tapeEncoder = TapeJSONEncoder()
                               let foundationEncoder = JSONEncoder()
                               let bytes = try foundationEncoder.encode(value).count
                               nonisolated(unsafe) var buffer: [UInt8] = []
                               return ({
                                   buffer.removeAll(keepingCapacity: true)
                                   try tapeEncoder.encode(value, into: &buffer)
                               }, { _ = try foundationEncoder.encode(value) }, {
                                   let checksum = try CodableCallsFloor.run(value)
                                   precondition(checksum != 1, "keeps the calls from being optimised away")
                               }, bytes)
                           },
                           prepareReplay: { data in
                               let floor = try DecodableCallsFloor.record(T.self, documents: [data])
                               return { _ = try floor.replay(T.self) }
                           })
    }

    /// The model for a corpus file name, if it has one.
    static func forFile(_ name: String) -> CorpusModel? {
        switch name {
        case "twitter.json": return .of(TwitterSearch.self)
        case "citm_catalog.json": return .of(CitmCatalog.self)
        case "canada.json": return .of(Canada.self)
        case "github_events.json": return .of(GitHubEvents.self)
        case "apache_builds.json": return .of(ApacheBuilds.self)
        case "random.json": return .of(RandomUsers.self)
        case "mesh.json": return .of(Mesh.self)
        case "marine_ik.json": return .of(MarineScene.self)
        default: return nil
        }
    }
}

extension BenchPlan {
    /// The files whose events are also streamed through `JSONStreamParser` (issue 17's acceptance rows).
    static let streamedFiles: Set<String> = ["twitter.json", "citm_catalog.json", "canada.json"]
}

/// `EventSink` as a push parser's handler.
struct StreamedSink: JSONEventHandler {
    var sink = EventSink()

    @inline(__always)
    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        sink.touch(event)
        return .continue
    }
}

/// Touches every event's payload so the walk cannot be skipped.
struct EventSink {
    var checksum: UInt64 = 0

    @inline(__always)
    mutating func touch(_ event: JSONEvent) {
        switch event {
        case .startObject: checksum &+= 1
        case .endObject: checksum &+= 2
        case .startArray: checksum &+= 3
        case .endArray: checksum &+= 4
        case .key(let s): checksum &+= UInt64(s.count) &+ UInt64(s.count > 0 ? s.utf8[0] : 0)
        case .string(let s): checksum &+= UInt64(s.count) &+ UInt64(s.count > 0 ? s.utf8[0] : 0)
        case .int(let n): checksum &+= UInt64(bitPattern: n)
        case .uint(let n): checksum &+= n
        case .double(let d): checksum &+= d.bitPattern
        case .bool(let b): checksum &+= b ? 5 : 6
        case .null: checksum &+= 7
        case .bigNumber(let s): checksum &+= UInt64(s.count)
        }
    }
}

/// The results of a run, as a table or JSON.
public struct BenchReport {
    let plan: BenchPlan
    let figures: BenchFigures
    let machine: String
    /// The allocator's state the run measured under (`AllocatorSettings.pinForBenchmarks()`).
    let allocator: String
    let peakMemory: Int
    /// The load average before the run started (nil where `/proc/loadavg` cannot be read).
    var load: LoadAverage? = nil

    /// The report of `plan`'s run: its figures, the machine line, the allocator's state, the peak
    /// resident memory in bytes and the load before the run.
    public init(plan: BenchPlan, figures: BenchFigures, machine: String, allocator: String, peakMemory: Int,
                load: LoadAverage? = nil) {
        self.plan = plan
        self.figures = figures
        self.machine = machine
        self.allocator = allocator
        self.peakMemory = peakMemory
        self.load = load
    }

    private func megabytesPerSecond(_ index: Int, _ seconds: [Double]) -> Double {
        Double(plan.workloads[index].bytes) / seconds[index] / 1e6
    }

    /// Baseline time over TapeJSON time for `c`, from the best runs or the median runs.
    private func ratio(_ c: Comparison, _ seconds: [Double]) -> Double {
        seconds[c.baseline] / seconds[c.subject]
    }

    public func table() -> String {
        var lines: [[String]] = [["file", "operation", "TapeJSON MB/s", "baseline", "baseline MB/s", "ratio", "median ratio"]]
        for c in plan.comparisons {
            lines.append([
                c.file, c.operation,
                String(format: "%.1f", megabytesPerSecond(c.subject, figures.best)),
                plan.workloads[c.baseline].library,
                String(format: "%.1f", megabytesPerSecond(c.baseline, figures.best)),
                String(format: "%.2fx", ratio(c, figures.best)),
                String(format: "%.2fx", ratio(c, figures.median)),
            ])
        }
        var widths = Array(repeating: 0, count: lines[0].count)
        for line in lines { for (k, cell) in line.enumerated() { widths[k] = max(widths[k], cell.count) } }
        var text = "TapeJSON bench — \(machine)\n"
        text += "allocator: \(allocator)\n"
        if let load { text += load.line + "\n" }
        text += "fastest run of each workload over interleaved rounds (MB/s and ratio); ratio = baseline time / TapeJSON time\n"
        text += "(above 1: TapeJSON faster); median ratio = the same from the median runs\n\n"
        for (n, line) in lines.enumerated() {
            let cells = line.enumerated().map { k, cell in
                k < 2 || k == 3 ? cell.padding(toLength: widths[k], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[k] - cell.count) + cell
            }
            text += cells.joined(separator: "  ") + "\n"
            if n == 0 { text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
        }
        if !plan.cpuReported.isEmpty {
            text += "\nCPU time per run (user + system, all threads of the process; medians over rounds):\n"
            let names = plan.cpuReported.map { "\(plan.workloads[$0].file) \(plan.workloads[$0].operation) (\(plan.workloads[$0].library))" }
            let width = names.map(\.count).max() ?? 0
            for (k, index) in plan.cpuReported.enumerated() {
                text += names[k].padding(toLength: width, withPad: " ", startingAt: 0)
                text += String(format: "  elapsed %8.2f ms  CPU %8.2f ms  (%.2f cores)\n", figures.median[index] * 1e3,
                               figures.cpuSeconds[index] * 1e3, figures.cpuSeconds[index] / figures.median[index])
            }
        }
        text += "\npeak resident memory: \(peakMemory / 1_048_576) MiB\n"
        return text
    }

    /// The results as JSON: `ratio` and the `_mb_per_s` figures come from the fastest runs (as in the
    /// table), `p25_ratio` from the runs a quarter of the way from the fastest, `median_ratio` from the
    /// median runs; `runs` counts the runs behind each side.
    public func json() -> String {
        var rows: [[String: Any]] = []
        for c in plan.comparisons {
            rows.append([
                "file": c.file, "operation": c.operation,
                "tapejson_mb_per_s": megabytesPerSecond(c.subject, figures.best),
                "baseline": plan.workloads[c.baseline].library,
                "baseline_mb_per_s": megabytesPerSecond(c.baseline, figures.best),
                "ratio": ratio(c, figures.best),
                "median_ratio": ratio(c, figures.median),
                "p25_ratio": ratio(c, figures.lowerQuartile),
                "tapejson_median_mb_per_s": megabytesPerSecond(c.subject, figures.median),
                "baseline_median_mb_per_s": megabytesPerSecond(c.baseline, figures.median),
                "tapejson_cpu_seconds": figures.cpuSeconds[c.subject],
                "baseline_cpu_seconds": figures.cpuSeconds[c.baseline],
                "tapejson_runs": figures.runs[c.subject],
                "baseline_runs": figures.runs[c.baseline],
            ])
        }
        var object: [String: Any] = [
            "machine": machine, "allocator": allocator, "simdjson_kernel": SIMDImplementation.name,
            "statistic": "fastest run (ratio); lower-quartile run (p25_ratio); median run (median_ratio)",
            "peak_resident_bytes": peakMemory, "results": rows,
        ]
        if let load {
            object["load_average"] = [load.oneMinute, load.fiveMinutes, load.fifteenMinutes]
            object["busy"] = load.isBusy
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// One `JSONLines` reader per thread of the independent-passes workload: reader `k` is used by iteration
/// `k` only (a reader is used from one thread at a time).
private struct ReaderPerThread: @unchecked Sendable {
    let readers: [JSONLines]
}

/// Bytes copied into memory with simdjson's padding (spaces) after them, as a simdjson program holds a
/// loaded file: the native reference's input. The workloads that read it hold it, and it is freed with
/// the last of them.
final class PaddedCopy {
    /// The copied bytes; the padding follows them.
    let bytes: UnsafeRawBufferPointer
    private let storage: UnsafeMutableRawBufferPointer

    init(_ source: [UInt8]) {
        storage = .allocate(byteCount: source.count + SIMDImplementation.padding, alignment: 64)
        storage.copyBytes(from: source)
        storage.baseAddress!.advanced(by: source.count).initializeMemory(as: UInt8.self, repeating: 0x20, count: SIMDImplementation.padding)
        bytes = UnsafeRawBufferPointer(start: storage.baseAddress, count: source.count)
    }

    deinit { storage.deallocate() }
}
