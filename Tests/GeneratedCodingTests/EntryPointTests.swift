import Foundation
@_spi(GeneratedPathTesting) import TapeJSON
import Testing

// The entry points other than `decode`/`encode` take the generated path too: JSON Lines and item
// streams (decode and map, one and two jobs, every error policy), `encode(_:into:)` and
// `JSONLinesWriter`. Each gives what it gives with `takesGeneratedPaths = false`.

/// What a streaming decode call showed its caller.
private struct StreamRun: Equatable {
    var values: [String] = []
    var invalid: [String] = []
    var summary: String = ""
    var thrown: String?
}

private func describeLineError(_ error: JSONLineError) -> String {
    "line \(error.line) column \(error.column) offset \(error.offset) element \(error.elementIndex.map(String.init) ?? "nil"): "
        + "\(error.description) | underlying \(describe(error.underlying))"
}

private func describeThrown(_ error: any Error) -> String {
    if let error = error as? JSONLineError { return "JSONLineError " + describeLineError(error) }
    return describe(error)
}

@Suite struct EntryPointTests {
    static let decoderSettings: [(String, @Sendable (TapeJSONDecoder) -> Void)] = [
        ("default", { _ in }),
        ("convertFromAnyCase", { $0.keyDecodingStrategy = .convertFromAnyCase }),
        ("convertFromSnakeCase", { $0.keyDecodingStrategy = .convertFromSnakeCase }),
    ]

    /// The LogRecord documents of the fixture (valid lines and mutations, one per line) and invalid JSON.
    static var lines: [String] {
        let fixture = DocumentFixture.shared
        return (fixture.types["LogRecord"] ?? []) + fixture.invalidJSON.filter { !$0.isEmpty }
    }

    private func decoder(_ configure: (TapeJSONDecoder) -> Void, generated: Bool) -> TapeJSONDecoder {
        let decoder = TapeJSONDecoder()
        configure(decoder)
        decoder.takesGeneratedPaths = generated
        return decoder
    }

    private func options(_ policy: JSONLinesErrorPolicy) -> JSONLinesOptions {
        JSONLinesOptions(errorPolicy: policy, batchSize: 4096, chunkSize: 4096)
    }

    private enum API: String, CaseIterable {
        case linesDecode = "JSONLines.decode"
        case linesMap = "JSONLines.map"
        case itemsDecode = "JSONItemStream.decode"
        case itemsMap = "JSONItemStream.map"
    }

    private func run(_ api: API, decoder: TapeJSONDecoder, policy: JSONLinesErrorPolicy, jobs: Int) -> StreamRun {
        var run = StreamRun()
        let jsonl = Array(Self.lines.joined(separator: "\n").utf8) + [0x0A]
        // The item stream reads one array of the syntactically valid documents.
        let array = Array(("[" + (DocumentFixture.shared.types["LogRecord"] ?? []).joined(separator: ",\n") + "]").utf8)
        let each: (LogRecord, Int) throws -> Void = { value, line in run.values.append("\(line): \(String(reflecting: value))") }
        let onInvalid: (JSONLineError) throws -> Void = { run.invalid.append(describeLineError($0)) }
        do {
            let summary: JSONLinesSummary
            switch api {
            case .linesDecode:
                summary = try JSONLines(bytes: jsonl, options: options(policy))
                    .decode(LogRecord.self, using: decoder, jobs: jobs, ordered: true, each: each, onInvalidLine: onInvalid)
            case .linesMap:
                summary = try JSONLines(bytes: jsonl, options: options(policy))
                    .map(jobs: jobs, ordered: true, { line in try line.decode(LogRecord.self, using: decoder) },
                         each: each, onInvalidLine: onInvalid)
            case .itemsDecode:
                summary = try JSONItemStream(bytes: array, options: options(policy))
                    .decode(LogRecord.self, using: decoder, jobs: jobs, ordered: true, each: each, onInvalidLine: onInvalid)
            case .itemsMap:
                summary = try JSONItemStream(bytes: array, options: options(policy))
                    .map(jobs: jobs, ordered: true, { item in try item.decode(LogRecord.self, using: decoder) },
                         each: each, onInvalidLine: onInvalid)
            }
            run.summary = "\(summary)"
        } catch {
            run.thrown = describeThrown(error)
        }
        return run
    }

