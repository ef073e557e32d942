import Foundation
import TapeJSON
import Testing

// JSONStreamWriter: events in, JSON text out, in every layout; values copied from documents, lines
// and text; misuse and write failures as errors.

@Suite struct JSONStreamWriterTests {
    private func text(_ writer: JSONStreamWriter) -> String { String(decoding: writer.bytes, as: UTF8.self) }

    private func writeSample(_ writer: JSONStreamWriter) throws {
        try writer.beginObject()
        try writer.key("name"); try writer.value("Tape/JSON \"1\"\n")
        try writer.key("n"); try writer.value(-42)
        try writer.key("big"); try writer.value(UInt64.max)
        try writer.key("x"); try writer.value(1.0)
        try writer.key("tiny"); try writer.value(1e-7)
        try writer.key("ok"); try writer.value(true)
        try writer.key("none"); try writer.null()
        try writer.key("empty"); try writer.beginObject(); try writer.endObject()
        try writer.key("list"); try writer.beginArray()
        try writer.value("a"); try writer.beginArray(); try writer.endArray()
        try writer.beginObject(); try writer.key("k"); try writer.value(false); try writer.endObject()
        try writer.endArray()
        try writer.endObject()
    }

    @Test func compactLayout() throws {
        let writer = JSONStreamWriter(layout: .init(newlineAfterEachValue: false))
        try writeSample(writer)
        #expect(text(writer) == #"{"name":"Tape/JSON \"1\"\n","n":-42,"big":18446744073709551615,"x":1,"tiny":1e-07,"ok":true,"none":null,"empty":{},"list":["a",[],{"k":false}]}"#)
        #expect(writer.depth == 0)
    }

    @Test func indentedLayoutIsJqs() throws {
        let writer = JSONStreamWriter(layout: .indented(2))
        try writeSample(writer)
        let expected = """
            {
              "name": "Tape/JSON \\"1\\"\\n",
              "n": -42,
              "big": 18446744073709551615,
              "x": 1,
              "tiny": 1e-07,
              "ok": true,
              "none": null,
              "empty": {},
              "list": [
                "a",
                [],
                {
                  "k": false
                }
              ]
            }

            """
        #expect(text(writer) == expected)
    }

    @Test func slashesEscapedOnRequest() throws {
        let writer = JSONStreamWriter(layout: .init(escapesSlashes: true))
        try writer.value("a/b")
        #expect(text(writer) == "\"a\\/b\"\n")
    }

    @Test func topLevelValuesAreLines() throws {
        let writer = JSONStreamWriter()
        try writer.value(1)
        try writer.beginArray(); try writer.value("x"); try writer.endArray()
        try writer.null()
        #expect(text(writer) == "1\n[\"x\"]\nnull\n")
        let single = JSONStreamWriter(layout: .init(newlineAfterEachValue: false))
        try single.value(1)
        #expect(throws: JSONStreamWriterError.self) { try single.value(2) }
        #expect(text(single) == "1")
    }

    @Test func misuseThrowsAndWritesNothing() throws {
        let writer = JSONStreamWriter(layout: .init(newlineAfterEachValue: false))
        #expect(throws: JSONStreamWriterError.self) { try writer.key("a") }
        #expect(throws: JSONStreamWriterError.self) { try writer.endObject() }
        #expect(throws: JSONStreamWriterError.self) { try writer.endArray() }
        try writer.beginObject()
        #expect(throws: JSONStreamWriterError.self) { try writer.value(1) }
        #expect(throws: JSONStreamWriterError.self) { try writer.endArray() }
        try writer.key("a")
        #expect(throws: JSONStreamWriterError.self) { try writer.key("b") }
        #expect(throws: JSONStreamWriterError.self) { try writer.endObject() }
        #expect(throws: JSONStreamWriterError.self) { try writer.value(Double.nan) }
        #expect(throws: JSONStreamWriterError.self) { try writer.value(-Double.infinity) }
        try writer.beginArray()
        #expect(throws: JSONStreamWriterError.self) { try writer.key("c") }
        #expect(throws: JSONStreamWriterError.self) { try writer.endObject() }
        try writer.endArray()
        try writer.endObject()
        #expect(text(writer) == #"{"a":[]}"#)
        let open = JSONStreamWriter()
        try open.beginArray()
        #expect(throws: JSONStreamWriterError.self) { try open.close() }
        #expect(throws: JSONOutputError.self) { try open.value(1) }
    }

