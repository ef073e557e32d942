/// A whole file (or what is left of a stream) read into memory and followed by `SIMDJSON_PADDING`
/// readable bytes, so that simdjson parses it without a further copy.
///
/// Files are read with `read(2)`, not memory-mapped: a mapping of a file that another process truncates
/// (log rotation, `: > file`) kills the reader with SIGBUS when it touches a page past the new end, and no
/// Swift code can recover from that signal. A read costs one copy from the page cache, as simdjson's own
/// `padded_string::load` does; a file that shrinks while it is read is a `JSONInputError` instead.
///
/// Regular files are read from their start; a descriptor (`init(fileDescriptor:name:)`) from its current
/// position, so a standard input that was partly consumed is read from where it stands. A file whose size
/// reads as 0 but which has content (`/proc/self/stat`), a pipe or a character device is read to its end.
///
/// A gzip or zstd input (recognised by its first bytes, not its name) is decompressed: `unsafeBytes` are the
/// decompressed document, and `maxSize` applies to them. Corrupt or cut-short compressed data is a
/// `JSONInputError` naming the file and the decompressed byte and line reached.
public final class PaddedFile: @unchecked Sendable {
    /// The file's bytes (without the padding), followed by `SIMDJSON_PADDING` readable bytes. Valid
    /// only while the `PaddedFile` lives: keep the file alive (`withExtendedLifetime`) for as long as
    /// the pointer is used.
    public let unsafeBytes: UnsafeRawBufferPointer

    /// The file's bytes: the old name of `unsafeBytes`.
    @available(*, deprecated, renamed: "unsafeBytes")
    public var bytes: UnsafeRawBufferPointer { unsafeBytes }
    /// Owns the bytes and their padding. A class, not a `~Copyable` value: the file is shared by the
    /// workers that parse it, and `unsafeBytes` is handed out for as long as it lives.
    private let storage: PaddedByteBuffer

    /// Reads the file at `path`.
    ///
    /// - Throws: `JSONInputError` when the file cannot be opened or read, shrinks while it is read, or
    ///   is larger than `maxSize` (by default the largest document simdjson parses, just under 4 GiB).
    public convenience init(path: String, maxSize: Int = SIMDImplementation.maxDocumentSize) throws(JSONInputError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw JSONInputError(path: path, errno: errno) }
        defer { close(fd) }
        try self.init(reading: fd, name: path, maxSize: maxSize, fromStart: true)
    }

    /// Reads an open descriptor (standard input is `0`) from its current position to its end. The
    /// descriptor stays open.
    ///
    /// - Parameters:
    ///   - fd: the open descriptor to read from.
    ///   - name: how errors name the input (`-` for standard input).
    ///   - maxSize: the largest input accepted; a longer one is an error (simdjson's largest document
    ///     by default).
    public convenience init(fileDescriptor fd: Int32, name: String,
                            maxSize: Int = SIMDImplementation.maxDocumentSize) throws(JSONInputError) {
        try self.init(reading: fd, name: name, maxSize: maxSize, fromStart: false)
    }

    /// Reads the file at `path` `blockSize` bytes at a time, calling `afterRead` after each read: how the
    /// tests change a file between two reads.
    convenience init(path: String, blockSize: Int, afterRead: () -> Void) throws(JSONInputError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw JSONInputError(path: path, errno: errno) }
        defer { close(fd) }
        try self.init(reading: fd, name: path, maxSize: SIMDImplementation.maxDocumentSize, fromStart: true,
                      blockSize: blockSize, afterRead: afterRead)
    }

    private init(reading fd: Int32, name: String, maxSize: Int, fromStart: Bool, blockSize: Int = Int.max,
                 afterRead: () -> Void = {}) throws(JSONInputError) {
        let info = try FileInfo(fd: fd, path: name)
        var expected = 0
        if info.isRegular {
            let position = fromStart ? 0 : max(0, Int(lseek(fd, 0, SEEK_CUR)))
            expected = max(0, info.size - position)
            if expected > maxSize { throw JSONInputError(path: name, tooLarge: expected, limit: maxSize) }
        }
        // A regular file is read in one buffer of its size; streams (and files that grow) double it.
        var offset = fromStart && info.isRegular ? 0 : -1
        var read = try Self.readToEnd(capacity: max(expected, 1 << 16), { buffer throws(JSONInputError) in
            let n = try readSome(fd, into: buffer.baseAddress!, count: min(buffer.count, blockSize), at: offset, path: name)
            afterRead()
            if offset >= 0 { offset += n }
            return n
        }, check: { count throws(JSONInputError) in
            if count > maxSize { throw JSONInputError(path: name, tooLarge: count, limit: maxSize) }
        })
        if info.isRegular && read.count < expected {
            throw JSONInputError(path: name, shrankTo: FileInfo.currentSize(fd), from: expected, at: read.count)
        }
        let format = read.withUnsafeBytes { CompressionFormat(magic: UnsafeRawBufferPointer(rebasing: $0.prefix(4))) }
        if let format {
            // Compressed: the whole decompressed document replaces the compressed bytes.
            read = try read.withUnsafeBytes { compressed throws(JSONInputError) in
                try Self.decompress(compressed, format: format, name: name, maxSize: maxSize)
            }
        }
        self.unsafeBytes = read.withUnsafeBytes { $0 }
        self.storage = read
    }

    /// The decompressed bytes of a whole compressed file. Fails when the data is bad (`JSONInputError`
    /// naming the file and the line reached) or decompresses to more than `maxSize` bytes.
    private static func decompress(_ compressed: UnsafeRawBufferPointer, format: CompressionFormat, name: String,
                                   maxSize: Int) throws(JSONInputError) -> PaddedByteBuffer {
        let source = DecompressingSource(RawMemorySource(compressed), format: format, name: name, threaded: false)
        return try readToEnd(capacity: max(compressed.count * 4, 1 << 16), { buffer throws(JSONInputError) in
            do {
                return try source.read(into: buffer)
            } catch let error as JSONInputError {
                throw error
            } catch {
                throw JSONInputError(path: name, reason: "\(error)")
            }
        }, check: { count throws(JSONInputError) in
            if count > maxSize {
                throw JSONInputError(path: name, reason: "the \(format) data decompresses to more than \(maxSize) bytes, "
                    + "the largest document simdjson parses")
            }
        })
    }

    /// Calls `read` with the free part of a buffer that doubles when full, until `read` returns 0;
    /// `check` sees the count after each read. Returns the buffer (freed when either throws).
    private static func readToEnd(capacity start: Int,
                                  _ read: (UnsafeMutableRawBufferPointer) throws(JSONInputError) -> Int,
                                  check: (Int) throws(JSONInputError) -> Void) throws(JSONInputError) -> PaddedByteBuffer {
        var buffer = PaddedByteBuffer(capacity: start)
        while try buffer.withUnsafeMutableWritableBytes(minimumWritableBytes: 1, read) > 0 {
            try check(buffer.count)
        }
        return buffer
    }
}

/// The former name of `PaddedFile`, from when files were memory-mapped.
@available(*, deprecated, renamed: "PaddedFile")
public typealias MappedFile = PaddedFile
