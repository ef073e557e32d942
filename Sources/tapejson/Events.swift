import ArgumentParser
import TapeJSON

/// `tapejson events PATH`
struct Events: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a document's event stream, one event a line.",
        discussion: """
            Events: start-object, end-object, start-array, end-array, key "NAME", string "TEXT", \
            int N, uint N, double X, bool true|false, null. Strings are printed as JSON strings. \
            With --lines the input is JSON Lines (NDJSON, one document per line, blank lines skipped) and \
            every event line starts with the number of the input line it comes from and a tab \
            (LINE<TAB>EVENT); an invalid line is reported on standard error and the others are still \
            printed. \
            Exit status: 0 done, 1 invalid input (any invalid line with --lines), 2 usage or I/O errors.
            """ + " " + ExitStatus.outputFailures
    )

    @Flag(name: .long, help: "Read JSON Lines (one document per line); prefix each event with its input line's number and a tab.")
    var lines = false

    @Argument(help: "The file to read; '-' or none reads standard input.")
    var path: String = "-"

    func run() throws {
        if lines {
            var printer = EventPrinter()
            try printLines(path, into: &printer)
            return
        }
        // Streamed through the push parser: constant memory whatever the document's size.
        var printer = try streamDocument(path, into: EventPrinter(), command: "events")
        try printer.out.finish()
    }
}

/// Prints one line per event.
private struct EventPrinter: LinePrinter {
    var out = HeldOutput()
    var line = JSONTextWriter()
    /// What starts every output line: `LINE<TAB>` with `--lines`, else nothing.
    var prefix: [UInt8] = []

    mutating func startDocument(line number: Int) {
        prefix = Array("\(number)\t".utf8)
    }

    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        line.bytes.removeAll(keepingCapacity: true)
        line.bytes.append(contentsOf: prefix)
        switch event {
        case .startObject: line.writeRaw("start-object")
        case .endObject: line.writeRaw("end-object")
        case .startArray: line.writeRaw("start-array")
        case .endArray: line.writeRaw("end-array")
        case .key(let name): line.writeRaw("key "); line.writeString(name)
        case .string(let text): line.writeRaw("string "); line.writeString(text)
        case .int(let n): line.writeRaw("int "); line.writeInt(n)
        case .uint(let n): line.writeRaw("uint "); line.writeUInt(n)
        case .double(let x): line.writeRaw("double "); line.writeDouble(x)
        case .bool(let b): line.writeRaw(b ? "bool true" : "bool false")
        case .null: line.writeRaw("null")
        case .bigNumber(let text): line.writeRaw("number "); line.writeNumber(text)
        }
        line.bytes.append(0x0A)
        try out.write(line.bytes)
        return .continue
    }
}
