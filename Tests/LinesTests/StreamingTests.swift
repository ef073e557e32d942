import Foundation
import TapeJSON
import Testing

/// Delivers `bytes` as an asynchronous sequence of pieces of the given sizes (cycled).
private func pieces(_ bytes: [UInt8], sizes: [Int]) -> AsyncStream<[UInt8]> {
    AsyncStream { continuation in
        var position = 0
        var k = 0
        while position < bytes.count {
            let n = min(sizes[k % sizes.count], bytes.count - position)
            continuation.yield(Array(bytes[position..<position + n]))
            position += n
            k += 1
        }
        continuation.finish()
    }
}

// MARK: - AsyncSequence of byte chunks

@Suite("Async chunks")
struct AsyncChunkTests {
    @Test("pieces of any size give the same lines as reading from memory", arguments: [[1], [7, 1, 300], [4096], [100_000]])
    func anyPieceSizes(sizes: [Int]) async throws {
        var sample = Sample(seed: 41)
        var lines = sample.goodLines(200).map { Array($0.utf8) }
        lines.insert(BadLines.all[1], at: 0)
        lines.insert(Array("{\"a\":\r".utf8), at: 100)
        lines.insert([], at: 150)
        let input = [0xEF, 0xBB, 0xBF] + joinLines(lines, separator: [0x0D, 0x0A]) + Array("{\"cut\":".utf8)
        let reference = Reference.lines(input)
        for policy in JSONLinesErrorPolicy.allCases {
            var pass = Pass()
            do {
                pass.summary = try await JSONLines.forEach(chunks: pieces(input, sizes: sizes),
                                                           options: JSONLinesOptions(errorPolicy: policy, chunkSize: 64)) { line in
                    pass.good.append(SeenLine(line))
                } onInvalidLine: { error in
                    pass.bad.append(SeenError(error))
                }
            } catch let error as JSONLineError {
                pass.thrown = SeenError(error)
            }
            expectAgrees(pass, with: reference, policy: policy)
        }
    }

    @Test("an empty sequence and a long line split across many pieces")
    func emptyAndLong() async throws {
        let empty = try await JSONLines.forEach(chunks: pieces([], sizes: [1])) { _ in }
        #expect(empty.lines == 0)
        let long = Array(LongLineTests.longLine(30_000).utf8)
        var lengths: [Int] = []
        let summary = try await JSONLines.forEach(chunks: pieces(long + [0x0A] + long, sizes: [333]),
                                                  options: JSONLinesOptions(chunkSize: 64)) { lengths.append($0.length) }
        #expect(lengths == [long.count, long.count])
        #expect(summary.documents == 2)
    }
}

// MARK: - One huge top-level array

@Suite("Array streaming")
struct ArrayStreamTests {
    /// What the array stream delivered: each element's compact text with its index, line and column-free
    /// offset; and the errors.
    private static func stream(_ reader: JSONItemStream) throws -> (texts: [String], indexes: [Int], errors: [JSONLineError], summary: JSONLinesSummary?) {
        var texts: [String] = []
        var indexes: [Int] = []
        var errors: [JSONLineError] = []
        var summary: JSONLinesSummary?
        do {
            summary = try reader.forEach({ element in
                texts.append(element.document.root.jsonText)
                indexes.append(element.index)
            }, onInvalidLine: { errors.append($0) })
        } catch let error as JSONLineError {
            errors.append(error)
        }
        return (texts, indexes, errors, summary)
    }

    @Test("streaming an array element by element equals parsing it whole", arguments: [false, true])
    func equalsWhole(pretty: Bool) throws {
        var sample = Sample(seed: 42)
        let elements = sample.goodLines(3000) + [LongLineTests.longLine(20_000), "[]", "{}", "\"]\"", "\"[,{\"", "-0.5e3"]
        let text = "[" + (pretty ? "\n  " : "") + elements.joined(separator: pretty ? ",\n  " : ",") + (pretty ? "\n]\n" : "]")
        let bytes = Array(text.utf8)
        let whole = try JSONDocument(parsing: bytes).root.elements.map(\.jsonText)
        #expect(whole.count == elements.count)
        let directory = try TemporaryDirectory()
        let path = try directory.write(bytes, name: "array.json")
        for options in [JSONLinesOptions(chunkSize: 64), JSONLinesOptions()] {
            for reader in [JSONItemStream(bytes: bytes, options: options), JSONItemStream(path: path, options: options)] {
                let streamed = try Self.stream(reader)
                expectSame(streamed.texts, whole, "elements")
                expectSame(streamed.indexes, Array(0..<whole.count), "indexes")
                #expect(streamed.errors.isEmpty)
                #expect(streamed.summary?.documents == whole.count)
            }
        }
    }

    @Test("a bad element is reported with its index and position; the others are delivered")
    func badElement() throws {
        let bytes = Array("[\n  {\"a\":1},\n  {\"a\":},\n  [1,2]\n]".utf8)
        let report = try Self.stream(JSONItemStream(bytes: bytes, options: JSONLinesOptions(errorPolicy: .report)))
        #expect(report.texts == ["{\"a\":1}", "[1,2]"])
        #expect(report.indexes == [0, 2])
        #expect(report.errors.map(\.elementIndex) == [1])
        #expect(report.errors.map { "\($0.line):\($0.column)" } == ["3:8"])
        #expect(report.summary?.lines == 3)
        #expect(report.summary?.invalid == 1)
        let fail = try Self.stream(JSONItemStream(bytes: bytes))
        #expect(fail.texts == ["{\"a\":1}"])
        #expect(fail.errors.count == 1 && fail.summary == nil)
    }

