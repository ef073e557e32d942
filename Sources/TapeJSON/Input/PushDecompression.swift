import CZlib
import CZstd

/// Compressed input pushed in chunks (the asynchronous readers: `JSONLines.forEach(chunks:)`,
/// `JSONStreamParser.parse(chunks:)` and `parse(bytes:)`), recognised by its first bytes as the pull
/// readers recognise it, and handed on decompressed; anything else is handed on as it is.
///
/// The pull readers' decoders (`GzipDecoder`, `ZstdDecoder`) ask their input for more bytes; chunks
/// arrive on their own schedule instead, so here zlib and libzstd are driven the other way round: each
/// chunk is fed in whole, and what it decompresses to goes out at once. The same faults are found (a
/// member or frame cut short when the chunks end, bytes after one that start no other, corrupt data),
/// reported as a `JSONInputError` naming the input, the compressed data and the line reached, after the
/// bytes decompressed before them have been handed on.
struct PushInput {
    /// How the input is named in errors.
    let name: String
    /// The first bytes, held until they say which format the input is in.
    private var head: [UInt8] = []
    private var decoder: PushDecoder?
    private var decided = false
    /// Decompressed bytes handed on, and the newlines among them (for the line an error reached).
    private var output = 0
    private var newlines = 0

    init(name: String) { self.name = name }

    /// Takes the next chunk; `emit` receives what it stands for (valid only during the call).
    mutating func push(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        if !decided {
            head += bytes
            guard head.count >= CompressionFormat.magicLength || !(head.first.map(CompressionFormat.mayStart) ?? true)
            else { return }
            try decide(emit: emit)
            return
        }
        try pass(bytes, emit: emit)
    }

    /// The chunks have ended: hands on what is held, and fails when compressed data ends inside a member
    /// or frame.
    mutating func finish(emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        if !decided { try decide(emit: emit) }
        guard let decoder else { return }
        do {
            try decoder.finish()
        } catch let fault as DecompressionFault {
            throw JSONInputError(path: name, fault: fault, output: output, line: newlines + 1)
        }
    }

    private mutating func decide(emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        decided = true
        if let format = CompressionFormat(magic: head) {
            do throws(DecompressionFault) {
                decoder = format == .gzip ? try PushGzip() : try PushZstd()
            } catch {
                throw JSONInputError(path: name, fault: error, output: 0, line: 1)
            }
        }
        let held = head
        head = []
        try held.withUnsafeBytes { try pass($0, emit: emit) }
    }

    private mutating func pass(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let decoder else { return try emit(bytes) }
        var output = self.output
        var newlines = self.newlines
        defer {
            self.output = output
            self.newlines = newlines
        }
        do {
            try decoder.push(bytes) { out in
                output += out.count
                newlines += ByteScan.newlineCount(in: UnsafeRawBufferPointer(out))
                try emit(out)
            }
        } catch let fault as DecompressionFault {
            throw JSONInputError(path: name, fault: fault, output: output, line: newlines + 1)
        }
    }
}

/// A decompressor driven by pushed chunks.
protocol PushDecoder: AnyObject {
    /// Decompresses all of `bytes`, handing each piece of output to `emit`; throws `DecompressionFault`
    /// for bad data (and whatever `emit` throws).
    func push(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws -> Void) throws
    /// The input has ended: throws `.truncated` when it ended inside a member or frame.
    func finish() throws
}

/// The output buffer one call of either decompressor fills (allocated last in their initializers, so that a
/// failed setup has no buffer to free).
private let pushOutput = 128 << 10

/// gzip, one member or several, pushed (`GzipDecoder`'s rules).
final class PushGzip: PushDecoder {
    private let stream: UnsafeMutablePointer<z_stream>
    private let out: UnsafeMutableRawPointer
    /// The last member ended: what follows must start another (`1F 8B`), or nothing.
    private var betweenMembers = false
    /// A `1F` seen between members, its `8B` still to come.
    private var halfMagic = false
    /// Whether any member has started.
    private var started = false
    private var consumed = 0

    init() throws(DecompressionFault) {
        stream = try GzipDecoder.makeStream()
        out = .allocate(byteCount: pushOutput, alignment: 16)
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
        out.deallocate()
    }

