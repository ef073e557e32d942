import Foundation

/// Writes JSON as a stream of events, the mirror of ``JSONEventReader``: begin and end objects and
/// arrays, keys, scalars, and whole values copied from a ``JSONValue``, a ``JSONLine`` or JSON text.
///
/// ```swift
/// let writer = try JSONStreamWriter(path: "out.json", layout: .indented(2))
/// try writer.beginObject()
/// try writer.key("name"); try writer.value("TapeJSON")
/// try writer.key("tags"); try writer.beginArray()
/// try writer.value("fast"); try writer.value(1.5)
/// try writer.endArray()
/// try writer.key("config"); try writer.value(document.root)     // a value read elsewhere
/// try writer.endObject()
/// try writer.close()
/// ```
///
/// The writer places the commas, colons, newlines and indentation; a call that does not fit where the
/// stream is (a key inside an array, a value where an object expects a key, `endArray` closing an
/// object, a second top-level value when ``Layout/newlineAfterEachValue`` is off) throws a
/// ``JSONStreamWriterError`` and writes nothing.
///
/// ## Memory
/// Written to a file, a `FileHandle` or standard output, the writer holds at most about `bufferSize`
/// bytes: it hands its buffer to the system whenever it passes that size, in the middle of a value if
/// need be. Written to memory (``init(layout:capacity:)``), the text accumulates in ``bytes``.
///
/// ## Failures
/// A write the system refuses (a full disk, a closed pipe when `SIGPIPE` is ignored) throws a
/// ``JSONOutputError`` with the system's message; the writer then refuses every later call with the
/// same error. What was flushed before stays written: output ends mid-value after such a failure.
///
/// A writer is used from one thread at a time.
public final class JSONStreamWriter {
    /// Where the whitespace goes.
    public struct Layout: Sendable, Hashable {
        /// Spaces per nesting level; 0 writes compact JSON (no whitespace at all).
        public var indent: Int
        /// Whether each top-level value is followed by `\n`. With a compact layout this is JSON Lines
        /// (NDJSON): one value per line. When false, a second top-level value throws.
        public var newlineAfterEachValue: Bool
        /// Whether `/` in strings written by the writer is escaped as `\/` (Foundation does it); strings
        /// copied from JSON text keep their own escapes.
        public var escapesSlashes: Bool

        /// A layout; see the properties.
        public init(indent: Int = 0, newlineAfterEachValue: Bool = true, escapesSlashes: Bool = false) {
            self.indent = max(0, indent)
            self.newlineAfterEachValue = newlineAfterEachValue
            self.escapesSlashes = escapesSlashes
        }

        /// No whitespace; each top-level value on its own line (JSON Lines).
        public static let compact = Layout()

        /// `spaces` per level, `"key": value`, empty containers as `{}` and `[]` (what `jq .` writes).
        public static func indented(_ spaces: Int) -> Layout { Layout(indent: spaces) }
    }

    enum Destination {
        case memory
        case descriptor(Int32, owns: Bool)
    }

    /// The layout of everything written.
    public let layout: Layout
    let destination: Destination
    /// How errors name the destination: a path, `stdout`, `file descriptor N`, `memory`.
    let destinationName: String
    /// The handle given to `init(fileHandle:)`, kept so that its descriptor stays open while the writer
    /// writes to it (a handle released earlier closes it, and the number could name another file).
    private var handle: FileHandle? = nil
    let bufferSize: Int
    // Unchecked exclusivity: a writer is used from one thread, and no method hands out access to
    // these while calling back (dynamic checks cost a quarter of `fmt`'s time).
    @exclusivity(unchecked) var out = JSONByteOutput(capacity: 1 << 16)
    /// Open containers, innermost last: whether each is an object, and how many values it has.
    @exclusivity(unchecked) var containers: [(isObject: Bool, count: Int)] = []
    /// In an object: a key was written and its value is next.
    @exclusivity(unchecked) var awaitingValue = false
    /// Top-level values written.
    @exclusivity(unchecked) var topLevelCount = 0
    @exclusivity(unchecked) var failure: JSONOutputError?
    @exclusivity(unchecked) var closed = false

    /// Writes into memory; read the text with ``bytes``.
    ///
    /// - Parameters:
    ///   - layout: how values are laid out: `.compact` (the default) or indented.
    ///   - capacity: the bytes reserved at first (the buffer grows as needed): small for a writer made
    ///     per record.
    public init(layout: Layout = .compact, capacity: Int = 1 << 16) {
        out = JSONByteOutput(capacity: capacity)
        self.layout = layout
        destination = .memory
        destinationName = "memory"
        bufferSize = Int.max
    }

