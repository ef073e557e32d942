#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where JSON Lines bytes come from.
protocol ByteSource {
    /// Reads up to `buffer.count` bytes; 0 at the end of the input.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// A file descriptor (file, pipe, socket, standard input), closed at the end when owned.
final class FileDescriptorSource: ByteSource {
    let fd: Int32
    let path: String
    let owned: Bool

    init(fd: Int32, path: String, owned: Bool) {
        self.fd = fd
        self.path = path
        self.owned = owned
    }

    deinit { if owned { close(fd) } }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            #if canImport(Glibc) || canImport(Musl)
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            #else
            let n = Darwin.read(fd, buffer.baseAddress, buffer.count)
            #endif
            if n >= 0 { return n }
            if errno == EINTR { continue }
            throw JSONInputError(path: path, reason: String(cString: strerror(errno)))
        }
    }
}

/// Bytes already in memory.
struct MemorySource: ByteSource {
    let bytes: [UInt8]
    var position = 0

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let n = min(buffer.count, bytes.count - position)
        if n > 0 {
            bytes.withUnsafeBytes { all in
                buffer.baseAddress!.copyMemory(from: all.baseAddress! + position, byteCount: n)
            }
            position += n
        }
        return n
    }
}

/// Cuts a byte source into `LineChunk`s of whole lines.
///
/// A chunk ends after the last newline that fits; the partial line after it is carried into the next
/// chunk. A line longer than the chunk size grows the chunk (the window) instead of failing. The last line
/// of the input may lack its newline. A UTF-8 byte order mark at the very start is skipped. (Shards of files
/// are cut from the mapped file by `RegionChunker`; streams are never sharded.)
struct LineChunker: ChunkSource {
    var source: any ByteSource
    let chunkSize: Int
    let pool: ChunkPool
    /// Absolute offset of the next byte the source returns.
    private var sourceOffset: Int
    /// The partial line after the last chunk's final newline, carried into the next chunk.
    private var carry: UnsafeMutableRawPointer
    private var carryCapacity = 0
    private var carryCount = 0
    private var nextLine: Int
    private var nextSequence = 0
    private var nextIndex = 0
    private var finished = false
    private var atInputStart: Bool
    var countsLines = true
    let startLine: Int

    init(source: any ByteSource, chunkSize: Int, pool: ChunkPool, startOffset: Int = 0, startLine: Int = 1) {
        self.source = source
        self.chunkSize = max(chunkSize, 64)
        self.pool = pool
        self.sourceOffset = startOffset
        self.nextLine = startLine
        self.startLine = startLine
        self.atInputStart = startOffset == 0
        self.carry = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 8)
    }

    /// Frees the carry buffer (a chunker is a value type owned by one reader).
    func release() { carry.deallocate() }

    /// The next chunk of whole lines, or nil at the end of the input.
    mutating func next() throws -> LineChunk? {
        if finished { return nil }
        var chunk = pool.take(capacity: max(chunkSize, carryCount * 2))
        chunk.baseOffset = sourceOffset - carryCount
        if carryCount > 0 {
            chunk.base.copyMemory(from: carry, byteCount: carryCount)
            chunk.count = carryCount
            carryCount = 0
        }
        var endOfInput = false
        var cut = 0
        while true {
            while chunk.count < chunk.capacity {
                let n = try source.read(into: UnsafeMutableRawBufferPointer(start: chunk.base + chunk.count,
                                                                          count: chunk.capacity - chunk.count))
                if n == 0 { endOfInput = true; break }
                chunk.count += n
                sourceOffset += n
            }
            if endOfInput { cut = chunk.count; finished = true; break }
            if let newline = lastNewline(in: chunk) {
                cut = newline + 1
                break
            }
            // A full window without a usable newline: a line longer than the window. Grow the window.
            chunk = grow(chunk)
        }
        if !finished && cut < chunk.count {
            carryCount = chunk.count - cut
            if carryCount > carryCapacity {
                carry.deallocate()
                carryCapacity = max(carryCount, carryCapacity * 2)
                carry = UnsafeMutableRawPointer.allocate(byteCount: carryCapacity, alignment: 8)
            }
            carry.copyMemory(from: chunk.base + cut, byteCount: carryCount)
        }
        chunk.count = cut
        if cut == 0 {
            chunk.recycle()
            return nil
        }
        // simdjson may read up to `Simd.padding` bytes past the end; spaces keep them inert.
        (chunk.base + chunk.count).initializeMemory(as: UInt8.self, repeating: 0x20, count: Simd.padding)
        chunk.stamp(atInputStart: atInputStart, sequence: &nextSequence, countsLines: countsLines,
                    line: &nextLine, index: &nextIndex)
        atInputStart = false
        return chunk
    }

    private func grow(_ chunk: LineChunk) -> LineChunk {
        let bigger = pool.take(capacity: chunk.capacity * 2)
        bigger.base.copyMemory(from: chunk.base, byteCount: chunk.count)
        bigger.count = chunk.count
        bigger.baseOffset = chunk.baseOffset
        chunk.recycle()
        return bigger
    }

    private func lastNewline(in chunk: LineChunk) -> Int? {
        // Scanned backwards: the last newline is normally within one line of the end.
        var i = chunk.count - 1
        let bytes = chunk.uint8
        while i >= 0 {
            if bytes[i] == 0x0A { return i }
            i -= 1
        }
        return nil
    }
}

/// The number of `\n` bytes in `count` bytes at `p`, and the number of lines there (including an
/// unterminated last one) holding more than whitespace: the lines a scanner accounts for.
func countLines(_ p: UnsafePointer<UInt8>, _ count: Int) -> (newlines: Int, nonBlank: Int) {
    var newlines = 0
    var nonBlank = 0
    var i = 0
    while i < count {
        var j = i
        while j < count && (p[j] == 0x20 || p[j] == 0x09 || p[j] == 0x0D) { j += 1 }
        if j < count && p[j] != 0x0A { nonBlank += 1 }
        guard j < count, let hit = memchr(p + j, 0x0A, count - j) else { break }
        newlines += 1
        i = UnsafeRawPointer(hit) - UnsafeRawPointer(p) + 1
    }
    return (newlines, nonBlank)
}

/// The number of `\n` bytes in `count` bytes at `p`.
func countNewlines(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int {
    var n = 0
    var cursor = UnsafeRawPointer(p)
    var remaining = count
    while remaining > 0, let hit = memchr(cursor, 0x0A, remaining) {
        n += 1
        let advance = UnsafeRawPointer(hit) - cursor + 1
        cursor += advance
        remaining -= advance
    }
    return n
}
