import CZlib
import CZstd
import Foundation
import TapeJSON

extension BenchPlan {
    /// JSON Lines read compressed: the generated logs as gzip (zlib, level 6) and as zstd (level 3),
    /// compressed here once, counted as `tapejson lines FILE.gz --count` counts them (`map` with as many
    /// workers as processors, the decompression on a thread of its own), against the decompressor alone
    /// in this process (zlib's `inflate` or libzstd's `ZSTD_decompressStream` into a 256 KiB buffer,
    /// what `gzip -dc` and `zstd -dc` do without the write) and against the same logs uncompressed. MB/s
    /// are of the decompressed bytes throughout, so every ratio is a ratio of times.
    mutating func addCompressedLines(name: String, logs: [UInt8], expected: Int) throws {
        let jobs = ProcessInfo.processInfo.activeProcessorCount
        let plainLines = JSONLines(bytes: logs)
        let plain = add(Workload(file: name, operation: "count as lines --count does (\(jobs) jobs)",
                                 library: "TapeJSON JSON Lines", bytes: logs.count) {
            _ = try plainLines.map(jobs: jobs, { _ in () }, each: { _, _ in })
        })
        for format in CompressionFormat.allCases {
            let packed = try Self.compress(logs, format)
            let reader = JSONLines(bytes: packed)
            guard try reader.count().documents == expected else {
                throw JSONInputError(path: name, reason: "the \(format) logs do not count as the plain ones")
            }
            let file = "\(name) \(format) (\(String(format: "%.1f", Double(packed.count) / 1e6)) MB)"
            let decompressor = format == .gzip ? "zlib inflate alone" : "libzstd decompress alone"
            let alone = add(Workload(file: file, operation: "decompress", library: decompressor, bytes: logs.count) {
                guard try Self.decompressedSize(packed, format) == logs.count else {
                    throw JSONInputError(path: name, reason: "\(format) decompressed to the wrong size")
                }
            })
            let counted = add(Workload(file: file, operation: "count as lines --count does (\(jobs) jobs)",
                                       library: "TapeJSON JSON Lines", bytes: logs.count) {
                _ = try reader.map(jobs: jobs, { _ in () }, each: { _, _ in })
            })
            comparisons.append(Comparison(file: file, operation: "JSON Lines count, \(format) input vs the decompressor alone",
                                          subject: counted, baseline: alone))
            comparisons.append(Comparison(file: file, operation: "JSON Lines count, \(format) input vs plain input",
                                          subject: counted, baseline: plain))
            cpuReported += [alone, counted]
        }
        cpuReported.append(plain)
    }

    /// `bytes` compressed as one gzip member or one zstd frame (with its checksum, as the tools write it).
    static func compress(_ bytes: [UInt8], _ format: CompressionFormat) throws -> [UInt8] {
        switch format {
        case .gzip:
            // zlib's state points back to its stream: the stream stays at one address.
            let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            stream.initialize(to: z_stream())
            defer { stream.deallocate() }
            guard czlib_deflate_init2(stream, 6, 16 + MAX_WBITS) == Z_OK else {
                throw JSONInputError(path: "gzip", reason: "deflateInit2 failed")
            }
            defer { deflateEnd(stream) }
            var out = [UInt8](repeating: 0, count: Int(deflateBound(stream, uLong(bytes.count))))
            let status = bytes.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { output in
                    stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                    stream.pointee.avail_in = uInt(input.count)
                    stream.pointee.next_out = output.baseAddress
                    stream.pointee.avail_out = uInt(output.count)
                    return deflate(stream, Z_FINISH)
                }
            }
            guard status == Z_STREAM_END else { throw JSONInputError(path: "gzip", reason: "deflate failed (\(status))") }
            return Array(out[..<Int(stream.pointee.total_out)])
        case .zstd:
            guard let context = ZSTD_createCCtx() else { throw JSONInputError(path: "zstd", reason: "ZSTD_createCCtx failed") }
            defer { ZSTD_freeCCtx(context) }
            ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, 3)
            ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1)
            var out = [UInt8](repeating: 0, count: ZSTD_compressBound(bytes.count))
            let size = bytes.withUnsafeBytes { input in
                out.withUnsafeMutableBytes { output in
                    ZSTD_compress2(context, output.baseAddress, output.count, input.baseAddress, input.count)
                }
            }
            guard ZSTD_isError(size) == 0 else { throw JSONInputError(path: "zstd", reason: "ZSTD_compress2 failed") }
            return Array(out[..<size])
        }
    }

    /// Decompresses `packed` into one 256 KiB buffer, over and over (the output is dropped, as
    /// `gzip -dc > /dev/null` drops it), and returns the decompressed size.
    static func decompressedSize(_ packed: [UInt8], _ format: CompressionFormat) throws -> Int {
        let window = 256 << 10
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: window, alignment: 64)
        defer { scratch.deallocate() }
        var total = 0
        try packed.withUnsafeBytes { input in
            switch format {
            case .gzip:
                let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
                stream.initialize(to: z_stream())
                defer { inflateEnd(stream); stream.deallocate() }
                guard czlib_inflate_init2(stream, 16 + MAX_WBITS) == Z_OK else {
                    throw JSONInputError(path: "gzip", reason: "inflateInit2 failed")
                }
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.assumingMemoryBound(to: Bytef.self))
                stream.pointee.avail_in = uInt(input.count)
                while true {
                    stream.pointee.next_out = scratch.assumingMemoryBound(to: Bytef.self)
                    stream.pointee.avail_out = uInt(window)
                    let status = inflate(stream, Z_NO_FLUSH)
                    total += window - Int(stream.pointee.avail_out)
                    if status == Z_STREAM_END { break }
                    guard status == Z_OK else { throw JSONInputError(path: "gzip", reason: "inflate failed (\(status))") }
                }
            case .zstd:
                guard let context = ZSTD_createDStream() else { throw JSONInputError(path: "zstd", reason: "no DStream") }
                defer { ZSTD_freeDStream(context) }
                var source = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
                while true {
                    var target = ZSTD_outBuffer(dst: scratch, size: window, pos: 0)
                    let hint = ZSTD_decompressStream(context, &target, &source)
                    guard ZSTD_isError(hint) == 0 else { throw JSONInputError(path: "zstd", reason: "decompress failed") }
                    total += target.pos
                    if hint == 0 && source.pos == source.size { break }
                }
            }
        }
        return total
    }
}
