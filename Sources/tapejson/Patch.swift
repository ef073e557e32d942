import ArgumentParser
import Foundation
import TapeJSON

/// `tapejson patch PATCH [FILE]`
struct Patch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Apply a JSON Patch (RFC 6902) or, with --merge, a JSON Merge Patch (RFC 7396), keeping every byte it does not touch.",
        discussion: """
            PATCH is a file or, when no file has that name, the patch's JSON text. The document is FILE, or \
            standard input ('-' or none); the result goes to standard output. Everything outside the members \
            the patch touches comes out byte for byte (key order, whitespace, number text, escapes, repeated \
            keys); inserted values are written compact from the patch's text. With --lines every line is \
            patched (one output line each), with --items every item of the document at the pointer (each \
            written on one line, without the whitespace between its tokens); a line whose patch fails goes \
            through --on-error like a line that is not JSON. Exit status: 0 done; 1 a patch failed or the \
            input is not JSON (under --on-error report: at the end); 2 usage errors (a malformed patch \
            included) or I/O errors.
            """ + " " + ExitStatus.outputFailures
    )

    @Argument(help: "The patch: a file, or JSON text.")
    var patch: String

    @Argument(help: "The document, or the JSON Lines with --lines; '-' or none reads standard input.")
    var path: String = "-"

    @Flag(name: .long, help: "PATCH is a JSON Merge Patch (RFC 7396) instead of a JSON Patch (RFC 6902).")
    var merge = false

    @Flag(name: .long, help: "FILE is JSON Lines: patch every line.")
    var lines = false

    @OptionGroup var stream: LineStreamOptions

    /// Whether the input is streamed (`--lines`, `--items`, `--array`).
    var streaming: Bool { lines || stream.itemsPointer != nil }

    func validate() throws {
        try stream.validate(path: path)
        if lines && stream.itemsPointer != nil { throw ValidationError("--lines and --items read the input differently; give one") }
        if !streaming && (stream.shard != nil || stream.jobs != nil) {
            throw ValidationError("--jobs and --shard apply to --lines and --items")
        }
    }

    func run() throws {
        let patcher = try loadPatch()
        if streaming {
            try patchStream(patcher)
        } else {
            try patchDocument(patcher)
        }
    }

    /// The patch, read from its file or its text; a malformed one is a usage error.
    private func loadPatch() throws -> DocumentPatcher {
        var text = Array(patch.utf8)
        var source = "the patch"
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: patch, isDirectory: &isDirectory), !isDirectory.boolValue {
            do {
                let file = try PaddedFile(path: patch)
                text = Array(file.unsafeBytes)
            } catch {
                Diagnostics.error("tapejson: \(error)")
                throw ExitCode(ExitStatus.usageOrIO)
            }
            source = patch
        }
        do {
            return merge ? .merge(try JSONMergePatch(bytes: text)) : .patch(try JSONPatch(bytes: text))
        } catch {
            if let json = error.underlying {
                Diagnostics.report(path: source, json)
            } else {
                Diagnostics.error("tapejson: \(source): \(error)")
            }
            throw ExitCode(ExitStatus.usageOrIO)
        }
    }

    private func patchDocument(_ patcher: DocumentPatcher) throws {
        let file: PaddedFile
        do { file = try openInput(path) } catch {
            Diagnostics.error("tapejson: \(error)")
            throw ExitCode(ExitStatus.usageOrIO)
        }
        let output: [UInt8]
        do throws(JSONPatchError) {
            output = try patcher.apply(toBytes: file.unsafeBytes)
            withExtendedLifetime(file) {}
        } catch {
            if error.kind == .invalidDocumentJSON, let json = error.underlying {
                Diagnostics.report(path: path, json)
            } else {
                Diagnostics.error("tapejson: \(path): \(error)")
            }
            throw ExitCode(ExitStatus.invalid)
        }
        var out = StandardOutput()
        try out.write(output)
        try out.flush()
    }

    private func patchStream(_ patcher: DocumentPatcher) throws {
        let compact = stream.itemsPointer != nil
        let progress = ProgressLine(path: path, forced: stream.progress, unit: stream.unit)
        let shape = InputShapeHint(path: path, items: !lines)
        var out = StandardOutput()
        let started = ContinuousClock.now
        var written = 0
        let path = self.path
        let stream = self.stream
        let summary: JSONLinesSummary
        do {
            summary = try stream.map(path, { line in
                var bytes = try patcher.apply(to: line, compact: compact)
                bytes.append(0x0A)
                return bytes
            }, each: { (bytes: [UInt8]) in
                try out.write(bytes)
                written += 1
            }, onInvalidLine: { stream.report($0, path: path, progress: progress, shape: shape) },
            onProgress: { progress.update($0) })
        } catch {
            try stream.fail(error, path: path, progress: progress, shape: shape, out: &out, stopped: { _, _ in }, stoppedSummary: { error in
                stream.summaryLine(path, error.summary, matched: nil, written: written,
                                   elapsed: max((ContinuousClock.now - started) / .seconds(1), 1e-9))
                    + ", \(grouped(error.unreadBytes)) bytes unread"
            })
        }
        progress.clear()
        try out.flush()
        if !stream.quiet {
            Diagnostics.error(stream.summaryLine(path, summary, matched: nil, written: written,
                                                 elapsed: max((ContinuousClock.now - started) / .seconds(1), 1e-9)))
        }
        if summary.invalid > 0 { shape.printHint() }
        if stream.onError == .report && summary.invalid > 0 { throw ExitCode(ExitStatus.invalid) }
    }
}

/// A JSON Patch or a JSON Merge Patch, applied the same way.
enum DocumentPatcher: Sendable {
    case patch(JSONPatch)
    case merge(JSONMergePatch)

    func apply(toBytes bytes: UnsafeRawBufferPointer) throws(JSONPatchError) -> [UInt8] {
        switch self {
        case .patch(let patch): return try patch.apply(toBytes: bytes)
        case .merge(let patch): return try patch.apply(toBytes: bytes)
        }
    }

    func apply(to line: borrowing JSONLine, compact: Bool) throws(JSONPatchError) -> [UInt8] {
        switch self {
        case .patch(let patch): return try patch.apply(to: line, compact: compact)
        case .merge(let patch): return patch.apply(to: line, compact: compact)
        }
    }
}
