import FuzzSupport
import TapeJSON

// The items at a pointer under .report: the counts add up, a stop says how much was left unread, and a
// document that parses whole gives exactly its items at the pointer. Decoded as a small model, every
// item that does not decode is reported at a line and column that are those of its byte offset.

/// A model most fuzzed items fail to decode somewhere inside (a wrong type, a missing key).
private struct Probe: Decodable, Sendable {
    var a: Int
    var b: [String]?
    var c: Inner?
    struct Inner: Decodable, Sendable { var d: Bool }
}

/// The 1-based line and column (in scalars, a leading byte order mark not counted) of byte `offset`.
private func location(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    for i in start..<min(offset, bytes.count) {
        if bytes[i] == 0x0A {
            line += 1
            column = 1
        } else if bytes[i] & 0xC0 != 0x80 {
            column += 1
        }
    }
    return (line, column)
}
@_cdecl("FuzzItems_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { input in
        var knobs = Knobs(input)
        let pointer = ["", "/Records", "/a/0", "/Records/0"][knobs.byte() % 4]
        let chunkSize = 16 + knobs.byte() * 16
        let jobs = 1 + knobs.byte() % 2
        let bytes = Array(knobs.rest)
        let options = JSONLinesOptions(errorPolicy: .report, chunkSize: chunkSize, maxDepth: 64)
        var items: [String] = []
        var reported = 0
        var summary: JSONLinesSummary?
        var stopped = false
        do {
            summary = try JSONItemStream(bytes: bytes, pointer: pointer, options: options).map(jobs: jobs, { item in
                item.document.root.jsonText
            }, each: { text, _ in items.append(text) }, onInvalidLine: { _ in reported += 1 })
        } catch let stop as JSONStreamStoppedError {
            stopped = true
            summary = stop.summary
            check(stop.unreadBytes == bytes.count - stop.offset, "unread bytes \(stop.unreadBytes) from \(stop.offset)")
            check(stop.reason.offset >= stop.offset && stop.reason.offset <= bytes.count, "stop \(stop)")
        } catch is JSONItemPointerError {
            return
        } catch {
            check(false, "unexpected error: \(error)")
        }
        var decodeErrors: [JSONLineError] = []
        _ = try? JSONItemStream(bytes: bytes, pointer: pointer, options: options)
            .decode(Probe.self, using: TapeJSONDecoder(), jobs: jobs, each: { _, _ in }, onInvalidLine: { decodeErrors.append($0) })
        for error in decodeErrors where error.underlying is DecodingError {
            let expected = location(of: error.offset, in: bytes)
            check(error.line == expected.line && error.column == expected.column,
                  "decode error at \(error.line):\(error.column), its offset \(error.offset) is at \(expected.line):\(expected.column)")
            check(error.elementIndex != nil, "decode error without its item's index")
        }
        guard let summary else { return }
        check(summary.documents + summary.invalid == summary.lines, "counts do not add up: \(summary)")
        check(summary.documents == items.count && summary.invalid == reported, "counts against calls: \(summary)")
        if let whole = try? parseWhole(bytes, maxDepth: 64),
           let value = try? whole.value(atPointer: pointer), value.kind == .array || value.kind == .object {
            let expected = value.kind == .array ? value.elements.map(\.jsonText) : value.members.map(\.value.jsonText)
            check(!stopped && reported == 0 && items == expected, "a valid document's items differ")
        }
    }
}
