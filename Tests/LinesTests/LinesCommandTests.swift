import Foundation
import TapeJSON
import Testing

/// A small hand-made log whose every field value is known.
private let handMade = Array("""
    {"id":1,"level":"INFO","msg":"plain","http":{"status":200},"tags":["a","b"]}
    {"id":2,"level":"ERROR","msg":"comma, \\"quoted\\"\\nnext","http":{"status":500}}
    {"id":3,"level":"WARN","msg":null}
    {"id":4,"level":"ERROR","msg":"tab\\there","http":{"status":"500"},"ok":true}

    """.utf8)

/// Good lines with bad ones at lines 2 and 5 (and a blank line 4).
private let withBadLines = Array("{\"a\":1}\n{\"a\":}\n{\"a\":3}\n\n{\"a\" 5}\n{\"a\":6}\n".utf8)

/// A generated log of about `size` bytes with bad lines put in at the start, in the middle and at the
/// end, written to `directory`.
private func generatedLog(in directory: TemporaryDirectory, size: String = "200KB", seed: Int = 5,
                          badLines: Bool = true) throws -> String {
    let path = directory.path("gen-\(seed).ndjson")
    let generated = try run(["gen-logs", "--size", size, "--seed", "\(seed)", path])
    #expect(generated.status == 0)
    guard badLines else { return path }
    var lines = try Data(contentsOf: URL(fileURLWithPath: path)).split(separator: 0x0A, omittingEmptySubsequences: false)
    lines.insert(Data("{\"broken\":".utf8), at: 0)
    lines.insert(Data("not json".utf8), at: lines.count / 2)
    lines.insert(Data("{\"a\":1} {\"b\":2}".utf8), at: lines.count - 1)
    try Data(lines.joined(separator: [0x0A])).write(to: URL(fileURLWithPath: path))
    return path
}

// MARK: - Counting and printing

