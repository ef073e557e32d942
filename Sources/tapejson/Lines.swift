import ArgumentParser
import Foundation
import TapeJSON

/// `tapejson lines PATH|-`
struct Lines: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Stream a JSON Lines (NDJSON) file: count, filter, extract fields.",
        discussion: """
            Without --count or --fields, prints the valid (and matching) lines unchanged. \
            Exit status: 0 done; 1 a bad line under --on-error fail, or any bad line under report; \
            2 usage or I/O errors. A one-line summary goes to stderr (lines read, valid, invalid, matched by \
            --where, written); a progress bar too when stderr is a terminal. A --where or --fields path that \
            no valid line contained is named in a warning at the end (a misspelled field matches nothing).
            """ + " " + ExitStatus.outputFailures
    )

    @Argument(help: "The JSON Lines file; '-' or none reads standard input.")
    var path: String = "-"

    @Flag(name: .long, help: "Print only the number of documents (valid ones; with --where, matching ones).")
    var count = false

    @Option(name: .long, help: "Comma-separated fields to print: dotted paths (a.b.0.c) or JSON Pointers (/a/b), each optionally renamed (status=http.status). NDJSON nests them: http.status gives {\"http\":{\"status\":…}}.")
    var fields: String?

    @Option(name: .long, help: "Output format for --fields (required with --format): ndjson (default), csv or tsv.")
    var format: FieldFormat?

    @Option(name: .customLong("where"), help: ArgumentHelp(
        "Keep documents whose field passes a test (repeatable; all must hold, or any with --any): PATH=VALUE, PATH!=VALUE, PATH<VALUE, PATH<=VALUE, PATH>VALUE, PATH>=VALUE, PATH~REGEX, 'PATH exists', 'PATH !exists'. VALUE's type is its JSON syntax: 500 is a number, '\"500\"' a string, true/false/null themselves, a bare word (ERROR) a string. < <= > >= compare numbers with numbers, strings with strings; ~ matches strings; a missing field is != everything. Spaces around PATH, the operator and VALUE are dropped (level = ERROR is level=ERROR); quote a value whose own spaces matter. A path no line has is named in a warning.",
        valueName: "test"))
    var filters: [String] = []

    @Flag(name: .long, help: "Keep documents that pass any --where test instead of all of them.")
    var any = false

    @Flag(name: .long, help: "End CSV records with \\r\\n (RFC 4180) instead of \\n.")
    var crlf = false

    @Flag(name: .long, help: "Show the progress line on stderr even when it is not a terminal (batch logs).")
    var progress = false

    @Option(name: .long, help: "Bad lines: fail (stop, exit 1), skip (count them), report (print each, exit 1 at the end).")
    var onError: ErrorPolicyOption = .fail

    // No default value ArgumentParser would print after the help's own "(default: …)".
    @Option(name: .long, help: ArgumentHelp(
        "Workers, this thread included: N - 1 threads are started (default: the number of processors, \(ProcessInfo.processInfo.activeProcessorCount) here).",
        valueName: "n"))
    var jobs: Int?

    /// `--jobs`, or the number of processors.
    var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    @Option(name: .long, help: "Read only shard I of N (I/N, 0-based) of the file's bytes, split at line boundaries.")
    var shard: String?

    @Flag(name: .long, help: "No summary line on stderr.")
    var quiet = false

    @Option(name: .long, help: ArgumentHelp(
        "The longest line parsed (bytes); a longer one is a bad line ('document too large'), skipped without being held when reading a file.",
        valueName: "bytes"))
    var maxDocumentSize: Int = SIMDImplementation.maxDocumentSize

    @Option(name: .long, help: ArgumentHelp(
        "The input is one JSON document: stream the items (elements, or member values) of the array or object at this JSON Pointer instead of lines, e.g. /Records ('' for a top-level array; LINE:COLUMN locate each bad item; every other option applies, --shard splitting the document's bytes among the items).",
        valueName: "pointer"))
    var items: String?

    @Flag(name: .long, help: "The same as --items '': the input is one top-level JSON array.")
    var array = false

    /// The pointer whose items are streamed, if the input is one document.
    var itemsPointer: String? { items ?? (array ? "" : nil) }

    func validate() throws {
        guard workers >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard maxDocumentSize >= 1 else { throw ValidationError("--max-document-size must be at least 1") }
        if let shard { _ = try ShardSpec(shard) }
        if count && fields != nil { throw ValidationError("--count and --fields cannot be combined") }
        if shard != nil && path == "-" { throw ValidationError("--shard needs a file, not standard input") }
        if items != nil && array { throw ValidationError("--array is --items ''; give one of them") }
        if let items {
            do { _ = try JSONDocument(parsing: "null").value(atPointer: items) } catch {
                throw ValidationError("--items: \(error)")
            }
        }
        for filter in filters { _ = try FieldFilter(filter) }
        if format != nil && fields == nil { throw ValidationError("--format applies to --fields: give the fields to write") }
        if crlf && format != .csv { throw ValidationError("--crlf applies to --format csv") }
        if let fields { _ = try FieldSelection(fields, format: format ?? .ndjson) }
    }

    /// What a worker makes of one line.
    enum Output: Sendable {
        case filteredOut
        case matched([UInt8])
    }

    func run() throws {
        let options = JSONLinesOptions(errorPolicy: onError.policy, maxDocumentSize: maxDocumentSize)
        var reader = JSONLines(path: path, options: options)
        if let shard {
            let spec = try ShardSpec(shard)
            reader = reader.shard(spec.index, of: spec.count)
        }
        let selection = try fields.map { try FieldSelection($0, format: format ?? .ndjson, crlf: crlf) }
        let conditions = try filters.map { try FieldFilter($0) }
        let anyCondition = any
        let countOnly = count
        let compact = itemsPointer != nil
        let progress = ProgressLine(path: path, forced: self.progress, unit: itemsPointer == nil ? "line" : "item")
        var out = StandardOutput()
        if let selection, let header = selection.header() { try out.write(header) }
        let started = ContinuousClock.now
        var matched = 0
        var written = 0
        let summary: JSONLinesSummary
        let presence = FieldPresence(filters: conditions, filterTexts: filters, fields: selection, fieldsText: fields)
        let noting = !presence.isEmpty
        let shape = InputShapeHint(path: path, items: itemsPointer != nil)
        let needsRoot = noting || !conditions.isEmpty || selection != nil
        let transform: @Sendable (borrowing JSONLine) throws -> Output = { line in
            // One document per line, shared by the presence check, the filters and the fields.
            let root = needsRoot ? line.document.root : nil
            if noting, let root { presence.note(root) }
            if !conditions.isEmpty, let root {
                let kept = anyCondition ? conditions.contains { $0.matches(root) } : conditions.allSatisfy { $0.matches(root) }
                guard kept else { return .filteredOut }
            }
            if countOnly { return .matched([]) }
            if let selection, let root { return .matched(try selection.render(root)) }
            // Items may span lines: re-serialize them compactly. Lines pass through unchanged.
            return .matched(compact ? compactText(line) : Array(line.bytes.withUnsafeBufferPointer { $0 }) + [0x0A])
        }
        func emit(_ output: Output) throws {
            if case .matched(let bytes) = output {
                matched += 1
                if !bytes.isEmpty {
                    try out.write(bytes)
                    written += 1
                }
            }
        }
        func report(_ error: JSONLineError) {
            progress.clear()
            shape.noteInvalid(error)
            Diagnostics.error("\(path):\(error.line):\(error.column): \(error.message)")
        }
        do {
            if let itemsPointer {
                var stream = JSONItemStream(path: path, pointer: itemsPointer, options: options)
                if let shard {
                    let spec = try ShardSpec(shard)
                    stream = stream.shard(spec.index, of: spec.count)
                }
                if countOnly && conditions.isEmpty {
                    // Validation only: runs of items are counted without being handed out.
                    summary = try stream.count(jobs: workers, onInvalidLine: report)
                    matched = summary.documents
                } else {
                    summary = try stream.map(jobs: workers, ordered: true, transform, each: { output, _ in try emit(output) },
                                             onInvalidLine: report, onProgress: { progress.update($0) })
                }
            } else {
                summary = try reader.map(jobs: workers, ordered: true, transform, each: { output, _ in try emit(output) },
                                         onInvalidLine: report, onProgress: { progress.update($0) })
            }
        } catch let error as JSONLineError {
            progress.clear()
            try out.flush()
            shape.noteInvalid(error)
            Diagnostics.error("\(path):\(error.line):\(error.column): \(error.message)")
            shape.printHint()
            throw ExitCode(ExitStatus.invalid)
        } catch let error as JSONStreamStoppedError {
            // Whatever --on-error says: the rest of the input was not read, so the run is not a success.
            progress.clear()
            if countOnly && conditions.isEmpty && itemsPointer != nil { matched = error.summary.documents }
            if count { try out.write("\(matched)\n") }
            try out.flush()
            Diagnostics.error("\(path):\(error.line):\(error.column): \(error.message)")
            if !quiet {
                let elapsed = max(seconds(ContinuousClock.now - started), 1e-9)
                Diagnostics.error(summaryLine(error.summary, matched: conditions.isEmpty ? nil : matched,
                                              written: countOnly ? nil : written, elapsed: elapsed)
                                  + ", \(grouped(error.unreadBytes)) bytes unread")
            }
            throw ExitCode(ExitStatus.invalid)
        } catch let error as JSONInputError {
            progress.clear()
            try out.flush()
            Diagnostics.error("tapejson: \(error)")
            throw ExitCode(ExitStatus.usageOrIO)
        } catch let error as JSONItemPointerError {
            progress.clear()
            try out.flush()
            Diagnostics.error("\(path): \(error)")
            throw ExitCode(ExitStatus.invalid)
        }
        progress.clear()
        if count { try out.write("\(matched)\n") }
        try out.flush()
        if !quiet {
            let elapsed = max(seconds(ContinuousClock.now - started), 1e-9)
            Diagnostics.error(summaryLine(summary, matched: conditions.isEmpty ? nil : matched,
                                          written: countOnly ? nil : written, elapsed: elapsed))
        }
        if summary.documents > 0 {
            for warning in presence.warnings(unit: itemsPointer == nil ? "line" : "item") { Diagnostics.error("tapejson: warning: \(warning)") }
        }
        if summary.invalid > 0 { shape.printHint() }
        if onError == .report && summary.invalid > 0 { throw ExitCode(ExitStatus.invalid) }
    }
}

