import Foundation
import TapeJSON
import Testing

/// A JSON Lines worker decodes line after line with one decoding workspace (its session buffers and
/// caches). These tests check that nothing from one line leaks into the next: key cursors, absent-key
/// records, escaped containers.
@Suite("One decoding workspace reused line after line")
struct SessionReuseTests {
    /// Optional members present on some lines and absent on others, in varying orders and shapes:
    /// a cursor or absent-key record kept from the previous line would skip or miss a key.
    struct Record: Decodable, Equatable, Sendable {
        var id: Int
        var name: String?
        var nested: Nested?
        var tags: [String]?

        struct Nested: Decodable, Equatable, Sendable {
            var a: Int?
            var bb: Int?
        }
    }

    static let lines = [
        #"{"id":1,"name":"one","nested":{"a":1,"bb":2},"tags":["x"]}"#,
        #"{"tags":["y","z"],"id":2}"#,
        #"{"nested":{"bb":4},"id":3,"name":"three"}"#,
        #"{"id":4,"nested":{"a":5}}"#,
        #"{"name":"five","id":5,"nested":{"bb":6,"a":7},"extra":[1,{"id":99}]}"#,
        #"{"id":6}"#,
    ]

    static let expected: [Record] = [
        Record(id: 1, name: "one", nested: .init(a: 1, bb: 2), tags: ["x"]),
        Record(id: 2, name: nil, nested: nil, tags: ["y", "z"]),
        Record(id: 3, name: "three", nested: .init(a: nil, bb: 4), tags: nil),
        Record(id: 4, name: nil, nested: .init(a: 5, bb: nil), tags: nil),
        Record(id: 5, name: "five", nested: .init(a: 7, bb: 6), tags: nil),
        Record(id: 6, name: nil, nested: nil, tags: nil),
    ]

    @Test("lines of different shapes decode as each decoded alone, on one worker")
    func shapesDoNotLeak() throws {
        let bytes = Array((Self.lines.joined(separator: "\n") + "\n").utf8)
        var decoded: [Record] = []
        let summary = try JSONLines(bytes: bytes).decode(Record.self, using: TapeJSONDecoder(), jobs: 1) { value, _ in
            decoded.append(value)
        }
        #expect(summary.invalid == 0)
        #expect(decoded == Self.expected)
        let foundation = JSONDecoder()
        #expect(try Self.lines.map { try foundation.decode(Record.self, from: Data($0.utf8)) } == decoded)
    }

    @Test("the same lines under a key conversion (absent keys recorded per line)")
    func shapesDoNotLeakUnderConversion() throws {
        let snake = Self.lines.map { $0.replacingOccurrences(of: "bb", with: "b_b") }
        let bytes = Array((snake.joined(separator: "\n") + "\n").utf8)
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        var decoded: [Record] = []
        _ = try JSONLines(bytes: bytes).decode(Record.self, using: decoder, jobs: 1) { value, _ in
            decoded.append(value)
        }
        // `b_b` converts to `bB`, not `bb`: those members are absent under the conversion.
        let expected = Self.expected.map { record -> Record in
            var record = record
            record.nested?.bb = nil
            return record
        }
        #expect(decoded == expected)
    }

    /// Keeps the keyed container of each line; `Sendable` only so that JSON Lines can deliver it (the
    /// test reads it on the thread that decoded it).
    struct Keeper: Decodable, @unchecked Sendable {
        let container: KeyedDecodingContainer<TestKey>
        init(from decoder: any Decoder) throws {
            container = try decoder.container(keyedBy: TestKey.self)
        }
    }

    @Test("a container kept from one line still reads that line after later lines decoded")
    func escapedContainerStaysValid() throws {
        let bytes = Array(#"{"v":1}\#n{"v":2}\#n{"v":3}\#n"#.utf8)
        var kept: [Keeper] = []
        _ = try JSONLines(bytes: bytes).decode(Keeper.self, using: TapeJSONDecoder(), jobs: 1) { value, _ in
            kept.append(value)
        }
        #expect(try kept.map { try $0.container.decode(Int.self, forKey: TestKey("v")) } == [1, 2, 3])
    }

    /// Keys that convert alike: which occurrence a decoder reads depends on the document alone, not
    /// on the spellings documents decoded before taught it (a held-out probe found a used decoder
    /// reading `"a":"2"` where a new one read `"A":1`).
    struct Alike: Decodable, Equatable, Sendable {
        var A: Int?
        var a: Int?
        var userId: Int?
        var name: String?
    }

    @Test("a used decoder reads the same occurrence of keys that convert alike as a new one",
          arguments: [JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase, nil])
    func duplicatesIndependentOfHistory(snake: JSONDecoder.KeyDecodingStrategy?) throws {
        let primers = [#"{"a":5}"#, #"{"A":5}"#, #"{"userId":5,"name":"n"}"#, #"{"user_id":5}"#,
                       #"{"name":"n","userId":5,"user_id":6}"#, #"{"name":"n","user_id":6,"userId":5}"#]
        let documents = [#"{"A":1,"a":"2"}"#, #"{"A":1,"a":2}"#, #"{"name":"n","user_id":1,"userId":2}"#,
                         #"{"name":"n","userId":1,"user_id":"2"}"#, #"{"user_id":1,"name":"n","userId":2}"#]
        func make() -> TapeJSONDecoder {
            let decoder = TapeJSONDecoder()
            if snake != nil { decoder.keyDecodingStrategy = .convertFromSnakeCase } else { decoder.keyDecodingStrategy = .convertFromAnyCase }
            return decoder
        }
        for primer in primers {
            for document in documents {
                let used = make()
                _ = try? used.decode(Alike.self, from: Data(primer.utf8))
                let fresh = Result { try make().decode(Alike.self, from: Data(document.utf8)) }
                let again = Result { try used.decode(Alike.self, from: Data(document.utf8)) }
                #expect("\(fresh)" == "\(again)", "after \(primer): \(document)")
            }
        }
    }
}