    /// Writes to the file at `path`, created if needed (mode 0644), truncated unless `append`.
    ///
    /// - Throws: ``JSONOutputError`` when the file cannot be opened.
    public init(path: String, append: Bool = false, layout: Layout = .compact, bufferSize: Int = 1 << 16) throws {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else { throw JSONOutputError(destination: path, errno: errno) }
        self.layout = layout
        destination = .descriptor(fd, owns: true)
        destinationName = path
        self.bufferSize = max(1, bufferSize)
    }

    /// Writes to an open file handle, which the writer keeps (and so keeps open) but does not close.
    public init(fileHandle: FileHandle, layout: Layout = .compact, bufferSize: Int = 1 << 16) {
        self.layout = layout
        handle = fileHandle
        destination = .descriptor(fileHandle.fileDescriptor, owns: false)
        destinationName = "file descriptor \(fileHandle.fileDescriptor)"
        self.bufferSize = max(1, bufferSize)
    }

    private init(standardOutputWith layout: Layout, bufferSize: Int) {
        self.layout = layout
        destination = .descriptor(STDOUT_FILENO, owns: false)
        destinationName = "stdout"
        self.bufferSize = max(1, bufferSize)
    }

    /// Writes to standard output (descriptor 1, not closed by the writer).
    public static func standardOutput(layout: Layout = .compact, bufferSize: Int = 1 << 16) -> JSONStreamWriter {
        JSONStreamWriter(standardOutputWith: layout, bufferSize: bufferSize)
    }

    deinit {
        if !closed {
            try? flush()
            if case .descriptor(let fd, true) = destination { _ = Foundation.close(fd) }
        }
    }

    /// The text written so far that is still in memory: everything, for a writer into memory; what
    /// has not been flushed yet, for the others.
    public var bytes: [UInt8] { out.array }

    /// How deep the writer is: the number of open objects and arrays.
    public var depth: Int { containers.count }

    // MARK: - Structure

    /// Opens an object (where a value may go).
    public func beginObject() throws {
        try beforeValue()
        out.append(UInt8(ascii: "{"))
        containers.append((true, 0))
    }

    /// Closes the innermost object.
    public func endObject() throws {
        try checkUsable()
        guard let last = containers.last, last.isObject else {
            throw JSONStreamWriterError("endObject() with \(containers.isEmpty ? "no container" : "an array") open")
        }
        guard !awaitingValue else { throw JSONStreamWriterError("endObject() after a key, before its value") }
        try close(UInt8(ascii: "}"), count: last.count)
    }

    /// Opens an array (where a value may go).
    public func beginArray() throws {
        try beforeValue()
        out.append(UInt8(ascii: "["))
        containers.append((false, 0))
    }

    /// Closes the innermost array.
    public func endArray() throws {
        try checkUsable()
        guard let last = containers.last, !last.isObject else {
            throw JSONStreamWriterError("endArray() with \(containers.isEmpty ? "no container" : "an object") open")
        }
        try close(UInt8(ascii: "]"), count: last.count)
    }

    private func close(_ byte: UInt8, count: Int) throws {
        containers.removeLast()
        if count > 0 && layout.indent > 0 { newlineAndIndent(containers.count) }
        out.append(byte)
        try afterValue()
    }

    /// Writes the next key of the innermost object.
    public func key(_ name: String) throws {
        try beforeKey()
        out.appendQuoted(name, escapeSlashes: layout.escapesSlashes)
        afterKey()
    }

    /// Writes the next key of the innermost object from its UTF-8 bytes (escaped as needed).
    public func key(utf8 name: UnsafeBufferPointer<UInt8>) throws {
        try beforeKey()
        out.appendQuoted(name, escapeSlashes: layout.escapesSlashes)
        afterKey()
    }

    // MARK: - Scalars

    /// Writes a string value, escaped (`"`, `\`, control characters; `/` when the layout says so).
    public func value(_ string: String) throws {
        try scalar { out.appendQuoted(string, escapeSlashes: layout.escapesSlashes) }
    }

    /// Writes a string value from its UTF-8 bytes, escaped as ``value(_:)-(String)`` does.
    public func value(utf8 string: UnsafeBufferPointer<UInt8>) throws {
        try scalar { out.appendQuoted(string, escapeSlashes: layout.escapesSlashes) }
    }

    /// Writes an integer.
    public func value(_ number: Int) throws { try value(Int64(number)) }

    /// Writes an integer.
    public func value(_ number: Int64) throws {
        try scalar { out.appendSigned(number) }
    }

    /// Writes an unsigned integer.
    public func value(_ number: UInt64) throws {
        try scalar { out.appendUnsigned(number) }
    }

