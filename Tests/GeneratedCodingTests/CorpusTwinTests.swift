import Foundation
import GeneratedCorpusModels
import SyntheticLogs
@_spi(GeneratedPathTesting) import TapeJSON
import Testing

// The corpus files through their models' @TapeJSONCodable twins (BenchSupport/Sources/GeneratedCorpusModels):
// the generated path against the Codable path of the same types, under the default settings and a few
// others: equal values, equal bytes.

private let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()   // GeneratedCodingTests
    .deletingLastPathComponent()   // Tests
    .deletingLastPathComponent()   // package root
    .appendingPathComponent("Corpus")

private func check<T: Codable & Equatable>(_ type: T.Type, _ file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let data = try Data(contentsOf: corpus.appendingPathComponent(file))
    for strategy in [TapeJSONDecoder.KeyDecodingStrategy.useDefaultKeys, .convertFromSnakeCase] {
        let (generated, codable) = decoderPair(keys: strategy)
        let ours = Result { try generated.decode(T.self, from: data) }
        let theirs = Result { try codable.decode(T.self, from: data) }
        switch (ours, theirs) {
        case (.success(let a), .success(let b)): #expect(a == b, "\(file)", sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)", "\(file)", sourceLocation: sourceLocation)
        default: Issue.record("\(file): \(ours) against \(theirs)", sourceLocation: sourceLocation)
        }
    }
    let value = try TapeJSONDecoder().decode(T.self, from: data)
    for formatting in [TapeJSONEncoder.OutputFormatting(), .withoutEscapingSlashes, .sortedKeys] {
        let generated = TapeJSONEncoder()
        generated.outputFormatting = formatting
        let codable = TapeJSONEncoder()
        codable.outputFormatting = formatting
        codable.takesGeneratedPaths = false
        let a = [UInt8](try generated.encode(value))
        let b = [UInt8](try codable.encode(value))
        if a != b {
            let offset = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
            let start = max(0, offset - 80)
            Issue.record("""
                \(file) \(formatting.rawValue): bytes differ at \(offset)
                generated: \(String(decoding: a[start..<min(a.count, offset + 80)], as: UTF8.self))
                codable:   \(String(decoding: b[start..<min(b.count, offset + 80)], as: UTF8.self))
                """, sourceLocation: sourceLocation)
        }
    }
}

@Suite struct CorpusTwinTests {
    @Test func twitter() throws { try check(TwitterSearch.self, "twitter.json") }
    @Test func citmCatalog() throws { try check(CitmCatalog.self, "citm_catalog.json") }
    @Test func canada() throws { try check(Canada.self, "canada.json") }
    @Test func githubEvents() throws { try check(GitHubEvents.self, "github_events.json") }
    @Test func apacheBuilds() throws { try check(ApacheBuilds.self, "apache_builds.json") }
    @Test func random() throws { try check(RandomUsers.self, "random.json") }
    @Test func mesh() throws { try check(Mesh.self, "mesh.json") }
    @Test func marineIK() throws { try check(MarineScene.self, "marine_ik.json") }
}

// The generated log lines (tapejson gen-logs) through LogLine's twin, whose LogTimestamp and LogUserID
// conform by hand: each line by both paths under the key settings the bench uses, and a few lines
// broken so that the hand-written conformances hand their error cases to init(from:).
@Suite struct LogLineTwinTests {
    @Test func logLinesDecodeAndEncodeAlike() throws {
        let text = LogGenerator.logs(byteCount: 400_000, seed: 11)
        var lines = text.split(separator: 0x0A).map { Data($0) }
        lines.append(Data(#"{"timestamp":true,"level":"INFO","service":"a","host":"b","pid":1,"message":"m","sampled":false}"#.utf8))
        lines.append(Data(#"{"timestamp":5,"level":"INFO","service":"a","host":"b","pid":1,"message":"m","sampled":false,"user_id":[1]}"#.utf8))
        lines.append(Data(#"{"timestamp":5.5,"level":"INFO","service":"a","host":"b","pid":1,"message":"m","sampled":false,"user_id":7.0}"#.utf8))
        for strategy in [TapeJSONDecoder.KeyDecodingStrategy.convertFromAnyCase, .convertFromSnakeCase, .useDefaultKeys] {
            let (generated, codable) = decoderPair(keys: strategy)
            var decoded = 0
            for line in lines {
                let ours = Result { try generated.decode(LogLine.self, from: line) }
                let theirs = Result { try codable.decode(LogLine.self, from: line) }
                switch (ours, theirs) {
                case (.success(let a), .success(let b)):
                    #expect(a == b)
                    decoded += 1
                    let encoder = TapeJSONEncoder()
                    let reference = TapeJSONEncoder()
                    reference.takesGeneratedPaths = false
                    #expect(try encoder.encode(a) == reference.encode(a))
                case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)", "\(String(decoding: line, as: UTF8.self))")
                default: Issue.record("\(String(decoding: line, as: UTF8.self)): \(ours) against \(theirs)")
                }
            }
            #expect(decoded > 0)
        }
    }
}
