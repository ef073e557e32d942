// Compressed input: recognised by its first bytes (never by its name), decompressed as it is read.
//
// Every reader that opens a path or a descriptor goes through `InputOpening`: a gzip (RFC 1952) or zstd
// (RFC 8878) input is handed to the reader as its decompressed bytes, by a `DecompressingSource` whose
// own thread decompresses while the reader parses; anything else is read as it is. No JSON text can
// start with these bytes (0x1F, `(`, or a zstd skippable frame's `P`-`_` followed by 0x2A 0x4D 0x18), so
// the test cannot mistake a JSON input for a compressed one.

/// A compression format `TapeJSON` reads.
public enum CompressionFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// gzip (RFC 1952): one member or several in a row (`cat a.gz b.gz`, bgzip), read with zlib.
    case gzip
    /// Zstandard (RFC 8878): one frame or several in a row (skippable frames included), read with libzstd.
    case zstd

    /// The format's name as messages give it: `gzip` or `zstd`.
    public var description: String { rawValue }

    /// The format whose magic number `prefix` starts with, if any. Two bytes decide for gzip
    /// (`1F 8B`), four for zstd (`28 B5 2F FD`, or `5? 2A 4D 18` for a skippable frame).
    public init?(magic prefix: some Collection<UInt8>) {
        let bytes = Array(prefix.prefix(4))
        if bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B {
            self = .gzip
        } else if bytes.count == 4 && bytes == [0x28, 0xB5, 0x2F, 0xFD] {
            self = .zstd
        } else if bytes.count == 4 && bytes[0] & 0xF0 == 0x50 && bytes[1] == 0x2A && bytes[2] == 0x4D && bytes[3] == 0x18 {
            self = .zstd
        } else {
            return nil
        }
    }

    /// Whether a first byte could start one of the magic numbers (more bytes must then be seen).
    static func mayStart(with byte: UInt8) -> Bool { byte == 0x1F || byte == 0x28 || byte & 0xF0 == 0x50 }

    /// The most bytes `init(magic:)` looks at.
    static let magicLength = 4
}

/// How the streaming readers open their input: a file or descriptor, decompressed when its first bytes
/// say it is compressed.
enum InputOpening {
    /// The input at `path` (`-`: standard input, read from where it stands) as a stream of its (possibly
    /// decompressed) bytes. With `forShard`, a compressed input is an error: its bytes cannot be split.
    static func stream(path: String, forShard: Bool = false) throws(JSONInputError) -> any ByteSource {
        let file = path == "-" ? try FileDescriptorSource(fd: 0, path: "-") : try FileDescriptorSource(path: path)
        return try stream(file, forShard: forShard)
    }

    /// An open descriptor, read from where it stands, decompressed when compressed.
    static func stream(fd: Int32, name: String) throws(JSONInputError) -> any ByteSource {
        try stream(try FileDescriptorSource(fd: fd, path: name))
    }

    /// `file` itself when it is not compressed, else its decompressed bytes (read on a thread of their own).
    static func stream(_ file: FileDescriptorSource, forShard: Bool = false) throws(JSONInputError) -> any ByteSource {
        guard let format = try file.compressionFormat() else { return file }
        if forShard { throw JSONInputError(path: file.path, cannotShard: format) }
        return DecompressingSource(file, format: format, name: file.path)
    }

    /// Bytes in memory, decompressed when they start with a compression format's magic number (the
    /// decompression then runs on a thread of its own).
    static func stream(bytes: [UInt8], name: String = "bytes") -> any ByteSource {
        guard let format = CompressionFormat(magic: bytes) else { return MemorySource(bytes: bytes) }
        return DecompressingSource(MemorySource(bytes: bytes), format: format, name: name)
    }
}

extension FileDescriptorSource {
    /// The compression format of what is left to read, looked at without consuming it: a regular file's
    /// first bytes are read with `pread`; a stream's are held and returned again by `read`.
    func compressionFormat() throws(JSONInputError) -> CompressionFormat? {
        var prefix = [UInt8](repeating: 0, count: CompressionFormat.magicLength)
        let seen = try peek(into: &prefix)
        return CompressionFormat(magic: prefix[..<seen])
    }
}

/// What a decompressor found wrong with its input; `DecompressingSource` makes it a `JSONInputError`
/// with the path and how far the decompressed output got.
struct DecompressionFault: Error {
    enum Kind {
        /// The data does not decompress (a bad header, block or checksum): the decompressor's words.
        case corrupt(String)
        /// The input ends inside a member or frame.
        case truncated
        /// Bytes after a complete member or frame that do not start another one.
        case trailingGarbage
        /// The compressed input itself could not be read.
        case input(JSONInputError)
        /// The decompressor could not get memory or start.
        case resources(String)
    }

    var kind: Kind
    var format: CompressionFormat
    /// Offset in the compressed input where the fault was found.
    var compressedOffset: Int
}

