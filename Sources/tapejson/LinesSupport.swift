import ArgumentParser
import Foundation
import TapeJSON

/// `--format` for `lines --fields`.
enum FieldFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case ndjson, csv, tsv
}

/// A field path: a JSON Pointer (`/a/0/b`) or a dotted path (`a.0.b`, where a number indexes an array).
struct FieldPath: Sendable {
    let name: String
    private let pointer: String

    init(_ text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw ValidationError("empty field name") }
        name = trimmed
        if trimmed.hasPrefix("/") {
            pointer = trimmed
        } else {
            // Each dotted segment becomes an escaped pointer token.
            pointer = trimmed.split(separator: ".", omittingEmptySubsequences: false).map {
                "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            }.joined()
        }
        do { _ = try JSONDocument(parsing: "null").value(atPointer: pointer) } catch {
            throw ValidationError("invalid field '\(text)': \(error)")
        }
    }

    func value(in root: JSONValue) -> JSONValue? { (try? root.value(atPointer: pointer)) ?? nil }
}

/// `--fields a,b.c` with its output format.
struct FieldSelection: Sendable {
    let paths: [FieldPath]
    let format: FieldFormat

    init(_ list: String, format: FieldFormat) throws {
        paths = try list.split(separator: ",").map { try FieldPath(String($0)) }
        guard !paths.isEmpty else { throw ValidationError("--fields needs at least one field") }
        self.format = format
    }

    /// The CSV/TSV header row (none for NDJSON).
    func header() -> [UInt8]? {
        switch format {
        case .ndjson: return nil
        case .csv: return Array((paths.map { csvCell($0.name) }.joined(separator: ",") + "\r\n").utf8)
        case .tsv: return Array((paths.map { tsvCell($0.name) }.joined(separator: "\t") + "\n").utf8)
        }
    }

    /// One output record for a document. Missing fields are `null` (NDJSON) or empty cells.
    func render(_ root: JSONValue) -> [UInt8] {
        switch format {
        case .ndjson:
            var writer = JSONTextWriter()
            writer.writeRaw("{")
            for (k, path) in paths.enumerated() {
                if k > 0 { writer.writeRaw(",") }
                writer.writeString(path.name)
                writer.writeRaw(":")
                if let value = path.value(in: root) { writer.write(value) } else { writer.writeRaw("null") }
            }
            writer.writeRaw("}\n")
            return writer.bytes
        case .csv:
            return Array((paths.map { csvCell(cellText($0.value(in: root))) }.joined(separator: ",") + "\r\n").utf8)
        case .tsv:
            return Array((paths.map { tsvCell(cellText($0.value(in: root))) }.joined(separator: "\t") + "\n").utf8)
        }
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

/// `--where PATH=VALUE`: VALUE is compared as JSON when it is a JSON scalar (`500`, `true`, `null`,
/// `"text"`), otherwise as a plain string against string fields.
struct FieldFilter: Sendable {
    let path: FieldPath
    private let expected: Expected

    private enum Expected: Sendable {
        case string(String)
        case number(Double)
        case integer(Int64)
        case bool(Bool)
        case null
    }

    init(_ text: String) throws {
        guard let equals = text.firstIndex(of: "=") else { throw ValidationError("--where needs PATH=VALUE, got '\(text)'") }
        path = try FieldPath(String(text[..<equals]))
        let literal = String(text[text.index(after: equals)...])
        if let document = try? JSONDocument(parsing: literal) {
            let value = document.root
            switch value.kind {
            case .string: expected = .string(value.string ?? "")
            case .int: expected = .integer(value.int64 ?? 0)
            case .uint, .double: expected = .number(value.double ?? 0)
            case .bool: expected = .bool(value.bool ?? false)
            case .null: expected = .null
            case .object, .array: throw ValidationError("--where compares scalars only, got '\(literal)'")
            }
        } else {
            expected = .string(literal)
        }
    }

    func matches(_ root: JSONValue) -> Bool {
        guard let value = path.value(in: root) else { return false }
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
}

/// The progress bar on stderr (only when it is a terminal): bytes, lines/s, MB/s and ETA.
final class ProgressLine {
    private let enabled: Bool
    private let totalBytes: Int?
    private let started = ContinuousClock.now
    private var lastDraw = ContinuousClock.now
    private var drawn = false

    init(path: String) {
        enabled = isatty(2) == 1
        var info = stat()
        if path != "-", stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { totalBytes = Int(info.st_size) } else { totalBytes = nil }
    }

    func update(_ summary: JSONLinesSummary) {
        guard enabled else { return }
        let now = ContinuousClock.now
        guard seconds(now - lastDraw) >= 0.2 else { return }
        lastDraw = now
        let elapsed = max(seconds(now - started), 1e-9)
        let rate = Double(summary.bytes) / elapsed
        var text = String(format: "%.1f MB, %.0f lines/s, %.1f MB/s", Double(summary.bytes) / 1e6, Double(summary.lines) / elapsed, rate / 1e6)
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
