import Foundation
import Testing
import TapeJSON

// `tapejson events PATH` prints one event a line; `tapejson paths PATH` prints every leaf as
// `JSON-Pointer<TAB>JSON-value`.

// MARK: - events

@Suite("events")
struct EventsCommandTests {
    @Test("every kind of event")
    func allKinds() throws {
        let text = #"{"a":[1,-2,18446744073709551615,1.5,"x\ny",true,false,null],"b":{},"é":"\u00e9"}"#
        try withTemporaryFile(Array(text.utf8)) { path in
            let result = try tapejson(["events", path])
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            #expect(result.stdout == """
                start-object
                key "a"
                start-array
                int 1
                int -2
                uint 18446744073709551615
                double 1.5
                string "x\\ny"
                bool true
                bool false
                null
                end-array
                key "b"
                start-object
                end-object
                key "é"
                string "é"
                end-object

                """)
        }
    }

    @Test("a scalar document, from standard input")
    func scalar() throws {
        let result = try tapejson(["events", "-"], stdin: Array(" -0.0 ".utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "double -0.0\n")
    }

    @Test("an invalid document exits 1 with its position; a missing file exits 2")
    func errors() throws {
        let invalid = try tapejson(["events", "-"], stdin: Array("[1,]".utf8))
        #expect(invalid.status == 1)
        #expect(invalid.stderr.hasPrefix("-:1:4: "))
        #expect(invalid.stdout.isEmpty)
        #expect(try tapejson(["events", "/nonexistent/x.json"]).status == 2)
    }

    @Test("the event count of a corpus file matches the library's")
    func corpus() throws {
        let path = Paths.corpus.appendingPathComponent("github_events.json").path
        let result = try tapejson(["events", path])
        #expect(result.status == 0)
        let document = try JSONParser.shared.parse(contentsOfFile: path)
        var reader = document.events
        var count = 0
        while reader.next() != nil { count += 1 }
        #expect(result.stdout.split(separator: "\n").count == count)
    }
}

// MARK: - paths

@Suite("paths")
struct PathsCommandTests {
    @Test("every leaf, with RFC 6901 escapes and empty containers")
    func leaves() throws {
        let text = #"{"a":[1,{"b":null},[]],"c/d":{"e~f":"x\ty"},"g":{},"h":-0.5,"":true,"big":18446744073709551615}"#
        try withTemporaryFile(Array(text.utf8)) { path in
            let result = try tapejson(["paths", path])
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            #expect(result.stdout == """
                /a/0\t1
                /a/1/b\tnull
                /a/2\t[]
                /c~1d/e~0f\t"x\\ty"
                /g\t{}
                /h\t-0.5
                /\ttrue
                /big\t18446744073709551615

                """)
        }
    }

    @Test("a scalar root has the empty pointer")
    func scalar() throws {
        let result = try tapejson(["paths", "-"], stdin: Array(#""only""#.utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "\t\"only\"\n")
    }

    @Test("an invalid document exits 1", arguments: ["[", "{\"a\" 1}", ""])
    func invalid(_ text: String) throws {
        let result = try tapejson(["paths", "-"], stdin: Array(text.utf8))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("-:1:"))
    }

    @Test("on a corpus file, each line's value is what its pointer reads through JSONValue",
          arguments: ["twitter.json", "github_events.json", "citm_catalog.json"])
    func corpus(_ name: String) throws {
        let path = Paths.corpus.appendingPathComponent(name).path
        let result = try tapejson(["paths", path])
        #expect(result.status == 0)
        let document = try JSONParser.shared.parse(contentsOfFile: path)
        var leaves = 0
        document.root.forEachLeaf { _, _ in leaves += 1 }
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == leaves)
        var mismatches: [String] = []
        for line in lines {
            let tab = try #require(line.firstIndex(of: "\t"))
            let pointer = String(line[..<tab])
            let text = String(line[line.index(after: tab)...])
            let value = try document.value(atPointer: pointer)
            if value?.jsonText != text, mismatches.count < 5 { mismatches.append(String(line)) }
        }
        #expect(mismatches.isEmpty)
    }
}
