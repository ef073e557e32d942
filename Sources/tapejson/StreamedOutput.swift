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
func streamDocument<Handler: JSONEventHandler>(_ path: String, into handler: Handler) throws -> Handler {
    let parser = try JSONStreamParser(handler: handler)
    do {
        try parser.parse(contentsOfFile: path)
    } catch let error as JSONInputError {
        Diagnostics.error("tapejson: \(error)")
        throw ExitCode(ExitStatus.usageOrIO)
    } catch let error as JSONError {
        Diagnostics.report(path: path, error)
        throw ExitCode(ExitStatus.invalid)
    }
    return parser.handler
}
