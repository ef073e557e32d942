import CorpusModels
import Foundation
import Testing

@testable import TapeJSON

/// Decode calls reuse their decoder's workspace (session buffers, key cursors, type kinds, key memos),
/// kinds of types are cached in a table that starts over past its limit, and `.convertFromAnyCase`
/// rules out absent keys with `KeyLimits`. These tests check that none of that changes what a decode
/// call returns.
@Suite("Workspace caches and screened keys")
struct WorkspaceCacheTests {
    struct Record: Decodable, Equatable, Sendable {
        var id: Int
        var name: String?
        var nested: Nested?

        struct Nested: Decodable, Equatable, Sendable {
            var a: Int?
            var bb: Int?
        }
    }

    static let documents = [
        #"{"id":1,"name":"one","nested":{"a":1,"bb":2}}"#,
        #"{"nested":{"bb":4},"id":2}"#,
        #"{"id":3,"name":"three","extra":{"id":9,"name":"x"}}"#,
    ]

    static let expected: [Record] = [
        Record(id: 1, name: "one", nested: .init(a: 1, bb: 2)),
        Record(id: 2, name: nil, nested: .init(a: nil, bb: 4)),
        Record(id: 3, name: "three", nested: nil),
    ]

    @Test("decoders with different strategies decode in turns")
    func decodersTakeTurns() throws {
        let plain = TapeJSONDecoder()
        let anyCase = TapeJSONDecoder()
        anyCase.keyDecodingStrategy = .convertFromAnyCase
        let snake = TapeJSONDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        for _ in 0..<3 {
            for (document, expected) in zip(Self.documents, Self.expected) {
                let data = Data(document.utf8)
                #expect(try plain.decode(Record.self, from: data) == expected)
                let shouting = document.replacingOccurrences(of: "\"name\"", with: "\"NAME\"")
                #expect(try anyCase.decode(Record.self, from: Data(shouting.utf8)) == expected)
                #expect(try snake.decode(Record.self, from: data) == expected)
            }
        }
    }

