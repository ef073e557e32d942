import Foundation
import Synchronization
import TapeJSON
import Testing

/// Counts the `Tracked` values alive and made.
private final class TrackedCounts: Sendable {
    let alive = Atomic<Int>(0)
    let made = Atomic<Int>(0)
}

/// A value that holds a reference (so freeing it runs code) and counts itself.
private final class Tracked: Sendable {
    let counts: TrackedCounts
    let line: Int
    let text: String

    init(_ line: borrowing JSONLine, counts: TrackedCounts) {
        self.counts = counts
        self.line = line.lineNumber
        self.text = line.document.root.jsonText
        counts.alive.add(1, ordering: .relaxed)
        counts.made.add(1, ordering: .relaxed)
    }

    deinit { counts.alive.subtract(1, ordering: .relaxed) }
}

/// About 6000 lines with bad lines and transform failures spread through.
private let lifetimeInput: [UInt8] = {
    var sample = Sample(seed: 57)
    var lines = sample.goodLines(6000).map { Array($0.utf8) }
    for k in stride(from: 11, to: lines.count, by: 397) { lines[k] = BadLines.all[k % BadLines.all.count] }
    for k in stride(from: 90, to: lines.count, by: 641) { lines[k] = Array("{\"boom\":\(k)}".utf8) }
    return joinLines(lines)
}()

@Sendable private func track(_ line: borrowing JSONLine, _ counts: TrackedCounts) throws -> Tracked {
    if let key = line.document.root["boom"]?.int { throw Boom(key: key) }
    return Tracked(line, counts: counts)
}

// MARK: - Values made by workers

@Suite("Parallel map: values made by workers")
struct ValueLifetimeTests {
    @Test("every value is delivered once, in order, and freed once the pass ends", arguments: [2, 3])
    func deliveredAndFreed(jobs: Int) throws {
        for ordered in [true, false] {
            let counts = TrackedCounts()
            var lines: [Int] = []
            var numbers: [Int] = []
            let options = JSONLinesOptions(errorPolicy: .skip, batchSize: 4096, chunkSize: 2000)
            let summary = try JSONLines(bytes: lifetimeInput, options: options)
                .map(jobs: jobs, ordered: ordered, { try track($0, counts) }, each: { value, number in
                    lines.append(value.line)
                    numbers.append(number)
                })
            #expect(lines == numbers)
            #expect(ordered ? lines == lines.sorted() : Set(lines).count == lines.count)
            #expect(summary.documents == lines.count)
            #expect(counts.made.load(ordering: .relaxed) == lines.count)
            #expect(counts.alive.load(ordering: .relaxed) == 0)
        }
    }

    @Test("values not delivered when each throws are freed too")
    func freedAfterEachThrows() throws {
        struct Stop: Error {}
        let counts = TrackedCounts()
        var delivered = 0
        #expect(throws: Stop.self) {
            try JSONLines(bytes: lifetimeInput, options: JSONLinesOptions(errorPolicy: .skip, chunkSize: 1500))
                .map(jobs: 3, { try track($0, counts) }, each: { _, _ in
                    delivered += 1
                    if delivered == 2500 { throw Stop() }
                })
        }
        #expect(delivered == 2500)
        #expect(counts.made.load(ordering: .relaxed) >= 2500)
        #expect(counts.alive.load(ordering: .relaxed) == 0)
    }

    @Test("values not delivered when a bad line fails the pass are freed too")
    func freedAfterFail() throws {
        let counts = TrackedCounts()
        var delivered = 0
        #expect(throws: JSONLineError.self) {
            try JSONLines(bytes: lifetimeInput, options: JSONLinesOptions(errorPolicy: .fail, chunkSize: 1500))
                .map(jobs: 2, { try track($0, counts) }, each: { _, _ in delivered += 1 })
        }
        #expect(delivered == 11)
        #expect(counts.alive.load(ordering: .relaxed) == 0)
    }

    /// The worker threads take the transform from the pool rather than capture it, and the pool lets go
    /// of it when the pass ends: a thread still being torn down holds nothing of the caller's. (Captured
    /// by the threads, a patch outlived `tapejson patch --items` by a moment, and LeakSanitizer's exit
    /// check counted it as leaked.)
    @Test("what the transform captured is freed when the pass returns", arguments: [2, 3])
    func transformFreedWithThePass(jobs: Int) throws {
        final class Captured: Sendable {
            let base = 1
        }
        weak var released: Captured?
        var total = 0
        do {
            let captured = Captured()
            released = captured
            try JSONLines(bytes: lifetimeInput, options: JSONLinesOptions(errorPolicy: .skip, chunkSize: 2000))
                .map(jobs: jobs, { line in line.lineNumber * captured.base }, each: { value, _ in total += value })
        }
        #expect(total > 0)
        #expect(released == nil, "the pass returned with its transform still held")
    }

    @Test("a mapped file larger than a parallel chunk: workers deliver what 1 worker does", arguments: [2, 3])
    func fileInSeveralChunks(jobs: Int) throws {
        // About 2 MB with the default options: several chunks for the workers, one for a single worker.
        var sample = Sample(seed: 91)
        var lines = sample.goodLines(30_000).map { Array($0.utf8) }
        for k in stride(from: 5, to: lines.count, by: 4999) { lines[k] = BadLines.all[k % BadLines.all.count] }
        let directory = try TemporaryDirectory()
        let path = try directory.write(joinLines(lines))
        func run(jobs: Int) throws -> (numbers: [Int], texts: [String], summary: JSONLinesSummary) {
            var numbers: [Int] = []
            var texts: [String] = []
            let summary = try JSONLines(path: path, options: JSONLinesOptions(errorPolicy: .skip))
                .map(jobs: jobs, { $0.document.root.jsonText }, each: { text, number in
                    texts.append(text)
                    numbers.append(number)
                })
            return (numbers, texts, summary)
        }
        let one = try run(jobs: 1)
        let many = try run(jobs: jobs)
        #expect(one.summary.bytes > 1 << 20)
        #expect(many.summary == one.summary)
        #expect(many.numbers == one.numbers)
        #expect(many.texts == one.texts)
        let reader = JSONLines(path: path, options: JSONLinesOptions(errorPolicy: .skip))
        #expect(try reader.count(jobs: jobs) == reader.count())
    }
}