    @Test("array syntax errors are reported, never dropped: a bad line under .fail, a stop under the others", arguments: [
        "", "[1,2", "[1,,2]", "[1,]", "[1] x", "[,1]", "{\"a\":1,}", "{\"a\" 1}", "{1:2}", "[1]]", "{\"a\":1]",
    ])
    func syntaxErrors(text: String) throws {
        for policy in JSONLinesErrorPolicy.allCases {
            let reader = JSONItemStream(bytes: Array(text.utf8), options: JSONLinesOptions(errorPolicy: policy))
            if policy == .fail {
                #expect(throws: JSONLineError.self, "\(policy)") { try reader.forEach { _ in } }
                continue
            }
            var reported = 0
            do {
                try reader.forEach({ _ in }, onInvalidLine: { _ in reported += 1 })
                Issue.record("\(policy): \(text.debugDescription) read to its end")
            } catch let stop as JSONStreamStoppedError {
                #expect(stop.summary.documents + stop.summary.invalid == stop.summary.lines)
                #expect(stop.unreadBytes == text.utf8.count - stop.offset && stop.summary.unreadBytes == stop.unreadBytes)
                #expect(stop.reason.offset >= stop.offset)
            }
            #expect(reported == 0, "the stop is not a bad item")
        }
    }
}

// MARK: - Typed decoding

/// A line's typed form for the decoding tests.
struct Row: Decodable, Sendable, Equatable {
    var k: Int
    var level: String?
}

@Suite("Typed decoding")
struct DecodingLinesTests {
    @Test("decode(_:using:) gives what Foundation's JSONDecoder gives line by line, with workers", arguments: [1, 2])
    func matchesFoundation(jobs: Int) throws {
        var sample = Sample(seed: 43)
        let lines = sample.goodLines(2000).filter { $0.hasPrefix("{\"k\"") }
        let input = lines.jsonLines
        let foundation = try lines.map { try JSONDecoder().decode(Row.self, from: Data($0.utf8)) }
        var decoded: [Row] = []
        var numbers: [Int] = []
        let summary = try JSONLines(bytes: input, options: JSONLinesOptions(chunkSize: 1000))
            .decode(Row.self, using: TapeJSONDecoder(), jobs: jobs) { row, number in
                decoded.append(row)
                numbers.append(number)
            }
        expectSame(decoded, foundation, "rows")
        #expect(numbers == Array(1...lines.count))
        #expect(summary.documents == lines.count)
    }

    @Test("one decoder called line by line (forEach, map with workers) gives what decode(_:using:) gives")
    func lineByLineWithOneDecoder() throws {
        var sample = Sample(seed: 47)
        let lines = sample.goodLines(1500).filter { $0.hasPrefix("{\"k\"") }
        // Every seventh line has a string where Row has an Int: those calls throw, the next ones decode.
        let mixed = lines.enumerated().map { $0.offset % 7 == 3 ? #"{"k":"seven"}"# : $0.element }
        let input = JSONLines(bytes: mixed.jsonLines, options: JSONLinesOptions(errorPolicy: .skip, chunkSize: 1000))
        let decoder = TapeJSONDecoder()
        var whole: [Row] = []
        try input.decode(Row.self, using: decoder, jobs: 1) { row, _ in whole.append(row) }

        var byLine: [Row] = []
        var failed = 0
        try input.forEach { line in
            do {
                byLine.append(try line.decode(Row.self, using: decoder))
            } catch is DecodingError {
                failed += 1
            }
        }
        expectSame(byLine, whole, "forEach")
        #expect(failed == mixed.count - whole.count)

        var mapped: [Row] = []
        let summary = try input.map(jobs: 2, { line in try line.decode(Row.self, using: decoder) },
                                    each: { row, _ in mapped.append(row) })
        expectSame(mapped, whole, "map")
        #expect(summary.documents == whole.count && summary.invalid == failed)
    }

    @Test("lines that do not decode go through the policy as DecodingErrors", arguments: JSONLinesErrorPolicy.allCases)
    func decodingErrors(policy: JSONLinesErrorPolicy) throws {
        let input = Array("{\"k\":1}\n{\"k\":\"two\"}\n{\"level\":\"x\"}\n{bad}\n{\"k\":5,\"level\":\"E\"}\n".utf8)
        for jobs in [1, 2] {
            var rows: [Row] = []
            var errors: [JSONLineError] = []
            var thrown: JSONLineError?
            do {
                let summary = try JSONLines(bytes: input, options: JSONLinesOptions(errorPolicy: policy, chunkSize: 64))
                    .decode(Row.self, using: TapeJSONDecoder(), jobs: jobs, each: { row, _ in rows.append(row) },
                            onInvalidLine: { errors.append($0) })
                #expect(summary.lines == 5 && summary.documents == 2 && summary.invalid == 3)
            } catch let error as JSONLineError {
                thrown = error
            }
            switch policy {
            case .fail:
                #expect(rows == [Row(k: 1)])
                #expect(thrown?.line == 2)
                #expect(thrown?.underlying is DecodingError)
            case .skip:
                #expect(rows == [Row(k: 1), Row(k: 5, level: "E")])
                #expect(errors.isEmpty)
            case .report:
                #expect(rows == [Row(k: 1), Row(k: 5, level: "E")])
                #expect(errors.map(\.line) == [2, 3, 4])
                #expect(errors[0].underlying is DecodingError && errors[1].underlying is DecodingError)
                #expect(errors[2].underlying is JSONError)
                // The column of the value that does not decode ("two" in {"k":"two"}), not 1 (issue 26).
                #expect(errors[0].column == 6)
            }
        }
    }
}
