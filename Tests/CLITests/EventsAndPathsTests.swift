import Foundation
import TapeJSON
import Testing

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

    @Test("--lines: every line's events, prefixed by its line number; blank lines skipped")
    func lines() throws {
        let text = "{\"a\":1}\n\n[true,\"x\"]\n  null  \n"
        let result = try tapejson(["events", "--lines", "-"], stdin: Array(text.utf8))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == """
            1\tstart-object
            1\tkey "a"
            1\tint 1
            1\tend-object
            3\tstart-array
            3\tbool true
            3\tstring "x"
            3\tend-array
            4\tnull

            """)
    }

    @Test("--lines: an invalid line is reported with its place, the others printed, exit 1")
    func linesWithAnInvalidOne() throws {
        try withTemporaryFile(Array("[1]\n{\"a\" 1}\n2\n".utf8)) { path in
            let result = try tapejson(["events", "--lines", path])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix(path + ":2:"))
            #expect(result.stdout == "1\tstart-array\n1\tint 1\n1\tend-array\n3\tint 2\n")
        }
        #expect(try tapejson(["events", "--lines", "/nonexistent/x.ndjson"]).status == 2)
    }

    @Test("--lines over many generated log lines: one document's events per line number, in order")
    func linesAtScale() throws {
        var text = ""
        for i in 1...3000 { text += #"{"i":\#(i),"tags":["a","b"],"m":{"x":\#(Double(i) / 4)}}"# + "\n" }
        let result = try tapejson(["events", "--lines", "-"], stdin: Array(text.utf8))
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3000 * 14)
        #expect(lines.first == "1\tstart-object")
        #expect(lines.last == "3000\tend-object")
        #expect(lines.contains("2999\tdouble 749.75"))
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

    @Test("--lines: LINE<TAB>POINTER<TAB>VALUE for every leaf of every line")
    func lines() throws {
        let text = "{\"a\":[1,{}],\"b/c\":\"x\"}\n\"only\"\n\n[]\n"
        let result = try tapejson(["paths", "--lines", "-"], stdin: Array(text.utf8))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == """
            1\t/a/0\t1
            1\t/a/1\t{}
            1\t/b~1c\t"x"
            2\t\t"only"
            4\t\t[]

            """)
    }

    @Test("--lines: an invalid line is reported, the others printed, exit 1")
    func linesWithAnInvalidOne() throws {
        let result = try tapejson(["paths", "--lines", "-"], stdin: Array("{\"k\":true}\n[1,\n{\"k\":false}\n".utf8))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("-:2:"))
        #expect(result.stdout == "1\t/k\ttrue\n3\t/k\tfalse\n")
    }

    @Test("--lines on a corpus file turned into JSON Lines: each line's leaves are what `paths` prints for it alone")
    func linesMatchWholeDocuments() throws {
        let document = try JSONParser.shared.parse(contentsOfFile: Paths.corpus.appendingPathComponent("github_events.json").path)
        let lines = document.root.elements.prefix(10).map { $0.jsonText }
        let result = try tapejson(["paths", "--lines", "-"], stdin: Array(lines.joined(separator: "\n").utf8))
        #expect(result.status == 0)
        var expected = ""
        for (index, line) in lines.enumerated() {
            let single = try tapejson(["paths", "-"], stdin: Array(line.utf8))
            for leaf in single.stdout.split(separator: "\n") { expected += "\(index + 1)\t\(leaf)\n" }
        }
        #expect(result.stdout == expected)
    }
}
