import Foundation
import TapeJSON
import Testing

// MARK: - forEachLeaf

@Suite("forEachLeaf")
struct LeafTests {
    @Test("every leaf with its escaped pointer, in document order")
    func leaves() throws {
        let doc = try document(#"{"a":[1,{"b":null},[]],"c/d":{"e~f":"x"},"g":{},"h":-0.5,"":true}"#)
        #expect(leafLines(doc.root) == [
            "/a/0\t1",
            "/a/1/b\tnull",
            "/a/2\t[]",
            "/c~1d/e~0f\t\"x\"",
            "/g\t{}",
            "/h\t-0.5",
            "/\ttrue",
        ])
    }

    @Test("a scalar or empty root is one leaf with the empty pointer")
    func rootLeaf() throws {
        #expect(leafLines(try document("42").root) == ["\t42"])
        #expect(leafLines(try document("[]").root) == ["\t[]"])
        #expect(leafLines(try document(" {} ").root) == ["\t{}"])
    }

    @Test("pointers are relative to the value walked")
    func relative() throws {
        let doc = try document(#"{"outer":{"inner":[true,false]}}"#)
        let outer = try #require(doc.root["outer"])
        #expect(leafLines(outer) == ["/inner/0\ttrue", "/inner/1\tfalse"])
    }

    @Test("every leaf's pointer leads back to it", arguments: ["twitter.json", "github_events.json"])
    func pointersResolve(_ name: String) throws {
        let doc = try JSONParser.shared.parse(contentsOfFile: Corpus.path(name))
        var count = 0
        var mismatches = 0
        try doc.root.forEachLeaf { pointer, leaf in
            count += 1
            let found = try doc.value(atPointer: String(decoding: pointer, as: UTF8.self))
            if found?.jsonText != leaf.jsonText { mismatches += 1 }
        }
        #expect(count > 900)
        #expect(mismatches == 0)
    }
}

// MARK: - jsonText

@Suite("jsonText")
struct JSONTextTests {
    @Test("compact text with escapes and numbers written to parse back exactly")
    func exactText() throws {
        let doc = try document(#"""
            { "s" : "q\"b\\s\u0001\n\t\/é🎉\u2028" , "n" : [ 1, -2, 18446744073709551615, 1.5, 1e300, -0.0, 0.1, 5e-324 ],
              "l" : [ true , false , null ], "e" : { } }
            """#)
        #expect(doc.root.jsonText == #"{"s":"q\"b\\s\u0001\n\t/é🎉\#u{2028}","n":[1,-2,18446744073709551615,1.5,1e+300,-0.0,0.1,5e-324],"l":[true,false,null],"e":{}}"#)
        #expect(doc.root["s"]?.jsonText == #""q\"b\\s\u0001\n\t/é🎉\#u{2028}""#)
        #expect(doc.root["n"]?[2]?.jsonText == "18446744073709551615")
    }

    @Test("text, parsed again, gives the same text and the same values", arguments: Corpus.jsonFiles)
    func roundTrip(_ name: String) throws {
        let original = try JSONParser.shared.parse(contentsOfFile: Corpus.path(name))
        let text = original.root.jsonText
        let again = try JSONParser.shared.parse(text)
        #expect(again.root.jsonText == text)
        let a = leafLines(original.root)
        let b = leafLines(again.root)
        #expect(a.count == b.count)
        #expect(a == b)
    }
}

/// The benchmark corpus copied into the project (`Corpus/` at the package root).
enum Corpus {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static var jsonFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }
}