    // MARK: - Values copied

    static let source = #"{ "s" : "caf\u00e9 \/ \"q\"", "n": [1.0, -2E+3, 12345678901234567890123, 0], "e": {}, "a": [ ], "t": true, "z": null }"#

    @Test func jsonTextKeepsTokensAndChangesOnlyWhitespace() throws {
        let compact = JSONStreamWriter(layout: .init(newlineAfterEachValue: false))
        try compact.value(jsonText: Array(Self.source.utf8))
        #expect(text(compact) == #"{"s":"caf\u00e9 \/ \"q\"","n":[1.0,-2E+3,12345678901234567890123,0],"e":{},"a":[],"t":true,"z":null}"#)

        let indented = JSONStreamWriter(layout: .indented(4))
        try indented.beginArray()
        try indented.value(jsonText: Array(#"{"k": [1, {"j": "v"}]}"#.utf8))
        try indented.value(jsonText: Array("  7 ".utf8))
        try indented.endArray()
        #expect(text(indented) == """
            [
                {
                    "k": [
                        1,
                        {
                            "j": "v"
                        }
                    ]
                },
                7
            ]

            """)
    }

    /// Literals are found eight bytes at a time: every literal, at every alignment, before every
    /// delimiter, and at the very end of the text, comes out whole.
    @Test func literalsAtEveryAlignmentAndBeforeEveryDelimiter() throws {
        let literals = ["0", "-1", "1.5", "-0.000123", "12345678901234567890123", "6.02214076E+23", "1e-7",
                        "-123456789.123456789e-100", "true", "false", "null"]
        for literal in literals {
            for padding in 0..<10 {
                let spaces = String(repeating: " ", count: padding)
                let cases: [(String, String)] = [
                    (spaces + literal, literal),
                    (spaces + literal + spaces, literal),
                    ("[" + spaces + literal + "," + literal + "]", "[\(literal),\(literal)]"),
                    ("[" + literal + spaces + "]", "[\(literal)]"),
                    ("{\"k\":" + spaces + literal + "}", "{\"k\":\(literal)}"),
                    ("{\"k\":" + literal + "\n\t\r }", "{\"k\":\(literal)}"),
                    ("[[" + literal + "]," + spaces + "{\"a\":" + literal + "}]", "[[\(literal)],{\"a\":\(literal)}]"),
                ]
                for (input, expected) in cases {
                    let writer = JSONStreamWriter(layout: .init(newlineAfterEachValue: false))
                    try writer.value(jsonText: Array(input.utf8))
                    #expect(text(writer) == expected, "\(input)")
                }
            }
        }
    }

    @Test func invalidTextThrowsWithItsPlaceAndWritesNothing() throws {
        let writer = JSONStreamWriter(layout: .init(newlineAfterEachValue: false))
        try writer.beginArray()
        do {
            try writer.value(jsonText: Array("{\"a\":\n [1,]}".utf8))
            Issue.record("no error")
        } catch let error as JSONError {
            #expect(error.line == 2)
        }
        try writer.value(1)
        try writer.endArray()
        #expect(text(writer) == "[1]")
    }

    @Test func documentValuesAreWrittenFromTheTape() throws {
        let document = try JSONDocument(parsing: Self.source)
        let writer = JSONStreamWriter(layout: .init(newlineAfterEachValue: false))
        try writer.beginObject()
        try writer.key("copy"); try writer.value(document.root)
        try writer.key("sorted"); try writer.value(document.root, sortingKeys: true)
        try writer.endObject()
        let written = text(writer)
        #expect(written == #"{"copy":{"s":"café / \"q\"","n":[1.0,-2000.0,12345678901234567890123,0],"e":{},"a":[],"t":true,"z":null},"#
                + #""sorted":{"a":[],"e":{},"n":[1.0,-2000.0,12345678901234567890123,0],"s":"café / \"q\"","t":true,"z":null}}"#)
        // The same value as Foundation reads it.
        let reread = try JSONSerialization.jsonObject(with: Data(written.utf8)) as! [String: Any]
        let original = try JSONSerialization.jsonObject(with: Data(Self.source.utf8))
        let canonical = try JSONSerialization.data(withJSONObject: original, options: .sortedKeys)
        #expect(try JSONSerialization.data(withJSONObject: reread["copy"]!, options: .sortedKeys) == canonical)
        #expect(try JSONSerialization.data(withJSONObject: reread["sorted"]!, options: .sortedKeys) == canonical)
    }

    @Test func sortingKeysOrdersByteWiseAndKeepsDuplicatesInOrder() throws {
        let document = try JSONDocument(parsing: #"{"b":1,"é":2,"B":3,"a":{"y":1,"x":2},"b":4}"#)
        let writer = JSONStreamWriter(layout: .init(newlineAfterEachValue: false))
        try writer.value(document.root, sortingKeys: true)
        #expect(text(writer) == #"{"B":3,"a":{"x":2,"y":1},"b":1,"b":4,"é":2}"#)
    }

    @Test func jsonLinesLinesAreCopiedAsTheyAre() throws {
        let input = Array("{\"a\": 1.50, \"b\": [ \"x\" ]}\n\n[ 1E2 ]\r\n".utf8)
        let writer = JSONStreamWriter()
        try JSONLines(bytes: input).forEach { line in try writer.value(line) }
        #expect(text(writer) == "{\"a\":1.50,\"b\":[\"x\"]}\n[1E2]\n")
    }

    // MARK: - Files and failures

    @Test func aFileReceivesEverythingInBoundedChunks() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapejson-stream-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try JSONStreamWriter(path: path, layout: .init(newlineAfterEachValue: false), bufferSize: 256)
        try writer.beginArray()
        for i in 0..<20_000 {
            try writer.beginObject(); try writer.key("i"); try writer.value(i); try writer.endObject()
            // The buffer never holds much more than bufferSize.
            #expect(writer.bytes.count < 300)
        }
        try writer.endArray()
        try writer.close()
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [[String: Int]]
        #expect(object.count == 20_000)
        #expect(object.last == ["i": 19_999])
    }

    @Test func aFullDiskThrowsTheSystemsMessageAndStopsTheWriter() throws {
        let writer = try JSONStreamWriter(path: "/dev/full", bufferSize: 1024)
        try writer.beginArray()
        var failure: JSONOutputError?
        do {
            for i in 0..<10_000 { try writer.value(i) }
        } catch let error as JSONOutputError {
            failure = error
        }
        let error = try #require(failure)
        #expect(error.code == ENOSPC)
        #expect(error.description == "/dev/full: " + String(cString: strerror(ENOSPC)))
        // Every later call gives the same error.
        #expect(throws: JSONOutputError.self) { try writer.value(1) }
        #expect(throws: JSONOutputError.self) { try writer.close() }
    }

    @Test func aFullDiskAtCloseIsReported() throws {
        let writer = try JSONStreamWriter(path: "/dev/full")
        try writer.value("small")
        #expect(throws: JSONOutputError.self) { try writer.close() }
    }

    @Test func aMissingDirectoryIsReportedAtOpen() {
        #expect(throws: JSONOutputError.self) { try JSONStreamWriter(path: "/nonexistent-dir/x.json") }
    }
}
