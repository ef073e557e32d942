import CSimdShim
import Foundation
import Testing

@testable import TapeJSON

// Runs of items: array items parsed many per simdjson call must give exactly what items parsed one by
// one give (the same items, positions, errors, accounting), wherever the runs, the read blocks and the
// bad items fall.

/// Everything a pass shows: items (text, index, line, offset, length), errors (position, message,
/// index), the summary, or what was thrown.
private func transcript(_ reader: JSONItemStream, counting: Bool = false) -> [String] {
    var lines: [String] = []
    func describe(_ error: JSONLineError) -> String {
        "error \(error.line):\(error.column)@\(error.offset) #\(error.elementIndex.map(String.init) ?? "-") \(error.message)"
    }
    do {
        let summary: JSONLinesSummary
        if counting {
            summary = try reader.count(onInvalidLine: { lines.append(describe($0)) })
        } else {
            summary = try reader.forEach({ item in
                lines.append("item #\(item.index) \(item.lineNumber)@\(item.offset)+\(item.length) \(item.document.root.jsonText)")
            }, onInvalidLine: { lines.append(describe($0)) })
        }
        lines.append("summary \(summary.lines) \(summary.documents) \(summary.invalid) \(summary.bytes)")
    } catch let error as JSONLineError {
        lines.append("thrown " + describe(error))
    } catch let stop as JSONStreamStoppedError {
        lines += describeStop(stop)
    } catch {
        lines.append("thrown \(error)")
    }
    return lines
}

/// Where a pass stopped, and its counts then (the same lines whatever read it).
func describeStop(_ stop: JSONStreamStoppedError) -> [String] {
    let summary = stop.summary
    return ["stopped \(stop.line):\(stop.column)@\(stop.offset) #\(stop.itemIndex.map(String.init) ?? "-") "
                + "unread \(stop.unreadBytes) \(stop.reason)",
            "summary \(summary.lines) \(summary.documents) \(summary.invalid) \(summary.bytes)"]
}

/// A seeded generator (SplitMix64), so that every failure can be replayed.
struct Seeded {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }
}

