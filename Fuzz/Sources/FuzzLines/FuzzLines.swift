import FuzzSupport
import TapeJSON

// JSON Lines under .report with small chunks, one or two jobs: every non-blank line is delivered or
// reported (documents + invalid == lines), a delivered line parses alone, and nothing stops (but
// bytes that start as gzip or zstd do, are read as compressed and may be corrupt).
@_cdecl("FuzzLines_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { input in
        var knobs = Knobs(input)
        let chunkSize = 16 + knobs.byte() * 16
        let jobs = 1 + knobs.byte() % 2
        let bytes = Array(knobs.rest)
        let options = JSONLinesOptions(errorPolicy: .report, chunkSize: chunkSize, maxDepth: 64)
        var delivered = 0
        var reported = 0
        do {
            let summary = try JSONLines(bytes: bytes, options: options).map(jobs: jobs, { line in
                line.bytes.withUnsafeBufferPointer { Array($0) }
            }, each: { text, _ in
                delivered += 1
                check((try? parseWhole(text, maxDepth: 64)) != nil, "a delivered line does not parse alone")
            }, onInvalidLine: { error in
                reported += 1
                check(error.offset >= 0 && error.offset <= bytes.count && error.line >= 1 && error.column >= 1,
                      "bad position \(error)")
            })
            check(summary.documents + summary.invalid == summary.lines, "counts do not add up: \(summary)")
            check(summary.documents == delivered && summary.invalid == reported, "counts against calls: \(summary)")
            check(summary.unreadBytes == 0, "JSON Lines stopped")
        } catch let error as JSONInputError where CompressionFormat(magic: bytes.prefix(4)) != nil {
            // gzip's or zstd's magic bytes: read as compressed input, whose corruption stops the read
            // (FuzzCompressed checks those inputs).
            check(error.description.contains("gzip") || error.description.contains("zstd"), "compressed input: \(error)")
        } catch {
            check(false, "JSON Lines threw under .report: \(error)")
        }
    }
}
