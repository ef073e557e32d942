import Foundation
import TapeJSON
import Testing

/// Every line a reader accounts for under `.report`, in order: good lines with their text, bad lines
/// with their position.
private func accounted(_ reader: JSONLines) throws -> [String] {
    var entries: [String] = []
    try reader.forEach({ line in
        entries.append("\(line.lineNumber)@\(line.offset) \(line.document.root.jsonText)")
    }, onInvalidLine: { error in
        entries.append("\(error.line):\(error.column)@\(error.offset) bad")
    })
    return entries
}

/// Checks that shards `0 ..< n` of `input`, for n in 1...7, read every line exactly once: their outputs,
/// concatenated in shard order, equal the unsharded output (so the union is complete and no line is read
/// twice), with the line numbers and offsets of the whole input.
private func expectShardsCover(_ input: [UInt8], path: String?, windows: [JSONLinesOptions],
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
    for window in windows {
        let options = Windows.with(window, policy: .report)
        let readers = [JSONLines(bytes: input, options: options)] + (path.map { [JSONLines(path: $0, options: options)] } ?? [])
        for whole in readers {
            let all = try accounted(whole)
            #expect(all.count == Reference.lines(input).count, sourceLocation: sourceLocation)
            for n in 1...7 {
                var parts: [[String]] = []
                for i in 0..<n { parts.append(try accounted(whole.shard(i, of: n))) }
                expectSame(parts.flatMap { $0 }, all, "\(n) shards of \(input.count) bytes (\(parts.map(\.count)))",
                           sourceLocation: sourceLocation)
            }
        }
    }
}

// MARK: - Shards

@Suite("Shards")
struct ShardTests {
    @Test("lines of varied lengths, with bad, blank, CRLF and BOM lines and a truncated tail")
    func variedLines() throws {
        var sample = Sample(seed: 21)
        var lines = sample.goodLines(300).map { Array($0.utf8) }
        lines.insert(BadLines.all[3], at: 0)
        lines.insert([], at: 10)
        lines.insert(Array("{\"crlf\":1}\r".utf8), at: 20)
        lines.insert(Array("{\"a\":\n2}".utf8), at: 150)
        let input = [0xEF, 0xBB, 0xBF] + joinLines(lines) + Array("{\"cut\":".utf8)
        let directory = try TemporaryDirectory()
        try expectShardsCover(input, path: try directory.write(input), windows: [Windows.tiny, Windows.small, Windows.standard])
    }

    @Test("shards smaller than a line: some shards hold no line start at all")
    func linesLongerThanShards() throws {
        let lines = ["{\"k\":0,\"p\":\"xxx\"}"] + (1...3).map { "{\"k\":\($0),\"p\":\"\(String(repeating: "x", count: 50))\"}" }
        let input = lines.jsonLines
        let directory = try TemporaryDirectory()
        try expectShardsCover(input, path: try directory.write(input), windows: [Windows.tiny, Windows.standard])
        // One line, with and without its newline.
        try expectShardsCover(Array("{\"only\":true}\n".utf8), path: try directory.write(Array("{\"only\":true}\n".utf8), name: "one"),
                              windows: [Windows.standard])
        try expectShardsCover(Array("{\"only\":true}".utf8), path: try directory.write(Array("{\"only\":true}".utf8), name: "bare"),
                              windows: [Windows.standard])
    }

    @Test("shard boundaries exactly on line starts and exactly on newlines")
    func exactBoundaries() throws {
        // 420 lines of 3 bytes: for every n in 1...7, 1260 × i / n is a multiple of 3, a line start.
        let starts = Array(repeating: "{}", count: 420).jsonLines
        #expect(starts.count == 1260)
        // One leading space moves every boundary onto the byte before a line start (a newline).
        let newlines = [0x20] + Array(repeating: "{}", count: 420).jsonLines.dropLast()
        let directory = try TemporaryDirectory()
        try expectShardsCover(starts, path: try directory.write(starts, name: "starts"), windows: [Windows.tiny, Windows.standard])
        try expectShardsCover(Array(newlines), path: try directory.write(Array(newlines), name: "newlines"),
                              windows: [Windows.tiny, Windows.standard])
    }

    @Test("empty inputs and inputs of blank lines")
    func emptyShards() throws {
        let directory = try TemporaryDirectory()
        for (k, text) in ["", "\n", "\n\n\n\n\n\n\n\n", "{}"].enumerated() {
            let input = Array(text.utf8)
            try expectShardsCover(input, path: try directory.write(input, name: "e\(k)"), windows: [Windows.standard])
        }
    }

    @Test("many small random inputs: every boundary position is met")
    func randomInputs() throws {
        var sample = Sample(seed: 22)
        for _ in 0..<150 {
            let count = 1 + sample.next(12)
            var text = ""
            for _ in 0..<count {
                switch sample.next(6) {
                case 0: text += "\n"
                case 1: text += "[\(String(repeating: "1,", count: sample.next(8)))1]\r\n"
                case 2: text += "{bad\n"
                default: text += "{\"k\":\"\(String(repeating: "y", count: sample.next(20)))\"}\n"
                }
            }
            if sample.next(3) == 0 { text.removeLast() }
            let input = Array(text.utf8)
            let all = try accounted(JSONLines(bytes: input, options: JSONLinesOptions(errorPolicy: .report)))
            for n in 1...7 {
                var union: [String] = []
                for i in 0..<n {
                    union += try accounted(JSONLines(bytes: input, options: JSONLinesOptions(errorPolicy: .report)).shard(i, of: n))
                }
                expectSame(union, all, "\(n) shards of \(text.debugDescription)")
            }
        }
    }

    @Test("a shard keeps the whole file's line numbers, offsets and policy")
    func shardPositions() throws {
        let input = Array("{\"a\":1}\n{\"a\":2}\n{bad}\n{\"a\":4}\n".utf8)
        let last = try collect(JSONLines(bytes: input, options: JSONLinesOptions(errorPolicy: .report)).shard(1, of: 2))
        #expect(last.good.map(\.number) == [4])
        #expect(last.good.map(\.offset) == [22])
        #expect(last.bad.map(\.line) == [3])
        let failing = try collect(JSONLines(bytes: input).shard(1, of: 2))
        #expect(failing.thrown?.line == 3)
    }
}
