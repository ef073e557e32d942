import Foundation
import TapeJSON
import Testing

// Items at a JSON Pointer: the elements (or member values) of the array (or object) at a pointer in one
// document, streamed with the envelope around them checked.

/// What a stream delivered: each item's compact text and index, the errors, and the summary or what
/// was thrown.
private struct Streamed {
    var texts: [String] = []
    var indexes: [Int] = []
    var positions: [String] = []
    var errors: [JSONLineError] = []
    var summary: JSONLinesSummary?
    /// Where reading stopped (its `summary` is also `summary`).
    var stopped: JSONStreamStoppedError?
    var thrown: Error?
}

private func stream(_ reader: JSONItemStream) -> Streamed {
    var result = Streamed()
    do {
        result.summary = try reader.forEach({ item in
            result.texts.append(item.document.root.jsonText)
            result.indexes.append(item.index)
            result.positions.append("\(item.lineNumber)@\(item.offset)")
        }, onInvalidLine: { result.errors.append($0) })
    } catch let error as JSONLineError {
        result.errors.append(error)
    } catch let stop as JSONStreamStoppedError {
        result.stopped = stop
        result.summary = stop.summary
    } catch {
        result.thrown = error
    }
    return result
}

/// The same document read whole: the items at `pointer` as compact text.
private func itemsReadWhole(_ text: String, _ pointer: String) throws -> [String] {
    let value = try #require(try JSONDocument(parsing: Array(text.utf8)).value(atPointer: pointer))
    switch value.kind {
    case .array: return value.elements.map(\.jsonText)
    case .object: return value.members.map(\.value.jsonText)
    default: Issue.record("not a container"); return []
    }
}

@Suite("Items at a JSON Pointer")
struct ItemStreamTests {
    static let envelope = """
        {"meta": {"region": "eu-west-1", "tags": ["a", "]", "}"], "n": 3},
         "Records": [
          {"id": 1, "user": {"name": "Ada"}},
          {"id": 2, "list": [1, [2, [3]]], "s": "a,b]c}"},
          [],
          {},
          "x",
          -1.5e3,
          null
         ],
         "nested": {"deeper": [{"k": [10, 20]}, {"k": [30]}], "a/b": {"~x": [true, false]}},
         "empty": {"array": [], "object": {}},
         "escaped\\u0041": [7, 8],
         "next": null}
        """

