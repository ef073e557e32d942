import ArgumentParser
import Foundation
import Synchronization
import TapeJSON

/// `--format` for `lines --fields`.
enum FieldFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case ndjson, csv, tsv
}

/// A field path: a JSON Pointer (`/a/0/b`) or a dotted path (`a.0.b`, where a number indexes an array),
/// optionally renamed in the output (`status=http.status`).
struct FieldPath: Sendable {
    /// How the field is named in the output: its alias, or the path as written.
    let name: String
    /// Where NDJSON output puts the field: the alias as one key, or the path's steps (nested objects).
    let outputSteps: [String]
    /// The path as written (without its alias), for messages.
    let text: String
    private let pointer: String

    init(_ text: String) throws {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        var alias: String?
        if let equals = trimmed.firstIndex(of: "="), equals != trimmed.startIndex {
            alias = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            trimmed = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        }
        guard !trimmed.isEmpty, alias?.isEmpty != true else { throw ValidationError("empty field name in '\(text)'") }
        let steps: [String]
        if trimmed.hasPrefix("/") {
            pointer = trimmed
            steps = trimmed.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            }
        } else {
            // Each dotted segment becomes an escaped pointer token.
            steps = trimmed.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            pointer = steps.map {
                "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            }.joined()
        }
        name = alias ?? trimmed
        self.text = trimmed
        outputSteps = alias.map { [$0] } ?? steps
        do { _ = try JSONDocument(parsing: "null").value(atPointer: pointer) } catch {
            throw ValidationError("invalid field '\(text)': \(error)")
        }
    }

    func value(in root: JSONValue) -> JSONValue? { (try? root.value(atPointer: pointer)) ?? nil }
}

/// Where each field goes in an NDJSON record: fields sharing a first step share one object
/// (`--fields http.status,http.method` gives `{"http":{"status":…,"method":…}}`).
indirect enum FieldLayout: Sendable {
    case field(Int)
    case object([(key: String, value: FieldLayout)])

    /// The layout of `paths`, in their order. A field whose place is taken (`a` and then `a.b`, or
    /// `a.b` and then `a`) is written under its whole name at the top instead.
    static func of(_ paths: [FieldPath]) -> [(key: String, value: FieldLayout)] {
        var top: [(key: String, value: FieldLayout)] = []
        for (index, path) in paths.enumerated() where !insert(index, path.outputSteps[...], into: &top) {
            top.append((path.name, .field(index)))
        }
        return top
    }

    private static func insert(_ index: Int, _ steps: ArraySlice<String>,
                               into members: inout [(key: String, value: FieldLayout)]) -> Bool {
        let key = steps.first!
        let existing = members.firstIndex { $0.key == key }
        if steps.count == 1 {
            guard existing == nil else { return false }
            members.append((key, .field(index)))
            return true
        }
        guard let existing else {
            var inner: [(key: String, value: FieldLayout)] = []
            _ = insert(index, steps.dropFirst(), into: &inner)
            members.append((key, .object(inner)))
            return true
        }
        guard case .object(var inner) = members[existing].value else { return false }
        guard insert(index, steps.dropFirst(), into: &inner) else { return false }
        members[existing].value = .object(inner)
        return true
    }
}

/// `--fields a,b.c` with its output format.
struct FieldSelection: Sendable {
    let paths: [FieldPath]
    let format: FieldFormat
    let layout: [(key: String, value: FieldLayout)]
    /// How CSV records end: `\n`, or `\r\n` (RFC 4180) with `--crlf`.
    let csvLineEnd: String

    init(_ list: String, format: FieldFormat, crlf: Bool = false) throws {
        csvLineEnd = crlf ? "\r\n" : "\n"
        paths = try list.split(separator: ",").map { try FieldPath(String($0)) }
        guard !paths.isEmpty else { throw ValidationError("--fields needs at least one field") }
        self.format = format
        layout = FieldLayout.of(paths)
    }

    /// The CSV/TSV header row (none for NDJSON).
    func header() -> [UInt8]? {
        switch format {
        case .ndjson: return nil
        case .csv: return Array((paths.map { csvCell($0.name) }.joined(separator: ",") + csvLineEnd).utf8)
        case .tsv: return Array((paths.map { tsvCell($0.name) }.joined(separator: "\t") + "\n").utf8)
        }
    }

