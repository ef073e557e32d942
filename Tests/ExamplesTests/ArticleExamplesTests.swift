// The examples of the DocC articles (Sources/TapeJSON/TapeJSON.docc), which were the README's before it
// became a front page: kept here inside test functions so that they are known to run.
import Foundation
import TapeJSON
import TapeJSONMacros
import Testing

@Suite("Article examples")
struct ArticleExamplesTests {
    // MARK: - Decoding

    @TapeJSONCodable
    struct User: Codable, Equatable {
        let userId: Int
        let displayName: String
        let signedUp: Date
    }

    @Test func decoder() throws {
        let json = Data(#"{"user_id": 7, "DisplayName": "Ada", "signed-up": "2024-05-01"}"#.utf8)
        let decoder = TapeJSONDecoder()                      // was: JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromAnyCase    // user_id, DisplayName, signed-up → camelCase
        decoder.dateDecodingStrategy = .flexible             // dates, date-times or epoch numbers
        let user = try decoder.decode(User.self, from: json)
        #expect(user.userId == 7 && user.displayName == "Ada")
        #expect(user.signedUp == Date(timeIntervalSince1970: 1_714_521_600))
    }

    @Test func decoderErrors() throws {
        do {
            _ = try TapeJSONDecoder().decode([Int].self, from: Data("[1, 2,\n 3".utf8))
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            let error = try #require(context.underlyingError as? JSONError)
            #expect("\(error.line):\(error.column) \(error.message)" == "2:3 unexpected end of input")
        }
    }

    // MARK: - Patch

    @Test func patch() throws {
        let patch = try JSONPatch(#"[{"op":"replace","path":"/level","value":"warn"},{"op":"remove","path":"/debug"}]"#)
        #expect(try patch.apply(to: #"{"level": "info", "debug": true, "n": 1.0E2}"#) == #"{"level": "warn", "n": 1.0E2}"#)
        let built = try JSONPatch([.replace("/level", json: #""warn""#), .remove("/debug")])   // the same patch, built in Swift
        #expect(try built.apply(to: #"{"level": "info", "debug": true, "n": 1.0E2}"#) == #"{"level": "warn", "n": 1.0E2}"#)
        #expect(try JSONMergePatch(#"{"debug": null, "tags": ["x"]}"#).apply(to: #"{"debug": true, "n": 1.0E2}"#)
                == #"{"n": 1.0E2,"tags":["x"]}"#)
    }

    // MARK: - Encoding

    @TapeJSONCodable
    struct Order: Codable {
        let orderId: Int
        let items: [String]
        let placedAt: Date
    }

    @Test func encoder() throws {
        let encoder = TapeJSONEncoder()                      // was: JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        let order = Order(orderId: 7, items: ["tea", "milk/sugar"], placedAt: Date(timeIntervalSince1970: 1_714_521_600))
        let json = String(decoding: try encoder.encode(order), as: UTF8.self)
        // {"items":["tea","milk\/sugar"],"order_id":7,"placed_at":"2024-05-01T00:00:00Z"}

        var lines: [UInt8] = []                              // one buffer for a stream of records
        for record in [order, order] {
            try encoder.encode(record, into: &lines)
            lines.append(UInt8(ascii: "\n"))
        }

        let data = try TapeJSONSerialization.data(withJSONObject: ["b": [1, 2.5], "a": NSNull()], options: [.sortedKeys])
        // {"a":null,"b":[1,2.5]}, as JSONSerialization.data(withJSONObject:options:) writes it

        #expect(json == #"{"items":["tea","milk\/sugar"],"order_id":7,"placed_at":"2024-05-01T00:00:00Z"}"#)
        #expect(String(decoding: lines, as: UTF8.self) == json + "\n" + json + "\n")
        #expect(String(decoding: data, as: UTF8.self) == #"{"a":null,"b":[1,2.5]}"#)
    }

    @Test func linesWriter() throws {
        let order = Order(orderId: 7, items: ["tea"], placedAt: Date(timeIntervalSince1970: 0))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("orders-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try JSONLinesWriter(path: path)            // README: "orders.ndjson"
        try writer.write(contentsOf: [order, order], jobs: 2)  // encoded on 2 threads, written in order
        try writer.write(jsonObject: ["event": "done"])
        try writer.close()
        let line = #"{"orderId":7,"items":["tea"],"placedAt":-978307200}"#
        #expect(try String(contentsOfFile: path, encoding: .utf8) == line + "\n" + line + "\n" + #"{"event":"done"}"# + "\n")
    }

    // MARK: - Documents and events

    @Test func streamWriter() throws {
        let writer = JSONStreamWriter(layout: .indented(2))     // or (path:), (fileHandle:), .standardOutput()
        try writer.beginObject()
        try writer.key("name"); try writer.value("TapeJSON")
        try writer.key("sizes"); try writer.beginArray(); try writer.value(1); try writer.value(2.5); try writer.endArray()
        try writer.key("copied"); try writer.value(jsonText: Array(#"{"kept": 1.0E2, "é": "\u00e9"}"#.utf8))
        try writer.endObject()
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == """
            {
              "name": "TapeJSON",
              "sizes": [
                1,
                2.5
              ],
              "copied": {
                "kept": 1.0E2,
                "é": "\\u00e9"
              }
            }

            """)
    }

    @Test func document() throws {
        let document = try JSONParser.shared.parse(#"{"user": {"name": "Ada", "langs": ["en", "fr"]}, "id": 7}"#)
        #expect(document.root["user"]?["name"]?.string == "Ada")
        #expect(try document.value(atPointer: "/user/langs/1")?.string == "fr")
        #expect(document.root["id"]?.int == 7)
        var names: [String] = []
        for member in document.root["user"]!.members { names.append(member.key) }
        #expect(names == ["name", "langs"])
    }

    @Test func events() throws {
        let document = try JSONParser.shared.parse(#"{"name": "Ada", "password": "hunter2", "tags": ["x"]}"#)
        var reader = document.events
        var strings = 0
        while let event = reader.next() {
            switch event {
            case .key(let key) where key == "password": reader.skipValue()   // never materialised
            case .string: strings += 1
            default: break
            }
        }
        #expect(strings == 2)
    }

    // MARK: - Streaming documents

    struct NameCounter: JSONEventHandler {
        var names = 0
        mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
            if case .key(let key) = event, key == "name" { names += 1 }
            return .continue
        }
    }

    @Test func streaming() throws {
        let stream = try JSONStreamParser(handler: NameCounter())
        try stream.feed(Array(#"{"users": [{"name": "Ada"}, {"na"#.utf8))   // split anywhere
        try stream.feed(Array(#"me": "Lin"}]}"#.utf8))
        try stream.finish()                                                // the document must be whole
        print(stream.handler.names)                                        // 2
        #expect(stream.handler.names == 2)
    }

    // MARK: - JSON Lines

    @Test func jsonLines() throws {
        let log = Data("""
            {"level": "INFO", "msg": "started"}
            {"level": "ERROR", "msg": "disk full"}
            not json
            {"level": "ERROR", "msg": "retrying"}
            """.utf8)
        struct Entry: Decodable, Sendable { let level: String; let msg: String }
        var errors: [String] = []
        var bad: [Int] = []
        let lines = JSONLines(data: log, options: JSONLinesOptions(errorPolicy: .report))
        let summary = try lines.decode(Entry.self, using: TapeJSONDecoder(), jobs: 2) { entry, _ in
            if entry.level == "ERROR" { errors.append(entry.msg) }
        } onInvalidLine: { error in
            bad.append(error.line)
        }
        #expect(errors == ["disk full", "retrying"])
        #expect(bad == [3])
        #expect(summary.lines == 4 && summary.documents == 3 && summary.invalid == 1)
    }

    @Test func itemsWithEnvelope() throws {
        struct Record: Decodable, Sendable { let eventName: String }
        struct TopLevelFields: JSONEventHandler {
            var fields: [String: String] = [:]
            var key = ""
            mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
                switch event {
                case .key(let name): key = name.string
                case .string(let value): fields[key] = value.string
                case .int(let value): fields[key] = String(value)
                case .startObject where key.isEmpty: break            // the envelope itself
                case .startObject, .startArray: return .skipChildren  // nested members, and the items' array
                default: break
                }
                return .continue
            }
        }
        let trail = #"{"version": 2, "meta": {"host": "a"}, "Records": [{"eventName": "Get"}, {"eventName": "Put"}], "digest": "abc"}"#
        let records = JSONItemStream(bytes: Array(trail.utf8), pointer: "/Records")
        var envelope = TopLevelFields()
        var names: [String] = []
        try records.decode(Record.self, using: TapeJSONDecoder(), envelope: &envelope) { record, _ in
            names.append(record.eventName)
        }
        #expect(names == ["Get", "Put"])
        #expect(envelope.fields == ["version": "2", "digest": "abc"])
    }

    // MARK: - JSONSerialization drop-in

    @Test func serialization() throws {
        let object = try TapeJSONSerialization.jsonObject(with: Data(#"{"a": [1, 2.5, true, null]}"#.utf8))
        let array = try #require((object as? [String: Any])?["a"] as? [Any])
        #expect(array.count == 4 && array[3] is NSNull)
    }
}
