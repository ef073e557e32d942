import Foundation
import Testing

// `tapejson fmt`: the layouts, --sort-keys, --lines, invalid input and usage errors.

@Suite("fmt")
struct FmtTests {
    static let document = #"{ "b" : [1.0, -2E+3, {"x": "caf\u00e9 \/"}], "a": {}, "c" : [ ], "d": null }"#

    @Test("the default is two-space indentation, tokens kept")
    func indentedByDefault() throws {
        try withTemporaryFile(Array(Self.document.utf8)) { path in
            let result = try tapejson(["fmt", path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == """
                {
                  "b": [
                    1.0,
                    -2E+3,
                    {
                      "x": "caf\\u00e9 \\/"
                    }
                  ],
                  "a": {},
                  "c": [],
                  "d": null
                }

                """)
        }
    }

    @Test("--compact minifies; --indent N sets the width; '-' reads standard input")
    func compactAndIndent() throws {
        let compact = try tapejson(["fmt", "--compact", "-"], stdin: Array(Self.document.utf8))
        #expect(compact.status == 0)
        #expect(compact.stdout == #"{"b":[1.0,-2E+3,{"x":"caf\u00e9 \/"}],"a":{},"c":[],"d":null}"# + "\n")
        let wide = try tapejson(["fmt", "--indent", "3", "-"], stdin: Array(#"[1,{"k":2}]"#.utf8))
        #expect(wide.stdout == "[\n   1,\n   {\n      \"k\": 2\n   }\n]\n")
        let zero = try tapejson(["fmt", "--indent", "0", "-"], stdin: Array(#"[1, {"k": 2}]"#.utf8))
        #expect(zero.stdout == "[1,{\"k\":2}]\n")
    }

    @Test("--sort-keys orders every object's keys; values written again from the document")
    func sortKeys() throws {
        let result = try tapejson(["fmt", "--sort-keys", "--compact", "-"],
                                  stdin: Array(#"{"b":{"z":1,"y":[{"q":1,"p":2}]},"a":"\u00e9","B":1.50}"#.utf8))
        #expect(result.status == 0)
        #expect(result.stdout == #"{"B":1.5,"a":"é","b":{"y":[{"p":2,"q":1}],"z":1}}"# + "\n")
    }

    @Test("--stream formats as the input arrives: the same layout, strings and numbers from their values")
    func streamed() throws {
        let compact = try tapejson(["fmt", "--stream", "--compact", "-"], stdin: Array(Self.document.utf8))
        #expect(compact.status == 0, "\(compact.stderr)")
        #expect(compact.stdout == #"{"b":[1,-2000,{"x":"café /"}],"a":{},"c":[],"d":null}"# + "\n")
        // Many windows' worth from a file (more than the push parser's 4 MiB window), numbers beyond 64
        // bits kept: the same text as the in-memory path wherever the input holds no escapes, fractions
        // or exponents.
        var big = "{\"big\": 123456789012345678901234567890, \"rows\": ["
        for i in 0..<120_000 { big += (i == 0 ? "" : ", ") + "{\"id\": \(i), \"name\": \"row \(i)\", \"ok\": \(i % 2 == 0)}" }
        big += "]}"
        try withTemporaryFile(Array(big.utf8)) { path in
            for layout in [["--compact"], ["--indent", "2"]] {
                let streamed = try tapejson(["fmt", "--stream"] + layout + [path])
                let whole = try tapejson(["fmt"] + layout + [path])
                #expect(streamed.status == 0 && whole.status == 0, "\(streamed.stderr)")
                #expect(streamed.stdout == whole.stdout)
            }
        }
        let invalid = try tapejson(["fmt", "--stream", "-"], stdin: Array("[1,\n 2,,3]".utf8))
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains("-:2:4:"), "\(invalid.stderr)")
        let usage = try tapejson(["fmt", "--stream", "--sort-keys", "-"], stdin: Array("[]".utf8))
        #expect(usage.status == 2)
    }

    @Test("--lines: one compact line per valid line, invalid lines reported with their line, status 1")
    func lines() throws {
        let input = "{\"b\": 1, \"a\": [1, 2]}\n\n{bad\n[ true ]\n"
        let result = try tapejson(["fmt", "--lines", "-"], stdin: Array(input.utf8))
        #expect(result.status == 1)
        #expect(result.stdout == "{\"b\":1,\"a\":[1,2]}\n[true]\n")
        #expect(result.stderr.contains("-:3:"))
        let sorted = try tapejson(["fmt", "--lines", "--sort-keys", "-"], stdin: Array("{\"b\": 1, \"a\": 2}\n".utf8))
        #expect(sorted.status == 0)
        #expect(sorted.stdout == "{\"a\":2,\"b\":1}\n")
    }

    @Test("invalid input: PATH:LINE:COLUMN on stderr, nothing written, status 1")
    func invalidDocument() throws {
        try withTemporaryFile(Array("{\"a\": [1,\n 2,]}".utf8)) { path in
            let result = try tapejson(["fmt", path])
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("tapejson: \(path):2:") || result.stderr.hasPrefix("\(path):2:"), "\(result.stderr)")
        }
    }

    @Test("usage errors: status 2", arguments: [["--compact", "--indent", "2"], ["--lines", "--indent", "2"], ["--indent", "-1"]])
    func usage(arguments: [String]) throws {
        let result = try tapejson(["fmt"] + arguments + ["-"], stdin: Array("1".utf8))
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
    }

    @Test("a missing file: status 2 with the system's message")
    func missingFile() throws {
        let result = try tapejson(["fmt", "/nonexistent/x.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/x.json"))
    }

    @Test("a large document comes out whole (flushed as it goes) and reads back the same")
    func largeDocument() throws {
        var text = "["
        for k in 0..<30_000 { text += (k > 0 ? "," : "") + #"{"id": \#(k), "tags": ["a", "b"], "v": 1.25}"# }
        text += "]"
        try withTemporaryFile(Array(text.utf8)) { path in
            for mode in [["--compact"], ["--indent", "2"], ["--sort-keys"]] {
                let result = try tapejson(["fmt", path] + mode)
                #expect(result.status == 0)
                let original = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! NSArray
                let written = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! NSArray
                #expect(written.isEqual(original))
            }
        }
    }
}
