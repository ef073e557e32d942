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

    /// The destination and the system's reason, on one line.
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
/// When the system took part of a line before refusing the rest (a disk that fills mid-write), the
/// writer cuts that part off again in a regular file, so the file ends with the last whole line; a pipe
/// cannot take bytes back (its reader sees a last line without its newline).
/// Memory stays bounded: the buffer is flushed once it holds `bufferSize` bytes.
///
/// ``write(contentsOf:jobs:batchSize:)`` encodes a sequence of values on several threads and writes their lines
/// in the sequence's order, as `JSONLines.decode(_:using:jobs:)` reads them.
///
/// A writer is used from one thread at a time.
public final class JSONLinesWriter {
    private let fd: Int32
    private let ownsDescriptor: Bool
    /// The handle given to `init(fileHandle:)`, kept so that its descriptor stays open while the writer
    /// writes to it (a handle released earlier closes it, and the number could name another file).
    private let handle: FileHandle?
    private let destination: String
    private let bufferSize: Int
    private var buffer: [UInt8] = []
    private var failure: JSONOutputError?
    private var closed = false
    /// Encodes the values given to `write(_:)`.
    public let encoder: TapeJSONEncoder
    /// The system call that writes (`write(2)`); tests put a failing one in its place.
    var systemWrite: (Int32, UnsafeRawPointer, Int) -> Int = { fd, bytes, count in Foundation.write(fd, bytes, count) }

    /// Writes to the file at `path`, created if needed (mode 0644), truncated unless `append`.
    public convenience init(path: String, append: Bool = false, encoder: TapeJSONEncoder = TapeJSONEncoder(),
                            bufferSize: Int = 1 << 16) throws {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else { throw JSONOutputError(destination: path, errno: errno) }
        self.init(fd: fd, owns: true, destination: path, encoder: encoder, bufferSize: bufferSize)
    }

    /// Writes to an open file handle, which the writer keeps (and so keeps open) but does not close.
    public convenience init(fileHandle: FileHandle, encoder: TapeJSONEncoder = TapeJSONEncoder(),
                            bufferSize: Int = 1 << 16) {
        self.init(fd: fileHandle.fileDescriptor, owns: false, handle: fileHandle,
                  destination: "file descriptor \(fileHandle.fileDescriptor)", encoder: encoder, bufferSize: bufferSize)
    }

    /// Writes to standard output.
    public static func standardOutput(encoder: TapeJSONEncoder = TapeJSONEncoder(),
                                      bufferSize: Int = 1 << 16) -> JSONLinesWriter {
        JSONLinesWriter(fd: STDOUT_FILENO, owns: false, destination: "stdout", encoder: encoder, bufferSize: bufferSize)
    }

    private init(fd: Int32, owns: Bool, handle: FileHandle? = nil, destination: String, encoder: TapeJSONEncoder,
                 bufferSize: Int) {
        self.fd = fd
        self.ownsDescriptor = owns
        self.handle = handle
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

    /// Encodes `values` as lines, in the sequence's order, on `jobs` threads (the calling thread is one
    /// of them): the values are taken in batches of `batchSize` per thread, each thread encodes a run of
    /// them into a buffer of its own with ``encoder``, and the runs are written in order. Memory stays
    /// bounded by one batch's values and lines.
    ///
    /// - Throws: when a value fails to encode, its error, after the lines of every value before it were
    ///   written (and none after it); or a `JSONOutputError` as ``write(_:)``.
    public func write<Values: Sequence>(contentsOf values: Values,
                                        jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                                        batchSize: Int = 256) throws
    where Values.Element: Encodable & Sendable {
        try checkOpen()
        let jobs = max(jobs, 1)
        if jobs == 1 {
            for value in values { try write(value) }
            return
        }
        let perJob = max(batchSize, 1)
        var iterator = values.makeIterator()
        var batch: [Values.Element] = []
        batch.reserveCapacity(perJob * jobs)
        var runs = [EncodedRun](repeating: EncodedRun(), count: jobs)
        while true {
            batch.removeAll(keepingCapacity: true)
            while batch.count < perJob * jobs, let value = iterator.next() { batch.append(value) }
            if batch.isEmpty { return }
            let workers = min(jobs, (batch.count + perJob - 1) / perJob)
            let share = (batch.count + workers - 1) / workers
            let encoder = self.encoder
            batch.withUnsafeBufferPointer { values in
                runs.withUnsafeMutableBufferPointer { runs in
                    let shared = SharedRuns(values: values, runs: runs)
                    DispatchQueue.concurrentPerform(iterations: workers) { worker in
                        let range = worker * share..<min((worker + 1) * share, shared.values.count)
                        shared.runs[worker].encode(shared.values[range], with: encoder)
                    }
                }
            }
            for worker in 0..<workers {
                buffer.append(contentsOf: runs[worker].bytes)
                if let error = runs[worker].error {
                    if buffer.count >= bufferSize { try flush() }
                    throw error
                }
                if buffer.count >= bufferSize { try flush() }
            }
        }
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
            let n = buffer.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + written, total - written) }
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                let error = JSONOutputError(destination: destination, errno: code)
                failure = error
                retractPartialLine(written: written)
                buffer.removeAll()
                throw error
            }
            written += n
        }
        buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 22)
    }

    /// After a failed write: the system took the buffer's first `written` bytes, which may end inside a
    /// line. In a regular file that part is cut off again (the buffer starts at a line's start), so the
    /// file keeps only whole lines; elsewhere (a pipe, a terminal) nothing can be taken back.
    private func retractPartialLine(written: Int) {
        guard written > 0 else { return }
        let partial = buffer.withUnsafeBufferPointer { bytes -> Int in
            var end = written
            while end > 0 && bytes[end - 1] != 0x0A { end -= 1 }
            return written - end
        }
        guard partial > 0 else { return }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return }
        let position = lseek(fd, 0, SEEK_CUR)
        guard position >= off_t(partial) else { return }
        if ftruncate(fd, position - off_t(partial)) == 0 {
            _ = lseek(fd, position - off_t(partial), SEEK_SET)
        }
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

/// The lines one thread of ``JSONLinesWriter/write(contentsOf:jobs:batchSize:)`` encoded from its run of
/// a batch, and the error that stopped it (the lines before the failing value are kept).
struct EncodedRun {
    var bytes: [UInt8] = []
    var error: (any Error)?

    mutating func encode<Value: Encodable>(_ values: Slice<UnsafeBufferPointer<Value>>, with encoder: TapeJSONEncoder) {
        bytes.removeAll(keepingCapacity: true)
        error = encoder.encodeLines(values, into: &bytes)
    }
}

/// A batch's values and the threads' runs, handed to `concurrentPerform`: each thread reads its own
/// range of `values` (Sendable elements) and writes only its own element of `runs`.
private struct SharedRuns<Value>: @unchecked Sendable {
    let values: UnsafeBufferPointer<Value>
    let runs: UnsafeMutableBufferPointer<EncodedRun>
}
