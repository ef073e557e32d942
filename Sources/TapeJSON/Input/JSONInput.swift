/// Whether bytes already in memory are followed by `SIMDJSON_PADDING` readable bytes.
///
/// simdjson reads up to 64 bytes past the end of its input. Bytes whose last page has that much room
/// left (memory is mapped a page at a time) are parsed in place; any others are copied by simdjson into
/// a reusable padded buffer first.
struct PaddingCheck {
    /// The system page size.
    static let pageSize: Int = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Whether `padding` bytes after `end` lie on the same page as the last input byte.
    static func pageHasRoom(after end: UnsafeRawPointer, count: Int) -> Bool {
        guard count > 0 else { return false }
        let last = UInt(bitPattern: end) &- 1
        let offsetInPage = Int(last % UInt(pageSize))
        return offsetInPage + 1 + Simd.padding <= pageSize
    }
}

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
public final class PaddedFile: @unchecked Sendable {
    /// The file's bytes (without the padding). Valid while the `PaddedFile` lives.
    public let bytes: UnsafeRawBufferPointer
    private let storage: UnsafeMutableRawPointer

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
    /// - Parameter name: how errors name the input (`-` for standard input).
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
        var capacity = max(expected, 1 << 16)
        var storage = UnsafeMutableRawPointer.allocate(byteCount: capacity + Simd.padding, alignment: 64)
        var count = 0
        var offset = fromStart && info.isRegular ? 0 : -1
        do throws(JSONInputError) {
            while true {
                if count == capacity {
                    let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2 + Simd.padding, alignment: 64)
                    bigger.copyMemory(from: storage, byteCount: count)
                    storage.deallocate()
                    storage = bigger
                    capacity *= 2
                }
                let n = try readSome(fd, into: storage + count, count: min(capacity - count, blockSize), at: offset,
                                     path: name)
                afterRead()
                if n == 0 { break }
                count += n
                if offset >= 0 { offset += n }
                if count > maxSize { throw JSONInputError(path: name, tooLarge: count, limit: maxSize) }
            }
            if info.isRegular && count < expected {
                throw JSONInputError(path: name, shrankTo: FileInfo.currentSize(fd), from: expected, at: count)
            }
        } catch {
            storage.deallocate()
            throw error
        }
        (storage + count).initializeMemory(as: UInt8.self, repeating: 0x20, count: Simd.padding)
        self.storage = storage
        self.bytes = UnsafeRawBufferPointer(start: storage, count: count)
    }

    deinit { storage.deallocate() }
}

/// The former name of `PaddedFile`, from when files were memory-mapped.
@available(*, deprecated, renamed: "PaddedFile")
public typealias MappedFile = PaddedFile

/// What `fstat` says about an open file, as the readers need it.
struct FileInfo {
    let isRegular: Bool
    let size: Int

    /// Fails for a directory (`EISDIR`) or when `fstat` fails.
    init(fd: Int32, path: String) throws(JSONInputError) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw JSONInputError(path: path, errno: errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw JSONInputError(path: path, errno: EISDIR) }
        isRegular = (info.st_mode & S_IFMT) == S_IFREG
        size = Int(info.st_size)
    }

    /// The file's size now, or -1 when it cannot be read.
    static func currentSize(_ fd: Int32) -> Int {
        var info = stat()
        return fstat(fd, &info) == 0 ? Int(info.st_size) : -1
    }
}

/// Reads up to `count` bytes: `pread` at `offset` when it is 0 or more, otherwise `read` from the
/// descriptor's position. Retries on `EINTR`; 0 means the end of the input.
func readSome(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int,
              path: String) throws(JSONInputError) -> Int {
    // One call reads at most 1 MiB: Linux's /proc/sys files fail larger reads with ENOMEM (they allocate
    // a kernel buffer of the size asked), and a transfer is capped just under 2 GiB anyway.
    let asked = min(count, 1 << 20)
    while true {
        let n = offset >= 0 ? pread(fd, buffer, asked, off_t(offset)) : read(fd, buffer, asked)
        if n >= 0 { return n }
        if errno == EINTR { continue }
        throw JSONInputError(path: path, errno: errno, at: offset >= 0 ? offset : nil)
    }
}

/// A file that could not be opened or read, that changed under the reader, or is too large to parse.
public struct JSONInputError: Error, Sendable, CustomStringConvertible {
    /// The path as given (`-` for standard input).
    public var path: String
    /// What went wrong.
    public var reason: String
    /// The byte of the input at which reading failed, when it failed after opening.
    public var offset: Int?

    init(path: String, errno code: Int32, at offset: Int? = nil) {
        self.path = path
        self.reason = String(cString: strerror(code))
        self.offset = offset
    }

    init(path: String, tooLarge size: Int, limit: Int) {
        self.path = path
        self.reason = "file is \(size) bytes; the largest document simdjson parses is \(limit) bytes"
    }

    /// The file ended at byte `offset`, before the `expected` bytes it had when it was opened: it was
    /// truncated (or rotated) while it was read.
    init(path: String, shrankTo size: Int, from expected: Int, at offset: Int) {
        self.path = path
        let now = size >= 0 ? "\(size) bytes" : "an unknown size"
        self.reason = "the file shrank while it was read: it had \(expected) bytes when opened and now has \(now);"
            + " reading stopped at byte \(offset)"
        self.offset = offset
    }

    /// An error for `path` with a reason of your own.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