extension Lines {
    /// The summary on stderr: `tapejson: PATH: 1,000 lines, 998 valid, 2 invalid, 12 matched, 12 written,
    /// 0.1 MB in 0.01 s (10.0 MB/s, 100000 lines/s)`, with "items" for `--items`, singular for one,
    /// "matched" only with `--where` and "written" unless `--count`.
    func summaryLine(_ summary: JSONLinesSummary, matched: Int?, written: Int?, elapsed: Double) -> String {
        let unit = itemsPointer == nil ? "line" : "item"
        var parts = [counted(summary.lines, unit), "\(grouped(summary.documents)) valid", "\(grouped(summary.invalid)) invalid"]
        if let matched { parts.append("\(grouped(matched)) matched") }
        if let written { parts.append("\(grouped(written)) written") }
        let rate = String(format: "%.1f MB in %.2f s (%.1f MB/s, %.0f %@s/s)", Double(summary.bytes) / 1e6, elapsed,
                          Double(summary.bytes) / 1e6 / elapsed, Double(summary.lines) / elapsed, unit)
        return "tapejson: \(path): " + parts.joined(separator: ", ") + ", " + rate
    }
}

/// `1 line`, `2 lines`, `1,000 lines`.
func counted(_ n: Int, _ noun: String) -> String {
    "\(grouped(n)) \(noun)\(n == 1 ? "" : "s")"
}

/// `n` with its thousands grouped by commas (`1,234,567`), whatever the locale.
func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = n < 0 ? "-" : ""
    for (k, digit) in digits.enumerated() {
        if k > 0 && (digits.count - k) % 3 == 0 { out.append(",") }
        out.append(digit)
    }
    return out
}

/// `--on-error` values.
enum ErrorPolicyOption: String, ExpressibleByArgument, CaseIterable {
    case fail, skip, report

    var policy: JSONLinesErrorPolicy {
        switch self {
        case .fail: return .fail
        case .skip: return .skip
        case .report: return .report
        }
    }
}

/// `--shard I/N`.
struct ShardSpec {
    let index: Int
    let count: Int

    init(_ text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 0, index < count
        else { throw ValidationError("--shard must be I/N with 0 <= I < N, such as 0/4") }
        self.index = index
        self.count = count
    }
}

/// A line (or array element) as one line of compact JSON.
func compactText(_ line: borrowing JSONLine) -> [UInt8] {
    var writer = JSONTextWriter()
    var state = JSONTextWriter.SeparatorState()
    var events = line.events
    while let event = events.next() { writer.write(event, separators: &state) }
    writer.bytes.append(0x0A)
    return writer.bytes
}
