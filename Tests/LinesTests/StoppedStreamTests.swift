import Foundation
import Testing

@testable import TapeJSON

// A stream that stops is an error under every policy: when the structure of the input breaks where the
// next item's start can no longer be known, the reader says where it stopped and how many bytes it left
// unread, rather than count one bad item and end quietly. Seeded corruptions of envelope documents and
// of NDJSON check that every record is accounted for: delivered as it was, reported as bad, or after
// the point where reading stopped.

// MARK: - Corrupted inputs

/// One input with its records' byte ranges, corrupted once.
private struct Corrupted {
    var bytes: [UInt8]
    /// Each record's range in `bytes` (shifted by an inserted or removed byte), for the records whose
    /// own bytes the corruption left alone; their original text.
    var untouched: [(range: Range<Int>, text: [UInt8])]
    var description: String
}

/// Records of a few shapes, with the punctuation a broken scan would trip on inside strings.
private func records(_ random: inout Seeded, count: Int, pretty: Bool) -> [String] {
    let words = ["a", "b,c", "]}", #"{\"x\":1}"#, #"tab\t"#, "é€", #"q\""#, "[1, 2]", ":", "'"]
    return (0..<count).map { k in
        let word = random.pick(words)
        let tags = (0..<random.below(4)).map { _ in "\"" + random.pick(words) + "\"" }.joined(separator: ", ")
        if pretty {
            return "{\n    \"eventName\": \"Get\(k)\",\n    \"word\": \"\(word)\",\n    \"n\": \(k),\n    \"tags\": [\(tags)],\n"
                + "    \"who\": {\"arn\": \"arn:aws:iam::1:user/u\(k)\", \"ok\": \(k % 2 == 0)}\n  }"
        }
        return "{\"eventName\":\"Get\(k)\",\"word\":\"\(word)\",\"n\":\(k),\"tags\":[\(tags)],\"who\":{\"ok\":null}}"
    }
}

/// Applies one random corruption to `text` whose records lie at `ranges` (`touchMargin` extra bytes
/// around a record count as its own: the newline that ends a JSON Lines line).
private func corrupt(_ text: [UInt8], ranges: [Range<Int>], touchMargin: Int, _ random: inout Seeded) -> Corrupted {
    var bytes = text
    let p = random.below(text.count)
    var shift = 0          // for offsets after p
    var cut = Int.max
    let description: String
    switch random.below(5) {
    case 0:
        let b = random.pick(Array("'\"[]{},:\\ x\n".utf8))
        bytes[p] = b
        description = "byte \(p) replaced by \(String(UnicodeScalar(b)).debugDescription)"
    case 1:
        let q = min(p + 1, text.count - 1)
        bytes.swapAt(p, q)
        description = "bytes \(p) and \(q) swapped"
    case 2:
        // A quote, bracket or brace removed: the corruptions that unbalance the structure.
        let structural = (0..<text.count).filter { "\"[]{}".utf8.contains(text[$0]) }
        let at = random.pick(structural)
        bytes.remove(at: at)
        shift = -1
        description = "byte \(at) (\(String(UnicodeScalar(text[at])).debugDescription)) removed"
        return Corrupted(bytes: bytes, untouched: keep(text, ranges, at, shift: shift, margin: touchMargin, cut: cut),
                         description: description)
    case 3:
        let b = random.pick(Array("\"[]{},'".utf8))
        bytes.insert(b, at: p)
        shift = 1
        description = "\(String(UnicodeScalar(b)).debugDescription) inserted at \(p)"
    default:
        bytes.removeSubrange(p...)
        cut = p
        description = "cut at \(p)"
    }
    return Corrupted(bytes: bytes, untouched: keep(text, ranges, p, shift: shift, margin: touchMargin, cut: cut),
                     description: description)
}

/// The records the corruption at `p` did not touch, moved by `shift`, and whole before a cut.
private func keep(_ text: [UInt8], _ ranges: [Range<Int>], _ p: Int, shift: Int, margin: Int,
                  cut: Int) -> [(range: Range<Int>, text: [UInt8])] {
    ranges.compactMap { range in
        if range.upperBound + margin > cut { return nil }
        // A swap touches p + 1 too.
        if p + 1 >= range.lowerBound - margin && p < range.upperBound + margin { return nil }
        let moved = range.lowerBound > p ? shift : 0
        return ((range.lowerBound + moved)..<(range.upperBound + moved), Array(text[range]))
    }
}

/// What one pass made of a corrupted input.
private struct ItemPass {
    var delivered: [(offset: Int, text: [UInt8])] = []
    var reported = 0
    var summary: JSONLinesSummary?
    var stop: JSONStreamStoppedError?
    var failed: JSONLineError?
    var other: (any Error)?
}

/// Reads `items` (one job: `forEach`; more: `map` with workers) and records what came out.
private func readItems(_ bytes: [UInt8], policy: JSONLinesErrorPolicy, jobs: Int, runBytes: Int) -> ItemPass {
    var pass = ItemPass()
    let stream = JSONItemStream(bytes: bytes, pointer: "/Records", options: JSONLinesOptions(errorPolicy: policy))
    stream.runBytes = runBytes
    do {
        if jobs == 1 {
            pass.summary = try stream.forEach({ item in
                pass.delivered.append((item.offset, item.bytes.withUnsafeBufferPointer { Array($0) }))
            }, onInvalidLine: { _ in pass.reported += 1 })
        } else {
            pass.summary = try stream.map(jobs: jobs, { item in
                (item.offset, item.bytes.withUnsafeBufferPointer { Array($0) })
            }, each: { value, _ in pass.delivered.append(value) }, onInvalidLine: { _ in pass.reported += 1 })
        }
    } catch let stop as JSONStreamStoppedError {
        pass.stop = stop
        pass.summary = stop.summary
    } catch let error as JSONLineError {
        pass.failed = error
    } catch {
        pass.other = error
    }
    return pass
}

/// The accounting every pass must give: every record left whole is delivered as it was or lies after the
/// stop; the counts add up; the unread bytes are the rest of the input.
private func checkAccounting(_ pass: ItemPass, _ input: Corrupted, policy: JSONLinesErrorPolicy, context: String) {
    let stopOffset = pass.stop?.offset ?? Int.max
    if let stop = pass.stop {
        #expect(policy != .fail, "\(context): a stop under .fail")
        #expect(stop.unreadBytes == input.bytes.count - stop.offset, "\(context)")
        #expect(stop.summary.unreadBytes == stop.unreadBytes, "\(context)")
        #expect(stop.reason.offset >= stop.offset, "\(context)")
    }
    if pass.failed != nil || pass.other is JSONItemPointerError { return }   // loud: nothing passes quietly
    #expect(pass.other == nil, "\(context): \(String(describing: pass.other))")
    guard let summary = pass.summary else { return }
    #expect(summary.documents + summary.invalid == summary.lines, "\(context)")
    #expect(summary.documents == pass.delivered.count, "\(context)")
    if policy == .report { #expect(pass.reported == summary.invalid, "\(context)") }
    if pass.stop == nil { #expect(summary.unreadBytes == 0, "\(context)") }
    let delivered = Dictionary(pass.delivered.map { ($0.offset, $0.text) }, uniquingKeysWith: { first, _ in first })
    #expect(delivered.count == pass.delivered.count, "\(context): an item delivered twice")
    for record in input.untouched where record.range.lowerBound < stopOffset {
        if let text = delivered[record.range.lowerBound] {
            #expect(text == record.text, "\(context): record at \(record.range) delivered changed")
        } else if !pass.delivered.contains(where: { $0.offset <= record.range.lowerBound
                                                    && $0.offset + $0.text.count >= record.range.upperBound }) {
            Issue.record("\(context): the record at \(record.range) was lost quietly (stop at \(stopOffset))")
        }
    }
}

@Suite("A stream that stops")
struct StoppedStreamTests {
    // MARK: - The item boundary

    @Test("a bad item's end is proven when its quotes and brackets pair up and no two tokens touch")
    func boundary() {
        func proven(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBytes { ItemBoundary.isProven($0) }
        }
        for text in ["tru", "01", "'x'", "NaN", #""\x""#, #"{"a":}"#, "[1,]", "[1,,2]", "[,1]", "{,}", #"{"a":1,}"#,
                     "{\"a\":\n tru}", "\u{01}", #"{"a": [1, {"b": "]}"}], "c": nul}"#, "  [ ]  ", "1e999",
                     String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)] {
            #expect(proven(text), "\(text.debugDescription)")
        }
        for text in [#""open"#, "[1,2", "1 2", #"{"a" 1}"#, #"{"a":'x","b":1}"#, "[1}", "{\"a\":1]", "]", "",
                     "{1:2}", #"{"a"}"#, #""a""b""#, #"["a",b"]"#, "[1]]", "{\"a\"::1}",
                     String(repeating: "[", count: 5000)] {
            #expect(!proven(text), "\(text.debugDescription)")
        }
    }

    // MARK: - The issue's two files

    /// A CloudTrail-style export: `{"Records": [...]}` with pretty-printed records.
    private static func trail(_ count: Int) -> (text: [UInt8], ranges: [Range<Int>]) {
        var random = Seeded(state: 11)
        var text = Array("{\"meta\": {\"region\": \"eu-west-1\"},\n \"Records\": [\n  ".utf8)
        var ranges: [Range<Int>] = []
        for (k, record) in records(&random, count: count, pretty: true).enumerated() {
            if k > 0 { text += Array(",\n  ".utf8) }
            ranges.append(text.count..<(text.count + record.utf8.count))
            text += Array(record.utf8)
        }
        text += Array("\n ]\n}\n".utf8)
        return (text, ranges)
    }

    @Test("one quote replaced by an apostrophe halfway: the records before it are delivered, then the pass stops",
          arguments: [1, 2])
    func apostrophe(jobs: Int) throws {
        let (text, ranges) = Self.trail(3000)
        var broken = text
        let middle = ranges[1500].lowerBound
        let quote = try #require(broken[middle...].firstIndex(of: UInt8(ascii: "\"")))
        broken[quote] = UInt8(ascii: "'")
        for policy in [JSONLinesErrorPolicy.skip, .report] {
            let pass = readItems(broken, policy: policy, jobs: jobs, runBytes: 256 << 10)
            let stop = try #require(pass.stop, "\(policy) read to the end")
            #expect(pass.delivered.count == 1500 && stop.summary.documents == 1500 && stop.summary.invalid == 0)
            #expect(stop.itemIndex == 1500 && stop.offset == middle)
            #expect(stop.unreadBytes == broken.count - middle)
            #expect(stop.reason.kind == .unexpectedCharacter && stop.reason.offset == quote)
            #expect(pass.reported == 0)
        }
        // Under .fail it is the first bad item, as before.
        let fail = readItems(broken, policy: .fail, jobs: jobs, runBytes: 256 << 10)
        #expect(fail.failed?.elementIndex == 1500 && fail.delivered.count == 1500)
    }

    @Test("the same file cut in half: the records before the cut are delivered, then the pass stops", arguments: [1, 2])
    func cutInHalf(jobs: Int) throws {
        let (text, ranges) = Self.trail(3000)
        let cut = Array(text[..<(text.count / 2)])
        let whole = ranges.filter { $0.upperBound <= cut.count }
        for policy in [JSONLinesErrorPolicy.skip, .report] {
            let pass = readItems(cut, policy: policy, jobs: jobs, runBytes: 256 << 10)
            let stop = try #require(pass.stop)
            #expect(pass.delivered.count == whole.count)
            let next = ranges[whole.count].lowerBound
            #expect(stop.offset == (next < cut.count ? next : cut.count) && stop.unreadBytes == cut.count - stop.offset)
            #expect(stop.reason.kind == .unexpectedEndOfInput)
        }
    }

    @Test("a document that ends between items, or whose envelope breaks after them, stops with nothing unread")
    func stopAfterItems() throws {
        for text in [#"{"Records": [1, 2, "#, #"{"Records": [1, 2], "z": nul}"#, #"{"Records": [1, 2]"#] {
            let pass = readItems(Array(text.utf8), policy: .skip, jobs: 1, runBytes: 0)
            let stop = try #require(pass.stop, "\(text)")
            #expect(pass.delivered.count == 2 && stop.summary.lines == 2)
            #expect(stop.unreadBytes <= 4, "\(text): \(stop)")
        }
    }

    @Test("a file and a pipe say the same: the unread bytes of a stream are read to be counted")
    func unreadFromAStream() throws {
        let (text, ranges) = Self.trail(200)
        var broken = text
        broken.remove(at: ranges[100].lowerBound)   // the record's `{`
        let directory = try TemporaryDirectory()
        let path = try directory.write(broken, name: "trail.json")
        var stops: [JSONStreamStoppedError] = []
        for reader in [JSONItemStream(path: path, pointer: "/Records", options: JSONLinesOptions(errorPolicy: .skip)),
                       JSONItemStream(fileHandle: try FileHandle(forReadingFrom: URL(fileURLWithPath: path)),
                                      pointer: "/Records", options: JSONLinesOptions(errorPolicy: .skip))] {
            for jobs in [1, 2] {
                do {
                    _ = try reader.count(jobs: jobs)
                    Issue.record("read to its end")
                } catch let stop as JSONStreamStoppedError {
                    stops.append(stop)
                }
                if case .descriptor = reader.input { break }   // a handle is read once
            }
        }
        #expect(stops.count == 3)
        for stop in stops {
            #expect(stop.offset == stops[0].offset && stop.unreadBytes == broken.count - stop.offset)
            #expect(stop.summary.documents == 100 && stop.summary.bytes == broken.count)
        }
    }

    @Test("the error says where reading stopped and what was left unread")
    func message() throws {
        let pass = readItems(Array(#"{"Records": [{"a": 1}, {"a":'x", "b": 2}, {"a": 3}]}"#.utf8), policy: .skip,
                             jobs: 1, runBytes: 0)
        let stop = try #require(pass.stop)
        #expect(stop.offset == 23 && stop.line == 1 && stop.column == 24 && stop.itemIndex == 1)
        #expect(stop.description.hasPrefix("line 1, column 24 (byte 23): reading stopped in item 1: "), "\(stop)")
        #expect(stop.description.hasSuffix("so the last \(stop.unreadBytes) bytes were not read"))
        #expect(stop.localizedDescription == stop.description)
    }

    // MARK: - 1,000 seeded corruptions

    @Test("envelope documents with one corruption: every record delivered, reported, or after the stop",
          arguments: 0..<4)
    func corruptedEnvelopes(seed: Int) throws {
        var random = Seeded(state: UInt64(seed) &* 104_729 &+ 17)
        for round in 0..<250 {
            let pretty = random.below(2) == 0
            let list = records(&random, count: 5 + random.below(40), pretty: pretty)
            var text = Array("{\"meta\": {\"n\": [1, \"]\"]}, \"Records\": [".utf8)
            var ranges: [Range<Int>] = []
            for (k, record) in list.enumerated() {
                if k > 0 { text += Array((pretty ? ",\n  " : ",").utf8) }
                ranges.append(text.count..<(text.count + record.utf8.count))
                text += Array(record.utf8)
            }
            text += Array("], \"z\": 1}".utf8)
            let input = corrupt(text, ranges: ranges, touchMargin: 0, &random)
            let runBytes = random.pick([0, 64, 256 << 10])
            for policy in JSONLinesErrorPolicy.allCases {
                for jobs in [1, 2] {
                    let pass = readItems(input.bytes, policy: policy, jobs: jobs, runBytes: runBytes)
                    checkAccounting(pass, input, policy: policy,
                                    context: "seed \(seed) round \(round) \(input.description) \(policy) jobs \(jobs) runs \(runBytes)")
                }
            }
        }
    }

    @Test("NDJSON with one corruption: every line left whole is delivered as it was, and nothing stops",
          arguments: 0..<4)
    func corruptedLines(seed: Int) throws {
        var random = Seeded(state: UInt64(seed) &* 7_919 &+ 5)
        for round in 0..<250 {
            let list = records(&random, count: 5 + random.below(60), pretty: false)
            var text: [UInt8] = []
            var ranges: [Range<Int>] = []
            for record in list {
                ranges.append(text.count..<(text.count + record.utf8.count))
                text += Array(record.utf8) + [0x0A]
            }
            // The newline after a line belongs to it and to the next.
            let input = corrupt(text, ranges: ranges, touchMargin: 1, &random)
            for policy in JSONLinesErrorPolicy.allCases {
                for jobs in [1, 2] {
                    var pass = ItemPass()
                    let reader = JSONLines(bytes: input.bytes, options: JSONLinesOptions(errorPolicy: policy))
                    do {
                        pass.summary = try reader.map(jobs: jobs, { line in
                            (line.offset, line.bytes.withUnsafeBufferPointer { Array($0) })
                        }, each: { value, _ in pass.delivered.append(value) }, onInvalidLine: { _ in pass.reported += 1 })
                    } catch let error as JSONLineError {
                        pass.failed = error
                    } catch {
                        pass.other = error
                    }
                    checkAccounting(pass, input, policy: policy,
                                    context: "seed \(seed) round \(round) \(input.description) \(policy) jobs \(jobs)")
                }
            }
        }
    }

    // MARK: - The command line

    @Test("tapejson lines --items exits 1 whenever bytes were left unread, whatever --on-error says")
    func commandLine() throws {
        let (text, ranges) = Self.trail(300)
        var random = Seeded(state: 99)
        let directory = try TemporaryDirectory()
        for round in 0..<30 {
            let input = corrupt(text, ranges: ranges, touchMargin: 0, &random)
            let path = try directory.write(input.bytes, name: "trail\(round).json")
            let library = readItems(input.bytes, policy: .skip, jobs: 1, runBytes: 256 << 10)
            for jobs in ["1", "2"] {
                let result = try run(["lines", path, "--items", "/Records", "--count", "--on-error", "skip", "--jobs", jobs])
                let context = "round \(round) \(input.description) jobs \(jobs): \(result.stderr)"
                if let stop = library.stop {
                    #expect(result.status == 1, "\(context)")
                    #expect(result.output == "\(stop.summary.documents)\n", "\(context)")
                    // The summary groups thousands (`299,692 bytes unread`); the error line does not.
                    let grouped = stop.unreadBytes.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
                    #expect(result.stderr.contains("so the last \(stop.unreadBytes) bytes were not read")
                            && result.stderr.contains(", \(grouped) bytes unread"), "\(context)")
                } else if library.other is JSONItemPointerError {
                    #expect(result.status == 1, "\(context)")
                } else {
                    #expect(result.status == 0 && library.summary?.unreadBytes == 0, "\(context)")
                }
            }
        }
    }
}