    @Test("decode calls on several threads at once")
    func concurrentDecodes() async throws {
        let decoder = TapeJSONDecoder()
        try await withThrowingTaskGroup(of: [Record].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var decoded: [Record] = []
                    for _ in 0..<50 {
                        decoded = try Self.documents.map { try decoder.decode(Record.self, from: Data($0.utf8)) }
                    }
                    return decoded
                }
            }
            for try await decoded in group {
                #expect(decoded == Self.expected)
            }
        }
    }

    /// Keeps the keyed container it was given.
    final class Kept: @unchecked Sendable {
        var container: KeyedDecodingContainer<Escaping.CodingKeys>?
    }

    struct Escaping: Decodable {
        static let kept = Kept()
        enum CodingKeys: String, CodingKey { case id, name }
        var id: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            Self.kept.container = container
        }
    }

    @Test("a container that outlives its call keeps reading its own document")
    func escapedContainerKeepsItsSession() throws {
        let decoder = TapeJSONDecoder()
        _ = try decoder.decode(Escaping.self, from: Data(#"{"id":7,"name":"kept"}"#.utf8))
        for (document, expected) in zip(Self.documents, Self.expected) {
            #expect(try decoder.decode(Record.self, from: Data(document.utf8)) == expected)
            _ = try decoder.decode(Escaping.self, from: Data(document.utf8))
        }
        let container = try #require(Escaping.kept.container)
        // The last Escaping decode kept the third document's object.
        #expect(try container.decode(Int.self, forKey: .id) == 3)
        #expect(try container.decode(String.self, forKey: .name) == "three")
    }

    /// One more level of nesting per type: `Level<Level<Int>>` and so on, each with its own coding
    /// keys, so that a document meets many key types at many depths.
    struct Level<Inner: Decodable & Equatable>: Decodable, Equatable {
        var n: Int
        var inner: Inner
        var maybe: String?
    }

    static func nested(_ depth: Int) -> String {
        depth == 0 ? "7" : #"{"n":\#(depth),"inner":\#(nested(depth - 1)),"maybe":"m\#(depth)"}"#
    }

    @Test("many key types at many depths, decoded again and again, as Foundation decodes them")
    func manyKeyTypes() throws {
        typealias L4 = Level<Level<Level<Level<Int>>>>
        typealias L8 = Level<Level<Level<Level<L4>>>>
        typealias L12 = Level<Level<Level<Level<L8>>>>
        struct Root: Decodable, Equatable {
            var a: [L4]
            var b: [L8]
            var c: L12
            var d: [Level<L12>]
        }
        let json = #"{"a":[\#(Self.nested(4)),\#(Self.nested(4))],"b":[\#(Self.nested(8))],"c":\#(Self.nested(12)),"d":[\#(Self.nested(13)),\#(Self.nested(13))]}"#
        let data = Data(json.utf8)
        let expected = try JSONDecoder().decode(Root.self, from: data)
        let decoder = TapeJSONDecoder()
        for _ in 0..<4 {
            #expect(try decoder.decode(Root.self, from: data) == expected)
        }
    }

    static func label(_ kind: DecodedTypeKind) -> String {
        switch kind {
        case .plain: "plain"
        case .array: "array"
        case .int: "int"
        default: "other"
        }
    }

    /// A distinct type per `Inner`, conforming to nothing (so that asking its kind stays cheap).
    struct Wrapped<Inner> {}

    /// `T`, then `Wrapped` nested `depth` times around it, and arrays of those: each asked of the cache.
    static func askKinds<T>(_ type: T.Type, depth: Int, cache: inout TypeKindCache, into kinds: inout [String]) {
        kinds.append(label(cache.kind(of: T.self)) + ":" + label(cache.kind(of: [T].self)))
        if depth > 0 { askKinds(Wrapped<T>.self, depth: depth - 1, cache: &cache, into: &kinds) }
    }

    @Test("kinds of more types than the cache keeps stay right")
    func typeKindOverflow() {
        var cache = TypeKindCache()
        var first: [String] = []
        var second: [String] = []
        // 2 × 2,100 types: past the limit the cache starts over, and the kinds are asked again.
        Self.askKinds(Int.self, depth: TypeKindCache.limit / 2 + 50, cache: &cache, into: &first)
        Self.askKinds(Int.self, depth: TypeKindCache.limit / 2 + 50, cache: &cache, into: &second)
        #expect(first == second)
        #expect(first[0] == "int:array")
        #expect(first.dropFirst().allSatisfy { $0 == "plain:plain" })
    }

    /// Keys spelled in several casings, with absent optional properties whose converted names share
    /// a first letter with present keys and are longer, shorter or as long.
    struct Screened: Decodable, Equatable {
        var userId: Int
        var userName: String
        var userNameAndSurname: String?
        var u: Int?
        var xForwardedFor: String?
        var xRay: String?
        var _internal: Int?
        var _x: Int?
        var id2: Int?
        var émoji: String?
        var éclair: String?
    }

    @Test("under .convertFromAnyCase, absent keys are absent and present ones found",
          arguments: [
              #"{"UserID":1,"user_name":"a","x-forwarded-for":"h"}"#,
              #"{"user_name":"b","userId":2}"#,
              #"{"USER_NAME":"c","user-id":3,"u":4,"émoji":"e","id2":5}"#,
              #"{"userId":4,"userName":"d","userNameAndSurname":"d e","xRay":"r"}"#,
              #"{"userId":5,"userName":"e","éclair":"f","":0,"9":1}"#,
          ])
    func screenedKeys(document: String) throws {
        try expectAnyCaseDecodesAsFoundation(Screened.self, document)
    }

    /// Decodes `document` as `T` under `.convertFromAnyCase` and expects Foundation's value (with the
    /// equivalent `.custom` key strategy): twice, as the second call reuses the workspace and the
    /// conversion cache's hints, and as two elements of an array.
    private func expectAnyCaseDecodesAsFoundation<T: Decodable & Equatable>(_ type: T.Type, _ document: String) throws {
        let tape = TapeJSONDecoder()
        tape.keyDecodingStrategy = .convertFromAnyCase
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = LogLine.foundationKeyDecodingStrategy
        let data = Data(document.utf8)
        let expected = try foundation.decode(T.self, from: data)
        #expect(try tape.decode(T.self, from: data) == expected)
        #expect(try tape.decode(T.self, from: data) == expected)
        #expect(try tape.decode([T].self, from: Data("[\(document),\(document)]".utf8)) == [expected, expected])
    }

    @Test("under .convertFromAnyCase, keys with a leading underscore (kept by the conversion)")
    func screenedUnderscoreKeys() throws {
        let tape = TapeJSONDecoder()
        tape.keyDecodingStrategy = .convertFromAnyCase
        let document = #"[{"user_id":1,"userName":"a","_internal":3},{"userId":2,"user_name":"b","_x":6},{"_x":7,"UserID":3,"USER_NAME":"c","_internal":8}]"#
        let decoded = try tape.decode([Screened].self, from: Data(document.utf8))
        #expect(decoded.map(\.userId) == [1, 2, 3])
        #expect(decoded.map(\.userName) == ["a", "b", "c"])
        #expect(decoded.map(\._internal) == [3, nil, 8])
        #expect(decoded.map(\._x) == [nil, 6, 7])
        #expect(decoded.allSatisfy { $0.u == nil && $0.userNameAndSurname == nil && $0.xRay == nil })
    }

    /// Absent optional properties whose converted names share a first letter with a present key that
    /// is at least as long, so that only their last byte tells them apart (`KeyLimits`' masks), with
    /// present keys whose last letter changes case under the conversion or is not ASCII.
    struct SameFirstLetter: Decodable, Equatable {
        var message: String
        var metrics: [Double]?
        var mess: String?
        var timestamp: Int
        var tags: [String]?
        var time: Int?
        var userId: Int?
        var userIdentity: Int?
        var café: String?
        var cafe: String?
        var id2: Int?
        var id3: Int?
    }

    @Test("under .convertFromAnyCase, absent keys told apart from present ones by their last byte",
          arguments: [
              #"{"message":"m","timestamp":1,"UserID":7,"café":"c","id2":5}"#,
              #"{"Message":"m","TIMESTAMP":1,"user_id":7,"tags":["a"],"metrics":[1.5],"cafe":"x","id3":6}"#,
              #"{"message":"m","timestamp":1,"time":2,"MESS":"s","user-identity":3}"#,
              #"{"timestamp":1,"message":"m","USER_ID":8,"Cafe":"y","ID2":9}"#,
          ])
    func screenedByLastByte(document: String) throws {
        try expectAnyCaseDecodesAsFoundation(SameFirstLetter.self, document)
    }

    /// Properties whose names end with separators, which `.convertFromAnyCase` keeps at the end.
    struct TrailingSeparators: Decodable, Equatable {
        var name: Int?
        var name_: Int?
        var name__: Int?
        var name_x: Int?
        var nameX: Int?
        var nam: Int?
    }

    @Test("under .convertFromAnyCase, keys with trailing separators (kept by the conversion)")
    func screenedTrailingSeparators() throws {
        let tape = TapeJSONDecoder()
        tape.keyDecodingStrategy = .convertFromAnyCase
        let document = #"[{"name_":1},{"NAME__":2,"name":3},{"name-":4,"name_x":5},{"NameX":6,"nam":7}]"#
        let decoded = try tape.decode([TrailingSeparators].self, from: Data(document.utf8))
        #expect(decoded == [
            TrailingSeparators(name: nil, name_: 1, name__: nil, name_x: nil, nameX: nil, nam: nil),
            TrailingSeparators(name: 3, name_: nil, name__: 2, name_x: nil, nameX: nil, nam: nil),
            // `name-` keeps its dash (so it is not `name_`); `name_x` becomes `nameX`.
            TrailingSeparators(name: nil, name_: nil, name__: nil, name_x: nil, nameX: 5, nam: nil),
            TrailingSeparators(name: nil, name_: nil, name__: nil, name_x: nil, nameX: 6, nam: 7),
        ])
    }
}
