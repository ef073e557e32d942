/// Where streamed bytes come from (JSON Lines, arrays): read in order into the reader's own buffers.
protocol ByteSource {
    /// Reads up to `buffer.count` bytes; 0 at the end of the input.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// For an input that can be read ahead without consuming it (a regular file): how far the next `\n`
    /// lies from the read position, looking at most `limit` bytes ahead. Nil for a stream.
    mutating func lookAhead(forNewlineWithin limit: Int) throws -> LookAhead?
    /// Moves to the end of the input without keeping what is there; returns the bytes passed over (how
    /// many were left unread when a reader stops early).
    mutating func skipToEnd() throws -> Int
}

/// What `ByteSource.lookAhead(forNewlineWithin:)` found.
enum LookAhead: Equatable {
    /// The next `\n` is this many bytes past the read position.
    case newline(at: Int)
    /// The input ends this many bytes past the read position, with no `\n` before.
    case end(at: Int)
    /// No `\n` and no end within the limit.
    case beyond
}

extension ByteSource {
    func lookAhead(forNewlineWithin limit: Int) throws -> LookAhead? { nil }

    /// Reads (and drops) the rest of a stream, a block at a time.
    mutating func skipToEnd() throws -> Int {
        try readingToEnd { try read(into: $0) }
    }
}

/// Calls `read` with a scratch block until it returns 0; returns the bytes it read in all.
private func readingToEnd(_ read: (UnsafeMutableRawBufferPointer) throws -> Int) rethrows -> Int {
    try withUnsafeTemporaryAllocation(byteCount: 1 << 16, alignment: 16) { scratch in
        var skipped = 0
        while true {
            let n = try read(scratch)
            if n == 0 { return skipped }
            skipped += n
        }
    }
}

/// A file descriptor: a regular file, a pipe, a socket or standard input.
///
/// A file this reader opened is read with `pread` between a start and an end offset (a shard's range);
/// a descriptor it was given (standard input, a `FileHandle`) with `read` from its current position, so
/// the descriptor's position follows what was consumed. For a regular file, reaching the end before the
/// size it had when opened means it was truncated under the reader (log rotation): that is a
/// `JSONInputError` naming the byte, never a silent early end (and never a signal, as touching a
/// truncated memory mapping would be).
final class FileDescriptorSource: ByteSource {
    let fd: Int32
    let path: String
    private let owned: Bool
    /// Whether `fd` is a regular file (positions, look-ahead and the shrink check apply).
    let isRegular: Bool
    /// Absolute offset in the file of the next byte (regular files).
    private(set) var position: Int
    /// Where reading stops: the end of a shard, or `Int.max` for the whole input.
    private let end: Int
    /// For a regular file: where its end was when it was opened (or `end`, when smaller).
    private let expectedEnd: Int
    /// Whether reads go through `pread` at `position` (a file this reader opened) or `read`.
    private let positioned: Bool
    /// Bytes of a stream read by `peek(into:)`, which `read` returns first.
    private var peeked: [UInt8] = []

