import ArgumentParser
import TapeJSON

/// `tapejson paths PATH`
struct Paths: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every leaf as JSON-Pointer<TAB>JSON-value (like gron).",
        discussion: """
            Leaves are strings, numbers, booleans, nulls, and empty objects and arrays. Pointers follow \
            RFC 6901 ('~' is written '~0', '/' is '~1'); the root value alone has the empty pointer. \
            Exit status: 0 done, 1 invalid input, 2 usage or I/O errors.
            """ + " " + ExitStatus.outputFailures
    )

    @Argument(help: "The file to read; '-' reads standard input.")
    var path: String

    func run() throws {
        let file: PaddedFile
        do { file = try openInput(path) } catch {
            Diagnostics.error("tapejson: \(error)")
            throw ExitCode(ExitStatus.usageOrIO)
        }
        let document: JSONDocument
        do { document = try JSONParser.shared.parse(paddedBytes: file.bytes) } catch {
            Diagnostics.report(path: path, error)
            throw ExitCode(ExitStatus.invalid)
        }
        var out = StandardOutput()
        var printer = LeafPrinter()
        try document.root.forEachLeaf { pointer, value in
            printer.line.bytes.removeAll(keepingCapacity: true)
            pointer.withUnsafeBufferPointer { printer.line.bytes.append(contentsOf: $0) }
            printer.line.bytes.append(0x09)
            printer.line.write(value)
            printer.line.bytes.append(0x0A)
            try out.write(printer.line.bytes)
        }
        try out.flush()
    }
}

private struct LeafPrinter {
    var line = JSONTextWriter()
}
