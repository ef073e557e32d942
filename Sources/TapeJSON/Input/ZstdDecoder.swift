import CZstd

/// Decompresses Zstandard data (RFC 8878) with the system libzstd: one frame or several in a row
/// (skippable frames are read past), each frame's checksum checked when it has one (the `zstd` tool
/// writes one by default).
///
/// The data must end exactly after a frame: a frame cut short is `.truncated`, and bytes after a frame
/// that do not start another one are corrupt data (libzstd's "Unknown frame descriptor"), reported as
/// `.trailingGarbage`. A frame needing a window larger than libzstd's default limit (128 MiB, which
/// keeps memory bounded) is refused with libzstd's message.
final class ZstdDecoder: StreamDecoder {
    private let input: CompressedInput
    private let context: OpaquePointer
    /// Where the last frame ended: no frame is open (the data may end here).
    private var atFrameEnd = false
    /// Whether a frame has ended yet (a bad start after one is trailing garbage).
    private var framesDone = 0
    private var finished = false

    init(_ input: CompressedInput) throws(DecompressionFault) {
        guard let context = ZSTD_createDStream() else {
            throw DecompressionFault(kind: .resources("ZSTD_createDStream failed"), format: .zstd, compressedOffset: 0)
        }
        ZSTD_initDStream(context)
        self.context = context
        self.input = input
    }

    deinit { ZSTD_freeDStream(context) }

    var deferred: DecompressionFault?

    func decode(into buffer: UnsafeMutableRawBufferPointer, produced: inout Int) throws(DecompressionFault) {
        while produced < buffer.count && !finished {
            if try input.isExhausted(), atFrameEnd {
                finished = true
                break
            }
            let availableIn = input.available
            var source = ZSTD_inBuffer(src: input.buffer + input.position, size: availableIn, pos: 0)
            var target = ZSTD_outBuffer(dst: buffer.baseAddress! + produced, size: buffer.count - produced, pos: 0)
            let frameStart = input.offset
            let hint = ZSTD_decompressStream(context, &target, &source)
            input.position += source.pos
            produced += target.pos
            if ZSTD_isError(hint) != 0 {
                let name = String(cString: ZSTD_getErrorName(hint))
                let code = ZSTD_getErrorCode(hint)
                if framesDone > 0 && atFrameEnd && code == ZSTD_error_prefix_unknown {
                    throw DecompressionFault(kind: .trailingGarbage, format: .zstd, compressedOffset: frameStart)
                }
                throw DecompressionFault(kind: .corrupt(name), format: .zstd, compressedOffset: input.offset)
            }
            if hint == 0 {
                // A frame ended, and all its output is out.
                if !atFrameEnd || source.pos > 0 { framesDone += 1 }
                atFrameEnd = true
            } else if source.pos > 0 || target.pos > 0 {
                atFrameEnd = false
            } else if try input.isExhausted() {
                // No progress, no more input, inside a frame.
                throw DecompressionFault(kind: .truncated, format: .zstd, compressedOffset: input.offset)
            }
        }
    }
}