    /// Opens `path` for reading from `begin` to `end` (its end when nil). A path that is not a regular
    /// file (a pipe, a device, `/dev/stdin`) is read as a stream from its start, and `begin` must be 0.
    init(path: String, begin: Int = 0, end: Int? = nil) throws(JSONInputError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw JSONInputError(path: path, errno: errno) }
        let info: FileInfo
        do { info = try FileInfo(fd: fd, path: path) } catch {
            close(fd)
            throw error
        }
        self.fd = fd
        self.path = path
        self.owned = true
        self.isRegular = info.isRegular
        self.positioned = info.isRegular
        self.position = begin
        self.end = end ?? Int.max
        self.expectedEnd = info.isRegular ? min(info.size, self.end) : 0
        if info.isRegular {
            _ = posix_fadvise(fd, off_t(begin), 0, Int32(POSIX_FADV_SEQUENTIAL))
        }
    }

    /// Reads `fd` from its current position to its end; it stays open.
    init(fd: Int32, path: String) throws(JSONInputError) {
        let info = try FileInfo(fd: fd, path: path)
        self.fd = fd
        self.path = path
        self.owned = false
        self.isRegular = info.isRegular
        self.positioned = false
        self.position = info.isRegular ? max(0, Int(lseek(fd, 0, SEEK_CUR))) : 0
        self.end = Int.max
        self.expectedEnd = info.isRegular ? info.size : 0
    }

    deinit { if owned { close(fd) } }

    /// The size the file had when it was opened (regular files; 0 otherwise).
    var sizeAtOpen: Int { expectedEnd }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if !peeked.isEmpty {
            let n = peeked.withUnsafeBytes { buffer.copyPrefix(of: $0) }
            peeked.removeFirst(n)
            return n
        }
        let wanted = min(buffer.count, end - position)
        guard wanted > 0 else { return 0 }
        let n = try readSome(fd, into: buffer.baseAddress!, count: wanted, at: positioned ? position : -1, path: path)
        if n == 0 && isRegular && position < expectedEnd {
            throw JSONInputError(path: path, shrankTo: FileInfo.currentSize(fd), from: expectedEnd, at: position)
        }
        position += n
        return n
    }

    /// A regular file is not read to its end: what is left is its size (or the shard's end) less the
    /// position. A stream is read and dropped.
    func skipToEnd() throws -> Int {
        if isRegular {
            let size = FileInfo.currentSize(fd)
            let left = max(0, min(size >= 0 ? size : expectedEnd, end) - position)
            position += left
            return left
        }
        return try readingToEnd { try read(into: $0) }
    }

    /// Copies the next bytes into `prefix` without consuming them (up to its size; fewer at the end of
    /// the input) and returns how many. A regular file is read with `pread`; a stream's bytes are kept
    /// for `read`. A stream is read only as far as needed: when its first byte cannot start a
    /// compression format's magic number, that one byte is enough (a terminal or a socket is not
    /// waited on for more).
    func peek(into prefix: inout [UInt8]) throws(JSONInputError) -> Int {
        guard !prefix.isEmpty else { return 0 }
        return try withUnsafeTemporaryAllocation(byteCount: prefix.count, alignment: 8) { (buffer) throws(JSONInputError) in
            try peek(into: &prefix, scratch: buffer.baseAddress!)
        }
    }

    private func peek(into prefix: inout [UInt8], scratch: UnsafeMutableRawPointer) throws(JSONInputError) -> Int {
        if isRegular {
            let wanted = min(prefix.count, end - position)
            var got = 0
            while got < wanted {
                let n = try readSome(fd, into: scratch + got, count: wanted - got, at: position + got, path: path)
                if n == 0 { break }
                got += n
            }
            for k in 0..<got { prefix[k] = scratch.load(fromByteOffset: k, as: UInt8.self) }
            return got
        }
        while peeked.count < prefix.count {
            if let first = peeked.first, !CompressionFormat.mayStart(with: first) { break }
            let n = try readSome(fd, into: scratch, count: prefix.count - peeked.count, at: -1, path: path)
            if n == 0 { break }
            peeked += UnsafeRawBufferPointer(start: scratch, count: n)
        }
        let got = min(peeked.count, prefix.count)
        prefix.replaceSubrange(0..<got, with: peeked[..<got])
        return got
    }

    func lookAhead(forNewlineWithin limit: Int) throws -> LookAhead? {
        guard isRegular else { return nil }
        let block = 1 << 20
        return try withUnsafeTemporaryAllocation(byteCount: block, alignment: 64) { buffer in
            try lookAhead(forNewlineWithin: limit, scratch: buffer.baseAddress!, block: block)
        }
    }

    private func lookAhead(forNewlineWithin limit: Int, scratch: UnsafeMutableRawPointer, block: Int) throws -> LookAhead {
        var looked = 0
        while looked < limit {
            let wanted = min(block, limit - looked, end - position - looked)
            if wanted <= 0 { return .end(at: looked) }
            let n = try readSome(fd, into: scratch, count: wanted, at: position + looked, path: path)
            if n == 0 { return .end(at: looked) }
            if let hit = memchr(scratch, 0x0A, n) { return .newline(at: looked + (UnsafeRawPointer(hit) - UnsafeRawPointer(scratch))) }
            looked += n
        }
        return .beyond
    }
}

/// Bytes already in memory.
struct MemorySource: ByteSource {
    let bytes: [UInt8]
    var position = 0

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let n = bytes.withUnsafeBytes { buffer.copyPrefix(of: UnsafeRawBufferPointer(rebasing: $0[position...])) }
        position += n
        return n
    }

    mutating func skipToEnd() throws -> Int {
        defer { position = bytes.count }
        return bytes.count - position
    }

    mutating func lookAhead(forNewlineWithin limit: Int) throws -> LookAhead? {
        let available = min(limit, bytes.count - position)
        if let k = bytes[position..<(position + available)].firstIndex(of: 0x0A) { return .newline(at: k - position) }
        return available < limit ? .end(at: available) : .beyond
    }
}

/// Bytes in memory someone else owns (valid while the source is read).
struct RawMemorySource: ByteSource {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let n = buffer.copyPrefix(of: UnsafeRawBufferPointer(rebasing: bytes[position...]))
        position += n
        return n
    }
}
