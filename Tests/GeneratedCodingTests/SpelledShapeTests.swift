import Foundation
@_spi(GeneratedPathTesting) import TapeJSON
import TapeJSONMacros
import Testing

// Shapes the macro accepts by how they are spelled, run through both paths (`ShapeEntry`): raw types
// qualified by their module (a standard library one codes the raw value, `Foundation.CGFloat` the
// cases), and a struct's `CodingKeys` that implements `init(stringValue:)`, `intValue` and
// `init(intValue:)`, which a struct's synthesized Codable does not call (an enum's is reported: its
// `init(from:)` finds the case through `init(stringValue:)`).

@TapeJSONCodable
enum SpelledRatio: Foundation.CGFloat, Codable, Equatable, Sendable { case half = 0.5, one = 1 }

@TapeJSONCodable
enum SpelledCount: Swift.UInt16, Codable, Equatable, Sendable { case one = 1, two }

@TapeJSONCodable
struct SpelledKeys: Codable, Equatable, Sendable {
    var name: String
    var count: Int?
    var ratio: SpelledRatio?
    var counts: [SpelledCount]?

    enum CodingKeys: String, CodingKey {
        case name = "Name", count, ratio, counts
        init?(stringValue: String) { self.init(rawValue: stringValue == "alias" ? "Name" : stringValue) }
        var intValue: Int? { 7 }
        init?(intValue: Int) { nil }
    }
}

@Suite struct SpelledShapeTests {
    @Test func qualifiedRawTypesAndHandWrittenKeyInitializers() {
        #expect(ShapeEntry<SpelledKeys>().hasGeneratedConformances.decodable)
        let documents = [
            #"{"Name":"a","count":1,"ratio":{"half":{}},"counts":[1,2]}"#,
            #"{"Name":"a","alias":"b","ratio":{"one":{}}}"#,
            #"{"alias":"b"}"#,
            #"{"Name":"a","count":"1"}"#,
            #"{"Name":"a","ratio":0.5}"#,
            #"{"Name":"a","counts":[3]}"#,
            #"{"Name":"a","counts":[{"one":{}}]}"#,
        ]
        let tally = Tally()
        ShapeEntry<SpelledKeys>().run(documents: documents, tally: tally)
        for message in tally.mismatches.prefix(20) {
            Issue.record(Comment(rawValue: "MISMATCH \(message)"))
        }
        #expect(tally.decodeCases == documents.count * DecoderSetting.all.count)
        #expect(tally.encodeCases > 0)
        let plain = TapeJSONDecoder()
        plain.takesGeneratedPaths = false
        #expect(documents.filter { (try? plain.decode(SpelledKeys.self, from: Data($0.utf8))) != nil }.count == 2)
    }
}
