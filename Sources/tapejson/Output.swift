import TapeJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to standard output (64 KiB at a time).
struct StandardOutput {
    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(1 << 16) }

    mutating func write(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func write(_ text: String) { write(Array(text.utf8)) }

    mutating func flush() {
        writeAll(1, buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Messages on standard error.
enum Diagnostics {
    static func error(_ message: String) {
        let line = message.hasSuffix("\n") ? message : message + "\n"
        writeAll(2, Array(line.utf8))
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

/// Writes every byte to a file descriptor, retrying on EINTR. A closed pipe (`| head`) ends the
/// process quietly; any other write error exits with status 2.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    var offset = 0
    bytes.withUnsafeBytes { raw in
        while offset < raw.count {
            let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                terminate(errno == EPIPE ? 0 : ExitStatus.usageOrIO)
            }
            offset += n
        }
    }
}

/// Ends the process with `status`.
func terminate(_ status: Int32) -> Never {
    exit(status)
}
