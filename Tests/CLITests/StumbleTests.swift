import Foundation
import Testing

// What a new user hits in the first hour (issue 26), one test each: a byte order mark accepted by every
// subcommand, standard input read when no file is given, --version, the --jobs help, the --lines hint.

@Suite("a new user's stumbles")
struct StumbleTests {
    static let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let document = Array(#"{"a": [1, "x"]}"#.utf8)

    @Test("a UTF-8 byte order mark is accepted by validate, fmt, events and paths, from a file and a pipe",
          arguments: [["validate"], ["fmt"], ["fmt", "--compact"], ["fmt", "--sort-keys"], ["fmt", "--stream"],
                      ["events"], ["paths"]])
    func byteOrderMark(arguments: [String]) throws {
        let plain = try withTemporaryFile(Self.document) { try tapejson(arguments + [$0]) }
        #expect(plain.status == 0)
        try withTemporaryFile(Self.mark + Self.document, name: "bom.json") { path in
            let result = try tapejson(arguments + [path])
            #expect(result.status == 0 && !result.signaled, "\(result.stderr)")
            #expect(result.stderr.isEmpty)
            #expect(result.stdout == plain.stdout)
        }
        let piped = try tapejson(arguments + ["-"], stdin: Self.mark + Self.document)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == plain.stdout)
    }

    @Test("an error after a byte order mark: the column leaves the mark out, the excerpt shows no invisible character")
    func byteOrderMarkError() throws {
        try withTemporaryFile(Self.mark + Array(#"{"a":}"#.utf8), name: "bom.json") { path in
            let result = try tapejson(["validate", path])
            #expect(result.status == 1)
            #expect(result.stderr == "\(path):1:6: unexpected character (byte 8) near '{\"a\":}'\n")
        }
    }

    @Test("validate, fmt, events and paths read standard input when no file is given",
          arguments: [["validate"], ["validate", "--lines"], ["fmt"], ["fmt", "--lines"], ["events"], ["paths"],
                      ["paths", "--lines"]])
    func standardInputByDefault(arguments: [String]) throws {
        let withDash = try tapejson(arguments + ["-"], stdin: Self.document)
        let without = try tapejson(arguments, stdin: Self.document)
        #expect(without.status == 0 && !without.signaled, "\(without.stderr)")
        #expect(without.stdout == withDash.stdout)
        #expect(!without.stderr.contains("Missing expected argument"))
        let invalid = try tapejson(arguments, stdin: Array("[1,".utf8))
        #expect(invalid.status == 1, "\(invalid.stderr)")
        #expect(invalid.stderr.hasPrefix("-:1:"))
    }

    @Test("tapejson --version prints the version")
    func version() throws {
        let result = try tapejson(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+\n$"#, options: .regularExpression) != nil, "\(result.stdout)")
    }

    @Test("the --jobs help gives its default once")
    func jobsHelp() throws {
        let result = try tapejson(["lines", "--help"])
        let help = result.stdout.replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
        #expect(help.contains("(default: the number of processors, \(ProcessInfo.processInfo.activeProcessorCount) here)"), "\(help)")
        #expect(!help.contains("processors). (default:"))
    }

    @Test("validate, fmt, events and paths on JSON Lines without --lines hint --lines",
          arguments: [["validate"], ["fmt"], ["events"], ["paths"]])
    func linesHint(arguments: [String]) throws {
        try withTemporaryFile(Array("{\"a\":1}\n{\"a\":2}\n".utf8), name: "x.ndjson") { path in
            let result = try tapejson(arguments + [path])
            #expect(result.status == 1)
            #expect(result.stderrLines.first?.hasPrefix("\(path):2:1: unexpected content after the JSON value") == true,
                    "\(result.stderr)")
            #expect(result.stderrLines.last == Substring("tapejson: hint: \(path) holds more than one JSON value; if it is "
                + "JSON Lines (NDJSON, one document per line), use tapejson \(arguments[0]) --lines"))
        }
        let other = try withTemporaryFile(Array("[1,]".utf8)) { try tapejson(arguments + [$0]) }
        #expect(other.status == 1)
        #expect(!other.stderr.contains("hint"))
    }
}
