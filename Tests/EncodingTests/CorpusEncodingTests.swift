import CorpusModels
import Foundation
import TapeJSON
import Testing

/// The benchmark corpus checked in at the package root.
enum CorpusFiles {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // EncodingTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // package root
        .appendingPathComponent("Corpus")

    static func data(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent(name)) }

    /// Every file of the corpus (`.json` documents and `.ndjson` line files), sorted.
    static let names: [String] = {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return all.filter { $0.hasSuffix(".json") || $0.hasSuffix(".ndjson") }.sorted()
    }()
}

/// Decodes a corpus file with `JSONDecoder`, then encodes it with both encoders under `.sortedKeys`
/// (compact and pretty): equal bytes.
private func reencode<T: Codable>(_ type: T.Type, _ file: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let value = try JSONDecoder().decode(T.self, from: CorpusFiles.data(file))
    for formatting in EncoderSettings.allFormattings {
        expectSameAsFoundation(value, EncoderSettings(formatting: formatting, label: file), sourceLocation: sourceLocation)
    }
    // And without sorting: the same JSON value, read back to the same model.
    let unsorted = try TapeJSONEncoder().encode(value)
    let again = try JSONDecoder().decode(T.self, from: unsorted)
    let reference = JSONEncoder()
    reference.outputFormatting = .sortedKeys
    #expect(try reference.encode(again) == reference.encode(value), sourceLocation: sourceLocation)
}

@Suite struct CorpusEncodingTests {
    @Test func twitter() throws { try reencode(TwitterSearch.self, "twitter.json") }
    @Test func citmCatalog() throws { try reencode(CitmCatalog.self, "citm_catalog.json") }
    @Test func canada() throws { try reencode(Canada.self, "canada.json") }
    @Test func githubEvents() throws { try reencode(GitHubEvents.self, "github_events.json") }
    @Test func apacheBuilds() throws { try reencode(ApacheBuilds.self, "apache_builds.json") }
    @Test func random() throws { try reencode(RandomUsers.self, "random.json") }
    @Test func mesh() throws { try reencode(Mesh.self, "mesh.json") }
    @Test func marineIK() throws { try reencode(MarineScene.self, "marine_ik.json") }

    @Test func twitterWithSnakeCaseKeys() throws {
        let value = try JSONDecoder().decode(TwitterSearch.self, from: CorpusFiles.data("twitter.json"))
        expectSameAsFoundation(value, EncoderSettings(keys: .convertToSnakeCase, tapeKeys: .convertToSnakeCase))
    }

    @Test func logLines() throws {
        let lines = [
            #"{"timestamp":"2024-03-01T00:00:00.123Z","level":"INFO","service":"auth","host":"auth-3","pid":4242,"message":"session token refreshed","request_id":"0b9c","userId":1234567,"sampled":false,"parent_span":null}"#,
            #"{"timestamp":1709251200456,"level":"warn","service":"api","host":"api-0","pid":101,"message":"upstream \"slow\" C:\\bin\nnext","user_id":42,"http":{"method":"GET","path":"/v1/users/77?q=1","status":504,"bytes_sent":0,"duration_ms":1234.5,"remote_ip":"10.1.2.3","user_agent":"curl/8.5.0","tls":true,"headers":{"x-forwarded-for":"10.9.8.7","accept-language":"de-CH","x-cache":null},"referer":null},"error":{"type":"TimeoutError","message":"upstream timeout","retryable":true,"stack":["at auth.token (queue.swift:12)"]},"sampled":true,"parent_span":"00f067aa0ba902b7"}"#,
            #"{"timestamp": "2024-03-01T02:00:00.789+05:30", "level": "DEBUG", "service": "search", "host": "search-7", "pid": 65535, "message": "caf\u00e9 \u6771\u4eac \ud83d\ude80 done", "UserID": "u-3fa85f6457", "duration_ms": 0.000125, "tags": ["canary", "eu"], "metrics": [0.000812345, -17, 12345678901.5, 3.2e-08], "sampled": false, "parent_span": null, "big": 9007199254740993}"#,
        ]
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromAnyCase
        for line in lines {
            let value = try decoder.decode(LogLine.self, from: Data(line.utf8))
            for formatting in EncoderSettings.allFormattings {
                expectSameAsFoundation(value, EncoderSettings(formatting: formatting))
                expectSameAsFoundation(value, EncoderSettings(formatting: formatting, keys: .convertToSnakeCase,
                                                              tapeKeys: .convertToSnakeCase))
            }
            // Written with snake_case keys, read back with any-case keys: the same record.
            let encoder = TapeJSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            #expect(try decoder.decode(LogLine.self, from: encoder.encode(value)) == value)
        }
    }
}
