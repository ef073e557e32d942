import Foundation
import TapeJSON
import Testing

// MARK: - The reference: what every reader must report for an input

/// One non-blank line of an input as a naive splitter sees it: split at `\n`, drop a `\r` before it and
/// a UTF-8 byte order mark at the very start, skip lines holding only whitespace, and parse each line
/// on its own with `JSONParser`. A JSON Lines reader must agree with this on every line.
struct ReferenceLine {
    /// 1-based line number.
    var number: Int
    /// Offset of the line's first content byte in the input.
    var offset: Int
    /// The line's bytes without its line ending.
    var content: [UInt8]
    /// The compact JSON text of the line's document, when it parses.
    var text: String?
    /// Why the line does not parse on its own.
    var error: JSONError?

    var isValid: Bool { error == nil }
}

enum Reference {
    static func lines(_ input: [UInt8]) -> [ReferenceLine] {
        var result: [ReferenceLine] = []
        var start = 0
        var number = 1
        while start <= input.count {
            var end = start
            while end < input.count && input[end] != 0x0A { end += 1 }
            if start == input.count { break }
            var contentStart = start
            if start == 0 && input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
                contentStart = 3
            }
            var contentEnd = end
            if contentEnd > contentStart && input[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            let content = Array(input[contentStart..<contentEnd])
            if !content.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                var line = ReferenceLine(number: number, offset: contentStart, content: content)
                do {
                    line.text = try JSONParser.shared.parse(content).root.jsonText
                } catch {
                    line.error = error
                }
                result.append(line)
            }
            start = end + 1
            number += 1
        }
        return result
    }
}

// MARK: - What a reader delivered

/// A delivered line, copied out of the callback.
struct SeenLine: Equatable, Hashable, CustomStringConvertible {
    var number: Int
    var offset: Int
    var index: Int
    var bytes: [UInt8]
    var text: String

    init(_ line: borrowing JSONLine) {
        number = line.lineNumber
        offset = line.offset
        index = line.index
        bytes = line.bytes.withUnsafeBufferPointer { Array($0) }
        text = line.document.root.jsonText
    }

    var description: String { "line \(number) @\(offset) #\(index): \(text)" }
}

/// A rejected line's position and kind, comparable.
struct SeenError: Equatable, Hashable, CustomStringConvertible {
    var line: Int
    var column: Int
    var offset: Int
    var kind: JSONError.Kind?

    init(_ error: JSONLineError) {
        line = error.line
        column = error.column
        offset = error.offset
        kind = (error.underlying as? JSONError)?.kind
    }

    init(_ reference: ReferenceLine) {
        let error = reference.error!
        line = reference.number
        column = error.column
        offset = reference.offset + error.offset
        kind = error.kind
    }

    var description: String { "\(line):\(column) @\(offset) \(kind.map { "\($0)" } ?? "-")" }
}

/// Everything one pass of a reader produced.
struct Pass {
    var good: [SeenLine] = []
    var bad: [SeenError] = []
    var thrown: SeenError?
    var summary: JSONLinesSummary?
}

/// Reads `reader` to the end with `forEach`, collecting everything.
func collect(_ reader: JSONLines) throws -> Pass {
    var pass = Pass()
    do {
        pass.summary = try reader.forEach({ line in
            pass.good.append(SeenLine(line))
        }, onInvalidLine: { error in
            pass.bad.append(SeenError(error))
        })
    } catch let error as JSONLineError {
        pass.thrown = SeenError(error)
    }
    return pass
}

/// Expects two sequences to be equal, and on failure reports their lengths and the first difference
/// (rather than both sequences in full).
func expectSame<T: Equatable>(_ actual: [T], _ expected: [T], _ what: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
    guard actual != expected else { return }
    let k = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actual.count, expected.count)
    let got = k < actual.count ? "\(actual[k])" : "nothing"
    let wanted = k < expected.count ? "\(expected[k])" : "nothing"
    Issue.record("\(what): \(actual.count) items, expected \(expected.count); first difference at \(k): \(got), expected \(wanted)",
                 sourceLocation: sourceLocation)
}

