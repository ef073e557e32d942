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
