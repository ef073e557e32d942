import ArgumentParser
import Foundation
import TapeJSON

/// The reading options of every command that streams JSON Lines or the items of one document (`lines`,
/// `patch --lines`): the error policy, workers, shard, size limit, `--items`, progress and summary.
struct LineStreamOptions: ParsableArguments {
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

    /// `line`, or `item` with `--items`.
    var unit: String { itemsPointer == nil ? "line" : "item" }

    func validate() throws {
        guard workers >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard maxDocumentSize >= 1 else { throw ValidationError("--max-document-size must be at least 1") }
        if let shard { _ = try ShardSpec(shard) }
        if items != nil && array { throw ValidationError("--array is --items ''; give one of them") }
        if let items {
            do { _ = try JSONDocument(parsing: "null").value(atPointer: items) } catch {
                throw ValidationError("--items: \(error)")
            }
        }
    }

    /// The checks that need the input's path too.
    func validate(path: String) throws {
        if shard != nil && path == "-" { throw ValidationError("--shard needs a file, not standard input") }
    }

    var readerOptions: JSONLinesOptions { JSONLinesOptions(errorPolicy: onError.policy, maxDocumentSize: maxDocumentSize) }

    /// The lines of `path` (`-`: standard input), with `--shard` applied.
    func lines(_ path: String) throws -> JSONLines {
        let reader = JSONLines(path: path, options: readerOptions)
        guard let shard else { return reader }
        let spec = try ShardSpec(shard)
        return reader.shard(spec.index, of: spec.count)
    }

    /// The items of `path` at `pointer`, with `--shard` applied.
    func items(_ path: String, pointer: String) throws -> JSONItemStream {
        let stream = JSONItemStream(path: path, pointer: pointer, options: readerOptions)
        guard let shard else { return stream }
        let spec = try ShardSpec(shard)
        return stream.shard(spec.index, of: spec.count)
    }

    /// Runs `transform` on every line (or item) of `path` on `--jobs` workers, handing the results to
    /// `each` in input order.
    func map<T: Sendable>(_ path: String, _ transform: @escaping @Sendable (borrowing JSONLine) throws -> T,
                          each: (T) throws -> Void, onInvalidLine: (JSONLineError) throws -> Void,
                          onProgress: (JSONLinesSummary) -> Void) throws -> JSONLinesSummary {
        if let itemsPointer {
            return try items(path, pointer: itemsPointer).map(jobs: workers, ordered: true, transform, each: { output, _ in try each(output) },
                                                              onInvalidLine: onInvalidLine, onProgress: onProgress)
        }
        return try lines(path).map(jobs: workers, ordered: true, transform, each: { output, _ in try each(output) },
                                   onInvalidLine: onInvalidLine, onProgress: onProgress)
    }

    /// The summary on stderr: `tapejson: PATH: 1,000 lines, 998 valid, 2 invalid, 12 matched, 12 written,
    /// 0.1 MB in 0.01 s (10.0 MB/s, 100000 lines/s)`, with "items" for `--items`, singular for one,
    /// "matched" and "written" only when given.
    func summaryLine(_ path: String, _ summary: JSONLinesSummary, matched: Int?, written: Int?, elapsed: Double) -> String {
        var parts = [counted(summary.lines, unit), "\(grouped(summary.documents)) valid", "\(grouped(summary.invalid)) invalid"]
        if let matched { parts.append("\(grouped(matched)) matched") }
        if let written { parts.append("\(grouped(written)) written") }
        let rate = String(format: "%.1f MB in %.2f s (%.1f MB/s, %.0f %@s/s)", Double(summary.bytes) / 1e6, elapsed,
                          Double(summary.bytes) / 1e6 / elapsed, Double(summary.lines) / elapsed, unit)
        return "tapejson: \(path): " + parts.joined(separator: ", ") + ", " + rate
    }

    /// What ends a stream early, reported as `lines` reports it, and the exit it calls for: a bad line
    /// under `--on-error fail` or a stopped stream (1), unreadable input (2), an `--items` pointer that
    /// leads nowhere (1). Other errors are rethrown.
    ///
    /// For a stopped stream, `stopped` writes what the command writes then, and `stoppedSummary` gives the
    /// summary printed after the message (nil: none).
    func fail(_ error: any Error, path: String, progress: ProgressLine, shape: InputShapeHint, out: inout StandardOutput,
              stopped: (JSONStreamStoppedError, inout StandardOutput) throws -> Void,
              stoppedSummary: (JSONStreamStoppedError) -> String?) throws -> Never {
        progress.clear()
        switch error {
        case let error as JSONLineError:
            try out.flush()
            shape.noteInvalid(error)
            Diagnostics.error("\(path):\(error.line):\(error.column): \(error.message)")
            shape.printHint()
            throw ExitCode(ExitStatus.invalid)
        case let error as JSONStreamStoppedError:
            // Whatever --on-error says: the rest of the input was not read, so the run is not a success.
            try stopped(error, &out)
            try out.flush()
            Diagnostics.error("\(path):\(error.line):\(error.column): \(error.message)")
            if !quiet, let summary = stoppedSummary(error) { Diagnostics.error(summary) }
            throw ExitCode(ExitStatus.invalid)
        case let error as JSONInputError:
            try out.flush()
            Diagnostics.error("tapejson: \(error)")
            throw ExitCode(ExitStatus.usageOrIO)
        case let error as JSONItemPointerError:
            try out.flush()
            Diagnostics.error("\(path): \(error)")
            throw ExitCode(ExitStatus.invalid)
        default:
            throw error
        }
    }

    /// Reports a bad line or item (under `--on-error skip` or `report`) on stderr.
    func report(_ error: JSONLineError, path: String, progress: ProgressLine, shape: InputShapeHint) {
        progress.clear()
        shape.noteInvalid(error)
        Diagnostics.error("\(path):\(error.line):\(error.column): \(error.message)")
    }
}