/// Checks a pass against the reference under `policy`: the right lines delivered with the right numbers,
/// offsets and documents, the right lines rejected at the right line and column, and good + bad = lines.
func expectAgrees(_ pass: Pass, with reference: [ReferenceLine], policy: JSONLinesErrorPolicy,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    let expectedGood = reference.enumerated().filter { $0.element.isValid }
    let expectedBad = reference.filter { !$0.isValid }.map(SeenError.init)
    func expectGood(_ lines: ArraySlice<(offset: Int, element: ReferenceLine)>) {
        expectSame(pass.good.map(\.number), lines.map(\.element.number), "line numbers", sourceLocation: sourceLocation)
        expectSame(pass.good.map(\.offset), lines.map(\.element.offset), "offsets", sourceLocation: sourceLocation)
        expectSame(pass.good.map(\.index), lines.map(\.offset), "indexes", sourceLocation: sourceLocation)
        expectSame(pass.good.map(\.bytes), lines.map(\.element.content), "bytes", sourceLocation: sourceLocation)
        expectSame(pass.good.map(\.text), lines.map { $0.element.text! }, "documents", sourceLocation: sourceLocation)
    }
    switch policy {
    case .fail:
        #expect(pass.bad.isEmpty, "onInvalidLine is not called under .fail", sourceLocation: sourceLocation)
        if let first = reference.first(where: { !$0.isValid }) {
            #expect(pass.thrown == SeenError(first), "the first bad line is thrown", sourceLocation: sourceLocation)
            #expect(pass.summary == nil, sourceLocation: sourceLocation)
            expectGood(expectedGood.filter { $0.element.number < first.number }[...])
        } else {
            #expect(pass.thrown == nil, sourceLocation: sourceLocation)
            expectGood(expectedGood[...])
        }
    case .skip, .report:
        #expect(pass.thrown == nil, sourceLocation: sourceLocation)
        expectGood(expectedGood[...])
        expectSame(pass.bad, policy == .report ? expectedBad : [], "reported lines", sourceLocation: sourceLocation)
    }
    if let summary = pass.summary {
        #expect(summary.lines == reference.count, "lines", sourceLocation: sourceLocation)
        #expect(summary.documents == expectedGood.count, "documents", sourceLocation: sourceLocation)
        #expect(summary.invalid == expectedBad.count, "invalid", sourceLocation: sourceLocation)
        #expect(summary.documents + summary.invalid == summary.lines, sourceLocation: sourceLocation)
    }
}

// MARK: - Inputs

/// Deterministic sample lines (a small linear congruential generator, so every run sees the same bytes).
struct Sample {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    private static let words = ["alpha", "beta", "gamma", "Kraków", "東京", "emoji 🎉", #"quote \" inside"#,
                                #"back\\slash"#, #"new\nline"#, #"\u00e9t\u00e9"#, "tab\\there", ""]

    /// One valid JSON Lines line (without its newline), of varied shapes and lengths.
    mutating func goodLine(_ k: Int) -> String {
        switch next(10) {
        case 0: return "[\(k),\(next(1000)),\"\(Self.words[next(Self.words.count)])\"]"
        case 1: return "\(k)"
        case 2: return #"  {"k": \#(k) , "spaced" : true }  "#
        default:
            var fields = [#""k":\#(k)"#, #""level":"\#(["INFO", "WARN", "ERROR"][next(3)])""#]
            for f in 0..<next(6) {
                switch next(5) {
                case 0: fields.append(#""n\#(f)":\#(Double(next(100000)) / 7)"#)
                case 1: fields.append(#""s\#(f)":"\#(Self.words[next(Self.words.count)])""#)
                case 2: fields.append(#""o\#(f)":{"a":[1,{"b":null}],"c":false}"#)
                case 3: fields.append(#""pad\#(f)":"\#(String(repeating: "x", count: next(300)))""#)
                default: fields.append(#""z\#(f)":null"#)
                }
            }
            return "{" + fields.joined(separator: ",") + "}"
        }
    }

    /// `count` valid lines.
    mutating func goodLines(_ count: Int, from first: Int = 0) -> [String] {
        (first..<first + count).map { goodLine($0) }
    }
}

/// Lines that are not a single JSON document each.
enum BadLines {
    static let all: [[UInt8]] = [
        #"{"a":}"#, #"{"a" 1}"#, "[1,2", "tru", #"{"a":1}}"#, #"{"a":1} {"b":2}"#, #"{"a":01}"#, "{'a':1}",
        #"{"a":"\x"}"#, "]", #"{"a":1}{"b":2}"#, "1 2", #"{"a":"unterminated"#, "nul", #"{"a":[1,2,]}"#,
    ].map { Array($0.utf8) } + [
        [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D],   // {"a":"\xFF"}: invalid UTF-8
        Array(#"{"a":"#.utf8) + [0x22, 0x01, 0x22, 0x7D],          // {"a":"\u{1}"}: raw control character
    ]
}

extension Array where Element == String {
    /// The lines joined with `\n`, with a final newline.
    var jsonLines: [UInt8] { [UInt8]((joined(separator: "\n") + "\n").utf8) }
}

/// Joins byte lines with `separator` and appends `terminator` after the last.
func joinLines(_ lines: [[UInt8]], separator: [UInt8] = [0x0A], terminator: [UInt8] = [0x0A]) -> [UInt8] {
    var out: [UInt8] = []
    for (k, line) in lines.enumerated() {
        if k > 0 { out += separator }
        out += line
    }
    return out + terminator
}

// MARK: - Files

/// A temporary directory removed when the scope ends.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tapejson-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to `name` and returns its path.
    func write(_ bytes: [UInt8], name: String = "input.ndjson") throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// Small windows that force many chunks, batch growth and window growth on short test inputs.
/// (The scanner's smallest batch is 4 KiB and the chunker's smallest chunk 64 bytes.)
enum Windows {
    static let tiny = JSONLinesOptions(batchSize: 1, chunkSize: 64)
    static let small = JSONLinesOptions(batchSize: 4096, chunkSize: 1000)
    static let standard = JSONLinesOptions()

    static func with(_ options: JSONLinesOptions, policy: JSONLinesErrorPolicy) -> JSONLinesOptions {
        var copy = options
        copy.errorPolicy = policy
        return copy
    }
}
