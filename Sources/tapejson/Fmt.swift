import ArgumentParser
import TapeJSON

/// `tapejson fmt [--compact | --indent N] [--sort-keys] [--lines] PATH`
struct Fmt: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rewrite JSON: minified (--compact) or indented, keys sorted on request (what jq . and jq -c . do).",
        discussion: """
            The input is checked first (an invalid document is reported as PATH:LINE:COLUMN: message on \
            stderr and nothing is written). Strings and numbers are copied as they are (their escapes, \
            1.0 and 1E+2 kept): only the whitespace changes. With --sort-keys every object's members are \
            written in the byte order of their keys, and strings and numbers are written again from their \
            values (numbers with the shortest digits that read back the same). With --lines every line \
            is one document (JSON Lines / NDJSON) and is written as one compact line; invalid lines are \
            reported and left out. Output goes through a 64 KiB buffer: memory stays bounded by the input \
            document (or the longest line with --lines). With --stream the document is formatted as it \
            is read, through the push parser, in constant memory whatever its size (a file, or '-' for \
            standard input): strings and numbers are then written from their values, as with \
            --sort-keys, and an error found after output began leaves that output written. \
            Exit status: 0 done, 1 invalid input (any invalid line with --lines), 2 usage or I/O errors.
            """ + " " + ExitStatus.outputFailures
    )

    @Flag(name: .long, help: "Write compact JSON, no whitespace (the default with --lines).")
    var compact = false

    @Option(name: .long, help: ArgumentHelp("Spaces per nesting level (default 2).", valueName: "n"))
    var indent: Int?

    @Flag(name: .long, help: "Write every object's members in the byte order of their keys.")
    var sortKeys = false

    @Flag(name: .long, help: "Read JSON Lines (one document per line) and write one compact document per line.")
    var lines = false

    @Flag(name: .long, help: "Format the document as it is read, in constant memory whatever its size (strings and numbers written from their values).")
    var stream = false

    @Argument(help: "The file to read; '-' or none reads standard input.")
    var path: String = "-"

    func validate() throws {
        if compact && indent != nil { throw ValidationError("--compact and --indent exclude each other") }
        if let indent, indent < 0 || indent > 16 { throw ValidationError("--indent must be between 0 and 16") }
        if lines && indent != nil { throw ValidationError("--lines writes one compact document per line: --indent does not apply") }
        if stream && lines { throw ValidationError("--stream formats one document; --lines already reads line by line") }
        if stream && sortKeys { throw ValidationError("--stream writes members in the order they arrive: --sort-keys needs whole objects") }
    }

    func run() throws {
        let spaces = lines || compact ? 0 : indent ?? 2
        let writer = JSONStreamWriter.standardOutput(layout: .init(indent: spaces))
        do {
            if lines {
                try formatLines(writer)
            } else if stream {
                _ = try streamDocument(path, into: EventCopier(writer: writer), command: "fmt")
            } else {
                try formatDocument(writer)
            }
            try writer.close()
        } catch let error as JSONOutputError {
            // Through the command's handling of output failures (EPIPE ends quietly, others exit 2).
            throw OutputError(destination: StandardOutput.destination, code: error.code ?? EIO)
        }
    }

    private func formatDocument(_ writer: JSONStreamWriter) throws {
        let file: PaddedFile
        do { file = try openInput(path) } catch {
            Diagnostics.error("tapejson: \(error)")
            throw ExitCode(ExitStatus.usageOrIO)
        }
        do {
            if sortKeys {
                let document = try JSONParser.shared.parse(unsafePaddedBytes: file.unsafeBytes)
                try writer.value(document.root, sortingKeys: true)
            } else {
                // Checked, then copied token by token.
                try writer.value(jsonText: file.unsafeBytes)
            }
        } catch let error as JSONError {
            Diagnostics.report(path: path, error)
            Diagnostics.hintLines(path: path, error, command: "fmt")
            throw ExitCode(ExitStatus.invalid)
        }
        withExtendedLifetime(file) {}
    }

    private func formatLines(_ writer: JSONStreamWriter) throws {
        let reader = JSONLines(path: path, options: JSONLinesOptions(errorPolicy: .report))
        let summary: JSONLinesSummary
        do {
            summary = try reader.forEach({ line in
                if sortKeys {
                    try writer.value(line.document.root, sortingKeys: true)
                } else {
                    try writer.value(line)
                }
            }, onInvalidLine: { error in
                Diagnostics.error("\(path):\(error.line):\(error.column): \(error.message)")
            })
        } catch let error as JSONInputError {
            Diagnostics.error("tapejson: \(error)")
            throw ExitCode(ExitStatus.usageOrIO)
        }
        if summary.invalid > 0 {
            try writer.close()
            throw ExitCode(ExitStatus.invalid)
        }
    }
}

/// Copies each event of the push parser to the writer (`fmt --stream`).
private struct EventCopier: JSONEventHandler {
    let writer: JSONStreamWriter

    func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        try writer.write(event)
        return .continue
    }
}