    /// One output record for a document. Missing fields are `null` (NDJSON, written as nested objects
    /// through `JSONStreamWriter`) or empty cells.
    func render(_ root: JSONValue) throws -> [UInt8] {
        switch format {
        case .ndjson:
            let writer = JSONStreamWriter(layout: .compact, capacity: 256)
            try write(layout, of: root, to: writer)
            return writer.bytes
        case .csv:
            return Array((paths.map { csvCell(cellText($0.value(in: root))) }.joined(separator: ",") + csvLineEnd).utf8)
        case .tsv:
            return Array((paths.map { tsvCell(cellText($0.value(in: root))) }.joined(separator: "\t") + "\n").utf8)
        }
    }

    private func write(_ members: [(key: String, value: FieldLayout)], of root: JSONValue,
                       to writer: JSONStreamWriter) throws {
        try writer.beginObject()
        for (key, node) in members {
            try writer.key(key)
            switch node {
            case .field(let index):
                if let value = paths[index].value(in: root) { try writer.value(value) } else { try writer.null() }
            case .object(let inner):
                try write(inner, of: root, to: writer)
            }
        }
        try writer.endObject()
    }

    /// A string's text, any other value's JSON text, nothing for null or a missing field.
    private func cellText(_ value: JSONValue?) -> String {
        guard let value, !value.isNull else { return "" }
        return value.string ?? value.jsonText
    }

