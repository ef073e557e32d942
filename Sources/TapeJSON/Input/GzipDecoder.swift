import CZlib

/// Decompresses gzip data (RFC 1952) with the system zlib: one member or several in a row, as
/// `cat a.gz b.gz` and bgzip produce, each member's CRC-32 and length checked by zlib.
///
/// The data must end exactly after a member: a member cut short is `.truncated`, and bytes after a member
/// that do not start another one (`1F 8B`) are `.trailingGarbage` (GNU gzip only warns about trailing
/// zeros; a log reader must not guess what they were).
final class GzipDecoder: StreamDecoder {
    private let input: CompressedInput
    /// zlib's stream, at a fixed address (zlib's state points back to it).
    private let stream: UnsafeMutablePointer<z_stream>
    /// The last member ended: the next bytes must be another member's magic, or nothing.
    private var betweenMembers = false
    private var finished = false

    /// Output asked of one `inflate` call (zlib's fast path works best with room to spare, and a call
    /// much larger brings nothing).
    private static let callOutput = 256 << 10

    init(_ input: CompressedInput) throws(DecompressionFault) {
        self.stream = try Self.makeStream()
        self.input = input
    }

    /// A zlib stream ready to inflate gzip members, at a fixed address (this decoder's and `PushGzip`'s).
    static func makeStream() throws(DecompressionFault) -> UnsafeMutablePointer<z_stream> {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // 16 + 15: a gzip wrapper (header and trailer checked), the largest window.
        let status = czlib_inflate_init2(stream, 16 + MAX_WBITS)
        guard status == Z_OK else {
            stream.deallocate()
            throw DecompressionFault(kind: .resources("zlib's inflateInit2 failed (\(status))"), format: .gzip,
                                     compressedOffset: 0)
        }
        return stream
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    var deferred: DecompressionFault?

    func decode(into buffer: UnsafeMutableRawBufferPointer, produced: inout Int) throws(DecompressionFault) {
        while produced < buffer.count && !finished {
            if input.available == 0 { try input.refill() }
            if betweenMembers {
                if input.available == 0 { finished = true; break }
                if input.available < 2 { try input.refill() }
                let next = input.buffer + input.position
                let first = next.load(as: UInt8.self)
                let second: UInt8? = input.available >= 2 ? (next + 1).load(as: UInt8.self) : nil
                guard first == 0x1F && (second == nil || second == 0x8B) else {
                    throw DecompressionFault(kind: .trailingGarbage, format: .gzip, compressedOffset: input.offset)
                }
                inflateReset(stream)
                betweenMembers = false
            }
            let room = min(buffer.count - produced, Self.callOutput)
            let availableIn = input.available
            stream.pointee.next_in = (input.buffer + input.position).assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_in = uInt(availableIn)
            stream.pointee.next_out = (buffer.baseAddress! + produced).assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = uInt(room)
            let status = inflate(stream, Z_NO_FLUSH)
            let consumed = availableIn - Int(stream.pointee.avail_in)
            let made = room - Int(stream.pointee.avail_out)
            input.position += consumed
            produced += made
            switch status {
            case Z_STREAM_END:
                betweenMembers = true
            case Z_OK:
                break
            case Z_BUF_ERROR:
                // No progress: zlib wants input and there is none.
                if try input.isExhausted() {
                    throw DecompressionFault(kind: .truncated, format: .gzip, compressedOffset: input.offset)
                }
            case Z_DATA_ERROR, Z_NEED_DICT, Z_STREAM_ERROR:
                throw DecompressionFault(kind: .corrupt(message(status)), format: .gzip, compressedOffset: input.offset)
            default:
                throw DecompressionFault(kind: .resources(message(status)), format: .gzip, compressedOffset: input.offset)
            }
            if status == Z_OK && consumed == 0 && made == 0, try input.isExhausted() {
                throw DecompressionFault(kind: .truncated, format: .gzip, compressedOffset: input.offset)
            }
        }
    }

    /// zlib's message for the last error, or its status.
    private func message(_ status: Int32) -> String {
        if let text = stream.pointee.msg { return String(cString: text) }
        switch status {
        case Z_NEED_DICT: return "a preset dictionary is needed"
        case Z_MEM_ERROR: return "out of memory"
        default: return "zlib status \(status)"
        }
    }
}
