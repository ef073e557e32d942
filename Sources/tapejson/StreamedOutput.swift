import ArgumentParser
import TapeJSON

/// Standard output for a command that prints a document's events as the push parser delivers them.
///
/// The first MiB of output is held: a document whose output is smaller is printed only once it is known
/// to be valid, so an invalid one prints nothing (as when documents were read whole); past that, output
/// goes out as it is made, in constant memory, and an error found later follows what was printed.
struct HeldOutput {
    private var out = StandardOutput()
    private var held: [UInt8] = []
    private var released = false
    static let limit = 1 << 20

    mutating func write(_ bytes: [UInt8]) throws(OutputError) {
        if released {
            try out.write(bytes)
            return
        }
        held.append(contentsOf: bytes)
        if held.count >= Self.limit {
            released = true
            try out.write(held)
            held = []
        }
    }

    /// The document was valid: writes what is held.
    mutating func finish() throws(OutputError) {
        if !held.isEmpty { try out.write(held) }
        held = []
        try out.flush()
    }
}

/// Streams the document at `path` (`-`: standard input) through `handler` in constant memory; an
/// unreadable input exits 2 and an invalid document 1, with the message on standard error.
func streamDocument<Handler: JSONEventHandler>(_ path: String, into handler: Handler, command: String) throws -> Handler {
    let parser = try JSONStreamParser(handler: handler)
    do {
        try parser.parse(contentsOfFile: path)
    } catch let error as JSONInputError {
        Diagnostics.error("tapejson: \(error)")
        throw ExitCode(ExitStatus.usageOrIO)
    } catch let error as JSONError {
        Diagnostics.report(path: path, error)
        Diagnostics.hintLines(path: path, error, command: command)
        throw ExitCode(ExitStatus.invalid)
    }
    return parser.handler
}

/// A printer of a document's events that can also print JSON Lines: each document's output lines then
/// start with the input line's number (`paths --lines`, `events --lines`).
protocol LinePrinter: JSONEventHandler {
    var out: HeldOutput { get set }
    /// A new document starts, read from input line `number`: its output lines start `number<TAB>`.
    mutating func startDocument(line number: Int)
}

/// Reads the JSON Lines at `path` (`-`: standard input) and hands every valid line's events to
/// `printer`, each document announced with its line number. Invalid lines are reported on standard
/// error (`PATH:LINE:COLUMN: message`) and reading goes on; blank lines are skipped. Exits 2 when
/// the input cannot be read and 1, after printing the valid lines, when a line was invalid.
func printLines<Printer: LinePrinter>(_ path: String, into printer: inout Printer) throws {
    let reader = JSONLines(path: path, options: JSONLinesOptions(errorPolicy: .report))
    let summary: JSONLinesSummary
    do {
        summary = try reader.forEach({ line in
            printer.startDocument(line: line.lineNumber)
            var events = line.events
            while let event = events.next() {
                _ = try printer.handle(event)
            }
        }, onInvalidLine: { error in
            Diagnostics.error("\(path):\(error.line):\(error.column): \(error.message)")
        })
    } catch let error as JSONInputError {
        try printer.out.finish()
        Diagnostics.error("tapejson: \(error)")
        throw ExitCode(ExitStatus.usageOrIO)
    }
    try printer.out.finish()
    if summary.invalid > 0 { throw ExitCode(ExitStatus.invalid) }
}
