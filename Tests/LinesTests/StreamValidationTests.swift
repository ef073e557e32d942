import Foundation
import TapeJSON
import Testing

// Checking one document as a stream: the same verdict as parsing it whole, with the whole document in
// the window (one simdjson parse) and with a window so small that the walker checks it value by value.

@Suite("Streaming validation of one document")
struct StreamValidationTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let suite = package.appendingPathComponent("Tests/TapeTests/Fixtures/JSONTestSuite/test_parsing")

    /// What parsing the whole document says: nil, or the error.
    static func whole(_ bytes: [UInt8]) -> JSONError? {
        bytes.withUnsafeBytes { buffer -> JSONError? in
            do throws(JSONError) {
                _ = try JSONParser.shared.parse(bytes: buffer)
                return nil
            } catch {
                return error
            }
        }
    }

    @Test("every JSONTestSuite file: the same verdict, and in the window the same error", arguments: [1 << 20, 64])
    func testSuite(window: Int) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.suite.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count > 300)
        var sameOffset = 0
        var invalid = 0
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: Self.suite.appendingPathComponent(name)))
            let expected = Self.whole(bytes)
            let streamed = try JSONStreamValidation.validate(bytes: bytes, window: window)
            #expect((streamed == nil) == (expected == nil), "\(name): streamed \(String(describing: streamed)), whole \(String(describing: expected))")
            guard let expected, let streamed else { continue }
            invalid += 1
            if streamed.offset == expected.offset { sameOffset += 1 }
            if window >= bytes.count {
                // The same error (its excerpt aside: bytes already read past may be gone).
                #expect(streamed.kind == expected.kind && streamed.offset == expected.offset
                        && streamed.line == expected.line && streamed.column == expected.column, "\(name): \(streamed), whole: \(expected)")
            }
        }
        // Walked value by value, most errors are still found at the same byte.
        #expect(sameOffset * 10 >= invalid * 7, "\(sameOffset) of \(invalid) at the same offset")
    }

    @Test("the corpus, walked in a window of 4 KiB, is valid")
    func corpus() throws {
        let corpus = Self.package.appendingPathComponent("Corpus")
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }
        #expect(!names.isEmpty)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(name)))
            #expect(try JSONStreamValidation.validate(bytes: bytes, window: 4096) == nil, "\(name)")
        }
    }

    @Test("errors deep in a walked document: position, line and column")
    func deepErrors() throws {
        let good = Array(repeating: #"{"a": [1, 2, {"b": "c,]}"}], "d": null}"#, count: 200).joined(separator: ",\n ")
        let text = "{\"meta\": 1, \"list\": [\n " + good + ",\n {\"a\": tru}\n]}"
        let bytes = Array(text.utf8)
        let expected = try #require(Self.whole(bytes))
        let streamed = try #require(try JSONStreamValidation.validate(bytes: bytes, window: 256))
        #expect(streamed.offset == expected.offset && streamed.line == expected.line && streamed.column == expected.column)
        #expect(streamed.kind == expected.kind)
        #expect(try JSONStreamValidation.validate(bytes: Array(("{\"meta\": 1, \"list\": [\n " + good + "]}").utf8), window: 256) == nil)
    }

    @Test("nesting deeper than maxDepth is found by the walker too")
    func depth() throws {
        let bomb = Array(repeating: UInt8(ascii: "["), count: 5000) + Array(repeating: UInt8(ascii: "]"), count: 5000)
        let streamed = try #require(try JSONStreamValidation.validate(bytes: bomb, window: 64))
        #expect(streamed.kind == .depthLimitExceeded)
    }
}