extension JSONInputError {
    /// `--shard` / `shard(_:of:)` on compressed input.
    init(path: String, cannotShard format: CompressionFormat) {
        self.init(path: path, reason: "the input is \(format)-compressed and cannot be split into shards (its bytes can "
            + "only be decompressed from the start); decompress it first, or read it whole")
    }

    /// A fault of the compressed data, with how far the decompressed output got (`output` bytes, that
    /// is the start of line `line`).
    init(path: String, fault: DecompressionFault, output: Int, line: Int) {
        let format = fault.format
        let reached = "; decompressed output reached byte \(output) (line \(line))"
        switch fault.kind {
        case .corrupt(let detail):
            self.init(path: path, reason: "\(format) data is corrupt (\(detail)) at compressed byte \(fault.compressedOffset)"
                + reached)
        case .truncated:
            self.init(path: path, reason: "\(format) data ends early (truncated): the input ends inside a "
                + (format == .gzip ? "gzip member" : "zstd frame") + " at compressed byte \(fault.compressedOffset)" + reached)
        case .trailingGarbage:
            self.init(path: path, reason: "\(format) data is corrupt: the bytes from compressed byte \(fault.compressedOffset) "
                + "on are not another " + (format == .gzip ? "gzip member" : "zstd frame") + " (trailing garbage)" + reached)
        case .input(let error):
            self.init(path: path, reason: "\(error.reason) (reading the \(format) data at compressed byte \(fault.compressedOffset))"
                + reached)
        case .resources(let detail):
            self.init(path: path, reason: "\(format) data cannot be decompressed: \(detail)" + reached)
        }
        self.offset = output
    }
}

/// Compressed bytes pulled from a `ByteSource` into a buffer of their own, for the decoders.
final class CompressedInput {
    private var base: any ByteSource
    /// The bytes read; never grows past its first capacity, so `buffer` stays put.
    private var storage: PaddedByteBuffer
    /// Where the bytes read start.
    var buffer: UnsafeMutableRawPointer { storage.unsafeBaseAddress }
    let capacity: Int
    /// The unread bytes are `buffer[position ..< count]`.
    var position = 0
    var count: Int { storage.count }
    /// The source has ended (no byte will follow `count`).
    private(set) var ended = false
    /// Compressed bytes read before `buffer[0]`.
    private var before = 0
    let format: CompressionFormat

    init(_ base: any ByteSource, format: CompressionFormat, capacity: Int = 128 << 10) {
        self.base = base
        self.format = format
        self.storage = PaddedByteBuffer(capacity: capacity)
        self.capacity = storage.capacity
    }

    var available: Int { count - position }
    /// Offset in the compressed input of the next unread byte.
    var offset: Int { before + position }

    /// Whether no unread byte is left and the source has none more (reading more to find out).
    func isExhausted() throws(DecompressionFault) -> Bool {
        if available > 0 { return false }
        let more = try refill()
        return !more
    }

    /// Reads more compressed bytes after those not yet consumed (moved to the front); false at the end.
    @discardableResult
    func refill() throws(DecompressionFault) -> Bool {
        if ended { return false }
        if position > 0 {
            storage.compact(keepingFrom: position)
            before += position
            position = 0
        }
        guard count < capacity else { return true }
        let n: Int
        do {
            n = try storage.withUnsafeMutableWritableBytes(minimumWritableBytes: 0) { room in try base.read(into: room) }
        } catch let error as JSONInputError {
            throw DecompressionFault(kind: .input(error), format: format, compressedOffset: offset + available)
        } catch {
            throw DecompressionFault(kind: .input(JSONInputError(path: "", reason: "\(error)")), format: format,
                                     compressedOffset: offset + available)
        }
        if n == 0 { ended = true; return false }
        return true
    }
}

/// A streaming decompressor: fills buffers with decompressed bytes pulled from a `CompressedInput`.
protocol StreamDecoder: AnyObject {
    /// Writes into `buffer` until it is full or the data ends, adding what it wrote to `produced`; a
    /// fault may come after some output.
    func decode(into buffer: UnsafeMutableRawBufferPointer, produced: inout Int) throws(DecompressionFault)
    /// A fault found after some output of the same call: thrown by the next call, once that output is out.
    var deferred: DecompressionFault? { get set }
}

extension StreamDecoder {
    /// Fills `buffer` unless the data ends first; returns how many bytes it wrote, 0 only at the end of
    /// the data (after its last member or frame, checked whole). A fault is thrown once the output
    /// before it has been returned.
    func decode(into buffer: UnsafeMutableRawBufferPointer) throws(DecompressionFault) -> Int {
        if let deferred { throw deferred }
        var produced = 0
        do {
            try decode(into: buffer, produced: &produced)
        } catch {
            guard produced > 0 else { throw error }
            deferred = error
        }
        return produced
    }
}

/// The decoder of `format` over `input`.
func makeDecoder(_ format: CompressionFormat, input: CompressedInput) throws(DecompressionFault) -> any StreamDecoder {
    switch format {
    case .gzip: return try GzipDecoder(input)
    case .zstd: return try ZstdDecoder(input)
    }
}
