import Foundation
import TapeJSON
import Testing

/// Reads `input` under every policy and window, from memory and from a file, and checks each pass
/// against the line-by-line reference.
private func expectEveryPolicyAgrees(_ input: [UInt8], windows: [JSONLinesOptions] = [Windows.tiny, Windows.small, Windows.standard],
                                     sourceLocation: SourceLocation = #_sourceLocation) throws {
    let reference = Reference.lines(input)
    let directory = try TemporaryDirectory()
    let path = try directory.write(input)
    for policy in JSONLinesErrorPolicy.allCases {
        for window in windows {
            let options = Windows.with(window, policy: policy)
            expectAgrees(try collect(JSONLines(bytes: input, options: options)), with: reference, policy: policy,
                         sourceLocation: sourceLocation)
            expectAgrees(try collect(JSONLines(path: path, options: options)), with: reference, policy: policy,
                         sourceLocation: sourceLocation)
        }
    }
}

// MARK: - Long lines

@Suite("Lines longer than the batch and the chunk")
struct LongLineTests {
    /// A valid object line of about `bytes` bytes.
    static func longLine(_ bytes: Int, key: String = "long") -> String {
        #"{"\#(key)":""# + String(repeating: "ab\\n", count: bytes / 4) + #"","end":1}"#
    }

    @Test("lines longer than the batch (4 KiB) and the chunk (64 bytes) grow the windows")
    func longerThanWindows() throws {
        var sample = Sample(seed: 3)
        let lines = sample.goodLines(10) + [Self.longLine(20_000)] + sample.goodLines(10, from: 10)
            + [Self.longLine(9_000, key: "second"), Self.longLine(50_000, key: "third")] + sample.goodLines(3, from: 20)
        let input = lines.jsonLines
        try expectEveryPolicyAgrees(input)
        let pass = try collect(JSONLines(bytes: input, options: Windows.tiny))
        #expect(pass.good.count == 26)
        #expect(pass.good.map(\.bytes.count).max()! > 50_000)
    }

    @Test("a line longer than the default batch (1 MiB) and chunk (4 MiB)")
    func longerThanDefaults() throws {
        let huge = Self.longLine(5_000_000)
        let input = ["{\"before\":1}", huge, "{\"after\":2}", huge + "x", "{\"last\":3}"].jsonLines
        var numbers: [Int] = []
        var lengths: [Int] = []
        var errors: [JSONLineError] = []
        let summary = try JSONLines(bytes: input, options: JSONLinesOptions(errorPolicy: .report)).forEach({ line in
            numbers.append(line.lineNumber)
            lengths.append(line.length)
        }, onInvalidLine: { errors.append($0) })
        #expect(numbers == [1, 2, 3, 5])
        #expect(lengths == [12, huge.utf8.count, 11, 10])
        #expect(errors.count == 1)
        #expect(errors.first?.line == 4)
        #expect(errors.first?.column == huge.utf8.count + 1)
        #expect(summary.lines == 5 && summary.documents == 4 && summary.invalid == 1)
    }

    @Test("a bad line longer than the windows is located exactly")
    func longBadLine() throws {
        var sample = Sample(seed: 4)
        let bad = String(Self.longLine(30_000).dropLast()) + ",}"
        let input = (sample.goodLines(5) + [bad] + sample.goodLines(5, from: 5)).jsonLines
        try expectEveryPolicyAgrees(input)
    }

    @Test("a long value spanning lines is one bad line per line")
    func longSpanningValue() throws {
        let pretty = "[\n" + (0..<2000).map { "  {\"k\": \($0)}" }.joined(separator: ",\n") + "\n]"
        let input = Array(("{\"a\":1}\n" + pretty + "\n{\"b\":2}\n").utf8)
        try expectEveryPolicyAgrees(input)
        let pass = try collect(JSONLines(bytes: input, options: Windows.with(Windows.tiny, policy: .report)))
        // Every `  {"k": N},` line is not one document (trailing comma), nor are `[` and `]`.
        // The last element has no trailing comma: alone on its line it is a valid document.
        #expect(pass.good.map(\.number) == [1, 2002, 2004])
        #expect(pass.bad.count == 2001)
    }
}

// MARK: - Bad lines close together

/// After a bad line the scanner restarts simdjson's stream with a batch for the distance between bad
/// lines (4 KiB at least), then grows it back while no bad line comes; a document larger than that
/// reduced batch restarts the stream with the full one.
@Suite("Bad lines close together")
struct DenseBadLineTests {
    @Test("a bad line in three, then a long valid run, then bad lines again")
    func denseThenSparse() throws {
        var sample = Sample(seed: 11)
        var lines: [[UInt8]] = []
        for k in 0..<600 {
            lines.append(k % 3 == 0 ? BadLines.all[k % BadLines.all.count] : Array(sample.goodLine(k).utf8))
        }
        // About 1.2 MB of valid lines: the reduced batch grows back past the default batch (1 MiB).
        lines += sample.goodLines(12_000, from: 600).map { Array($0.utf8) }
        lines += (0..<40).map { k in k % 2 == 0 ? BadLines.all[k % BadLines.all.count] : Array(sample.goodLine(k).utf8) }
        let input = joinLines(lines)
        try expectEveryPolicyAgrees(input, windows: [Windows.small, Windows.standard])
        let pass = try collect(JSONLines(bytes: input, options: Windows.with(Windows.standard, policy: .report)))
        #expect(pass.bad.count == 220)
        #expect(pass.good.count == 12_420)
    }

