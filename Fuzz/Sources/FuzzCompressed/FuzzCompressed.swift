import FuzzSupport
import TapeJSON

// Compressed JSON Lines from bytes in memory (gzip or zstd by their magic bytes, as the seeds are; any
// other bytes read as plain text): every line delivered or reported, or a JSONInputError naming the
// compressed data; never a crash, a hang or a line error under .report.
@_cdecl("FuzzCompressed_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { input in
        let bytes = Array(input)
        let options = JSONLinesOptions(errorPolicy: .report, chunkSize: 4096, maxDepth: 64)
        let compressed = CompressionFormat(magic: bytes.prefix(4)) != nil
        var delivered = 0
        var reported = 0
        do {
            let summary = try JSONLines(bytes: bytes, options: options).map(jobs: 1 + bytes.count % 2, { line in
                line.bytes.count
            }, each: { _, _ in delivered += 1 }, onInvalidLine: { _ in reported += 1 })
            check(summary.documents + summary.invalid == summary.lines, "counts do not add up: \(summary)")
            check(summary.documents == delivered && summary.invalid == reported, "counts against calls: \(summary)")
        } catch let error as JSONInputError {
            check(compressed, "plain bytes gave an input error: \(error)")
            check(error.description.contains("gzip") || error.description.contains("zstd"),
                  "an input error that does not name the compressed data: \(error)")
        } catch {
            check(false, "unexpected error: \(error)")
        }
    }
}
