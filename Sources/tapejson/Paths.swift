import ArgumentParser
import TapeJSON

/// `tapejson paths PATH`
struct Paths: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every leaf as JSON-Pointer<TAB>JSON-value (like gron).",
        discussion: """
            Leaves are strings, numbers, booleans, nulls, and empty objects and arrays. Pointers follow \
            RFC 6901 ('~' is written '~0', '/' is '~1'); the root value alone has the empty pointer. \
            With --lines the input is JSON Lines (NDJSON, one document per line, blank lines skipped) and \
            every output line starts with the number of the input line it comes from and a tab \
            (LINE<TAB>POINTER<TAB>VALUE); an invalid line is reported on standard error and the others \
            are still printed. \
            Exit status: 0 done, 1 invalid input (any invalid line with --lines), 2 usage or I/O errors.
            """ + " " + ExitStatus.outputFailures
    )

    @Flag(name: .long, help: "Read JSON Lines (one document per line); prefix each output line with its input line's number and a tab.")
    var lines = false

    @Argument(help: "The file to read; '-' or none reads standard input.")
    var path: String = "-"

    func run() throws {
        if lines {
            var printer = LeafPrinter()
            try printLines(path, into: &printer)
            return
        }
        // Streamed through the push parser: constant memory whatever the document's size.
        var printer = try streamDocument(path, into: LeafPrinter(), command: "paths")
        try printer.out.finish()
    }
}

/// Prints `pointer<TAB>value` for every leaf, tracking the pointer through the events.
private struct LeafPrinter: LinePrinter {
    /// An open container: where its own pointer ends, its next index, and whether it has had a child.
    struct Frame {
        let isObject: Bool
        let pointerLength: Int
        var index = 0
        var empty = true
    }

    var out = HeldOutput()
    var line = JSONTextWriter()
    var pointer: [UInt8] = []
    var frames: [Frame] = []
    /// What starts every output line: `LINE<TAB>` with `--lines`, else nothing.
    var prefix: [UInt8] = []

    mutating func startDocument(line number: Int) {
        prefix = Array("\(number)\t".utf8)
        pointer.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
    }

    /// A value starts: in an array, its index is its pointer token (an object's key came before).
    private mutating func valueStarts() {
        guard let top = frames.last, !top.isObject else { return }
        pointer.removeSubrange(top.pointerLength...)
        pointer.append(UInt8(ascii: "/"))
        pointer.append(contentsOf: String(top.index).utf8)
        frames[frames.count - 1].index += 1
        frames[frames.count - 1].empty = false
    }

    private mutating func printLeaf(pointerLength: Int, _ write: (inout JSONTextWriter) -> Void) throws {
        line.bytes.removeAll(keepingCapacity: true)
        line.bytes.append(contentsOf: prefix)
        line.bytes.append(contentsOf: pointer[..<pointerLength])
        line.bytes.append(0x09)
        write(&line)
        line.bytes.append(0x0A)
        try out.write(line.bytes)
    }

    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        switch event {
        case .key(let name):
            let top = frames[frames.count - 1]
            pointer.removeSubrange(top.pointerLength...)
            pointer.append(UInt8(ascii: "/"))
            let utf8 = name.utf8
            for k in utf8.indices {
                let byte = utf8[k]
                switch byte {
                case UInt8(ascii: "~"): pointer += [UInt8(ascii: "~"), UInt8(ascii: "0")]
                case UInt8(ascii: "/"): pointer += [UInt8(ascii: "~"), UInt8(ascii: "1")]
                default: pointer.append(byte)
                }
            }
            frames[frames.count - 1].empty = false
        case .startObject, .startArray:
            valueStarts()
            if case .startObject = event {
                frames.append(Frame(isObject: true, pointerLength: pointer.count))
            } else {
                frames.append(Frame(isObject: false, pointerLength: pointer.count))
            }
        case .endObject, .endArray:
            let frame = frames.removeLast()
            if frame.empty {
                try printLeaf(pointerLength: frame.pointerLength) { $0.writeRaw(frame.isObject ? "{}" : "[]") }
            }
        default:
            valueStarts()
            var separators = JSONTextWriter.SeparatorState()
            line.bytes.removeAll(keepingCapacity: true)
            line.bytes.append(contentsOf: prefix)
            line.bytes.append(contentsOf: pointer)
            line.bytes.append(0x09)
            line.write(event, separators: &separators)
            line.bytes.append(0x0A)
            try out.write(line.bytes)
        }
        return .continue
    }
}
