import Foundation
@_spi(GeneratedPathTesting) import TapeJSON
import TapeJSONMacros
import Testing

// How the generated path finds an enum's case among an object's keys (`casePosition`: keys compared
// with the case names as bytes, a non-ASCII key or name as a String): against the Codable path, under
// each key strategy, for one key, a key written twice, two case keys, none, unknown keys beside the case,
// a case name with a non-ASCII letter written composed and decomposed, and an empty key.

@TapeJSONCodable
enum CaseKeyShape: Codable, Equatable, Sendable {
    case circle(radius: Double)
    case bigCircle(radius: Double)
    case point(Int, Int)
    case plaza(name: String)
    case empty

    enum CodingKeys: String, CodingKey {
        case circle
        case bigCircle
        case point
        case plaza = "plaça"
        case empty = ""
    }
}

@Suite struct EnumCaseKeyTests {
    static let documents: [String] = [
        #"{"circle":{"radius":1.5}}"#,
        #"{"circle":{"radius":1},"circle":{"radius":2}}"#,
        #"{"circle":{"radius":1},"point":{"_0":1,"_1":2}}"#,
        #"{}"#,
        #"{"square":{"side":1}}"#,
        #"{"square":1,"point":{"_0":3,"_1":4},"other":null}"#,
        #"{"bigCircle":{"radius":3}}"#,
        #"{"big_circle":{"radius":3}}"#,
        #"{"BigCircle":{"radius":3}}"#,
        #"{"big_circle":{"radius":3},"bigCircle":{"radius":4}}"#,
        "{\"pla\u{E7}a\":{\"name\":\"composed\"}}",
        "{\"plac\u{327}a\":{\"name\":\"decomposed\"}}",
        "{\"pla\u{E7}a\":{\"name\":\"a\"},\"plac\u{327}a\":{\"name\":\"b\"}}",
        #"{"":{}}"#,
        #"{"":{},"circle":{"radius":1}}"#,
        #"{"circle":{"radius":"wide"}}"#,
        #"{"circle":[]}"#,
        #"[]"#,
    ]

    @Test func sameCaseAsTheCodablePath() {
        let strategies: [TapeJSONDecoder.KeyDecodingStrategy] = [
            .useDefaultKeys, .convertFromSnakeCase, .convertFromAnyCase,
            .custom { path in PlainKey(stringValue: path.last!.stringValue.lowercased()) },
        ]
        for strategy in strategies {
            let (generated, codable) = decoderPair(keys: strategy)
            for document in Self.documents {
                let data = Data(document.utf8)
                let ours = outcome { try generated.decode(CaseKeyShape.self, from: data) }
                let theirs = outcome { try codable.decode(CaseKeyShape.self, from: data) }
                expectSameOutcome(ours, theirs, "\(strategy): \(document)")
                let array = Data("[\(document),\(document)]".utf8)
                expectSameOutcome(outcome { try generated.decode([CaseKeyShape].self, from: array) },
                                  outcome { try codable.decode([CaseKeyShape].self, from: array) },
                                  "\(strategy): in an array: \(document)")
            }
        }
    }

    @Test func findsTheCase() throws {
        let decoder = TapeJSONDecoder()
        func decode(_ text: String) throws -> CaseKeyShape { try decoder.decode(CaseKeyShape.self, from: Data(text.utf8)) }
        #expect(try decode(Self.documents[0]) == .circle(radius: 1.5))
        #expect(try decode(Self.documents[5]) == .point(3, 4))
        #expect(try decode(Self.documents[10]) == .plaza(name: "composed"))
        #expect(try decode(Self.documents[11]) == .plaza(name: "decomposed"))
        #expect(try decode(Self.documents[13]) == .empty)
        #expect(throws: DecodingError.self) { try decode(Self.documents[2]) }
        #expect(throws: DecodingError.self) { try decode(Self.documents[3]) }
        #expect(throws: DecodingError.self) { try decode(Self.documents[14]) }
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decode(Self.documents[7]) == .bigCircle(radius: 3))
        #expect(throws: DecodingError.self) { try decode(Self.documents[8]) }
    }
}

