import FuzzSupport
import TapeJSON

// Compressed JSON Lines from bytes in memory (gzip or zstd by their magic bytes, as the seeds are; any
// other bytes read as plain text): every line delivered or reported, or a JSONInputError naming the
// compressed data; never a crash, a hang or a line error under .report. The same bytes pushed in chunks
// (`JSONLines.forEach(chunks:)`, which decompresses and gathers lines as chunks come) give the same lines,
// the same reported errors at the same positions, or an input error of the same kind.
@_cdecl("FuzzCompressed_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { input in
        let bytes = Array(input)
        let options = JSONLinesOptions(errorPolicy: .report, chunkSize: 4096, maxDepth: 64)
        let compressed = CompressionFormat(magic: bytes.prefix(4)) != nil
        var delivered: [[UInt8]] = []
        var reported: [String] = []
        var pulled: Result<JSONLinesSummary, any Error>
        do {
            let summary = try JSONLines(bytes: bytes, options: options).map(jobs: 1 + bytes.count % 2, { line in
                Array(line.bytes.withUnsafeBufferPointer { $0 })
            }, each: { line, _ in delivered.append(line) }, onInvalidLine: { reported.append(position($0)) })
            check(summary.documents + summary.invalid == summary.lines, "counts do not add up: \(summary)")
            check(summary.documents == delivered.count && summary.invalid == reported.count, "counts against calls: \(summary)")
            pulled = .success(summary)
        } catch let error as JSONInputError {
            check(compressed, "plain bytes gave an input error: \(error)")
            check(error.description.contains("gzip") || error.description.contains("zstd"),
                  "an input error that does not name the compressed data: \(error)")
            pulled = .failure(error)
        } catch {
            check(false, "unexpected error: \(error)")
            return
        }

        let sizes = [1 + bytes.count % 97, 4096, 3]
        let pushed = waitFor { () async throws -> ([[UInt8]], [String], JSONLinesSummary) in
            let chunks = AsyncStream<[UInt8]> { continuation in
                var start = 0
                var k = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + sizes[k % sizes.count])
                    continuation.yield(Array(bytes[start..<end]))
                    start = end
                    k += 1
                }
                continuation.finish()
            }
            var lines: [[UInt8]] = []
            var errors: [String] = []
            let summary = try await JSONLines.forEach(chunks: chunks, options: options, { line in
                lines.append(Array(line.bytes.withUnsafeBufferPointer { $0 }))
            }, onInvalidLine: { errors.append(position($0)) })
            return (lines, errors, summary)
        }
        switch (pulled, pushed) {
        case (.success(let summary), .success(let (lines, errors, pushedSummary))):
            check(lines == delivered, "pushed chunks delivered \(lines.count) lines, read whole \(delivered.count)")
            check(errors == reported, "pushed chunks reported \(errors), read whole \(reported)")
            check(pushedSummary.lines == summary.lines && pushedSummary.invalid == summary.invalid,
                  "summaries differ: \(pushedSummary) against \(summary)")
        case (.failure(let error), .failure(let pushedError)):
            check(pushedError is JSONInputError && fault(pushedError) == fault(error),
                  "pushed chunks failed with \(pushedError), read whole with \(error)")
        default:
            check(false, "pushed chunks gave \(pushed), read whole \(pulled)")
        }
    }
}

/// Where a line error is, and what it is.
private func position(_ error: JSONLineError) -> String {
    "\(error.line):\(error.column)@\(error.offset) \(error.message)"
}

/// The kind of fault an input error names.
private func fault(_ error: any Error) -> String {
    let text = "\(error)"
    for kind in ["truncated", "trailing garbage", "is corrupt (", "cannot be decompressed"] where text.contains(kind) {
        return kind
    }
    return text
}
