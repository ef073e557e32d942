import Foundation
import TapeJSON
import Testing

// `tapejson validate`: exit 0 when every input is valid, 1 when any is invalid (one
// `PATH:LINE:COLUMN: message` line per bad document on stderr), 2 for usage and I/O errors.

// MARK: - JSONTestSuite

@Suite("validate: JSONTestSuite")
struct ValidateTestSuiteTests {
    @Test("the tool and the suite are found")
    func found() {
        #expect(Tool.path != nil)
        #expect(Paths.testSuiteFiles("y_").count == 95)
        #expect(Paths.testSuiteFiles("n_").count == 188)
        #expect(Paths.testSuiteFiles("i_").count == 35)
    }

    // Each class of files goes through one `tapejson validate` call (one process, not one per file:
    // under AddressSanitizer 318 launches took over a minute of the suite); the call's stderr is read
    // file by file.

    /// The stderr lines of one `validate` call over `names`, by path (an empty list for a file that
    /// printed none).
    static func validate(_ names: [String]) throws -> (status: Int32, signaled: Bool, lines: [String: [String]]) {
        let paths = names.map { Paths.testSuite.appendingPathComponent($0).path }
        let result = try tapejson(["validate"] + paths)
        var lines: [String: [String]] = Dictionary(uniqueKeysWithValues: paths.map { ($0, []) })
        for line in result.stderrLines.map(String.init) {
            let owner = paths.first { line.hasPrefix($0 + ":") }
            #expect(owner != nil, "a stderr line that names no input: \(line)")
            if let owner { lines[owner, default: []].append(line) }
        }
        return (result.status, result.signaled, lines)
    }

    @Test("y_ files exit 0 and print nothing")
    func accepted() throws {
        let result = try Self.validate(Paths.testSuiteFiles("y_"))
        #expect(!result.signaled)
        #expect(result.status == 0)
        for (path, lines) in result.lines { #expect(lines.isEmpty, "\(path)") }
    }

    @Test("n_ files exit 1 with one PATH:LINE:COLUMN: line each, at the library's position")
    func rejected() throws {
        let result = try Self.validate(Paths.testSuiteFiles("n_"))
        #expect(!result.signaled)
        #expect(result.status == 1)
        for (path, lines) in result.lines {
            #expect(lines.count == 1, "\(path): \(lines)")
            let error = try #require(throws: JSONError.self) { try JSONParser.shared.parse(contentsOfFile: path) }
            #expect(lines.first?.hasPrefix("\(path):\(error.line):\(error.column): \(error.message)") == true, "\(path): \(lines)")
        }
    }

    @Test("i_ files are accepted, or rejected with one line each")
    func implementationDefined() throws {
        let result = try Self.validate(Paths.testSuiteFiles("i_"))
        #expect(!result.signaled)
        #expect(result.status == (result.lines.values.contains { !$0.isEmpty } ? 1 : 0))
        for (path, lines) in result.lines { #expect(lines.count <= 1, "\(path): \(lines)") }
    }

    @Test("several files at once: one line per invalid file, exit 1")
    func several() throws {
        let files = ["y_array_empty.json", "n_array_extra_comma.json", "y_object.json", "n_object_trailing_comma.json"]
        let paths = files.map { Paths.testSuite.appendingPathComponent($0).path }
        let result = try tapejson(["validate"] + paths)
        #expect(result.status == 1)
        #expect(result.stderrLines.map { $0.hasPrefix(paths[1] + ":") || $0.hasPrefix(paths[3] + ":") } == [true, true])
    }
}

// MARK: - Positions and messages

@Suite("validate: messages")
struct ValidateMessageTests {
    @Test("the full message line")
    func fullLine() throws {
        try withTemporaryFile(Array("{\n  \"a\": [1, 2,, 3]\n}\n".utf8)) { path in
            let result = try tapejson(["validate", path])
            #expect(result.status == 1)
            #expect(result.stderr == "\(path):2:14: unexpected character (byte 15) near '  \"a\": [1, 2,, 3]'\n")
        }
    }

    @Test("valid files from the corpus")
    func corpus() throws {
        let names = ["twitter.json", "canada.json", "citm_catalog.json"]
        let result = try tapejson(["validate"] + names.map { Paths.corpus.appendingPathComponent($0).path })
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test("--max-depth")
    func maxDepth() throws {
        try withTemporaryFile(Array("[[[1]]]".utf8)) { path in
            #expect(try tapejson(["validate", "--max-depth", "4", path]).status == 0)
            let result = try tapejson(["validate", "--max-depth", "3", path])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("\(path):1:3: nesting deeper than the maximum depth"))
            #expect(try tapejson(["validate", "--max-depth", "0", path]).status == 2)
        }
    }
}

// MARK: - JSON Lines

@Suite("validate --lines")
struct ValidateLinesTests {
    @Test("bad lines are reported with their own line numbers; blank lines are skipped")
    func badLines() throws {
        let text = "{\"a\":1}\n[1,2,]\n\n{\"b\" 2}\n  \n\"ok\"\n"
        try withTemporaryFile(Array(text.utf8), name: "lines.ndjson") { path in
            let result = try tapejson(["validate", "--lines", path])
            #expect(result.status == 1)
            #expect(result.stderrLines == [
                "\(path):2:6: unexpected character (byte 13) near '[1,2,]'",
                "\(path):4:6: unexpected character (byte 21) near '{\"b\" 2}'",
            ])
        }
    }

