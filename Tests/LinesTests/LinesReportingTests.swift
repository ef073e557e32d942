import Foundation
import TapeJSON
import Testing

// `tapejson lines` says what its filters did (issue 26): spaces around a --where operator are dropped,
// the summary counts the lines matched and written, a --where or --fields path no line had is named in
// a warning, and a pretty-printed document read as JSON Lines ends with a hint naming --items ''.

@Suite("tapejson lines: filters say what they did")
struct LinesReportingTests {
    static let log = Array("""
        {"level":"ERROR","msg":"disk full","n":1}
        {"level":"INFO","msg":" x ","n":2}
        {"level":"ERROR","msg":"retry","n":3}

        """.utf8)

    @Test("--where accepts spaces around the path, the operator and the value", arguments: [
        "level = ERROR", " level=ERROR ", "level =ERROR", "level=  ERROR", "level = \"ERROR\"",
    ])
    func spacesAroundOperator(filter: String) throws {
        let directory = try TemporaryDirectory()
        let result = try run(["lines", "--where", filter, "--count", "--quiet", try directory.write(Self.log)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output == "2\n")
    }

    @Test("spaces around every operator; a quoted value keeps its own spaces, for = and for ~")
    func spacesEverywhere() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Self.log)
        for (filter, expected) in [("n > 1", "2"), ("n <= 2", "2"), ("n != 2", "2"), ("msg ~ ^re", "1"),
                                   ("msg = \" x \"", "1"), ("msg = x", "0"), ("msg ~ \" x\"", "1"), ("level exists ", "3")] {
            let result = try run(["lines", "--where", filter, "--count", "--quiet", path])
            #expect(result.status == 0, "\(filter): \(result.stderr)")
            #expect(result.output == expected + "\n", "\(filter)")
        }
    }

    @Test("lines --help says that spaces around the operator are dropped")
    func helpNamesSpaces() throws {
        let result = try run(["lines", "--help"])
        let text = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Spaces around PATH, the operator and VALUE are dropped (level = ERROR is level=ERROR)"), "\(text)")
    }

    @Test("an operator with no value (other than = and !=) is a usage error, not a filter that cannot match")
    func missingValue() throws {
        let directory = try TemporaryDirectory()
        let result = try run(["lines", "--where", "n > ", try directory.write(Self.log)])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no value after >"), "\(result.stderr)")
    }

    @Test("the summary reports the lines matched and written; singular for one")
    func summaryCounts() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Self.log)
        let filtered = try run(["lines", "--where", "level=ERROR", path])
        #expect(filtered.errorLines.count == 1)
        #expect(filtered.stderr.hasPrefix("tapejson: \(path): 3 lines, 3 valid, 0 invalid, 2 matched, 2 written, "),
                "\(filtered.stderr)")
        let plain = try run(["lines", path])
        #expect(plain.stderr.hasPrefix("tapejson: \(path): 3 lines, 3 valid, 0 invalid, 3 written, "), "\(plain.stderr)")
        let counted = try run(["lines", "--count", "--where", "n=3", path])
        #expect(counted.stderr.hasPrefix("tapejson: \(path): 3 lines, 3 valid, 0 invalid, 1 matched, "), "\(counted.stderr)")
        #expect(!counted.stderr.contains("written"))
        let one = try run(["lines", try directory.write(Array("{\"a\":1}\n".utf8), name: "one.ndjson")])
        #expect(one.stderr.contains(": 1 line, 1 valid, 0 invalid, 1 written, "), "\(one.stderr)")
        #expect(one.stderr.contains(" lines/s)"))
    }

    @Test("the summary groups thousands")
    func summaryGrouping() throws {
        let directory = try TemporaryDirectory()
        let input = Array(String(repeating: "{\"a\":1}\n", count: 1234).utf8)
        let result = try run(["lines", "--count", try directory.write(input)])
        #expect(result.stderr.contains(": 1,234 lines, 1,234 valid, 0 invalid, "), "\(result.stderr)")
    }

    @Test("items are called items in the summary, one of them an item")
    func summaryItems() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array("[{\"a\":1}, {\"a\":2}]".utf8), name: "array.json")
        let two = try run(["lines", "--array", path])
        #expect(two.stderr.hasPrefix("tapejson: \(path): 2 items, 2 valid, 0 invalid, 2 written, "), "\(two.stderr)")
        #expect(two.stderr.contains(" items/s)"))
        let one = try run(["lines", "--items", "", "--where", "a=2", try directory.write(Array("[{\"a\":1},{\"a\":2}]".utf8), name: "b.json")])
        #expect(one.stderr.contains(": 2 items, 2 valid, 0 invalid, 1 matched, 1 written, "), "\(one.stderr)")
        let progress = try run(["lines", "--array", "--quiet", "--progress", path])
        #expect(progress.stderr.contains(" items/s, "), "\(progress.stderr)")
    }

    @Test("a --where path no line has is named in a warning at the end, with jobs 1 and 2", arguments: [1, 2])
    func misspelledWhere(jobs: Int) throws {
        let directory = try TemporaryDirectory()
        let result = try run(["lines", "--where", "levle=ERROR", "--jobs", "\(jobs)", try directory.write(Self.log)])
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
        #expect(result.errorLines.last == "tapejson: warning: no line has the field 'levle' (--where levle=ERROR)",
                "\(result.stderr)")
        #expect(result.stderr.contains("0 matched, 0 written"))
    }

    @Test("a --fields path no line has is named; paths some line has are not")
    func misspelledField() throws {
        let directory = try TemporaryDirectory()
        let result = try run(["lines", "--fields", "msg,lvl=levl,/n", try directory.write(Self.log)])
        #expect(result.status == 0)
        let warnings = result.errorLines.filter { $0.contains("warning") }
        #expect(warnings == ["tapejson: warning: no line has the field 'levl' (--fields msg,lvl=levl,/n)"], "\(result.stderr)")
    }

    @Test("no warning for a path some line has or for 'PATH !exists'; --quiet leaves out the summary, not the warning")
    func noWarning() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Self.log)
        let present = try run(["lines", "--where", "n=3", "--any", "--where", "level=DEBUG", path])
        #expect(!present.stderr.contains("warning"), "\(present.stderr)")
        let absent = try run(["lines", "--where", "trace !exists", "--count", path])
        #expect(absent.output == "3\n")
        #expect(!absent.stderr.contains("warning"), "\(absent.stderr)")
        let missing = try run(["lines", "--where", "trace exists", "--count", "--quiet", path])
        #expect(missing.errorLines == ["tapejson: warning: no line has the field 'trace' (--where trace exists)"])
    }

    @Test("--items: a missing field is named per item")
    func misspelledItemField() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array(#"{"Records":[{"a":1},{"a":2}]}"#.utf8), name: "trail.json")
        let result = try run(["lines", "--items", "/Records", "--where", "b=1", "--count", path])
        #expect(result.output == "0\n")
        #expect(result.errorLines.last == "tapejson: warning: no item has the field 'b' (--where b=1)", "\(result.stderr)")
    }
}

