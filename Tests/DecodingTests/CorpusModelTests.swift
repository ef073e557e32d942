import CorpusModels
import Foundation
import TapeJSON
import Testing

/// The benchmark corpus checked in at the package root.
private enum CorpusFiles {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // DecodingTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // package root
        .appendingPathComponent("Corpus")

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }
    static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }
}

/// Decodes `file` with Foundation's `JSONDecoder` and with `TapeJSONDecoder` (from `Data`, from bytes
/// and from the mapped file) and expects equal values; returns TapeJSON's.
@discardableResult
private func decodeBoth<T: Decodable & Equatable>(_ type: T.Type, _ file: String,
                                                  sourceLocation: SourceLocation = #_sourceLocation) throws -> T {
    let data = try CorpusFiles.data(file)
    let reference = try JSONDecoder().decode(T.self, from: data)
    let decoder = TapeJSONDecoder()
    let ours = try decoder.decode(T.self, from: data)
    #expect(ours == reference, "\(file): TapeJSONDecoder and JSONDecoder differ", sourceLocation: sourceLocation)
    #expect(try decoder.decode(T.self, from: Array(data)) == reference, sourceLocation: sourceLocation)
    #expect(try decoder.decode(T.self, contentsOf: CorpusFiles.url(file)) == reference, sourceLocation: sourceLocation)
    return ours
}

// MARK: - Corpus models against Foundation

@Suite struct CorpusModelTests {
    @Test func twitter() throws {
        let search = try decodeBoth(TwitterSearch.self, "twitter.json")
        #expect(search.statuses.count == 100)
        #expect(search.statuses[0].id == 505_874_924_095_815_681)
        #expect(search.statuses[0].idStr == "505874924095815681")
        #expect(search.statuses.filter { $0.retweetedStatus != nil }.count == 73)
        #expect(search.searchMetadata.completedIn == 0.087)
    }

    /// The same document through key strategies: `CamelTwitterSearch` has no CodingKeys, so every
    /// snake_case key reaches its property only by conversion. `.convertFromAnyCase` and TapeJSON's
    /// `.convertFromSnakeCase` read what Foundation's `.convertFromSnakeCase` reads, and the values are
    /// those `TwitterSearch` reads through its CodingKeys (both written back with snake_case keys).
    @Test func twitterThroughKeyStrategies() throws {
        let data = try CorpusFiles.data("twitter.json")
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let reference = try foundation.decode(CamelTwitterSearch.self, from: data)
        for strategy in [TapeJSONDecoder.KeyDecodingStrategy.convertFromAnyCase, .convertFromSnakeCase] {
            let decoder = TapeJSONDecoder()
            decoder.keyDecodingStrategy = strategy
            #expect(try decoder.decode(CamelTwitterSearch.self, from: data) == reference)
        }
        let snakeWriter = JSONEncoder()
        snakeWriter.outputFormatting = .sortedKeys
        snakeWriter.keyEncodingStrategy = .convertToSnakeCase
        let plainWriter = JSONEncoder()
        plainWriter.outputFormatting = .sortedKeys
        let viaCodingKeys = try TapeJSONDecoder().decode(TwitterSearch.self, from: data)
        #expect(try snakeWriter.encode(reference) == plainWriter.encode(viaCodingKeys))
        #expect(reference.statuses.count == 100)
        #expect(reference.statuses.filter { $0.retweetedStatus != nil }.count == 73)
    }

    @Test func citmCatalog() throws {
        let catalog = try decodeBoth(CitmCatalog.self, "citm_catalog.json")
        #expect(catalog.performances.count == 243)
        #expect(catalog.events.count == 184)
        #expect(catalog.events["138586341"]?.name == "30th Anniversary Tour")
        #expect(catalog.venueNames["PLEYEL_PLEYEL"] == "Salle Pleyel")
    }

    @Test func canada() throws {
        let canada = try decodeBoth(Canada.self, "canada.json")
        let rings = canada.features[0].geometry.coordinates
        #expect(rings.count == 480)
        #expect(rings.reduce(0) { $0 + $1.count } == 55563)
        #expect(rings[0][0] == [-65.613616999999977, 43.420273000000009])
    }

    @Test func githubEvents() throws {
        let events = try decodeBoth(GitHubEvents.self, "github_events.json")
        #expect(events.count == 30)
        #expect(events.filter { $0.type == "PushEvent" }.count == 13)
        #expect(events.compactMap(\.payload.forkee).count == 3)
    }

    @Test func apacheBuilds() throws {
        let builds = try decodeBoth(ApacheBuilds.self, "apache_builds.json")
        #expect(builds.jobs.count == 875)
        #expect(builds.views.count == 4)
    }

    @Test func random() throws {
        let users = try decodeBoth(RandomUsers.self, "random.json")
        #expect(users.result.count == 1000)
        #expect(users.result[0].name == "Леонард Никитин")
        #expect(users.result.allSatisfy { $0.friends.count == 3 })
    }

    @Test func mesh() throws {
        let mesh = try decodeBoth(Mesh.self, "mesh.json")
        #expect(mesh.indices.count == 33408)
        #expect(mesh.positions.count == 10800)
        #expect(mesh.colors.allSatisfy { $0 == 4_278_190_080 })
        #expect(mesh.influences.count == 3600)
    }

