import Foundation

/// A failure to write output: where, and the system's message (`No space left on device`).
public struct JSONOutputError: Error, Sendable, CustomStringConvertible {
    /// The destination as given: a path, `stdout`, or `file descriptor N`.
    public var destination: String
    /// The system's message for `code`, or what went wrong.
    public var reason: String
    /// The `errno` value, when the system reported one.
    public var code: Int32?

    init(destination: String, errno code: Int32) {
        self.destination = destination
        self.reason = String(cString: strerror(code))
        self.code = code
    }

    init(destination: String, reason: String) {
        self.destination = destination
        self.reason = reason
        self.code = nil
    }

    public var description: String { "\(destination): \(reason)" }
}

/// Writes JSON Lines (NDJSON): one JSON document per line, to a file, a `FileHandle` or standard
/// output, through a buffer.
///
/// ```swift
/// let writer = try JSONLinesWriter(path: "out.ndjson")
/// for record in records { try writer.write(record) }       // TapeJSONEncoder, one line each
/// try writer.write(jsonObject: ["event": "done"])          // TapeJSONSerialization
/// try writer.write(raw: line)                              // a line as it is, not re-serialized
/// try writer.close()
/// ```
///
/// Every line is written whole: a value that fails to encode leaves nothing in the buffer, and the
/// buffer is handed to the system only in whole lines (when it passes `bufferSize`, and on `flush()`
/// and `close()`). A write the system refuses (a full disk, a closed pipe when `SIGPIPE` is ignored)
/// throws a `JSONOutputError` with the system's message, and the writer then refuses further writes.
/// Memory stays bounded: the buffer is flushed once it holds `bufferSize` bytes.
///
/// A writer is used from one thread at a time.
public final class JSONLinesWriter {
    private let fd: Int32
    private let ownsDescriptor: Bool
    private let destination: String
    private let bufferSize: Int
    private var buffer: [UInt8] = []
    private var failure: JSONOutputError?
    private var closed = false
    /// Encodes the values given to `write(_:)`.
    public let encoder: TapeJSONEncoder

    /// Writes to the file at `path`, created if needed (mode 0644), truncated unless `append`.
    public convenience init(path: String, append: Bool = false, encoder: TapeJSONEncoder = TapeJSONEncoder(),
                            bufferSize: Int = 1 << 16) throws {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else { throw JSONOutputError(destination: path, errno: errno) }
        self.init(fd: fd, owns: true, destination: path, encoder: encoder, bufferSize: bufferSize)
    }

    /// Writes to an open file handle (not closed by the writer).
    public convenience init(fileHandle: FileHandle, encoder: TapeJSONEncoder = TapeJSONEncoder(),
                            bufferSize: Int = 1 << 16) {
        self.init(fd: fileHandle.fileDescriptor, owns: false,
                  destination: "file descriptor \(fileHandle.fileDescriptor)", encoder: encoder, bufferSize: bufferSize)
    }

    /// Writes to standard output.
    public static func standardOutput(encoder: TapeJSONEncoder = TapeJSONEncoder(),
                                      bufferSize: Int = 1 << 16) -> JSONLinesWriter {
        JSONLinesWriter(fd: STDOUT_FILENO, owns: false, destination: "stdout", encoder: encoder, bufferSize: bufferSize)
    }

    private init(fd: Int32, owns: Bool, destination: String, encoder: TapeJSONEncoder, bufferSize: Int) {
        self.fd = fd
        self.ownsDescriptor = owns
        self.destination = destination
        self.encoder = encoder
        self.bufferSize = max(bufferSize, 1)
        buffer.reserveCapacity(min(self.bufferSize * 2, 1 << 22))
    }

    deinit {
        if !closed {
            try? flush()
            if ownsDescriptor { _ = Foundation.close(fd) }
        }
    }

    private func checkOpen() throws {
        if let failure { throw failure }
        if closed { throw JSONOutputError(destination: destination, reason: "the writer is closed") }
    }

    /// Encodes `value` with ``encoder``'s settings as one line (`.prettyPrinted` is ignored).
    ///
    /// - Throws: what `TapeJSONEncoder.encode(_:)` throws (nothing is written), or a
    ///   `JSONOutputError` when the buffer could not be written.
    public func write(_ value: some Encodable) throws {
        try checkOpen()
        try encoder.encodeCompact(value, into: &buffer)
        try endLine()
    }

    /// Writes a Foundation object graph as one line (`TapeJSONSerialization.data(withJSONObject:)`;
    /// `.prettyPrinted` is ignored, a line has no newlines).
    public func write(jsonObject: Any, options: JSONSerialization.WritingOptions = []) throws {
        try checkOpen()
        try TapeJSONSerialization.write(jsonObject: jsonObject, options: options.subtracting(.prettyPrinted),
                                        into: &buffer)
        try endLine()
    }

    /// Writes `line`, one JSON document already in text (a line read with `JSONLines`, a `JSONValue`'s
    /// `jsonText`), as it is; a trailing `\n` (or `\r\n`) is dropped, another newline throws.
    public func write(raw line: some Collection<UInt8>) throws {
        try checkOpen()
        var bytes = Array(line)
        if bytes.last == 0x0A { bytes.removeLast() }
        if bytes.last == 0x0D { bytes.removeLast() }
        if bytes.contains(0x0A) {
            throw JSONOutputError(destination: destination, reason: "a raw line contains a newline")
        }
        buffer.append(contentsOf: bytes)
        try endLine()
    }

    /// Writes `line` as it is (see ``write(raw:)-(Collection<UInt8>)``).
    public func write(raw line: String) throws {
        try write(raw: Array(line.utf8))
    }

    private func endLine() throws {
        buffer.append(0x0A)
        if buffer.count >= bufferSize { try flush() }
    }

    /// Hands the buffered lines to the system.
    ///
    /// - Throws: `JSONOutputError` with the system's message; the writer refuses writes afterwards.
    public func flush() throws {
        if let failure { throw failure }
        var written = 0
        let total = buffer.count
        while written < total {
            let n = buffer.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + written, total - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let error = JSONOutputError(destination: destination, errno: errno)
                failure = error
                buffer.removeAll()
                throw error
            }
            written += n
        }
        buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 22)
    }

    /// Flushes, then closes the file when the writer opened it. Later writes throw.
    public func close() throws {
        guard !closed else { return }
        closed = true
        do {
            try flush()
        } catch {
            if ownsDescriptor { _ = Foundation.close(fd) }
            throw error
        }
        if ownsDescriptor && Foundation.close(fd) != 0 {
            let error = JSONOutputError(destination: destination, errno: errno)
            failure = error
            throw error
        }
    }
}