@Suite("tapejson lines: a pretty-printed document read as lines")
struct LinesShapeHintTests {
    static let pretty = Array("[\n  {\"id\": 1},\n  {\"id\": 2}\n]\n".utf8)
    static let hint = "--items '' (or --array)"

    @Test("one pretty-printed document ends with a hint naming --items '', under every policy",
          arguments: ["fail", "skip", "report"])
    func prettyDocument(policy: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Self.pretty, name: "orders.json")
        let result = try run(["lines", "--on-error", policy, path])
        #expect(result.errorLines.last?.hasPrefix("tapejson: hint: \(path) opens with '[' alone on its first line") == true,
                "\(result.stderr)")
        #expect(result.stderr.contains(Self.hint))
        let object = try run(["lines", "--on-error", policy, try directory.write(Array("{\n \"Records\": []\n}\n".utf8), name: "o.json")])
        #expect(object.stderr.contains("opens with '{' alone"), "\(object.stderr)")
    }

    @Test("from standard input too, under fail and report")
    func prettyFromPipe() throws {
        for policy in ["fail", "report"] {
            let result = try run(["lines", "--on-error", policy], stdin: Self.pretty)
            #expect(result.stderr.contains("tapejson: hint: the input opens with '[' alone"), "\(policy): \(result.stderr)")
        }
    }

    @Test("no hint for JSON Lines with a bad line, nor for --array")
    func noHint() throws {
        let directory = try TemporaryDirectory()
        let bad = try run(["lines", "--on-error", "skip", try directory.write(Array("{\"a\":1}\n{\n[2]\n".utf8))])
        #expect(!bad.stderr.contains("hint"), "\(bad.stderr)")
        let array = try run(["lines", "--array", try directory.write(Self.pretty, name: "orders.json")])
        #expect(array.status == 0)
        #expect(!array.stderr.contains("hint"))
    }
}