    @Test("the items equal those of the document read whole, from memory and a file, in small and large blocks",
          arguments: ["/Records", "/meta", "/meta/tags", "/nested/deeper", "/nested/deeper/1/k", "/nested/a~1b/~0x",
                      "/empty/array", "/empty/object", "/escapedA", ""])
    func equalsWhole(pointer: String) throws {
        let expected = try itemsReadWhole(Self.envelope, pointer)
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array(Self.envelope.utf8), name: "envelope.json")
        for options in [JSONLinesOptions(chunkSize: 64), JSONLinesOptions()] {
            for reader in [JSONItemStream(bytes: Array(Self.envelope.utf8), pointer: pointer, options: options),
                           JSONItemStream(path: path, pointer: pointer, options: options)] {
                let result = stream(reader)
                #expect(result.thrown == nil, "\(String(describing: result.thrown))")
                #expect(result.errors.isEmpty, "\(result.errors)")
                #expect(result.texts == expected)
                #expect(result.indexes == Array(0..<expected.count))
                #expect(result.summary?.lines == expected.count && result.summary?.documents == expected.count)
                #expect(result.summary?.bytes == Self.envelope.utf8.count)
            }
        }
    }

    @Test("escapes, quotes and separators inside strings at every position of a 64-byte block, in blocks of 64 and more",
          arguments: [64, 4096])
    func escapesAtEveryPosition(blockSize: Int) throws {
        // Runs of 1 to 4 backslashes before a quote, a bracket, a comma: only an odd run escapes the quote.
        var items: [String] = []
        for pad in 0..<70 {
            let padding = String(repeating: "p", count: pad)
            // JSON: `"pad\\\\"` (two escaped backslashes, then the closing quote); `"\\\"],{"` (an escaped
            // backslash, an escaped quote, then `],{` inside the string); `"pad\\\"x"` (3 backslashes).
            items.append(#"{"s":"\#(padding)\\\\","t":["\\\"],{", "\\"],"u":{"v":[1,[2,{}]]}}"#)
            items.append(#""\#(padding)\\\"x""#)
            items.append(#"[\#(pad),"\#(padding),]}{[","\\"]"#)
        }
        let text = "{\"head\": [\"a,b\", {\"c\": \"]\"}], \"items\": [" + items.joined(separator: ",\n") + "], \"tail\": {}}"
        let expected = try itemsReadWhole(text, "/items")
        #expect(expected.count == items.count)
        let result = stream(JSONItemStream(bytes: Array(text.utf8), pointer: "/items", options: JSONLinesOptions(chunkSize: blockSize)))
        #expect(result.errors.isEmpty, "\(result.errors.prefix(3))")
        #expect(result.thrown == nil)
        #expect(result.texts == expected)
        let firstOffset = text.utf8.count - text.components(separatedBy: "\"items\": [")[1].utf8.count
        #expect(result.positions.first == "1@\(firstOffset)")
        #expect(result.positions.last?.hasPrefix("\(3 * 70)@") == true)
    }

    @Test("items carry their line and offset")
    func positions() throws {
        let text = "{\"Records\": [\n  {\"a\": 1},\n  {\"a\": 2}]}"
        let result = stream(JSONItemStream(bytes: Array(text.utf8), pointer: "/Records"))
        #expect(result.positions == ["2@16", "3@28"])
    }

    @Test("a pointer to a scalar or to nothing is a JSONItemPointerError; a malformed one a JSONPointerError")
    func pointerErrors() throws {
        let bytes = Array(Self.envelope.utf8)
        let scalar = stream(JSONItemStream(bytes: bytes, pointer: "/meta/n"))
        let atScalar = try #require(scalar.thrown as? JSONItemPointerError)
        #expect(atScalar.foundScalar && atScalar.line == 1)
        #expect(atScalar.description.contains("is not an array or object"))
        for missing in ["/nope", "/Records/99", "/meta/tags/x", "/next/0"] {
            let nothing = stream(JSONItemStream(bytes: bytes, pointer: missing))
            let error = try #require(nothing.thrown as? JSONItemPointerError, "\(missing)")
            #expect(!error.foundScalar && error.offset == bytes.count)
            #expect(nothing.texts.isEmpty)
        }
        let malformed = stream(JSONItemStream(bytes: bytes, pointer: "Records"))
        #expect(malformed.thrown is JSONPointerError)
        let badEscape = stream(JSONItemStream(bytes: bytes, pointer: "/a~2"))
        #expect(badEscape.thrown is JSONPointerError)
    }

    @Test("bad items go through each policy with their index, line and column", arguments: JSONLinesErrorPolicy.allCases)
    func badItems(policy: JSONLinesErrorPolicy) throws {
        let text = "{\"m\": 1, \"Records\": [\n {\"a\": 1},\n {\"a\": tru},\n [1, 2,],\n {\"a\": 4}\n], \"z\": 2}"
        let result = stream(JSONItemStream(bytes: Array(text.utf8), pointer: "/Records", options: JSONLinesOptions(errorPolicy: policy)))
        switch policy {
        case .fail:
            #expect(result.texts == ["{\"a\":1}"])
            #expect(result.errors.map(\.elementIndex) == [1])
            #expect(result.errors.map { "\($0.line):\($0.column)" } == ["3:8"])
        case .skip, .report:
            #expect(result.texts == ["{\"a\":1}", "{\"a\":4}"])
            #expect(result.indexes == [0, 3])
            #expect(result.summary?.lines == 4 && result.summary?.invalid == 2)
            if policy == .report {
                #expect(result.errors.map(\.elementIndex) == [1, 2])
                #expect(result.errors.map { "\($0.line):\($0.column)" } == ["3:8", "4:8"])
            } else {
                #expect(result.errors.isEmpty)
            }
        }
    }

    @Test("a broken envelope before, between and after the items is an error at its position",
          arguments: [
            // before: a bad sibling value, a bad key, a missing colon
            (#"{"meta": [1,,2], "Records": [1, 2]}"#, 0, "1:13"),
            (#"{"me"ta": 1, "Records": [1, 2]}"#, 0, "1:6"),
            (#"{"meta" 1, "Records": [1, 2]}"#, 0, "1:9"),
            // between: a missing item, a trailing comma
            (#"{"Records": [1,, 2]}"#, 1, "1:16"),
            (#"{"Records": [1, 2,]}"#, 2, "1:19"),
            // after: a bad sibling, trailing content, a truncated document
            (#"{"Records": [1, 2], "z": nul}"#, 2, "1:26"),
            (#"{"Records": [1, 2]} x"#, 2, "1:21"),
            (#"{"Records": [1, 2], "z": {"#, 2, "1:27"),
          ])
    func brokenEnvelope(text: String, itemsBefore: Int, position: String) throws {
        for policy in JSONLinesErrorPolicy.allCases {
            let result = stream(JSONItemStream(bytes: Array(text.utf8), pointer: "/Records", options: JSONLinesOptions(errorPolicy: policy)))
            #expect(result.thrown == nil, "\(String(describing: result.thrown))")
            #expect(result.texts.count == itemsBefore, "\(policy)")
            if policy == .fail {
                // The first fault is the bad item thrown.
                #expect(result.errors.map { "\($0.line):\($0.column)" } == [position], "\(policy): \(result.errors)")
                #expect(result.stopped == nil)
                continue
            }
            // Under the others, reading stops with an error of its own, whatever the policy: never a
            // bad item counted, never a quiet end.
            #expect(result.errors.isEmpty, "\(policy): \(result.errors)")
            let stop = try #require(result.stopped, "\(policy)")
            #expect("\(stop.reason.line):\(stop.reason.column)" == position, "\(policy): \(stop)")
            #expect(stop.summary.invalid == 0 && stop.summary.documents == itemsBefore && stop.summary.lines == itemsBefore)
            #expect(stop.unreadBytes == text.utf8.count - stop.offset && stop.summary.unreadBytes == stop.unreadBytes)
            #expect(stop.offset <= stop.reason.offset)
        }
    }

    @Test("JSONArrayStream's form still reads a top-level array")
    @available(*, deprecated)
    func deprecatedName() throws {
        var seen: [Int] = []
        let summary = try JSONArrayStream(bytes: Array("[1, 2, 3]".utf8)).forEach({ seen.append($0.document.root.int ?? 0) },
                                                                               onInvalidElement: { _ in })
        #expect(seen == [1, 2, 3] && summary.documents == 3)
    }
}

@Suite("Items at a JSON Pointer against JSONTestSuite")
struct ItemStreamTestSuiteTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TapeTests/Fixtures/JSONTestSuite/test_parsing")

    /// Every file of the suite as the second item of `/items` in an envelope: the stream agrees with
    /// the whole document, item by item, or fails where the whole document fails.
    @Test("each suite file as an item: the same verdict as the whole document")
    func everyFile() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count > 300)
        for name in names {
            let content = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
            let text = Array(#"{"meta": {"n": 1}, "items": [{"first": true}, "#.utf8) + content + Array(#", 3], "z": 0}"#.utf8)
            let whole = try? JSONDocument(parsing: text)
            let result = stream(JSONItemStream(bytes: text, pointer: "/items", options: JSONLinesOptions(errorPolicy: .report)))
            if let whole {
                let expected = try #require(try whole.value(atPointer: "/items")).elements.map(\.jsonText)
                #expect(result.thrown == nil, "\(name)")
                #expect(result.errors.isEmpty, "\(name): \(result.errors)")
                #expect(result.texts == expected, "\(name)")
            } else {
                #expect(!result.errors.isEmpty || result.stopped != nil || result.thrown != nil,
                        "\(name): the stream accepted what the parser rejects")
                #expect(result.texts.first == #"{"first":true}"#, "\(name)")
            }
        }
    }
}

// One callback label for both readers (issue 26): code written for `JSONLines` compiles with
// `JSONItemStream`, and the old label still works (deprecated).
@Suite("JSONItemStream and JSONLines share onInvalidLine")
struct SharedLabelTests {
    static let lines = Array("{\"a\":1}\n{\"a\":}\n{\"a\":3}\n".utf8)
    static let items = Array("[{\"a\":1},\n{\"a\":},\n{\"a\":3}]".utf8)
    struct Row: Decodable, Sendable { var a: Int }

    @Test("forEach, count, map and decode take onInvalidLine on both readers, with the same errors")
    func sameLabel() throws {
        let options = JSONLinesOptions(errorPolicy: .report)
        let reader = JSONLines(bytes: Self.lines, options: options)
        let stream = JSONItemStream(bytes: Self.items, options: options)
        var fromLines: [Int] = [], fromItems: [Int] = []
        try reader.forEach({ _ in }, onInvalidLine: { fromLines.append($0.line) })
        try stream.forEach({ _ in }, onInvalidLine: { fromItems.append($0.line) })
        _ = try reader.count(onInvalidLine: { fromLines.append($0.line) })
        _ = try stream.count(onInvalidLine: { fromItems.append($0.line) })
        _ = try reader.count(jobs: 2, onInvalidLine: { fromLines.append($0.line) })
        _ = try stream.count(jobs: 2, onInvalidLine: { fromItems.append($0.line) })
        try reader.map(jobs: 2, { _ in 0 }, each: { _, _ in }, onInvalidLine: { fromLines.append($0.line) })
        try stream.map(jobs: 2, { _ in 0 }, each: { _, _ in }, onInvalidLine: { fromItems.append($0.line) })
        var decoded: [Int] = []
        try reader.decode(Row.self, using: TapeJSONDecoder(), each: { row, _ in decoded.append(row.a) },
                          onInvalidLine: { fromLines.append($0.line) })
        try stream.decode(Row.self, using: TapeJSONDecoder(), each: { row, _ in decoded.append(row.a) },
                          onInvalidLine: { fromItems.append($0.line) })
        #expect(fromLines == Array(repeating: 2, count: 5))
        #expect(fromItems == fromLines)
        #expect(decoded == [1, 3, 1, 3])
        // Without the callback, both calls read the same.
        #expect(try stream.count().invalid == 1)
    }

    @available(*, deprecated, message: "calls the deprecated onInvalidItem spelling on purpose")
    @Test("the old onInvalidItem label still works")
    func oldLabel() throws {
        let stream = JSONItemStream(bytes: Self.items, options: JSONLinesOptions(errorPolicy: .report))
        var lines: [Int] = []
        let summary = try stream.count(onInvalidItem: { lines.append($0.line) })
        try stream.forEach({ _ in }, onInvalidItem: { lines.append($0.line) })
        #expect(summary.documents == 2 && summary.invalid == 1)
        #expect(lines == [2, 2])
    }
}