    @Test func streamingDecodeTakesTheSameResults() {
        var cases = 0
        for (settingName, configure) in Self.decoderSettings {
            for api in API.allCases {
                for policy in JSONLinesErrorPolicy.allCases {
                    for jobs in [1, 2] {
                        cases += 1
                        let ours = run(api, decoder: decoder(configure, generated: true), policy: policy, jobs: jobs)
                        let theirs = run(api, decoder: decoder(configure, generated: false), policy: policy, jobs: jobs)
                        let label = "\(api.rawValue) LogRecord, decoder \(settingName), policy .\(policy), jobs \(jobs)"
                        #expect(ours.summary == theirs.summary, "MISMATCH \(label): summary")
                        #expect(ours.thrown == theirs.thrown, "MISMATCH \(label): thrown error")
                        #expect(ours.invalid == theirs.invalid, "MISMATCH \(label): invalid lines")
                        if ours.values != theirs.values {
                            let first = zip(ours.values, theirs.values).first { $0 != $1 }
                            Issue.record("MISMATCH \(label): values (\(ours.values.count) vs \(theirs.values.count)); first difference:\n  generated: \(first?.0 ?? "-")\n  codable:   \(first?.1 ?? "-")")
                        }
                        // The runs did decode something (the documents are not all rejected).
                        if policy != .fail && settingName == "convertFromAnyCase" { #expect(!ours.values.isEmpty, "\(label)") }
                    }
                }
            }
        }
        print("GeneratedCodingTests: entry points: \(cases) streaming decode cases")
    }

    /// The LogRecord values the fixture decodes to, and two that hold non-finite numbers.
    static func values() throws -> [LogRecord] {
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromAnyCase
        var values: [LogRecord] = []
        for line in DocumentFixture.shared.types["LogRecord"] ?? [] {
            if let value = try? decoder.decode(LogRecord.self, from: Data(line.utf8)) { values.append(value) }
        }
        guard values.count > 4 else { return values }
        var nan = values[2]
        nan.durationMs = .nan
        values.insert(nan, at: values.count / 2)
        var infinite = values[3]
        infinite.metrics = [1, -.infinity]
        values.append(infinite)
        return values
    }

    static let encoderSettings: [(String, @Sendable (TapeJSONEncoder) -> Void)] = [
        ("compact", { _ in }),
        ("sortedKeys", { $0.outputFormatting = .sortedKeys }),
        ("prettyPrinted", { $0.outputFormatting = .prettyPrinted }),
        ("withoutEscapingSlashes", { $0.outputFormatting = .withoutEscapingSlashes }),
        ("convertToSnakeCase", { $0.keyEncodingStrategy = .convertToSnakeCase }),
        ("convertToString", { $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan") }),
    ]

    private func encoder(_ configure: (TapeJSONEncoder) -> Void, generated: Bool) -> TapeJSONEncoder {
        let encoder = TapeJSONEncoder()
        configure(encoder)
        encoder.takesGeneratedPaths = generated
        return encoder
    }

    @Test func encodeIntoBufferTakesTheSameBytes() throws {
        let values = try Self.values()
        #expect(values.count > 4)
        for (settingName, configure) in Self.encoderSettings {
            let results = [true, false].map { generated -> [String] in
                let encoder = encoder(configure, generated: generated)
                var buffer = Array("prefix:".utf8)
                var log: [String] = []
                for value in values {
                    do {
                        try encoder.encode(value, into: &buffer)
                        log.append("ok")
                    } catch {
                        log.append(describe(error))
                    }
                    log.append(String(decoding: buffer, as: UTF8.self))
                }
                return log
            }
            #expect(results[0] == results[1], "MISMATCH encode(_:into:) LogRecord under \(settingName)")
        }
    }

    private func writeFile(_ body: (JSONLinesWriter) throws -> Void, encoder: TapeJSONEncoder) throws -> (String, [String]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("generated-coding-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try JSONLinesWriter(path: path, encoder: encoder, bufferSize: 256)
        var errors: [String] = []
        do { try body(writer) } catch { errors.append(describe(error)) }
        try writer.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        return (String(decoding: bytes, as: UTF8.self), errors)
    }

    @Test func jsonLinesWriterWritesTheSameLines() throws {
        let values = try Self.values()
        for (settingName, configure) in Self.encoderSettings {
            // One value at a time (an error leaves the line out and writing goes on).
            let single = try [true, false].map { generated in
                try writeFile({ writer in
                    for value in values {
                        do { try writer.write(value) } catch { try writer.write(raw: "error: \(describe(error))") }
                    }
                }, encoder: encoder(configure, generated: generated))
            }
            #expect(single[0].0 == single[1].0, "MISMATCH JSONLinesWriter.write(_:) LogRecord under \(settingName): lines")
            #expect(single[0].1 == single[1].1, "MISMATCH JSONLinesWriter.write(_:) LogRecord under \(settingName): errors")
            for jobs in [1, 2] {
                let batch = try [true, false].map { generated in
                    try writeFile({ writer in try writer.write(contentsOf: values, jobs: jobs, batchSize: 3) },
                                  encoder: encoder(configure, generated: generated))
                }
                #expect(batch[0].0 == batch[1].0, "MISMATCH JSONLinesWriter.write(contentsOf:jobs: \(jobs)) under \(settingName): lines")
                #expect(batch[0].1 == batch[1].1, "MISMATCH JSONLinesWriter.write(contentsOf:jobs: \(jobs)) under \(settingName): errors")
                // Without a non-finite value, every line is written.
                let finite = values.filter { $0 == $0 && !($0.metrics ?? []).contains(where: \.isInfinite) }
                let clean = try [true, false].map { generated in
                    try writeFile({ writer in try writer.write(contentsOf: finite, jobs: jobs, batchSize: 3) },
                                  encoder: encoder(configure, generated: generated))
                }
                #expect(clean[0].0 == clean[1].0, "MISMATCH JSONLinesWriter.write(contentsOf:jobs: \(jobs)) finite values under \(settingName)")
                #expect(clean[0].1.isEmpty && clean[1].1.isEmpty)
            }
        }
    }
}
