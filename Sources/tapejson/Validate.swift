import ArgumentParser
import TapeJSON

/// `tapejson validate [--lines] PATH...`
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that files are valid JSON (RFC 8259), streamed in bounded memory whatever their size.",
        discussion: """
            Prints one PATH:LINE:COLUMN: message line on stderr per invalid document. \
            Exit status: 0 all valid, 1 any invalid, 2 usage or I/O error.
            """
    )

    @Flag(name: .long, help: "Validate each line as its own JSON document (JSON Lines / NDJSON); blank lines are skipped.")
    var lines = false

    @Option(name: .long, help: "Maximum nesting depth of objects and arrays.")
    var maxDepth: Int = JSONParser.defaultMaxDepth

    @Option(name: .long, help: ArgumentHelp(
        "With --lines: the longest line parsed (bytes); a longer one is invalid ('document too large') and skipped without being held.",
        valueName: "bytes"))
    var maxDocumentSize: Int = SIMDImplementation.maxDocumentSize

    @Argument(help: "Files to validate; '-' or none reads standard input (from where it stands).")
    var paths: [String] = []

    func validate() throws {
        guard maxDepth >= 1 else { throw ValidationError("--max-depth must be at least 1") }
        guard maxDocumentSize >= 1 else { throw ValidationError("--max-document-size must be at least 1") }
    }

    func run() throws {
        var invalid = false
        var ioFailure = false
        for path in paths.isEmpty ? ["-"] : paths {
            do {
                if lines {
                    // The same streaming reader as `tapejson lines`: constant memory, any size, a byte
                    // order mark skipped, standard input read as it arrives.
                    let options = JSONLinesOptions(errorPolicy: .report, maxDepth: maxDepth,
                                                   maxDocumentSize: maxDocumentSize)
                    let summary = try JSONLines(path: path, options: options).count { problem in
                        if let located = problem.underlying as? JSONError {
                            Diagnostics.report(path: path, located)
                        } else {
                            Diagnostics.error("\(path):\(problem.line):\(problem.column): \(problem.message)")
                        }
                    }
                    if summary.invalid > 0 { invalid = true }
                } else if let problem = try JSONStreamValidation.validate(path: path, maxDepth: maxDepth) {
                    // Streamed through JSONStreamParser in bounded memory, whatever the size: simdjson
                    // checks batches of complete values; the error is JSONParser's.
                    Diagnostics.report(path: path, problem)
                    Diagnostics.hintLines(path: path, problem, command: "validate")
                    invalid = true
                }
            } catch let error as JSONInputError {
                Diagnostics.error("tapejson: \(error)")
                ioFailure = true
            }
        }
        if ioFailure { throw ExitCode(ExitStatus.usageOrIO) }
        if invalid { throw ExitCode(ExitStatus.invalid) }
    }
}
