import Foundation
import TapeJSON
import Testing

@Suite struct JSONValueEncodingTests {
    @Test(arguments: ["twitter.json", "citm_catalog.json", "canada.json", "github_events.json", "random.json"])
    func corpusDocumentsAsFoundationWritesThem(_ file: String) throws {
        let document = try JSONParser.shared.parse(Array(try CorpusFiles.data(file)))
        expectSameAsFoundation(document.root)
        expectSameAsFoundation(document.root, EncoderSettings(formatting: [.sortedKeys, .prettyPrinted]))
    }

    @Test func aSubtreeInsideAnotherOutput() throws {
        struct Envelope: Encodable { var id: Int; var payload: JSONValue }
        let document = try JSONParser.shared.parse(#"{"user": {"name": "Ada", "tags": ["x", 1, 2.5, null, true, -0.0, 18446744073709551615]}}"#)
        let payload = try #require(document.root["user"])
        expectSameAsFoundation(Envelope(id: 7, payload: payload))
        let encoder = TapeJSONEncoder()
        #expect(String(decoding: try encoder.encode(Envelope(id: 7, payload: payload)), as: UTF8.self)
                == #"{"id":7,"payload":{"name":"Ada","tags":["x",1,2.5,null,true,-0,18446744073709551615]}}"#)
    }

    /// A number simdjson holds only as a placeholder (beyond 64-bit integers, beyond `Double`) is written
    /// from its text by TapeJSONEncoder, and as the closest Codable number by Foundation's encoder.
    @Test func bigNumbersKeepEveryDigit() throws {
        let text = #"[170141183460469231731687303715884105728,-170141183460469231731687303715884105729,"#
            + #"123456789012345678901234567890123456789012345,1e400]"#
        let document = try JSONParser.shared.parse(text)
        #expect(String(decoding: try TapeJSONEncoder().encode(document.root), as: UTF8.self) == text)
        let first = try #require(document.root[0])
        // UInt128 holds the first; JSONEncoder writes it whole.
        #expect(String(decoding: try JSONEncoder().encode([first]), as: UTF8.self) == "[170141183460469231731687303715884105728]")
    }
}
