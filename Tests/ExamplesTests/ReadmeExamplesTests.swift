// The README's examples, kept here verbatim (inside test functions) so that they are known to run.
// `ReadmeSyncTests` checks it: every line of every ```swift block in README.md appears, in order, in
// this file. When you change an example in README.md, change it here too (and say what it should give).
import Foundation
import TapeJSON
import TapeJSONMacros        // re-exports TapeJSON
import Testing

@Suite("README examples")
struct ReadmeExamplesTests {
    // MARK: - Decode

    struct User: Codable {
        let userId: Int
        let displayName: String
        let signedUp: Date
    }

    @Test func decode() throws {
        let json = Data(#"{"user_id": 7, "DisplayName": "Ada", "signed-up": "2024-05-01"}"#.utf8)
        let decoder = TapeJSONDecoder()                      // was: JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromAnyCase    // user_id, DisplayName, signed-up → camelCase
        decoder.dateDecodingStrategy = .flexible             // dates, date-times or epoch numbers
        let user = try decoder.decode(User.self, from: json)
        let object = try TapeJSONSerialization.jsonObject(with: json)   // the graph JSONSerialization returns
        #expect(user.userId == 7 && user.displayName == "Ada")
        #expect(user.signedUp == Date(timeIntervalSince1970: 1_714_521_600))
        let dictionary = try #require(object as? [String: Any])
        #expect(dictionary["user_id"] as? Int == 7 && dictionary["DisplayName"] as? String == "Ada")
    }

    // MARK: - The macro

    @TapeJSONCodable
    struct Point: Codable {
        let x: Double
        let y: Double
    }

    @Test func macro() throws {
        let point = try TapeJSONDecoder().decode(Point.self, from: Data(#"{"x": 1, "y": 2.5}"#.utf8))
        let pointJSON = try TapeJSONEncoder().encode(point)   // {"x":1,"y":2.5}
        #expect(point.x == 1 && point.y == 2.5)
        #expect(String(decoding: pointJSON, as: UTF8.self) == #"{"x":1,"y":2.5}"#)
    }

    // MARK: - Encode

    @Test func encode() throws {
        let user = User(userId: 7, displayName: "Ada", signedUp: Date(timeIntervalSince1970: 1_714_521_600))
        let encoder = TapeJSONEncoder()                      // was: JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        let text = String(decoding: try encoder.encode(user), as: UTF8.self)
        // {"display_name":"Ada","signed_up":"2024-05-01T00:00:00Z","user_id":7}
        #expect(text == #"{"display_name":"Ada","signed_up":"2024-05-01T00:00:00Z","user_id":7}"#)
    }

    // MARK: - JSON Lines

    struct Entry: Decodable, Sendable { let level: String; let msg: String }

    @Test func jsonLines() throws {
        let log = Array("{\"level\": \"ERROR\", \"msg\": \"disk full\"}\nnot json\n".utf8)
        let lines = JSONLines(bytes: log, options: JSONLinesOptions(errorPolicy: .report))   // or (path: "app.log")
        var errors: [String] = []
        var reported: [String] = []
        let summary = try lines.decode(Entry.self, using: TapeJSONDecoder(), jobs: 2) { entry, lineNumber in
            if entry.level == "ERROR" { errors.append(entry.msg) }
        } onInvalidLine: { error in
            print("app.log:\(error.line):\(error.column): \(error.message)")   // app.log:2:1: ...
            reported.append("app.log:\(error.line):\(error.column)")
        }
        // summary.documents == 1, summary.invalid == 1, errors == ["disk full"]
        #expect(summary.documents == 1 && summary.invalid == 1 && summary.lines == 2)
        #expect(errors == ["disk full"])
        #expect(reported == ["app.log:2:1"])
    }

    // MARK: - Items at a JSON Pointer

    struct Record: Decodable, Sendable { let eventName: String }

    @Test func items() throws {
        let trail = Array(#"{"meta": {"v": 2}, "Records": [{"eventName": "Get"}, {"eventName": "Put"}]}"#.utf8)
        let records = JSONItemStream(bytes: trail, pointer: "/Records")   // or (path: "trail.json", pointer:)
        var names: [String] = []
        try records.decode(Record.self, using: TapeJSONDecoder()) { record, _ in names.append(record.eventName) }
        // names == ["Get", "Put"]
        #expect(names == ["Get", "Put"])
    }

    // MARK: - Events

    @Test func events() throws {
        let document = try JSONParser.shared.parse(#"{"user": {"name": "Ada", "password": "x"}, "id": 7}"#)
        let name = document.root["user"]?["name"]?.string     // "Ada"
        let id = try document.value(atPointer: "/id")?.int    // 7
        var reader = document.events
        var strings: [String] = []
        while let event = reader.next() {
            switch event {
            case .key(let key) where key == "password": reader.skipValue()   // never materialised
            case .string(let value): strings.append(value.string)           // ["Ada"]
            default: break
            }
        }
        #expect(name == "Ada" && id == 7)
        #expect(strings == ["Ada"])
    }

    // MARK: - Patch

    @Test func patch() throws {
        let patch = try JSONPatch(#"[{"op":"replace","path":"/level","value":"warn"},{"op":"remove","path":"/debug"}]"#)
        let patched = try patch.apply(to: #"{"level": "info", "debug": true, "n": 1.0E2}"#)
        // {"level": "warn", "n": 1.0E2}
        let merged = try JSONMergePatch(#"{"debug": null}"#).apply(to: #"{"debug": true, "n": 1.0E2}"#)
        // {"n": 1.0E2}
        #expect(patched == #"{"level": "warn", "n": 1.0E2}"#)
        #expect(merged == #"{"n": 1.0E2}"#)
    }
}