    @Test("a document larger than the reduced batch right after a bad line")
    func largeDocumentAfterBadLine() throws {
        var sample = Sample(seed: 12)
        let lines = sample.goodLines(3) + ["{bad"] + [LongLineTests.longLine(20_000)] + ["nul"]
            + [LongLineTests.longLine(300_000, key: "larger")] + sample.goodLines(3, from: 3) + ["]"]
        let input = lines.jsonLines
        try expectEveryPolicyAgrees(input, windows: [Windows.small, Windows.standard])
        let pass = try collect(JSONLines(bytes: input, options: Windows.with(Windows.standard, policy: .report)))
        #expect(pass.bad.map(\.line) == [4, 6, 11])
        #expect(pass.good.map(\.bytes.count).max()! > 300_000)
    }
}

// MARK: - Line endings, blank lines, BOM, empty input

@Suite("Input shapes")
struct InputShapeTests {
    @Test("the last line may lack its newline")
    func noTrailingNewline() throws {
        var sample = Sample(seed: 5)
        let lines = sample.goodLines(40)
        let input = Array(lines.joined(separator: "\n").utf8)
        try expectEveryPolicyAgrees(input)
        let pass = try collect(JSONLines(bytes: input))
        #expect(pass.good.count == 40)
        #expect(pass.good.last?.number == 40)
        #expect(pass.good.last?.bytes == Array(lines[39].utf8))
    }

    @Test("CRLF line endings: the CR is not part of the line")
    func crlf() throws {
        var sample = Sample(seed: 6)
        let lines = sample.goodLines(40).map { Array($0.utf8) }
        let input = joinLines(lines, separator: [0x0D, 0x0A], terminator: [0x0D, 0x0A])
        try expectEveryPolicyAgrees(input)
        let pass = try collect(JSONLines(bytes: input))
        #expect(pass.good.map(\.bytes) == lines)
        #expect(pass.good.map(\.number) == Array(1...40))
        // Mixed endings, CRLF without a final newline, and bad lines among CRLF lines.
        let mixed = joinLines([lines[0], lines[1], Array("{bad}".utf8), lines[2]], separator: [0x0D, 0x0A], terminator: [0x0D])
        try expectEveryPolicyAgrees(mixed + [0x0A] + joinLines([lines[3]], terminator: []))
        try expectEveryPolicyAgrees(mixed)
    }

    @Test("blank lines are skipped but counted in line numbers")
    func blankLines() throws {
        let input = Array("\n\n{\"a\":1}\n\n   \n\t\n\r\n{\"a\":2}\n \n{x}\n\n\n".utf8)
        try expectEveryPolicyAgrees(input)
        let pass = try collect(JSONLines(bytes: input, options: JSONLinesOptions(errorPolicy: .report)))
        #expect(pass.good.map(\.number) == [3, 8])
        #expect(pass.bad.map(\.line) == [10])
        #expect(pass.summary?.lines == 3)
    }