    func push(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        var rest = bytes
        while !rest.isEmpty {
            if betweenMembers {
                // The next member's magic, perhaps split across chunks.
                let expected: UInt8 = halfMagic ? 0x8B : 0x1F
                guard rest[0] == expected else {
                    throw DecompressionFault(kind: .trailingGarbage, format: .gzip, compressedOffset: consumed)
                }
                if !halfMagic {
                    // Counted in `consumed` when zlib gets it below.
                    halfMagic = true
                    rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst())
                    continue
                }
                // Both magic bytes: the member starts with them, so zlib gets them back.
                halfMagic = false
                betweenMembers = false
                inflateReset(stream)
                let magic: [UInt8] = [0x1F]
                _ = try magic.withUnsafeBytes { try inflate($0, emit: emit) }
            }
            started = true
            let used = try inflate(rest, emit: emit)
            if used == 0 && !betweenMembers {
                // zlib took nothing and produced nothing from input it was given: it cannot go on.
                throw DecompressionFault(kind: .corrupt("no progress"), format: .gzip, compressedOffset: consumed)
            }
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(used))
        }
    }

    /// Inflates from `input` until it is used up or the member ends; returns the bytes used.
    @discardableResult
    private func inflate(_ input: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Int {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        while true {
            stream.pointee.next_out = out.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = uInt(pushOutput)
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            let made = pushOutput - Int(stream.pointee.avail_out)
            let used = input.count - Int(stream.pointee.avail_in)
            if made > 0 { try emit(UnsafeRawBufferPointer(start: out, count: made)) }
            switch status {
            case Z_STREAM_END:
                betweenMembers = true
                consumed += used
                return used
            case Z_OK, Z_BUF_ERROR:
                // Z_BUF_ERROR: no progress possible until more input comes.
                if stream.pointee.avail_in == 0 && stream.pointee.avail_out != 0 || status == Z_BUF_ERROR {
                    consumed += used
                    return used
                }
            default:
                let detail = stream.pointee.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                throw DecompressionFault(kind: status == Z_MEM_ERROR ? .resources(detail) : .corrupt(detail),
                                         format: .gzip, compressedOffset: consumed + used)
            }
        }
    }

    func finish() throws {
        if !started || !betweenMembers || halfMagic {
            throw DecompressionFault(kind: .truncated, format: .gzip, compressedOffset: consumed)
        }
    }
}

/// zstd, one frame or several (skippable ones included), pushed (`ZstdDecoder`'s rules).
final class PushZstd: PushDecoder {
    private let context: OpaquePointer
    private let out: UnsafeMutableRawPointer
    /// No frame is open (the input may end here).
    private var atFrameEnd = true
    private var frames = 0
    private var consumed = 0

    init() throws(DecompressionFault) {
        guard let context = ZSTD_createDStream() else {
            throw DecompressionFault(kind: .resources("ZSTD_createDStream failed"), format: .zstd, compressedOffset: 0)
        }
        ZSTD_initDStream(context)
        self.context = context
        out = .allocate(byteCount: pushOutput, alignment: 16)
    }

    deinit {
        ZSTD_freeDStream(context)
        out.deallocate()
    }

    func push(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        var source = ZSTD_inBuffer(src: bytes.baseAddress, size: bytes.count, pos: 0)
        while true {
            var target = ZSTD_outBuffer(dst: out, size: pushOutput, pos: 0)
            let before = source.pos
            let hint = ZSTD_decompressStream(context, &target, &source)
            if ZSTD_isError(hint) != 0 {
                let code = ZSTD_getErrorCode(hint)
                let kind: DecompressionFault.Kind = frames > 0 && atFrameEnd && code == ZSTD_error_prefix_unknown
                    ? .trailingGarbage : .corrupt(String(cString: ZSTD_getErrorName(hint)))
                throw DecompressionFault(kind: kind, format: .zstd, compressedOffset: consumed + before)
            }
            if target.pos > 0 { try emit(UnsafeRawBufferPointer(start: out, count: target.pos)) }
            if hint == 0 {
                if !atFrameEnd || source.pos > before { frames += 1 }
                atFrameEnd = true
            } else if source.pos > before || target.pos > 0 {
                atFrameEnd = false
            }
            // Done with this chunk once it is used up and the last call left room in the output (so
            // nothing decompressed is waiting inside libzstd).
            if source.pos == source.size && target.pos < target.size { break }
        }
        consumed += bytes.count
    }

    func finish() throws {
        if !atFrameEnd || frames == 0 {
            throw DecompressionFault(kind: .truncated, format: .zstd, compressedOffset: consumed)
        }
    }
}
