import ArgumentParser
import TapeJSON

/// `tapejson validate [--lines] PATH...`
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that files are valid JSON (RFC 8259).",
        discussion: """
            Prints one PATH:LINE:COLUMN: message line on stderr per invalid document. \
            Exit status: 0 all valid, 1 any invalid, 2 usage or I/O error.
            """
    )

    @Flag(name: .long, help: "Validate each line as its own JSON document (JSON Lines / NDJSON); blank lines are skipped.")
    var lines = false

    @Option(name: .long, help: "Maximum nesting depth of objects and arrays.")
    var maxDepth: Int = JSONParser.defaultMaxDepth

    @Argument(help: "Files to validate; '-' reads standard input.")
    var paths: [String]

    func validate() throws {
        guard maxDepth >= 1 else { throw ValidationError("--max-depth must be at least 1") }
    }

    func run() throws {
        let parser = JSONParser(maxDepth: maxDepth)
        var invalid = false
        var ioFailure = false
        for path in paths {
            let file: PaddedFile
            do {
                file = try openInput(path)
            } catch {
                Diagnostics.error("tapejson: \(error)")
                ioFailure = true
                continue
            }
            if lines {
                for problem in validateLines(file.bytes, parser: parser) {
                    Diagnostics.report(path: path, problem)
                    invalid = true
                }
            } else {
                do {
                    _ = try parser.parse(paddedBytes: file.bytes)
                } catch {
                    Diagnostics.report(path: path, error)
                    invalid = true
                }
            }
        }
        if ioFailure { throw ExitCode(ExitStatus.usageOrIO) }
        if invalid { throw ExitCode(ExitStatus.invalid) }
    }
}

/// Validates each non-blank line of `bytes` as its own document; returns the errors with positions
/// relative to the whole input.
func validateLines(_ bytes: UnsafeRawBufferPointer, parser: JSONParser) -> [JSONError] {
    var problems: [JSONError] = []
    let all = bytes.bindMemory(to: UInt8.self)
    var start = 0
    var lineNumber = 1
    while start < all.count {
        var end = start
        while end < all.count && all[end] != 0x0A { end += 1 }
        var contentEnd = end
        if contentEnd > start && all[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        let line = UnsafeRawBufferPointer(rebasing: bytes[start..<contentEnd])
        let blank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        if !blank {
            do {
                _ = try parser.parse(bytes: line)
            } catch {
                var located = error
                located.offset += start
                located.line = lineNumber
                problems.append(located)
            }
        }
        start = end + 1
        lineNumber += 1
    }
    return problems
}
