#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes ready for simdjson: either followed by `SIMDJSON_PADDING` readable bytes, or known not to be.
///
/// simdjson reads up to 64 bytes past the end of its input. A buffer that has those bytes (a memory
/// mapping whose last page has room to spare, an array with spare capacity, or a buffer the caller padded)
/// is parsed in place; any other is copied by simdjson into a reusable padded buffer first.
struct PaddingCheck {
    /// The system page size.
    static let pageSize: Int = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Whether `padding` bytes after `end` lie on the same (mapped) page as the last input byte.
    static func pageHasRoom(after end: UnsafeRawPointer, count: Int) -> Bool {
        guard count > 0 else { return false }
        let last = UInt(bitPattern: end) &- 1
        let offsetInPage = Int(last % UInt(pageSize))
        return offsetInPage + 1 + Simd.padding <= pageSize
    }
}

/// A read-only file, memory-mapped when possible, with at least `SIMDJSON_PADDING` readable bytes past
/// its end (so it is parsed without a copy).
///
/// When the file size leaves fewer than 64 bytes of slack in its last page, the mapping is made one page
/// longer using an anonymous page laid over the end, so the padding is always readable. Files that cannot
/// be mapped (pipes, `/dev/stdin`) are read into a padded heap buffer instead.
public final class MappedFile: @unchecked Sendable {
    /// The file's bytes (without the padding).
    public let bytes: UnsafeRawBufferPointer
    private let base: UnsafeMutableRawPointer?
    private let mappedLength: Int
    private let isMapped: Bool

    /// Maps the file at `path` (or reads it, when it is not a regular file).
    ///
    /// - Throws: `JSONInputError` when the file cannot be opened or read, or is larger than simdjson
    ///   can parse (just under 4 GiB).
    public init(path: String, maxSize: Int = SIMDImplementation.maxDocumentSize) throws(JSONInputError) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw JSONInputError(path: path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw JSONInputError(path: path, errno: errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw JSONInputError(path: path, errno: EISDIR) }
        if (info.st_mode & S_IFMT) == S_IFREG {
            let size = Int(info.st_size)
            if size > maxSize { throw JSONInputError(path: path, tooLarge: size, limit: maxSize) }
            let page = PaddingCheck.pageSize
            // Room for the file plus its padding, rounded up to whole pages.
            let length = max(page, (size + Simd.padding + page - 1) / page * page)
            // Reserve the whole range readable (anonymous zero pages), then map the file over its start.
            guard let reserved = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                  reserved != MAP_FAILED
            else { throw JSONInputError(path: path, errno: errno) }
            if size > 0 {
                let mapped = mmap(reserved, size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0)
                if mapped == MAP_FAILED {
                    let code = errno
                    munmap(reserved, length)
                    throw JSONInputError(path: path, errno: code)
                }
                _ = madvise(reserved, size, MADV_SEQUENTIAL)
            }
            self.base = reserved
            self.mappedLength = length
            self.isMapped = true
            self.bytes = UnsafeRawBufferPointer(start: reserved, count: size)
        } else {
            // A pipe or a character device: read it all into a padded buffer.
            var storage = UnsafeMutableRawPointer.allocate(byteCount: 65536 + Simd.padding, alignment: 64)
            var capacity = 65536
            var count = 0
            while true {
                if count == capacity {
                    let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2 + Simd.padding, alignment: 64)
                    bigger.copyMemory(from: storage, byteCount: count)
                    storage.deallocate()
                    storage = bigger
                    capacity *= 2
                }
                let n = read(fd, storage + count, capacity - count)
                if n < 0 {
                    if errno == EINTR { continue }
                    let code = errno
                    storage.deallocate()
                    throw JSONInputError(path: path, errno: code)
                }
                if n == 0 { break }
                count += n
                if count > maxSize {
                    storage.deallocate()
                    throw JSONInputError(path: path, tooLarge: count, limit: maxSize)
                }
            }
            (storage + count).initializeMemory(as: UInt8.self, repeating: 0x20, count: Simd.padding)
            self.base = storage
            self.mappedLength = capacity + Simd.padding
            self.isMapped = false
            self.bytes = UnsafeRawBufferPointer(start: storage, count: count)
        }
    }

    deinit {
        guard let base else { return }
        if isMapped { munmap(base, mappedLength) } else { base.deallocate() }
    }

    /// Whether the bytes are a memory mapping of a regular file (rather than a buffer read from a stream).
    var isMemoryMapped: Bool { isMapped }

    /// Drops the resident pages wholly inside `range` from this process (they are read again from the
    /// file if touched), so streaming a large mapped file keeps a flat resident size.
    func releasePages(_ range: Range<Int>) {
        guard isMapped, let base else { return }
        let page = PaddingCheck.pageSize
        let start = (range.lowerBound + page - 1) / page * page
        let end = range.upperBound / page * page
        if end > start { _ = madvise(base + start, end - start, MADV_DONTNEED) }
    }
}

/// A file that could not be opened, read or mapped, or is too large to parse.
public struct JSONInputError: Error, Sendable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// What went wrong.
    public var reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        self.reason = String(cString: strerror(code))
    }

    init(path: String, tooLarge size: Int, limit: Int) {
        self.path = path
        self.reason = "file is \(size) bytes; the largest document simdjson parses is \(limit) bytes"
    }

    /// An error for `path` with a reason of your own.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