    @Test("a UTF-8 byte order mark at the start is skipped; elsewhere it is an error")
    func byteOrderMark() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var sample = Sample(seed: 8)
        let lines = sample.goodLines(30)
        try expectEveryPolicyAgrees(bom + lines.jsonLines)
        let pass = try collect(JSONLines(bytes: bom + lines.jsonLines))
        #expect(pass.good.count == 30)
        #expect(pass.good.first?.offset == 3)
        #expect(pass.good.first?.bytes == Array(lines[0].utf8))
        // A BOM then a blank line, a BOM alone, a BOM then a bad line, a BOM inside the input.
        try expectEveryPolicyAgrees(bom + Array("\r\n{\"a\":1}\n".utf8))
        #expect(try JSONLines(bytes: bom).count().lines == 0)
        try expectEveryPolicyAgrees(bom + Array("{\"a\":}\n{\"a\":1}\n".utf8))
        let inside = Array("{\"a\":1}\n".utf8) + bom + Array("{\"a\":2}\n".utf8)
        let report = try collect(JSONLines(bytes: inside, options: JSONLinesOptions(errorPolicy: .report)))
        #expect(report.good.map(\.number) == [1])
        #expect(report.bad.map(\.line) == [2])
    }

    @Test("empty and whitespace-only inputs have no lines", arguments: ["", "\n", "\n\n\n", "  \r\n\t\n", " "])
    func emptyInput(text: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array(text.utf8))
        for policy in JSONLinesErrorPolicy.allCases {
            for reader in [JSONLines(bytes: Array(text.utf8), options: JSONLinesOptions(errorPolicy: policy)),
                           JSONLines(path: path, options: JSONLinesOptions(errorPolicy: policy))] {
                let pass = try collect(reader)
                #expect(pass.good.isEmpty && pass.bad.isEmpty && pass.thrown == nil)
                #expect(pass.summary?.lines == 0)
                #expect(pass.summary?.documents == 0)
            }
        }
    }

    @Test("a truncated last line is reported, never dropped", arguments: [
        "{\"b\":", "{\"b\":[1,2", "{\"b\":\"abc", "[", "{", "tru", "{\"b\":1", "\"text",
    ])
    func truncatedLastLine(tail: String) throws {
        var sample = Sample(seed: 9)
        let head = sample.goodLines(25).jsonLines
        let input = head + Array(tail.utf8)
        try expectEveryPolicyAgrees(input)
        let pass = try collect(JSONLines(bytes: input, options: JSONLinesOptions(errorPolicy: .skip)))
        #expect(pass.summary?.invalid == 1)
        #expect(pass.summary?.lines == 26)
        let failed = try collect(JSONLines(bytes: input))
        #expect(failed.thrown?.line == 26)
        #expect(failed.good.count == 25)
    }

    @Test("a truncated last line longer than the windows is reported")
    func longTruncatedLastLine() throws {
        let input = Array(("{\"a\":1}\n" + String(LongLineTests.longLine(40_000).dropLast(3))).utf8)
        try expectEveryPolicyAgrees(input)
    }

    @Test("two values on one line and a value spanning lines are bad lines", arguments: [
        "{\"a\":1} {\"b\":2}", "{\"a\":1}{\"b\":2}", "[1][2]", "1 2", "\"a\" \"b\"", "{\"a\":1} 7", "7 {\"a\":1}",
        "{\"a\":\n1}", "[1,\n2]", "{\"a\"\n:1}", "{\n}", "[\n]", "\"a\n\"", "{\"a\":1}\n}",
    ])
    func notOneValuePerLine(text: String) throws {
        let input = Array(("{\"first\":0}\n" + text + "\n{\"last\":9}\n").utf8)
        try expectEveryPolicyAgrees(input)
        let pass = try collect(JSONLines(bytes: input, options: JSONLinesOptions(errorPolicy: .report)))
        #expect(pass.good.first?.number == 1)
        #expect(pass.good.last?.text == "{\"last\":9}")
        #expect(!pass.bad.isEmpty)
        // Each line of the odd part is accounted for: as good (a complete value on its own), or as bad.
        let oddLines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(pass.good.count + pass.bad.count == oddLines + 2)
    }

    @Test("scalars, arrays and whitespace around values are documents")
    func scalarsAndPadding() throws {
        let input = Array("1\n-2.5\n\"text\"\ntrue\nnull\n[]\n{}\n  {\"a\" : [ 1 , 2 ] }  \n\t[\"x\"]\t\r\n".utf8)
        try expectEveryPolicyAgrees(input)
        let pass = try collect(JSONLines(bytes: input))
        #expect(pass.good.map(\.text) == ["1", "-2.5", "\"text\"", "true", "null", "[]", "{}", "{\"a\":[1,2]}", "[\"x\"]"])
        #expect(pass.good[7].bytes == Array("  {\"a\" : [ 1 , 2 ] }  ".utf8))
    }

    @Test("documents deeper than maxDepth are bad lines")
    func depth() throws {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        let input = Array("[1]\n\(deep)\n[2]\n".utf8)
        let options = JSONLinesOptions(errorPolicy: .report, maxDepth: 10)
        let pass = try collect(JSONLines(bytes: input, options: options))
        #expect(pass.good.map(\.number) == [1, 3])
        #expect(pass.bad.map(\.line) == [2])
        #expect(pass.bad.first?.kind == .depthLimitExceeded)
    }

    @Test("every split of a mixed input into chunk sizes gives the same result", arguments: [64, 65, 100, 127, 333, 4096])
    func chunkSizes(chunkSize: Int) throws {
        var sample = Sample(seed: 10)
        var lines = sample.goodLines(80).map { Array($0.utf8) }
        lines.insert(BadLines.all[6], at: 3)
        lines.insert(Array("{\"a\":\n1}".utf8), at: 40)
        lines.insert([], at: 50)
        let input = joinLines(lines, terminator: []) + Array("{\"tail\":".utf8)
        let reference = Reference.lines(input)
        for policy in JSONLinesErrorPolicy.allCases {
            let options = JSONLinesOptions(errorPolicy: policy, batchSize: 4096, chunkSize: chunkSize)
            expectAgrees(try collect(JSONLines(bytes: input, options: options)), with: reference, policy: policy)
        }
    }
}