    @Test func marineIK() throws {
        let scene = try decodeBoth(MarineScene.self, "marine_ik.json")
        let geometry = try #require(scene.geometries.first).data
        #expect(geometry.vertices.count == 17220)
        #expect(geometry.faces.count == 74087)
        #expect(geometry.bones.count == 64)
        #expect(geometry.animations.first?.hierarchy.reduce(0) { $0 + $1.keys.count } == 1344)
        // `==` takes -0 for 0: the signs are compared on their own (the integer `-0`s of the keyframes,
        // whose keys come in two orders, read as Double).
        func negativeZeros(_ scene: MarineScene) -> Int {
            scene.geometries.flatMap(\.data.animations).flatMap(\.hierarchy).flatMap(\.keys).reduce(0) { count, key in
                count + ((key.pos ?? []) + (key.rot ?? []) + (key.scl ?? [])).filter { $0 == 0 && $0.sign == .minus }.count
            }
        }
        let reference = try JSONDecoder().decode(MarineScene.self, from: CorpusFiles.data("marine_ik.json"))
        #expect(negativeZeros(scene) == negativeZeros(reference))
        #expect(negativeZeros(scene) > 1000)
    }
}

// MARK: - Log lines

@Suite struct LogLineModelTests {
    /// Lines in the shapes the log generator writes: ISO 8601 and epoch-millisecond timestamps, the
    /// user id under three casings and two types, dash-case headers, escapes and non-ASCII text.
    static let lines = [
        #"{"timestamp":"2024-03-01T00:00:00.123Z","level":"INFO","service":"auth","host":"auth-3.prod.eu-west-1.internal","pid":4242,"message":"session token refreshed","request_id":"0b9c6f1e-2f4a-4c1d-9e2b-7a1c3d5e6f70","userId":1234567,"sampled":false,"parent_span":null}"#,
        #"{"timestamp":1709251200456,"level":"warn","service":"api-gateway","host":"api-gateway-0.prod.eu-west-1.internal","pid":101,"message":"upstream timeout \"slow\" path C:\\bin\nnext","user_id":42,"http":{"method":"GET","path":"/v1/users/77/orders?q=cache&page=2&lang=pt-BR","status":504,"bytes_sent":0,"duration_ms":1234.5,"remote_ip":"10.1.2.3","user_agent":"curl/8.5.0","tls":true,"headers":{"x-forwarded-for":"10.9.8.7","accept-language":"de-CH","x-cache":null},"referer":null},"error":{"type":"TimeoutError","message":"upstream timeout","retryable":true,"stack":["at auth.token (queue.swift:12)"]},"sampled":true,"parent_span":"00f067aa0ba902b7"}"#,
        #"{"timestamp": "2024-03-01T02:00:00.789+05:30", "level": "DEBUG", "service": "search", "host": "search-7.prod.eu-west-1.internal", "pid": 65535, "message": "caf\u00e9 \u6771\u4eac \ud83d\ude80 done", "UserID": "u-3fa85f6457", "duration_ms": 0.000125, "tags": ["canary", "eu"], "metrics": [0.000812345, -17, 12345678901.5, 3.2e-08], "sampled": false, "parent_span": null, "big": 9007199254740993}"#,
    ]

    @Test(arguments: LogLineModelTests.lines)
    func sameAsFoundation(line: String) throws {
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = LogLine.foundationKeyDecodingStrategy
        let reference = try foundation.decode(LogLine.self, from: Data(line.utf8))
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromAnyCase
        #expect(try decoder.decode(LogLine.self, from: Data(line.utf8)) == reference)
    }

    @Test func handWrittenValues() throws {
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromAnyCase
        let first = try decoder.decode(LogLine.self, from: Data(Self.lines[0].utf8))
        #expect(first == LogLine(
            timestamp: .iso8601("2024-03-01T00:00:00.123Z"), level: "INFO", service: "auth",
            host: "auth-3.prod.eu-west-1.internal", pid: 4242, message: "session token refreshed",
            requestId: "0b9c6f1e-2f4a-4c1d-9e2b-7a1c3d5e6f70", userId: .number(1_234_567), sampled: false))
        let second = try decoder.decode(LogLine.self, from: Data(Self.lines[1].utf8))
        #expect(second.timestamp == .epochMilliseconds(1_709_251_200_456))
        #expect(second.userId == .number(42))
        #expect(second.message == "upstream timeout \"slow\" path C:\\bin\nnext")
        #expect(second.http == LogHTTP(
            method: "GET", path: "/v1/users/77/orders?q=cache&page=2&lang=pt-BR", status: 504, bytesSent: 0,
            durationMs: 1234.5, remoteIp: "10.1.2.3", userAgent: "curl/8.5.0", tls: true,
            headers: LogHTTPHeaders(xForwardedFor: "10.9.8.7", acceptLanguage: "de-CH")))
        #expect(second.error?.stack == ["at auth.token (queue.swift:12)"])
        let third = try decoder.decode(LogLine.self, from: Data(Self.lines[2].utf8))
        #expect(third.userId == .text("u-3fa85f6457"))
        #expect(third.message == "café 東京 🚀 done")
        #expect(third.big == 9_007_199_254_740_993)
        #expect(third.tags == ["canary", "eu"])
        #expect(third.metrics == [0.000812345, -17, 12345678901.5, 3.2e-08])
    }

    @Test func keyNamesAsTheGeneratorWritesThem() {
        #expect(LogLine.lowerCamelCase("user_id") == "userId")
        #expect(LogLine.lowerCamelCase("UserID") == "userId")
        #expect(LogLine.lowerCamelCase("userId") == "userId")
        #expect(LogLine.lowerCamelCase("x-forwarded-for") == "xForwardedFor")
        #expect(LogLine.lowerCamelCase("duration_ms") == "durationMs")
        #expect(LogLine.lowerCamelCase("myABBRKey") == "myAbbrKey")
        #expect(LogLine.lowerCamelCase("timestamp") == "timestamp")
    }
}
