import TapeJSON

/// Output that could not be written: standard output, or the file a command writes.
///
/// Commands let it propagate; `TapeJSONCommand.main` reports it (`exitForOutputFailure`). A reader
/// that closed its pipe early (EPIPE, as under `| head`) is no failure of the command: the process
/// ends quietly with status 0, the Unix convention.
struct OutputError: Error, CustomStringConvertible {
    /// "standard output", or the path written.
    var destination: String
    /// The `errno` of the failed call.
    var code: Int32

    /// The reader went away (a closed pipe or FIFO).
    var isClosedPipe: Bool { code == EPIPE }

    var description: String { "cannot write to \(destination): \(String(cString: strerror(code)))" }
}

/// Buffered writes to standard output (64 KiB at a time), from the main thread only.
///
/// Every `StandardOutput` appends to one process-wide buffer, which `terminate` flushes (and checks)
/// before the process exits: output still buffered when a command ends is written, never dropped, and
/// a failure to write it is reported like any other. Once a write has failed, every later write and
/// flush throws that same error (and nothing more is written).
struct StandardOutput {
    nonisolated(unsafe) private static var buffer: [UInt8] = {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 16)
        return bytes
    }()
    nonisolated(unsafe) private static var failure: OutputError?

    static let destination = "standard output"

    mutating func write(_ bytes: [UInt8]) throws(OutputError) {
        if let failure = Self.failure { throw failure }
        Self.buffer.append(contentsOf: bytes)
        if Self.buffer.count >= 1 << 16 { try flush() }
    }

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(OutputError) {
        if let failure = Self.failure { throw failure }
        Self.buffer.append(contentsOf: bytes)
        if Self.buffer.count >= 1 << 16 { try flush() }
    }

    mutating func write(_ text: String) throws(OutputError) { try write(Array(text.utf8)) }

    mutating func flush() throws(OutputError) { try Self.flushBuffer() }

    private static func flushBuffer() throws(OutputError) {
        if let failure { throw failure }
        defer { buffer.removeAll(keepingCapacity: true) }
        do {
            try writeAll(1, buffer, destination: destination)
        } catch {
            failure = error
            throw error
        }
    }

    /// Before the process exits: writes what is still buffered, then checks what the C library may
    /// hold for standard output (`print`) and closes it, so that an error the system reports only then
    /// (a full disk on a network file system) is not lost either.
    static func finish() throws(OutputError) {
        try flushBuffer()
        // All C streams: standard output is the only one buffered (standard error is not).
        if fflush(nil) != 0 {
            failure = OutputError(destination: destination, code: errno)
            throw failure!
        }
        // EBADF: standard output was closed when the process started, and nothing was written to it.
        if close(1) != 0 && errno != EBADF && errno != EINTR {
            failure = OutputError(destination: destination, code: errno)
            throw failure!
        }
    }
}

/// Messages on standard error.
///
/// Standard error is where failures are reported, so a failure to write there cannot be: such writes
/// are best effort, and the exit status still tells what happened.
enum Diagnostics {
    static func error(_ message: String) {
        write(message.hasSuffix("\n") ? message : message + "\n")
    }

    /// Writes `text` as it is (a progress line, say), ignoring errors.
    static func write(_ text: String) {
        try? writeAll(2, Array(text.utf8), destination: "standard error")
    }

    /// For a command reading one document without `--lines`: when the document is followed, at the
    /// start of a later line, by what starts another value (`{`, `[`, a string, a number, a literal),
    /// the hint that the input may be JSON Lines (issue 26).
    static func hintLines(path: String, _ error: JSONError, command: String) {
        guard error.kind == .trailingContent, error.line > 1, error.column == 1,
              let first = error.excerpt.unicodeScalars.first, "{[\"-0123456789tfn".unicodeScalars.contains(first)
        else { return }
        let name = path == "-" ? "the input" : path
        self.error("tapejson: hint: \(name) holds more than one JSON value; if it is JSON Lines (NDJSON, one "
            + "document per line), use tapejson \(command) --lines")
    }

    /// `PATH:LINE:COLUMN: message` for an invalid document.
    static func report(path: String, _ error: JSONError) {
        self.error("\(path):\(error.line):\(error.column): \(error.message) (byte \(error.offset))"
            + (error.excerpt.isEmpty ? "" : " near '\(error.excerpt)'"))
    }
}

/// Reads an input path; `-` is standard input, read from where it stands (not reopened from its start).
func openInput(_ path: String) throws -> PaddedFile {
    path == "-" ? try PaddedFile(fileDescriptor: 0, name: "-") : try PaddedFile(path: path)
}

/// Writes every byte to a file descriptor, retrying on EINTR; `destination` names it in the error.
///
/// SIGPIPE is ignored (`TapeJSONCommand.main`), so a closed pipe fails here with EPIPE instead of
/// killing the process; SIGXFSZ too, so a file over the size limit fails with EFBIG.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, destination: String) throws(OutputError) {
    var offset = 0
    while offset < bytes.count {
        let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if n < 0 {
            if errno == EINTR { continue }
            throw OutputError(destination: destination, code: errno)
        }
        // A regular file that cannot grow at all: some systems return 0 rather than ENOSPC.
        if n == 0 { throw OutputError(destination: destination, code: ENOSPC) }
        offset += n
    }
}

func writeAll(_ fd: Int32, _ bytes: [UInt8], destination: String) throws(OutputError) {
    let error = bytes.withUnsafeBytes { raw -> OutputError? in
        do throws(OutputError) { try writeAll(fd, raw, destination: destination) } catch { return error }
        return nil
    }
    if let error { throw error }
}

/// Ends the process with `status`, once buffered standard output is written: if it cannot be, the
/// failure is reported and decides the status instead (`exitForOutputFailure`).
func terminate(_ status: Int32) -> Never {
    do { try StandardOutput.finish() } catch { exitForOutputFailure(error) }
    exit(status)
}

/// Ends the process after an output failure: quietly with 0 for a closed pipe, otherwise with
/// `tapejson: cannot write to DESTINATION: REASON` on stderr and status 2.
///
/// The failure can come in the middle of a pass, with work still in flight on other threads: the
/// process ends there (`_exit`) without freeing it and without the exit handlers, among them
/// LeakSanitizer's check in the sanitized tests, which counts what those threads still hold as leaked
/// and turns the status into 1. Nothing buffered is lost: standard output is what failed, and the
/// message goes to stderr with one unbuffered write.
func exitForOutputFailure(_ error: OutputError) -> Never {
    if error.isClosedPipe { _exit(0) }
    Diagnostics.error("tapejson: \(error)")
    _exit(ExitStatus.usageOrIO)
}