    /// Writes a number with the shortest digits that read back as `number` (`1` for 1.0, `1e-07`,
    /// as Foundation writes it).
    ///
    /// - Throws: ``JSONStreamWriterError`` for an infinity or NaN, which JSON cannot hold.
    public func value(_ number: Double) throws {
        guard number.isFinite else { throw JSONStreamWriterError("\(number) is not a number JSON can hold") }
        try scalar { out.appendDouble(number) }
    }

    /// Writes `true` or `false`.
    public func value(_ flag: Bool) throws {
        try scalar { if flag { out.append("true") } else { out.append("false") } }
    }

    /// Writes `null`.
    public func null() throws {
        try scalar { out.append("null") }
    }

    // MARK: - Placement

    func checkUsable() throws {
        if let failure { throw failure }
        if closed { throw JSONOutputError(destination: destinationName, reason: "the writer is closed") }
    }

    /// Checks that a value may go here and writes what precedes it (separator, indentation).
    func beforeValue() throws {
        try checkUsable()
        guard let last = containers.last else {
            if topLevelCount > 0 && !layout.newlineAfterEachValue {
                throw JSONStreamWriterError("a second top-level value, with newlineAfterEachValue off")
            }
            return
        }
        if last.isObject {
            guard awaitingValue else { throw JSONStreamWriterError("a value inside an object, where a key is next") }
            awaitingValue = false
            return
        }
        separate(count: last.count)
    }

    private func beforeKey() throws {
        try checkUsable()
        guard let last = containers.last, last.isObject else {
            throw JSONStreamWriterError("a key \(containers.isEmpty ? "outside any object" : "inside an array")")
        }
        guard !awaitingValue else { throw JSONStreamWriterError("two keys in a row") }
        separate(count: last.count)
    }

    private func afterKey() {
        out.append(UInt8(ascii: ":"))
        if layout.indent > 0 { out.append(UInt8(ascii: " ")) }
        awaitingValue = true
    }

    /// The comma before all but the first entry, then the new line and indentation.
    @inline(__always)
    private func separate(count: Int) {
        containers[containers.count &- 1].count = count &+ 1
        if count > 0 { out.append(UInt8(ascii: ",")) }
        if layout.indent > 0 { newlineAndIndent(containers.count) }
    }

    /// A new line and the indentation of `level`: the spaces stored eight at a time (a call to memset
    /// per line cost a tenth of `fmt --indent` on number arrays).
    @inline(__always)
    func newlineAndIndent(_ level: Int) {
        let n = 1 &+ layout.indent &* level
        out.withUnsafeMutableWritableBytes(minimumWritableBytes: n &+ 8) { buffer in
            let p = buffer.baseAddress.unsafelyUnwrapped
            p[0] = 0x0A
            var k = 1
            while k < n {
                UnsafeMutableRawPointer(p + k).storeBytes(of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
                k &+= 8
            }
            return n
        }
    }

    /// Writes a scalar where a value may go: what precedes it, then `write`'s text, then what follows a
    /// complete value.
    @inline(__always)
    func scalar(_ write: () -> Void) throws {
        try beforeValue()
        write()
        try afterValue()
    }

    /// After a complete value: ends a top-level value's line and flushes a full buffer.
    func afterValue() throws {
        if containers.isEmpty {
            topLevelCount += 1
            if layout.newlineAfterEachValue { out.append(0x0A) }
        }
        if out.count >= bufferSize { try flush() }
    }

    // MARK: - Flushing

    /// Hands the buffered text to the system (nothing for a writer into memory).
    ///
    /// - Throws: ``JSONOutputError`` with the system's message; the writer refuses calls afterwards.
    public func flush() throws {
        if let failure { throw failure }
        guard case .descriptor(let fd, _) = destination else { return }
        let failed = out.withUnsafeReadableBytes { bytes -> Int32? in
            var written = 0
            while written < bytes.count {
                let n = Foundation.write(fd, bytes.baseAddress! + written, bytes.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += n
            }
            return nil
        }
        out.removeAll()
        if let failed {
            let error = JSONOutputError(destination: destinationName, errno: failed)
            failure = error
            throw error
        }
    }

    /// Flushes, then closes the file when the writer opened it; later calls throw.
    ///
    /// - Throws: ``JSONStreamWriterError`` when containers are still open (the text is flushed and the
    ///   file closed all the same), ``JSONOutputError`` when the system refuses the write or the close.
    public func close() throws {
        guard !closed else { return }
        defer { closed = true }
        var flushError: (any Error)?
        do { try flush() } catch { flushError = error }
        if case .descriptor(let fd, true) = destination, Foundation.close(fd) != 0, flushError == nil {
            let error = JSONOutputError(destination: destinationName, errno: errno)
            failure = error
            flushError = error
        }
        if let flushError { throw flushError }
        if !containers.isEmpty {
            throw JSONStreamWriterError("closed with \(containers.count) object(s) or array(s) still open")
        }
    }
}
