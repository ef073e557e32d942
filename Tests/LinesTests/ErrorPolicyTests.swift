import Foundation
import TapeJSON
import Testing

/// Where bad lines sit among good ones.
enum Layout: String, CaseIterable, Sendable {
    case noBadLines, atStart, inMiddle, atEnd, startMiddleAndEnd, consecutive, everyOtherLine, onlyBadLines

    /// 60 good lines with bad ones placed per the layout (every kind of bad line appears in some layout).
    var input: [UInt8] {
        var sample = Sample(seed: 7)
        let good = sample.goodLines(60).map { Array($0.utf8) }
        let bad = BadLines.all
        var lines: [[UInt8]]
        switch self {
        case .noBadLines: lines = good
        case .atStart: lines = [bad[0]] + good
        case .inMiddle: lines = Array(good[..<30]) + [bad[1]] + Array(good[30...])
        case .atEnd: lines = good + [bad[2]]
        case .startMiddleAndEnd: lines = [bad[3]] + Array(good[..<30]) + [bad[4]] + Array(good[30...]) + [bad[5]]
        case .consecutive: lines = Array(good[..<20]) + bad + Array(good[20...])
        case .everyOtherLine:
            lines = []
            for (k, line) in good.enumerated() {
                lines.append(line)
                lines.append(bad[k % bad.count])
            }
        case .onlyBadLines: lines = bad
        }
        return joinLines(lines)
    }
}

// MARK: - Every policy accounts for every line

@Suite("Error policies")
struct ErrorPolicyTests {
    @Test("fail, skip and report agree with the line-by-line reference", arguments: Layout.allCases, JSONLinesErrorPolicy.allCases)
    func policies(layout: Layout, policy: JSONLinesErrorPolicy) throws {
        let input = layout.input
        let reference = Reference.lines(input)
        let directory = try TemporaryDirectory()
        let path = try directory.write(input)
        for window in [Windows.tiny, Windows.small, Windows.standard] {
            let options = Windows.with(window, policy: policy)
            expectAgrees(try collect(JSONLines(bytes: input, options: options)), with: reference, policy: policy)
            expectAgrees(try collect(JSONLines(path: path, options: options)), with: reference, policy: policy)
        }
    }

    @Test("the count of an input with bad lines", arguments: JSONLinesErrorPolicy.allCases)
    func count(policy: JSONLinesErrorPolicy) throws {
        let input = Layout.startMiddleAndEnd.input
        let reference = Reference.lines(input)
        var reported: [SeenError] = []
        let reader = JSONLines(bytes: input, options: JSONLinesOptions(errorPolicy: policy))
        switch policy {
        case .fail:
            #expect(throws: JSONLineError.self) { try reader.count() }
        case .skip, .report:
            let summary = try reader.count { reported.append(SeenError($0)) }
            #expect(summary.documents == reference.filter(\.isValid).count)
            #expect(summary.invalid == 3)
            #expect(summary.lines == reference.count)
            #expect(reported == (policy == .report ? reference.filter { !$0.isValid }.map(SeenError.init) : []))
        }
    }

    @Test("fail stops at the first bad line: nothing after it is delivered")
    func failStops() throws {
        let input = Array("{\"a\":1}\n{\"a\":2}\n{oops}\n{\"a\":3}\n[[\n".utf8)
        var seen: [Int] = []
        do {
            try JSONLines(bytes: input).forEach { line in seen.append(line.lineNumber) }
            Issue.record("no error thrown")
        } catch let error as JSONLineError {
            #expect(error.line == 3)
            #expect(error.column == 2)
            #expect(error.offset == 17)
            #expect((error.underlying as? JSONError)?.kind == .unexpectedCharacter)
        }
        #expect(seen == [1, 2])
    }

    @Test("errors carry the line, the column in Unicode scalars and the absolute offset")
    func positions() throws {
        let text = "{\"a\":1}\n{\"a\":}\n\n{\"b\":[1,2,]}\r\n{\"a\":1} {\"b\":2}\n{\"c\":\n1}\n  {\"é\":\"ü\" x}\n{\"d\":"
        let reader = JSONLines(bytes: Array(text.utf8), options: JSONLinesOptions(errorPolicy: .report))
        var errors: [JSONLineError] = []
        let summary = try reader.forEach({ _ in }, onInvalidLine: { errors.append($0) })
        #expect(errors.map { "\($0.line):\($0.column)" } == ["2:6", "4:11", "5:9", "6:6", "7:2", "8:12", "9:6"])
        #expect(errors.map(\.offset) == [13, 26, 38, 51, 53, 68, 76])
        #expect(errors.map { ($0.underlying as? JSONError)?.kind } == [
            .unexpectedCharacter, .unexpectedCharacter, .trailingContent, .unexpectedEndOfInput, .trailingContent,
            .unexpectedCharacter, .unexpectedEndOfInput,
        ])
        #expect(summary == {
            var s = JSONLinesSummary()
            s.lines = 8
            s.documents = 1
            s.invalid = 7
            s.bytes = text.utf8.count
            return s
        }())
        #expect(errors[0].description == "line 2, column 6: \(errors[0].message)")
        #expect(errors[0].message.contains("unexpected character"))
    }

    @Test("an error thrown by the body stops the pass and propagates unchanged")
    func bodyErrors() throws {
        struct Stop: Error {}
        var seen = 0
        #expect(throws: Stop.self) {
            try JSONLines(bytes: Layout.noBadLines.input, options: JSONLinesOptions(errorPolicy: .skip)).forEach { _ in
                seen += 1
                if seen == 5 { throw Stop() }
            }
        }
        #expect(seen == 5)
    }
}