@Suite("tapejson lines")
struct LinesCommandTests {
    @Test("--count prints the number of documents; the summary goes to stderr unless --quiet")
    func count() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(handMade)
        let result = try run(["lines", "--count", path])
        #expect(result.status == 0)
        #expect(result.output == "4\n")
        #expect(result.stderr.hasPrefix("tapejson: \(path): 4 lines, 4 valid, 0 invalid"))
        #expect(result.errorLines.count == 1)
        let quiet = try run(["lines", "--count", "--quiet", path])
        #expect(quiet.output == "4\n")
        #expect(quiet.stderr.isEmpty)
    }

    @Test("without options the valid lines are printed unchanged")
    func printsLines() throws {
        let directory = try TemporaryDirectory()
        let input = Array("{\"a\": 1}\r\n\n  [2]  \n{\"b\":\"é\"}".utf8)
        let result = try run(["lines", "--quiet", try directory.write(input)])
        #expect(result.status == 0)
        #expect(result.output == "{\"a\": 1}\n  [2]  \n{\"b\":\"é\"}\n")
    }

    @Test("an empty file counts 0")
    func emptyFile() throws {
        let directory = try TemporaryDirectory()
        let result = try run(["lines", "--count", "--quiet", try directory.write([])])
        #expect(result.status == 0)
        #expect(result.output == "0\n")
    }

    // MARK: - Fields

    @Test("--fields as NDJSON: nested objects, missing fields are null, paths are dotted or JSON Pointers")
    func fieldsNDJSON() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(handMade)
        let result = try run(["lines", "--quiet", "--fields", "id,msg,http.status,tags.1", path])
        #expect(result.status == 0)
        #expect(result.output == """
            {"id":1,"msg":"plain","http":{"status":200},"tags":{"1":"b"}}
            {"id":2,"msg":"comma, \\"quoted\\"\\nnext","http":{"status":500},"tags":{"1":null}}
            {"id":3,"msg":null,"http":{"status":null},"tags":{"1":null}}
            {"id":4,"msg":"tab\\there","http":{"status":"500"},"tags":{"1":null}}

            """)
        let pointer = try run(["lines", "--quiet", "--fields", "/http/status", "--format", "ndjson", path])
        #expect(pointer.output == "{\"http\":{\"status\":200}}\n{\"http\":{\"status\":500}}\n{\"http\":{\"status\":null}}\n{\"http\":{\"status\":\"500\"}}\n")
    }

    @Test("--fields renames (status=http.status); fields sharing a first step share one object; a taken place keeps the whole name")
    func fieldsRenamedAndMerged() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(handMade)
        let renamed = try run(["lines", "--quiet", "--fields", "status=http.status,id", path])
        #expect(renamed.output.split(separator: "\n").first == #"{"status":200,"id":1}"#)
        let merged = try run(["lines", "--quiet", "--fields", "http.status,id,http.missing", path])
        #expect(merged.output.split(separator: "\n").first == #"{"http":{"status":200,"missing":null},"id":1}"#)
        let taken = try run(["lines", "--quiet", "--fields", "id,id.x", path])
        #expect(taken.output.split(separator: "\n").first == #"{"id":1,"id.x":null}"#)
        let csv = try run(["lines", "--quiet", "--fields", "status=http.status", "--format", "csv", path])
        #expect(csv.output.hasPrefix("status\n200\n"))
    }

    @Test("--progress draws the progress line even when stderr is not a terminal; without it, nothing")
    func progressForced() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(handMade)
        let forced = try run(["lines", "--quiet", "--count", "--progress", path])
        #expect(forced.status == 0)
        #expect(forced.stderr.contains("MB/s"))
        let plain = try run(["lines", "--quiet", "--count", path])
        #expect(plain.stderr.isEmpty)
    }

    @Test("without a file, lines reads standard input")
    func readsStandardInputByDefault() throws {
        let result = try run(["lines", "--quiet", "--fields", "id"], stdin: handMade)
        #expect(result.status == 0)
        #expect(result.output == "{\"id\":1}\n{\"id\":2}\n{\"id\":3}\n{\"id\":4}\n")
    }

    @Test("--format without --fields is a usage error, not ignored")
    func formatNeedsFields() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(handMade)
        let result = try run(["lines", "--quiet", "--format", "csv", path])
        #expect(result.status == 2)
    }

    @Test("--fields as CSV: RFC 4180 quoting, LF records (CRLF with --crlf), empty cells for null and missing fields")
    func fieldsCSV() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(handMade)
        let result = try run(["lines", "--quiet", "--fields", "id,msg,http.status,tags", "--format", "csv", path])
        #expect(result.status == 0)
        #expect(result.output == "id,msg,http.status,tags\n"
            + "1,plain,200,\"[\"\"a\"\",\"\"b\"\"]\"\n"
            + "2,\"comma, \"\"quoted\"\"\nnext\",500,\n"
            + "3,,,\n"
            + "4,tab\there,500,\n")
        let rfc = try run(["lines", "--quiet", "--fields", "id,http.status", "--format", "csv", "--crlf", path])
        #expect(rfc.output == "id,http.status\r\n1,200\r\n2,500\r\n3,\r\n4,500\r\n")
        let crlfWithoutCSV = try run(["lines", "--quiet", "--fields", "id", "--crlf", path])
        #expect(crlfWithoutCSV.status == 2)
    }

    @Test("--fields as TSV: tabs, line breaks and backslashes escaped")
    func fieldsTSV() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(handMade)
        let result = try run(["lines", "--quiet", "--fields", "id,msg,http.status", "--format", "tsv", path])
        #expect(result.status == 0)
        #expect(result.output == "id\tmsg\thttp.status\n"
            + "1\tplain\t200\n"
            + "2\tcomma, \"quoted\"\\nnext\t500\n"
            + "3\t\t\n"
            + "4\ttab\\there\t500\n")
        let backslash = try run(["lines", "--quiet", "--fields", "p", "--format", "tsv", try directory.write(Array("{\"p\":\"C:\\\\x\\r\"}\n".utf8), name: "b")])
        #expect(backslash.output == "p\nC:\\\\x\\r\n")
    }

    // MARK: - Filters

    @Test("--where compares strings, numbers, booleans and null; repeated filters must all hold")
    func whereFilters() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(handMade)
        let lines = String(decoding: handMade, as: UTF8.self).split(separator: "\n").map { $0 + "\n" }
        func output(_ filters: [String], count: Bool = false) throws -> String {
            let result = try run(["lines", "--quiet"] + (count ? ["--count"] : []) + filters.flatMap { ["--where", $0] } + [path])
            #expect(result.status == 0)
            return result.output
        }
        #expect(try output(["level=ERROR"]) == lines[1] + lines[3])
        #expect(try output(["level=\"ERROR\""]) == lines[1] + lines[3])
        #expect(try output(["http.status=500"]) == lines[1])
        #expect(try output(["http.status=\"500\""]) == lines[3])
        #expect(try output(["/http/status=200"]) == lines[0])
        #expect(try output(["msg=null"]) == lines[2])
        #expect(try output(["ok=true"]) == lines[3])
        #expect(try output(["level=ERROR", "id=4"]) == lines[3])
        #expect(try output(["level=DEBUG"]) == "")
        #expect(try output(["level=ERROR"], count: true) == "2\n")
        let fields = try run(["lines", "--quiet", "--where", "level=ERROR", "--fields", "id", "--format", "csv", path])
        #expect(fields.output == "id\n2\n4\n")
    }

    @Test("--where operators: != < <= > >= on numbers and strings, ~ regular expressions, exists, !exists, --any")
    func whereOperators() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(handMade)
        let lines = String(decoding: handMade, as: UTF8.self).split(separator: "\n").map { $0 + "\n" }
        func output(_ filters: [String], any: Bool = false) throws -> String {
            let result = try run(["lines", "--quiet"] + (any ? ["--any"] : []) + filters.flatMap { ["--where", $0] } + [path])
            #expect(result.status == 0, "\(filters): \(result.stderr)")
            return result.output
        }
        #expect(try output(["level!=ERROR"]) == lines[0] + lines[2])
        #expect(try output(["http.status!=500"]) == lines[0] + lines[2] + lines[3])   // missing and "500" differ
        #expect(try output(["id<2"]) == lines[0])
        #expect(try output(["id<=2"]) == lines[0] + lines[1])
        #expect(try output(["id>3"]) == lines[3])
        #expect(try output(["id>=3"]) == lines[2] + lines[3])
        #expect(try output(["http.status>=300"]) == lines[1])                      // the string "500" is no number
        #expect(try output(["level>\"INFO\""]) == lines[2])                          // WARN, by UTF-8 bytes
        #expect(try output(["level<=INFO"]) == lines[0] + lines[1] + lines[3])
        #expect(try output(["level<INFO"]) == lines[1] + lines[3])                     // ERROR < INFO
        #expect(try output(["level>=\"INFO\""]) == lines[0] + lines[2])
        #expect(try output(["id<\"2\""]) == "")                                       // numbers are no strings
        #expect(try output(["msg~^comma, \"quoted\"\\n"]) == lines[1])
        #expect(try output(["msg~next$"]) == lines[1])
        #expect(try output(["msg~[Tt]ab"]) == lines[3])
        #expect(try output(["id~1"]) == "")                                          // ~ matches strings only
        #expect(try output(["tags exists"]) == lines[0])
        #expect(try output(["msg exists"]) == lines[0] + lines[1] + lines[2] + lines[3])  // null exists
        #expect(try output(["http !exists"]) == lines[2])
        #expect(try output(["id=1", "id=3"], any: true) == lines[0] + lines[2])
        #expect(try output(["id=1", "id=3"]) == "")
        #expect(try output(["level=WARN", "ok exists"], any: true) == lines[2] + lines[3])
    }

    @Test("lines --help says how --where reads a value's type")
    func whereHelpNamesTheTypes() throws {
        let result = try run(["lines", "--help"])
        #expect(result.status == 0)
        let text = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains(#"VALUE's type is its JSON syntax: 500 is a number, '"500"' a string"#), "\(text)")
        for form in ["PATH=VALUE", "PATH!=VALUE", "PATH<VALUE", "PATH<=VALUE", "PATH>VALUE", "PATH>=VALUE", "PATH~REGEX",
                     "'PATH exists'", "'PATH !exists'", "--any"] {
            #expect(text.contains(form), "\(form)")
        }
    }

    @Test("--where usage errors: no operator, a bad regular expression, ordering booleans", arguments: [
        "novalue", "=1", "msg~(", "ok<true", "a<null", "x={}",
    ])
    func whereUsageErrors(filter: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(handMade)
        let result = try run(["lines", "--quiet", "--where", filter, path])
        #expect(result.status == 2, "\(filter)")
    }

    // MARK: - Bad lines and exit codes

    @Test("--on-error fail: exit 1 at the first bad line, with PATH:LINE:COLUMN: message")
    func onErrorFail() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(withBadLines)
        for jobs in ["1", "2"] {
            let result = try run(["lines", "--jobs", jobs, path])
            #expect(result.status == 1)
            #expect(result.output == "{\"a\":1}\n")
            #expect(result.errorLines.first.map(String.init) == "\(path):2:6: unexpected character near '{\"a\":}'")
            #expect(result.errorLines.count == 1)
        }
        let counted = try run(["lines", "--count", "--on-error", "fail", path])
        #expect(counted.status == 1)
        #expect(counted.output.isEmpty)
    }

    @Test("--on-error skip: exit 0, bad lines only counted")
    func onErrorSkip() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(withBadLines)
        let result = try run(["lines", "--on-error", "skip", path])
        #expect(result.status == 0)
        #expect(result.output == "{\"a\":1}\n{\"a\":3}\n{\"a\":6}\n")
        #expect(result.errorLines.count == 1)
        #expect(result.stderr.hasPrefix("tapejson: \(path): 5 lines, 3 valid, 2 invalid"))
        let counted = try run(["lines", "--count", "--quiet", "--on-error", "skip", path])
        #expect(counted.status == 0)
        #expect(counted.output == "3\n")
    }

    @Test("--on-error report: every bad line on stderr in order, good lines on stdout, exit 1")
    func onErrorReport() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(withBadLines)
        let result = try run(["lines", "--on-error", "report", "--quiet", path])
        #expect(result.status == 1)
        #expect(result.output == "{\"a\":1}\n{\"a\":3}\n{\"a\":6}\n")
        #expect(result.errorLines.map(String.init) == [
            "\(path):2:6: unexpected character near '{\"a\":}'",
            "\(path):5:6: unexpected character near '{\"a\" 5}'",
        ])
        let clean = try run(["lines", "--on-error", "report", "--quiet", try directory.write(handMade, name: "clean")])
        #expect(clean.status == 0)
    }

    @Test("a truncated last line fails the run", arguments: ["fail", "skip", "report"])
    func truncatedLastLine(policy: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array("{\"a\":1}\n{\"a\":".utf8))
        let result = try run(["lines", "--count", "--quiet", "--on-error", policy, path])
        #expect(result.status == (policy == "skip" ? 0 : 1))
        #expect(result.output == (policy == "fail" ? "" : "1\n"))
        if policy != "skip" {
            #expect(result.errorLines.map(String.init) == ["\(path):2:6: unexpected end of input near '{\"a\":'"])
        }
    }

    @Test("usage and I/O errors exit 2", arguments: [
        ["lines", "MISSING"], ["lines", "--jobs", "0", "FILE"], ["lines", "--shard", "2/2", "FILE"],
        ["lines", "--shard", "x", "FILE"], ["lines", "--shard", "0/0", "FILE"], ["lines", "--count", "--fields", "a", "FILE"],
        ["lines", "--format", "xml", "--fields", "a", "FILE"], ["lines", "--where", "novalue", "FILE"],
        ["lines", "--on-error", "ignore", "FILE"], ["lines", "--shard", "0/2", "-"], ["lines", "--crlf", "FILE"],
        ["lines", "DIRECTORY"],
    ])
    func usageErrors(arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(handMade)
        let resolved = arguments.map {
            $0 == "FILE" ? file : $0 == "MISSING" ? directory.path("missing") : $0 == "DIRECTORY" ? directory.url.path : $0
        }
        let result = try run(resolved)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(!result.stderr.isEmpty)
    }

    // MARK: - Workers, shards, standard input

    @Test("--jobs 1, 2 and 4 print the same output")
    func jobs() throws {
        let directory = try TemporaryDirectory()
        let path = try generatedLog(in: directory)
        let one = try run(["lines", "--quiet", "--on-error", "skip", "--jobs", "1", path])
        #expect(one.status == 0)
        #expect(one.stdout.count > 150_000)
        for jobs in ["2", "4"] {
            let many = try run(["lines", "--quiet", "--on-error", "skip", "--jobs", jobs, path])
            #expect(many.status == 0)
            #expect(many.stdout == one.stdout)
            let fields = try run(["lines", "--quiet", "--on-error", "skip", "--jobs", jobs, "--fields", "level,http.status", "--format", "tsv", path])
            let fieldsOne = try run(["lines", "--quiet", "--on-error", "skip", "--jobs", "1", "--fields", "level,http.status", "--format", "tsv", path])
            #expect(fields.stdout == fieldsOne.stdout)
        }
    }

    @Test("--shard I/N for N in 1...7: counts add up to the total and outputs concatenate to the whole")
    func shards() throws {
        let directory = try TemporaryDirectory()
        let path = try generatedLog(in: directory, size: "120KB", seed: 9)
        let total = try run(["lines", "--count", "--quiet", "--on-error", "skip", path])
        let whole = try run(["lines", "--quiet", "--on-error", "report", path])
        #expect(total.status == 0)
        #expect(whole.status == 1)
        let expected = try #require(Int(total.output.dropLast()))
        #expect(expected > 100)
        for n in 1...7 {
            var sum = 0
            var output: [UInt8] = []
            var reported: [Substring] = []
            for i in 0..<n {
                let counted = try run(["lines", "--count", "--quiet", "--on-error", "skip", "--shard", "\(i)/\(n)", path])
                #expect(counted.status == 0)
                sum += Int(counted.output.dropLast()) ?? -1
                let part = try run(["lines", "--quiet", "--on-error", "report", "--jobs", "2", "--shard", "\(i)/\(n)", path])
                output += part.stdout
                reported += part.errorLines
            }
            #expect(sum == expected, "\(n) shards")
            #expect(output == whole.stdout, "\(n) shards")
            #expect(reported == whole.errorLines, "\(n) shards")
        }
    }

    @Test("'-' reads standard input")
    func standardInput() throws {
        let directory = try TemporaryDirectory()
        let path = try generatedLog(in: directory, size: "300KB", seed: 3)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let fromFile = try run(["lines", "--quiet", "--on-error", "report", path])
        let fromStdin = try run(["lines", "--quiet", "--on-error", "report", "-"], stdin: bytes)
        #expect(fromStdin.status == 1)
        #expect(fromStdin.stdout == fromFile.stdout)
        #expect(fromStdin.errorLines.map { $0.drop { $0 != ":" } } == fromFile.errorLines.map { $0.drop { $0 != ":" } })
        #expect(fromStdin.errorLines.allSatisfy { $0.hasPrefix("-:") })
        let counted = try run(["lines", "--count", "--on-error", "skip", "-"], stdin: bytes)
        #expect(counted.status == 0)
        #expect(counted.output == (try run(["lines", "--count", "--quiet", "--on-error", "skip", path])).output)
        #expect(counted.stderr.hasPrefix("tapejson: -: "))
        let failing = try run(["lines", "--count", "--quiet", "-"], stdin: withBadLines)
        #expect(failing.status == 1)
        #expect(failing.errorLines.map(String.init) == ["-:2:6: unexpected character near '{\"a\":}'"])
    }
}

// MARK: - gen-logs

@Suite("tapejson gen-logs")
struct GenLogsCommandTests {
    @Test("the same seed and size give the same bytes; another seed gives others")
    func deterministic() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a"), b = directory.path("b"), c = directory.path("c")
        #expect(try run(["gen-logs", "--size", "150KB", "--seed", "17", a]).status == 0)
        #expect(try run(["gen-logs", "--size", "150KB", "--seed", "17", b]).status == 0)
        #expect(try run(["gen-logs", "--size", "150KB", "--seed", "18", c]).status == 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: a))
        #expect(first == (try Data(contentsOf: URL(fileURLWithPath: b))))
        #expect(first != (try Data(contentsOf: URL(fileURLWithPath: c))))
        let toStdout = try run(["gen-logs", "--size", "150KB", "--seed", "17", "-"])
        #expect(toStdout.stdout == Array(first))
        // A smaller size with the same seed is a prefix of whole lines.
        let small = try run(["gen-logs", "--size", "20KB", "--seed", "17", "-"])
        #expect(first.starts(with: small.stdout))
        #expect(small.stdout.last == 0x0A)
    }

    @Test("the size is reached with whole lines")
    func size() throws {
        for size in [("1KB", 1000), ("64KB", 64_000), ("0.5MB", 500_000), ("100000", 100_000)] {
            let result = try run(["gen-logs", "--size", size.0, "--seed", "2", "-"])
            #expect(result.status == 0)
            #expect(result.stdout.count >= size.1)
            #expect(result.stdout.count < size.1 + 4096)
            #expect(result.stdout.last == 0x0A)
        }
        #expect(try run(["gen-logs", "--size", "lots", "-"]).status == 2)
    }

    @Test("generated logs are valid JSON Lines with the promised variety")
    func validates() throws {
        let directory = try TemporaryDirectory()
        let path = try generatedLog(in: directory, size: "400KB", seed: 23, badLines: false)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let newlines = bytes.filter { $0 == 0x0A }.count
        let counted = try run(["lines", "--count", "--quiet", path])
        #expect(counted.status == 0)
        #expect(counted.output == "\(newlines)\n")
        let reference = Reference.lines(bytes)
        #expect(reference.count == newlines)
        #expect(reference.allSatisfy { $0.isValid })
        let text = String(decoding: bytes, as: UTF8.self)
        for needle in ["\"userId\":", "\"user_id\":", "\"UserID\":", "\"http\":{", "null", "\\\"", "\\n", "\"timestamp\":1", "\"timestamp\":\"20", "Z\""] {
            #expect(text.contains(needle), "\(needle)")
        }
        #expect(bytes.contains { $0 >= 0x80 }, "non-ASCII text")
        let levels = try run(["lines", "--quiet", "--fields", "level", "--format", "tsv", path])
        #expect(Set(levels.output.split(separator: "\n").dropFirst()).isSuperset(of: ["INFO", "WARN", "ERROR", "DEBUG"]))
    }
}

// MARK: - Items at a JSON Pointer

@Suite("tapejson lines --items")
struct LinesItemsCommandTests {
    /// Generated log records wrapped as `{"meta": {...}, "Records": [...]}` (the shape of CloudTrail files).
    private func envelope(in directory: TemporaryDirectory) throws -> (path: String, records: [String]) {
        let log = try generatedLog(in: directory, size: "100KB", seed: 9, badLines: false)
        let records = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let text = "{\"meta\": {\"source\": \"gen-logs\", \"count\": \(records.count)},\n \"Records\": [\n"
            + records.joined(separator: ",\n") + "\n ]\n}\n"
        return (try directory.write(Array(text.utf8), name: "envelope.json"), records)
    }

    @Test("--items /Records prints each record compactly, --count counts them, --where and --fields apply")
    func records() throws {
        let directory = try TemporaryDirectory()
        let (path, records) = try envelope(in: directory)
        let printed = try run(["lines", path, "--items", "/Records", "--quiet"])
        #expect(printed.status == 0, "\(printed.stderr)")
        let expected = try records.map { try JSONDocument(parsing: $0).root.jsonText }
        #expect(printed.output.split(separator: "\n").map(String.init) == expected)
        let counted = try run(["lines", path, "--items", "/Records", "--count"])
        #expect(counted.output == "\(records.count)\n")
        let n = records.count >= 1000 ? "\(records.count / 1000),\(String(records.count % 1000 + 1000).dropFirst())" : "\(records.count)"
        #expect(counted.stderr.contains("\(n) items, \(n) valid, 0 invalid"), "\(counted.stderr)")
        let errors = try run(["lines", path, "--items", "/Records", "--count", "--where", "level=ERROR", "--quiet"])
        let expectedErrors = records.filter { $0.contains("\"level\":\"ERROR\"") }.count
        #expect(errors.output == "\(expectedErrors)\n")
        let meta = try run(["lines", path, "--items", "/meta", "--quiet"])
        #expect(meta.output == "\"gen-logs\"\n\(records.count)\n")
    }

    @Test("a pointer to nothing or to a scalar exits 1 with a message; a malformed one is a usage error")
    func pointerErrors() throws {
        let directory = try TemporaryDirectory()
        let (path, _) = try envelope(in: directory)
        let missing = try run(["lines", path, "--items", "/Nope"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no value at '/Nope'"))
        let scalar = try run(["lines", path, "--items", "/meta/count"])
        #expect(scalar.status == 1)
        #expect(scalar.stderr.contains("is not an array or object"))
        let malformed = try run(["lines", path, "--items", "Records"])
        #expect(malformed.status == 2)
        let both = try run(["lines", path, "--items", "/Records", "--array"])
        #expect(both.status == 2)
    }

    @Test("--jobs, --shard and --max-document-size apply to items as to lines")
    func everyOption() throws {
        let directory = try TemporaryDirectory()
        let (path, records) = try envelope(in: directory)
        let expected = try records.map { try JSONDocument(parsing: $0).root.jsonText }
        for jobs in ["1", "2", "3"] {
            let printed = try run(["lines", path, "--items", "/Records", "--jobs", jobs, "--quiet"])
            #expect(printed.status == 0, "\(printed.stderr)")
            #expect(printed.output.split(separator: "\n").map(String.init) == expected, "--jobs \(jobs)")
            let counted = try run(["lines", path, "--items", "/Records", "--count", "--jobs", jobs, "--quiet"])
            #expect(counted.output == "\(records.count)\n")
        }
        // Shards: each record exactly once, in order within each shard.
        var union: [String] = []
        for k in 0..<3 {
            let part = try run(["lines", path, "--items", "/Records", "--shard", "\(k)/3", "--jobs", "2", "--quiet"])
            #expect(part.status == 0, "\(part.stderr)")
            union += part.output.split(separator: "\n").map(String.init)
        }
        #expect(union == expected)
        // An item longer than the limit is a bad item at its line and column, like a long line.
        let longest = records.map(\.utf8.count).max()!
        let limited = try run(["lines", path, "--items", "/Records", "--count", "--max-document-size", "\(longest - 1)",
                               "--on-error", "skip"])
        #expect(limited.status == 0)
        let tooLong = records.filter { $0.utf8.count > longest - 1 }.count
        #expect(limited.output == "\(records.count - tooLong)\n")
        let reported = try run(["lines", path, "--items", "/Records", "--max-document-size", "\(longest - 1)",
                                "--on-error", "report", "--quiet"])
        #expect(reported.status == 1)
        #expect(reported.stderr.contains(":3:1: document too large") || reported.stderr.contains("document too large"),
                "\(reported.stderr)")
    }
}
