import Foundation
import Testing
import TapeJSON

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
}
