import ArgumentParser
import TapeJSON

/// `tapejson events PATH`
struct Events: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a document's event stream, one event a line.",
        discussion: """
            Events: start-object, end-object, start-array, end-array, key "NAME", string "TEXT", \
            int N, uint N, double X, bool true|false, null. Strings are printed as JSON strings. \
            Exit status: 0 done, 1 invalid input, 2 usage or I/O errors.
            """ + " " + ExitStatus.outputFailures
    )

    @Argument(help: "The file to read; '-' reads standard input.")
    var path: String

    func run() throws {
        // Streamed through the push parser: constant memory whatever the document's size.
        var printer = try streamDocument(path, into: EventPrinter())
        try printer.out.finish()
    }
}

/// Prints one line per event.
private struct EventPrinter: JSONEventHandler {
    var out = HeldOutput()
    var line = JSONTextWriter()

    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        line.bytes.removeAll(keepingCapacity: true)
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