    @Test("CRLF line ends, a last line without a newline, and multi-byte columns")
    func lineEnds() throws {
        let text = "[1]\r\n[\"日本\", x]\r\n{\"k\":\"v\"}\r\n[tru"
        try withTemporaryFile(Array(text.utf8)) { path in
            let result = try tapejson(["validate", "--lines", path])
            #expect(result.status == 1)
            #expect(result.stderrLines.map { $0.prefix { $0 != " " } } == ["\(path):2:8:", "\(path):4:5:"])
        }
    }

    @Test("a valid JSON Lines file from the corpus; the same file is not one JSON document")
    func corpus() throws {
        let path = Paths.corpus.appendingPathComponent("amazon_cellphones.ndjson").path
        let lines = try tapejson(["validate", "--lines", path])
        #expect(lines.status == 0)
        #expect(lines.stderr.isEmpty)
        let whole = try tapejson(["validate", path])
        #expect(whole.status == 1)
        #expect(whole.stderr.hasPrefix("\(path):2:1: unexpected content after the JSON value"))
    }
}

// MARK: - Standard input and errors

@Suite("validate: standard input, usage and I/O errors")
struct ValidateInputTests {
    @Test("'-' reads standard input")
    func standardInput() throws {
        let valid = try tapejson(["validate", "-"], stdin: Array(#"{"from":"stdin"}"#.utf8))
        #expect(valid.status == 0)
        #expect(valid.stderr.isEmpty)
        let invalid = try tapejson(["validate", "-"], stdin: Array("[1,\n2,,]".utf8))
        #expect(invalid.status == 1)
        #expect(invalid.stderr.hasPrefix("-:2:3: unexpected character"))
        let lines = try tapejson(["validate", "--lines", "-"], stdin: Array("1\n2\n[\n".utf8))
        #expect(lines.status == 1)
        #expect(lines.stderr.hasPrefix("-:3:2: unexpected end of input"))
    }

    @Test("a large document through a pipe")
    func largeStandardInput() throws {
        let data = try readFile(Paths.corpus.appendingPathComponent("citm_catalog.json").path)
        let result = try tapejson(["validate", "-"], stdin: data)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test("a missing file exits 2 and names it")
    func missingFile() throws {
        let result = try tapejson(["validate", "/nonexistent/missing.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/missing.json"))
        // An I/O error wins over an invalid document.
        let bad = Paths.testSuite.appendingPathComponent("n_array_extra_comma.json").path
        let mixed = try tapejson(["validate", bad, "/nonexistent/missing.json"])
        #expect(mixed.status == 2)
        #expect(mixed.stderrLines.count == 2)
    }

    @Test("a directory exits 2")
    func directory() throws {
        #expect(try tapejson(["validate", FileManager.default.temporaryDirectory.path]).status == 2)
    }

    // `validate` and `events` without a file read standard input (StumbleTests), so they are no usage errors.
    @Test("usage errors exit 2", arguments: [["validate", "--bogus", "x.json"], ["frobnicate"], ["events", "--bogus"], ["paths", "a", "b"]])
    func usage(_ arguments: [String]) throws {
        let result = try tapejson(arguments)
        #expect(!result.signaled)
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
        #expect(result.stdout.isEmpty)
    }

    @Test("--help exits 0")
    func help() throws {
        let result = try tapejson(["validate", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--lines"))
    }
}