    /// RFC 4180: quote a field holding a comma, quote, CR or LF, doubling its quotes.
    private func csvCell(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// TSV cannot hold tabs or line breaks in a field: they are escaped as `\t`, `\n`, `\r` (and `\` as `\\`).
    private func tsvCell(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// `--where`: one condition on a field.
///
/// `PATH=VALUE`, `PATH!=VALUE`, `PATH<VALUE`, `PATH<=VALUE`, `PATH>VALUE`, `PATH>=VALUE`, `PATH~REGEX`,
/// `PATH exists`, `PATH !exists`. VALUE's type is its JSON syntax: `500` and `1.5` are numbers, `"500"`
/// is a string, `true`, `false` and `null` are themselves; anything that is not a JSON scalar (`ERROR`)
/// is a string. `=` holds for the same type and value (a number equals a number of the same value,
/// whatever its text); `!=` is its negation (a missing field is `!=` everything). `<`, `<=`, `>`, `>=`
/// compare numbers with numbers and strings with strings (by UTF-8 bytes); other types never match.
/// `~` holds for a string field containing a match of the regular expression.
///
/// Spaces around PATH, the operator and VALUE are dropped (`level = ERROR` is `level=ERROR`); a value
/// whose own spaces matter is quoted (`msg=" x "`, and `msg~" x"` for a regular expression).
struct FieldFilter: Sendable {
    let path: FieldPath
    private let test: Test

    private enum Expected: Sendable {
        case string(String)
        case number(Double)
        case integer(Int64)
        case bool(Bool)
        case null
    }

    private enum Order: String, Sendable { case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=" }

    private enum Test: @unchecked Sendable {
        case equal(Expected)
        case notEqual(Expected)
        case ordered(Order, Expected)
        case matches(Regex<AnyRegexOutput>)
        case exists(Bool)
    }

    /// The operators, two-character ones first.
    private static let operators = ["!=", "<=", ">=", "=", "<", ">", "~"]

    /// Whether the test holds where the field is missing (`PATH !exists`): such a path missing from
    /// every line is no mistake to warn about.
    var testsAbsence: Bool {
        if case .exists(false) = test { return true }
        return false
    }

    init(_ written: String) throws {
        let text = written.trimmingCharacters(in: .whitespaces)
        for (suffix, present) in [(" !exists", false), (" exists", true)] where text.hasSuffix(suffix) {
            path = try FieldPath(String(text.dropLast(suffix.count)))
            test = .exists(present)
            return
        }
        var found: (range: Range<String.Index>, op: String)?
        for op in Self.operators {
            if let range = text.range(of: op), found == nil || range.lowerBound < found!.range.lowerBound {
                found = (range, op)
            }
        }
        guard let found, found.range.lowerBound != text.startIndex else {
            throw ValidationError("--where needs PATH=VALUE (or != < <= > >= ~, or 'PATH exists'), got '\(text)'")
        }
        path = try FieldPath(String(text[..<found.range.lowerBound]))
        // `level = ERROR` is `level=ERROR`: the spaces around the value are no part of it.
        let literal = text[found.range.upperBound...].trimmingCharacters(in: .whitespaces)
        guard !literal.isEmpty || found.op == "=" || found.op == "!=" else {
            throw ValidationError("--where \(text): no value after \(found.op)")
        }
        switch found.op {
        case "~":
            // A quoted expression keeps its spaces (`msg~" x"`).
            var pattern = literal
            if literal.count >= 2, literal.hasPrefix("\""), literal.hasSuffix("\""),
               let document = try? JSONDocument(parsing: literal), let string = document.root.string {
                pattern = string
            }
            do { test = .matches(try Regex(pattern)) } catch {
                throw ValidationError("--where \(text): not a regular expression: \(error)")
            }
        case "=": test = .equal(try Self.expected(literal))
        case "!=": test = .notEqual(try Self.expected(literal))
        default:
            let expected = try Self.expected(literal)
            switch expected {
            case .string, .number, .integer: break
            case .bool, .null: throw ValidationError("--where \(text): \(found.op) compares numbers or strings")
            }
            test = .ordered(Order(rawValue: found.op)!, expected)
        }
    }

    private static func expected(_ literal: String) throws -> Expected {
        guard let document = try? JSONDocument(parsing: literal) else { return .string(literal) }
        let value = document.root
        switch value.kind {
        case .string: return .string(value.string ?? "")
        case .int: return .integer(value.int64 ?? 0)
        case .uint, .double: return .number(value.double ?? 0)
        case .bool: return .bool(value.bool ?? false)
        case .null: return .null
        case .object, .array: throw ValidationError("--where compares scalars only, got '\(literal)'")
        }
    }

    func matches(_ root: JSONValue) -> Bool {
        let value = path.value(in: root)
        switch test {
        case .exists(let present): return (value != nil) == present
        case .equal(let expected): return value.map { Self.equal($0, expected) } ?? false
        case .notEqual(let expected): return !(value.map { Self.equal($0, expected) } ?? false)
        case .matches(let regex):
            guard let text = value?.string else { return false }
            return text.contains(regex)
        case .ordered(let order, let expected):
            guard let value, let sign = Self.compare(value, expected) else { return false }
            switch order {
            case .less: return sign < 0
            case .lessOrEqual: return sign <= 0
            case .greater: return sign > 0
            case .greaterOrEqual: return sign >= 0
            }
        }
    }

    private static func equal(_ value: JSONValue, _ expected: Expected) -> Bool {
        switch expected {
        case .string(let text): return value.string == text
        case .integer(let n):
            if let m = value.int64 { return m == n }
            return value.double == Double(n)
        case .number(let x): return value.double == x
        case .bool(let b): return value.bool == b
        case .null: return value.isNull
        }
    }

    /// The sign of value - expected, for a number against a number or a string against a string.
    private static func compare(_ value: JSONValue, _ expected: Expected) -> Int? {
        switch expected {
        case .string(let text):
            guard let string = value.string else { return nil }
            if string.utf8.elementsEqual(text.utf8) { return 0 }
            return string.utf8.lexicographicallyPrecedes(text.utf8) ? -1 : 1
        case .integer(let n):
            if let m = value.int64 { return m < n ? -1 : (m == n ? 0 : 1) }
            guard let x = value.double else { return nil }
            return x < Double(n) ? -1 : (x == Double(n) ? 0 : 1)
        case .number(let y):
            guard let x = value.double else { return nil }
            return x < y ? -1 : (x == y ? 0 : 1)
        case .bool, .null:
            return nil
        }
    }
}

/// The progress bar on stderr (only when it is a terminal): bytes, lines/s, MB/s and ETA.
final class ProgressLine {
    private let enabled: Bool
    private let totalBytes: Int?
    private let started = ContinuousClock.now
    private var lastDraw = ContinuousClock.now - .seconds(1)   // the first update draws
    private var drawn = false
    /// What is counted: `line`, or `item` with `--items`.
    private let unit: String

    /// Drawn when stderr is a terminal, or always when `forced` (`--progress`).
    init(path: String, forced: Bool = false, unit: String = "line") {
        enabled = forced || isatty(2) == 1
        self.unit = unit
        var info = stat()
        if path != "-", stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { totalBytes = Int(info.st_size) } else { totalBytes = nil }
    }

    func update(_ summary: JSONLinesSummary) {
        guard enabled else { return }
        let now = ContinuousClock.now
        guard (now - lastDraw) / .seconds(1) >= 0.2 else { return }
        lastDraw = now
        let elapsed = max((now - started) / .seconds(1), 1e-9)
        let rate = Double(summary.bytes) / elapsed
        var text = String(format: "%.1f MB, %.0f %@s/s, %.1f MB/s", Double(summary.bytes) / 1e6, Double(summary.lines) / elapsed, unit, rate / 1e6)
        if let totalBytes, totalBytes > 0 {
            let fraction = min(1, Double(summary.bytes) / Double(totalBytes))
            let width = 24
            let filled = Int(fraction * Double(width))
            let eta = rate > 0 ? Double(totalBytes - summary.bytes) / rate : 0
            text = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
                + String(format: "%3.0f%% ", fraction * 100) + text + String(format: ", ETA %.0f s", eta)
        }
        Diagnostics.write("\r\u{1B}[K\(text)")
        drawn = true
    }

    func clear() {
        guard enabled, drawn else { return }
        Diagnostics.write("\r\u{1B}[K")
        drawn = false
    }
}

/// Which `--where` and `--fields` paths some valid line contained, so that a path no line had (a
/// misspelled field, which silently matches nothing) is named in a warning at the end.
///
/// `note` runs in the worker transform, on several threads: each path has an atomic flag, and a path is
/// looked up only until some line has it, so from then on it costs one relaxed load per line.
final class FieldPresence: Sendable {
    private final class Flag: Sendable {
        let seen = Atomic<Bool>(false)
    }

    /// A path to watch, and the option that named it (`--where levle=ERROR`).
    private struct Entry: Sendable {
        let path: FieldPath
        let option: String
        let flag = Flag()
    }

    private let entries: [Entry]

    init(filters: [FieldFilter], filterTexts: [String], fields: FieldSelection?, fieldsText: String? = nil) {
        var entries: [Entry] = []
        for (filter, text) in zip(filters, filterTexts) where !filter.testsAbsence {
            entries.append(Entry(path: filter.path, option: "--where \(text)"))
        }
        if let fields {
            for path in fields.paths {
                entries.append(Entry(path: path, option: "--fields " + (fieldsText ?? path.text)))
            }
        }
        self.entries = entries
    }

    /// Whether there is nothing to watch (no `--where` or `--fields`).
    var isEmpty: Bool { entries.isEmpty }

    /// Marks the paths `root` has.
    func note(_ root: JSONValue) {
        for entry in entries where !entry.flag.seen.load(ordering: .relaxed) {
            if entry.path.value(in: root) != nil { entry.flag.seen.store(true, ordering: .relaxed) }
        }
    }

    /// One warning per path no line had: `no line has the field 'levle' (--where levle=ERROR)`.
    func warnings(unit: String = "line") -> [String] {
        entries.filter { !$0.flag.seen.load(ordering: .relaxed) }.map {
            "no \(unit) has the field '\($0.path.text)' (\($0.option))"
        }
    }
}

/// The hint `lines` ends with when its input looks like one pretty-printed JSON document rather than
/// JSON Lines (its first line is `[` or `{` alone): `--items ''` (or `--array`) is what reads it.
///
/// A regular file's first line is read at the start; for standard input, the first bad line tells.
/// Used on the main thread only (the readers call `onInvalidLine` there).
final class InputShapeHint {
    private let path: String
    private let enabled: Bool
    /// `[` or `{` when the first line holds that alone.
    private var opener: String?
    private var decided = false
    private var printed = false

    init(path: String, items: Bool) {
        self.path = path
        enabled = !items
        if enabled && path != "-" {
            var info = stat()
            if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG {
                opener = Self.opener(ofFirstLineIn: path)
                decided = true
            }
        }
    }

    /// A bad line was met: the first one decides, for standard input.
    func noteInvalid(_ error: JSONLineError) {
        guard enabled, !decided else { return }
        decided = true
        guard let json = error.underlying as? JSONError, json.kind == .unexpectedEndOfInput else { return }
        let text = json.excerpt.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\u{FFFD}")))
        if text == "[" || text == "{" { opener = text }
    }

    /// Prints the hint (once) when the input looks like one document.
    func printHint() {
        guard enabled, let opener, !printed else { return }
        printed = true
        let name = path == "-" ? "the input" : path
        Diagnostics.error("tapejson: hint: \(name) opens with '\(opener)' alone on its first line: it looks like one JSON "
            + "document over many lines, not JSON Lines. --items '' (or --array) streams the items of the top-level "
            + (opener == "[" ? "array" : "object") + "; --items /POINTER (such as /Records) those of the array or object there.")
    }

    /// `[` or `{` when the first non-blank line of the file (after a byte order mark) holds that alone.
    private static func opener(ofFirstLineIn path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard var bytes = try? handle.read(upToCount: 4096).map(Array.init) else { return nil }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty { continue }
            return text == "[" || text == "{" ? text : nil
        }
        return nil
    }
}