@Suite("Items parsed in runs")
struct ItemRunTests {
    static let good = [
        "1", "-2.5e3", "0", "true", "null", #""a,b]c}""#, #""\\\"],{""#, #""é€😀""#, "[]", "{}", "[1,[2,[3]]]",
        #"{"k":"v","n":[1,2,{"x":null}]}"#, #"{"s":"}]","t":"\\"}"#, "12345678901234567",
        "{\n  \"pretty\": [\n    1,\n    2\n  ]\n}",
    ]
    static let bad = [
        "tru", "nul", "1 2", "01", "-", #""open"#, #"{"a":}"#, "[1,2", #"{"a" 1}"#, "1e999", "[1,]", #""\x""#,
        "12345678901234567890123", "{\"a\":\n tru}", "\u{01}",
    ]
    /// The bad items whose end is still known (their quotes and brackets pair up, with no two tokens side
    /// by side): reading goes on after them. The others (`"open`, `[1,2`, `1 2`, `{"a" 1}`) stop it.
    static let boundedBad = bad.filter { !["\"open", "[1,2", "1 2", #"{"a" 1}"#].contains($0) }
    static let blanks = ["", " ", "\n", "\n  ", "\t", "\r\n", "  \n\n "]

    /// An array of items from the palettes (bad ones with probability `badRate`), with random blanks.
    static func items(_ random: inout Seeded, count: Int, badRate: Int, bad: [String] = bad) -> String {
        var parts: [String] = []
        for _ in 0..<count {
            let item = random.below(100) < badRate ? random.pick(bad) : random.pick(good)
            parts.append(random.pick(blanks) + item + random.pick(blanks))
        }
        return "[" + parts.joined(separator: ",") + "]"
    }

    static let envelopes: [(String, String)] = [
        ("%", ""),
        (#"{"meta": {"a": [1, {"b": "]"}]}, "Records": %, "next": null}"#, "/Records"),
        (#"{"a": [{"x": 1}, {"b": %}], "z": [1]}"#, "/a/1/b"),
        (#"{"x/y": {"~z": %}}"#, "/x~1y/~0z"),
        ("[[], {}, %]", "/2"),
    ]

    @Test("runs give what items one by one give: random arrays, bad items anywhere, every policy and block size",
          arguments: 0..<12)
    func differential(seed: Int) throws {
        var random = Seeded(state: UInt64(seed) &* 7919 &+ 1)
        for round in 0..<6 {
            let count = [1, 2, 5, 40, 300][random.below(5)]
            let body = Self.items(&random, count: count, badRate: [0, 2, 10, 50][random.below(4)])
            let (envelope, pointer) = Self.envelopes[random.below(Self.envelopes.count)]
            let text = Array(envelope.replacingOccurrences(of: "%", with: body).utf8)
            for policy in JSONLinesErrorPolicy.allCases {
                let options = JSONLinesOptions(errorPolicy: policy, chunkSize: random.pick([64, 4096, 1 << 20]))
                let oneByOne = JSONItemStream(bytes: text, pointer: pointer, options: options)
                oneByOne.runBytes = 0
                let expected = transcript(oneByOne)
                let expectedCount = transcript(oneByOne, counting: true)
                for runBytes in [1, 64, 200, 256 << 10] {
                    let runs = JSONItemStream(bytes: text, pointer: pointer, options: options)
                    runs.runBytes = runBytes
                    #expect(transcript(runs) == expected, "seed \(seed) round \(round) \(policy) runs of \(runBytes)")
                    #expect(transcript(runs, counting: true) == expectedCount,
                            "seed \(seed) round \(round) \(policy) counting, runs of \(runBytes)")
                }
            }
        }
    }

    @Test("missing items, trailing commas and colons between items stop the envelope as before",
          arguments: ["[1,,2]", "[1, ,2]", "[1,2,]", "[1,\n]", "[1,:2]", "[1, 2 : 3]", "[1}", "[1,2}", "[,1]", "[]",
                      "[ ]", "[1", "[1,", "[1,2", "[\"a\",\"b\"", "[1]]", "[1] 2", "[[1,2],,[3]]"])
    func brokenBetweenItems(text: String) throws {
        // The bad spot at every position of a 64-byte block, and with many good items before it.
        for padding in [0, 1, 30, 61, 62, 63, 64, 65, 200] {
            let prefix = String(repeating: "7,", count: padding)
            let full = Array(("[" + prefix + text.dropFirst()).utf8)
            for policy in JSONLinesErrorPolicy.allCases {
                let options = JSONLinesOptions(errorPolicy: policy)
                let oneByOne = JSONItemStream(bytes: full, pointer: "", options: options)
                oneByOne.runBytes = 0
                let runs = JSONItemStream(bytes: full, pointer: "", options: options)
                #expect(transcript(runs) == transcript(oneByOne), "\(text) after \(padding) items, \(policy)")
                #expect(transcript(runs, counting: true) == transcript(oneByOne, counting: true), "\(text) counting")
            }
        }
    }

    @Test("a large array of small numbers: every item, its index and position")
    func manyNumbers() throws {
        let numbers = (0..<100_000).map { String($0 % 997) }
        let text = "[" + numbers.joined(separator: ",") + "]"
        var seen = 0
        var sum = 0
        let summary = try JSONItemStream(bytes: Array(text.utf8)).forEach { item in
            #expect(item.index == seen)
            sum += item.document.root.int ?? 0
            seen += 1
        }
        #expect(seen == numbers.count && summary.documents == numbers.count)
        #expect(sum == (0..<100_000).reduce(0) { $0 + $1 % 997 })
        #expect(try JSONItemStream(bytes: Array(text.utf8)).count().documents == numbers.count)
    }

    @Test("items decode straight from a run's tape")
    func decodeFromRun() throws {
        struct Record: Decodable, Equatable { var id: Int; var name: String; var tags: [String] }
        let records = (0..<500).map { #"{"id": \#($0), "name": "n\#($0)\u00e9", "tags": ["a", "b\#($0)"]}"# }
        let text = #"{"Records": ["# + records.joined(separator: ",\n") + "]}"
        let decoder = TapeJSONDecoder()
        var decoded: [Record] = []
        try JSONItemStream(bytes: Array(text.utf8), pointer: "/Records").forEach { item in
            decoded.append(try item.decode(Record.self, using: decoder))
        }
        #expect(decoded == (0..<500).map { Record(id: $0, name: "n\($0)é", tags: ["a", "b\($0)"]) })
    }

    // MARK: - Workers and shards

    /// `map` with `jobs` workers: each item described as `transcript` describes it, with the errors in
    /// the order they were delivered.
    static func mapped(_ reader: JSONItemStream, jobs: Int) -> [String] {
        var lines: [String] = []
        do {
            let summary = try reader.map(jobs: jobs, { item in
                "item #\(item.index) \(item.lineNumber)@\(item.offset)+\(item.length) \(item.document.root.jsonText)"
            }, each: { text, _ in lines.append(text) }, onInvalidLine: { error in
                lines.append("error \(error.line):\(error.column)@\(error.offset) #\(error.elementIndex.map(String.init) ?? "-") \(error.message)")
            })
            lines.append("summary \(summary.lines) \(summary.documents) \(summary.invalid) \(summary.bytes)")
        } catch let error as JSONLineError {
            lines.append("thrown error \(error.line):\(error.column)@\(error.offset) #\(error.elementIndex.map(String.init) ?? "-") \(error.message)")
        } catch let stop as JSONStreamStoppedError {
            lines += describeStop(stop)
        } catch {
            lines.append("thrown \(error)")
        }
        return lines
    }

    @Test("2 and 3 workers deliver what one thread delivers, in order, with the same errors and counts",
          arguments: 0..<6)
    func workers(seed: Int) throws {
        var random = Seeded(state: UInt64(seed) &* 104_729 &+ 3)
        for round in 0..<4 {
            let body = Self.items(&random, count: [3, 60, 400][random.below(3)], badRate: [0, 5, 30][random.below(3)])
            let (envelope, pointer) = Self.envelopes[random.below(Self.envelopes.count)]
            // Sometimes a missing item in the middle: the pass stops there, workers or not.
            var text = envelope.replacingOccurrences(of: "%", with: body)
            if random.below(3) == 0, let comma = text.lastIndex(of: ",") { text.insert(",", at: comma) }
            let bytes = Array(text.utf8)
            for policy in JSONLinesErrorPolicy.allCases {
                let options = JSONLinesOptions(errorPolicy: policy, chunkSize: random.pick([64, 4096]))
                let serial = JSONItemStream(bytes: bytes, pointer: pointer, options: options)
                let expected = Self.mapped(serial, jobs: 1)
                #expect(expected == transcript(serial), "map with one job is forEach")
                let countExpected = transcript(serial, counting: true)
                for jobs in [2, 3] {
                    for runBytes in [64, 256 << 10] {
                        let reader = JSONItemStream(bytes: bytes, pointer: pointer, options: options)
                        reader.runBytes = runBytes
                        #expect(Self.mapped(reader, jobs: jobs) == expected, "seed \(seed) round \(round) \(policy) jobs \(jobs)")
                        var counted: [String] = []
                        do {
                            let summary = try reader.count(jobs: jobs, onInvalidLine: { error in
                                counted.append("error \(error.line):\(error.column)@\(error.offset) #\(error.elementIndex.map(String.init) ?? "-") \(error.message)")
                            })
                            counted.append("summary \(summary.lines) \(summary.documents) \(summary.invalid) \(summary.bytes)")
                        } catch let error as JSONLineError {
                            counted.append("thrown error \(error.line):\(error.column)@\(error.offset) #\(error.elementIndex.map(String.init) ?? "-") \(error.message)")
                        } catch let stop as JSONStreamStoppedError {
                            counted += describeStop(stop)
                        } catch {
                            counted.append("thrown \(error)")
                        }
                        #expect(counted == countExpected, "seed \(seed) round \(round) \(policy) count, jobs \(jobs)")
                    }
                }
            }
        }
    }

    @Test("shards of a document together deliver every item once, as one reader does, from memory and a file",
          arguments: [1, 2, 3, 5])
    func shards(count: Int) throws {
        var random = Seeded(state: UInt64(count) &* 31 &+ 7)
        // Bad items whose end is known: a stop is reported by the shard holding it, but the shards after
        // it cannot tell that the items they find came after a fault (JSONItemStream's Limits).
        let body = Self.items(&random, count: 500, badRate: 5, bad: Self.boundedBad)
        let text = Array(#"{"meta": {"a": [1, 2]}, "Records": \#(body), "z": 1}"#.utf8)
        let directory = try TemporaryDirectory()
        let path = try directory.write(text, name: "envelope.json")
        let options = JSONLinesOptions(errorPolicy: .report)
        let whole = transcript(JSONItemStream(bytes: text, pointer: "/Records", options: options)).dropLast()
        for reader in [JSONItemStream(bytes: text, pointer: "/Records", options: options),
                       JSONItemStream(path: path, pointer: "/Records", options: options)] {
            for runBytes in [64, 256 << 10] {
                reader.runBytes = runBytes
                var union: [String] = []
                var bytes = 0
                for k in 0..<count {
                    for jobs in [1, 2] {
                        var part = jobs == 1 ? transcript(reader.shard(k, of: count)) : Self.mapped(reader.shard(k, of: count), jobs: 2)
                        let summary = part.removeLast()
                        if jobs == 1 {
                            union += part
                            bytes += Int(summary.split(separator: " ").last!)!
                        }
                    }
                }
                #expect(union == Array(whole), "\(count) shards, runs of \(runBytes)")
                #expect(bytes == text.count)
            }
        }
    }

    @Test("decode with workers gives the values one thread gives")
    func decodeWithWorkers() throws {
        struct Record: Decodable, Equatable, Sendable { var id: Int; var name: String }
        let records = (0..<2000).map { #"{"id": \#($0), "name": "n\#($0)"}"# }
        let text = Array(#"{"Records": ["# .utf8) + Array(records.joined(separator: ",\n").utf8) + Array("]}".utf8)
        let decoder = TapeJSONDecoder()
        for jobs in [1, 2, 4] {
            var decoded: [Record] = []
            let summary = try JSONItemStream(bytes: text, pointer: "/Records").decode(Record.self, using: decoder, jobs: jobs) { value, _ in
                decoded.append(value)
            }
            #expect(decoded == (0..<2000).map { Record(id: $0, name: "n\($0)") }, "jobs \(jobs)")
            #expect(summary.documents == 2000)
        }
    }

    @Test("items longer than maxDocumentSize are bad items, in runs, one by one and with workers alike",
          arguments: [1, 5, 12, 30])
    func tooLarge(limit: Int) throws {
        var random = Seeded(state: UInt64(limit))
        let text = Array(#"{"Records": \#(Self.items(&random, count: 300, badRate: 5, bad: Self.boundedBad))}"#.utf8)
        for policy in JSONLinesErrorPolicy.allCases {
            let options = JSONLinesOptions(errorPolicy: policy, maxDocumentSize: limit)
            let oneByOne = JSONItemStream(bytes: text, pointer: "/Records", options: options)
            oneByOne.runBytes = 0
            let expected = transcript(oneByOne)
            if policy == .report { #expect(expected.contains { $0.contains("document too large") }) }
            for runBytes in [64, 256 << 10] {
                let runs = JSONItemStream(bytes: text, pointer: "/Records", options: options)
                runs.runBytes = runBytes
                #expect(transcript(runs) == expected, "limit \(limit) \(policy)")
                #expect(transcript(runs, counting: true) == transcript(oneByOne, counting: true))
                #expect(Self.mapped(runs, jobs: 2) == expected, "limit \(limit) \(policy), 2 jobs")
            }
        }
    }

    @Test("columns on a long line of non-ASCII items count scalars, across read blocks", arguments: [64, 4096, 1 << 20])
    func columnsOnOneLine(blockSize: Int) throws {
        let good = ["\"é€😀\"", "\"ascii\"", "\"日本語のテキスト\"", "1"]
        var parts: [String] = []
        for k in 0..<3000 { parts.append(good[k % good.count]) }
        parts[2500] = "tru"
        let text = "[" + parts.joined(separator: ",") + "]"
        let prefix = "[" + parts[..<2500].joined(separator: ",") + ","
        let expectedColumn = prefix.unicodeScalars.count + 1
        for runBytes in [0, 64, 256 << 10] {
            let reader = JSONItemStream(bytes: Array(text.utf8), options: JSONLinesOptions(errorPolicy: .report, chunkSize: blockSize))
            reader.runBytes = runBytes
            var errors: [JSONLineError] = []
            _ = try reader.count(onInvalidLine: { errors.append($0) })
            #expect(errors.map { "\($0.line):\($0.column)@\($0.offset)" } == ["1:\(expectedColumn)@\(prefix.utf8.count)"],
                    "runs of \(runBytes), blocks of \(blockSize)")
        }
    }

    @Test("the portable scans (SSE2) give what the AVX-512 ones give")
    func portableScans() throws {
        var random = Seeded(state: 99)
        var documents: [(text: [UInt8], pointer: String)] = []
        for _ in 0..<20 {
            let body = Self.items(&random, count: [5, 80, 400][random.below(3)], badRate: [0, 10][random.below(2)])
            let (envelope, pointer) = Self.envelopes[random.below(Self.envelopes.count)]
            documents.append((Array(envelope.replacingOccurrences(of: "%", with: body).utf8), pointer))
        }
        for text in ["[1,,2]", "[1, 2,]", "[1,:2]", "[\"é€😀\",tru," + String(repeating: "\"日本\",", count: 40) + "1]"] {
            documents.append((Array(text.utf8), ""))
        }
        func transcripts() -> [[String]] {
            documents.flatMap { document in
                JSONLinesErrorPolicy.allCases.flatMap { policy -> [[String]] in
                    let reader = JSONItemStream(bytes: document.text, pointer: document.pointer,
                                                options: JSONLinesOptions(errorPolicy: policy))
                    reader.runBytes = 64
                    return [transcript(reader), transcript(reader, counting: true)]
                }
            }
        }
        let fast = transcripts()
        tj_use_portable_scans(true)
        let portable = transcripts()
        tj_use_portable_scans(false)
        #expect(portable == fast)
    }
}
