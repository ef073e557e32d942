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

    @OptionGroup var stream: LineStreamOptions

    /// The pointer whose items are streamed, if the input is one document.
    var itemsPointer: String? { stream.itemsPointer }

    func validate() throws {
        try stream.validate(path: path)
        if count && fields != nil { throw ValidationError("--count and --fields cannot be combined") }
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
        let selection = try fields.map { try FieldSelection($0, format: format ?? .ndjson, crlf: crlf) }
        let conditions = try filters.map { try FieldFilter($0) }
        let anyCondition = any
        let countOnly = count
        let compact = itemsPointer != nil
        let progress = ProgressLine(path: path, forced: stream.progress, unit: stream.unit)
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
        let path = self.path
        let stream = self.stream
        func report(_ error: JSONLineError) { stream.report(error, path: path, progress: progress, shape: shape) }
        do {
            if let itemsPointer, countOnly && conditions.isEmpty {
                // Validation only: runs of items are counted without being handed out.
                summary = try stream.items(path, pointer: itemsPointer).count(jobs: stream.workers, onInvalidLine: report)
                matched = summary.documents
            } else {
                summary = try stream.map(path, transform, each: emit, onInvalidLine: report, onProgress: { progress.update($0) })
            }
        } catch {
            try stream.fail(error, path: path, progress: progress, shape: shape, out: &out, stopped: { error, out in
                if countOnly && conditions.isEmpty && itemsPointer != nil { matched = error.summary.documents }
                if countOnly { try out.write("\(matched)\n") }
            }, stoppedSummary: { error in
                let elapsed = max((ContinuousClock.now - started) / .seconds(1), 1e-9)
                return stream.summaryLine(path, error.summary, matched: conditions.isEmpty ? nil : matched,
                                          written: countOnly ? nil : written, elapsed: elapsed)
                    + ", \(grouped(error.unreadBytes)) bytes unread"
            })
        }
        progress.clear()
        if count { try out.write("\(matched)\n") }
        try out.flush()
        if !stream.quiet {
            let elapsed = max((ContinuousClock.now - started) / .seconds(1), 1e-9)
            Diagnostics.error(stream.summaryLine(path, summary, matched: conditions.isEmpty ? nil : matched,
                                                 written: countOnly ? nil : written, elapsed: elapsed))
        }
        if summary.documents > 0 {
            for warning in presence.warnings(unit: stream.unit) { Diagnostics.error("tapejson: warning: \(warning)") }
        }
        if summary.invalid > 0 { shape.printHint() }
        if stream.onError == .report && summary.invalid > 0 { throw ExitCode(ExitStatus.invalid) }
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
