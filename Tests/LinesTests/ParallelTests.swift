import Foundation
import Synchronization
import TapeJSON
import Testing

/// A transform failure raised on purpose.
struct Boom: Error, Equatable {
    var key: Int
}

/// The transform the parallel tests use: the line as `SeenLine`, or `Boom` for documents with `"boom"`.
@Sendable private func seeOrThrow(_ line: borrowing JSONLine) throws -> SeenLine {
    let seen = SeenLine(line)
    if let key = line.document.root["boom"]?.int { throw Boom(key: key) }
    return seen
}

/// What a `map` pass delivered, in delivery order.
private struct MapPass {
    var values: [SeenLine] = []
    var numbers: [Int] = []
    var bad: [JSONLineError] = []
    var thrown: JSONLineError?
    var summary: JSONLinesSummary?
}

private func mapPass(_ reader: JSONLines, jobs: Int, ordered: Bool = true) throws -> MapPass {
    var pass = MapPass()
    do {
        pass.summary = try reader.map(jobs: jobs, ordered: ordered, seeOrThrow, each: { value, number in
            pass.values.append(value)
            pass.numbers.append(number)
        }, onInvalidLine: { pass.bad.append($0) })
    } catch let error as JSONLineError {
        pass.thrown = error
    }
    return pass
}

/// About 3000 lines in ~100 chunks of 1000 bytes, with bad lines and transform failures spread through.
private let parallelInput: [UInt8] = {
    var sample = Sample(seed: 31)
    var lines = sample.goodLines(3000).map { Array($0.utf8) }
    for k in stride(from: 7, to: lines.count, by: 211) { lines[k] = BadLines.all[k % BadLines.all.count] }
    for k in stride(from: 50, to: lines.count, by: 373) { lines[k] = Array("{\"boom\":\(k)}".utf8) }
    lines.insert([], at: 1000)
    return joinLines(lines) + Array("{\"cut\"".utf8)
}()

// MARK: - Parallel map

@Suite("Parallel map")
struct ParallelTests {
    @Test("map with 1 worker delivers exactly what forEach does")
    func oneWorkerMatchesForEach() throws {
        let input = Layout.startMiddleAndEnd.input
        for policy in JSONLinesErrorPolicy.allCases {
            let options = Windows.with(Windows.tiny, policy: policy)
            let forEach = try collect(JSONLines(bytes: input, options: options))
            let mapped = try mapPass(JSONLines(bytes: input, options: options), jobs: 1)
            expectSame(mapped.values, forEach.good, "values")
            #expect(mapped.numbers == forEach.good.map(\.number))
            #expect(mapped.bad.map(SeenError.init) == forEach.bad)
            #expect(mapped.thrown.map(SeenError.init) == forEach.thrown)
            #expect(mapped.summary == forEach.summary)
        }
    }

    @Test("ordered: 2, 3 and 4 workers give the same sequence as 1", arguments: [2, 3, 4])
    func ordered(jobs: Int) throws {
        for policy in [JSONLinesErrorPolicy.skip, .report] {
            let options = JSONLinesOptions(errorPolicy: policy, batchSize: 4096, chunkSize: 1000)
            let one = try mapPass(JSONLines(bytes: parallelInput, options: options), jobs: 1)
            let many = try mapPass(JSONLines(bytes: parallelInput, options: options), jobs: jobs)
            #expect(one.values.count > 2900)
            expectSame(many.values, one.values, "values")
            expectSame(many.numbers, one.numbers, "line numbers")
            #expect(many.bad.map(SeenError.init) == one.bad.map(SeenError.init))
            #expect(many.summary == one.summary)
            if let summary = many.summary {
                #expect(summary.documents + summary.invalid == summary.lines)
                #expect(summary.lines == Reference.lines(parallelInput).count)
            }
        }
    }

    @Test("unordered: the same multiset of results as 1 worker", arguments: [2, 4])
    func unordered(jobs: Int) throws {
        let options = JSONLinesOptions(errorPolicy: .report, batchSize: 4096, chunkSize: 1000)
        let one = try mapPass(JSONLines(bytes: parallelInput, options: options), jobs: 1)
        let many = try mapPass(JSONLines(bytes: parallelInput, options: options), jobs: jobs, ordered: false)
        let key = { (line: SeenLine) in "\(line.number) \(line.text)" }
        expectSame(many.values.map(key).sorted(), one.values.map(key).sorted(), "values, sorted")
        #expect(Set(many.numbers) == Set(one.numbers))
        #expect(many.numbers.count == one.numbers.count)
        #expect(many.bad.map(SeenError.init).sorted { $0.line < $1.line } == one.bad.map(SeenError.init))
        #expect(many.summary == one.summary)
    }

    @Test("transform errors go through the policy, with their line", arguments: JSONLinesErrorPolicy.allCases)
    func transformErrors(policy: JSONLinesErrorPolicy) throws {
        let input = Array("{\"a\":1}\n{\"boom\":7}\n\n{\"a\":2}\n{\"boom\":9}\n{\"a\":3}\n".utf8)
        for jobs in [1, 2] {
            let options = JSONLinesOptions(errorPolicy: policy, batchSize: 4096, chunkSize: 64)
            let pass = try mapPass(JSONLines(bytes: input, options: options), jobs: jobs)
            switch policy {
            case .fail:
                #expect(pass.numbers == [1])
                #expect(pass.thrown?.line == 2)
                #expect(pass.thrown?.column == 1)
                #expect(pass.thrown?.offset == 8)
                #expect(pass.thrown?.underlying as? Boom == Boom(key: 7))
            case .skip:
                #expect(pass.numbers == [1, 4, 6])
                #expect(pass.bad.isEmpty)
                #expect(pass.summary?.invalid == 2)
                #expect(pass.summary?.lines == 5)
            case .report:
                #expect(pass.numbers == [1, 4, 6])
                #expect(pass.bad.map(\.line) == [2, 5])
                #expect(pass.bad.compactMap { $0.underlying as? Boom } == [Boom(key: 7), Boom(key: 9)])
                #expect(pass.bad.allSatisfy { $0.message.contains("Boom") })
                #expect(pass.summary?.documents == 3)
                #expect(pass.summary?.invalid == 2)
            }
        }
    }

    @Test("fail with workers: delivery stops at the first bad line in input order", arguments: [2, 4])
    func failInOrder(jobs: Int) throws {
        let options = JSONLinesOptions(errorPolicy: .fail, batchSize: 4096, chunkSize: 1000)
        let one = try mapPass(JSONLines(bytes: parallelInput, options: options), jobs: 1)
        let many = try mapPass(JSONLines(bytes: parallelInput, options: options), jobs: jobs)
        #expect(one.thrown?.line == 8)
        #expect(many.thrown.map(SeenError.init) == one.thrown.map(SeenError.init))
        expectSame(many.values, one.values, "values")
    }

    @Test("a sharded file read with workers covers each line once", arguments: [2, 3])
    func shardsWithWorkers(jobs: Int) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(parallelInput)
        let options = JSONLinesOptions(errorPolicy: .report, batchSize: 4096, chunkSize: 1000)
        let whole = try mapPass(JSONLines(path: path, options: options), jobs: 1)
        for n in [1, 2, 5, 7] {
            var numbers: [Int] = []
            var bad: [Int] = []
            for i in 0..<n {
                let part = try mapPass(JSONLines(path: path, options: options).shard(i, of: n), jobs: jobs)
                numbers += part.numbers
                bad += part.bad.map(\.line)
            }
            expectSame(numbers, whole.numbers, "line numbers")
            #expect(bad == whole.bad.map(\.line))
        }
    }

    @Test("an error thrown by each stops the pass and the workers")
    func eachErrors() throws {
        struct Stop: Error {}
        var delivered = 0
        #expect(throws: Stop.self) {
            try JSONLines(bytes: parallelInput, options: JSONLinesOptions(errorPolicy: .skip, chunkSize: 1000))
                .map(jobs: 3, { $0.lineNumber }, each: { _, _ in
                    delivered += 1
                    if delivered == 100 { throw Stop() }
                })
        }
        #expect(delivered == 100)
    }

    @Test("the calling thread is one of the workers: jobs - 1 threads are started", arguments: [2, 3])
    func callerIsAWorker(jobs: Int) throws {
        let caller = UInt(bitPattern: Int(bitPattern: pthread_self()))
        let threads = Mutex<Set<UInt>>([])
        let options = JSONLinesOptions(errorPolicy: .skip, batchSize: 4096, chunkSize: 1000)
        let summary = try JSONLines(bytes: parallelInput, options: options).map(jobs: jobs, { line in
            _ = threads.withLock { $0.insert(UInt(bitPattern: Int(bitPattern: pthread_self()))) }
            return line.lineNumber
        }, each: { _, _ in })
        let seen = threads.withLock { $0 }
        #expect(summary.documents > 2900)
        // About a hundred chunks: the calling thread takes waiting ones whenever it has nothing to deliver.
        #expect(seen.contains(caller))
        #expect(seen.count <= jobs)
    }

    @Test("progress reports grow to the final summary")
    func progress() throws {
        var reports: [JSONLinesSummary] = []
        let summary = try JSONLines(bytes: parallelInput, options: JSONLinesOptions(errorPolicy: .skip, chunkSize: 4096))
            .map(jobs: 2, { $0.lineNumber }, each: { _, _ in }, onProgress: { reports.append($0) })
        #expect(reports.count > 10)
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.bytes <= $1.bytes && $0.lines <= $1.lines })
        #expect(reports.last == summary)
        #expect(summary.bytes == parallelInput.count)
    }

    @Test("line numbers found only at delivery (the transform never asks) match 1 worker's", arguments: [true, false])
    func numbersAtDelivery(ordered: Bool) throws {
        let options = JSONLinesOptions(errorPolicy: .report, batchSize: 4096, chunkSize: 1000)
        func run(jobs: Int) throws -> (numbers: [Int], bad: [JSONLineError], summary: JSONLinesSummary) {
            var numbers: [Int] = []
            var bad: [JSONLineError] = []
            let summary = try JSONLines(bytes: parallelInput, options: options)
                .map(jobs: jobs, ordered: ordered, { line in line.length }, each: { _, number in numbers.append(number) },
                     onInvalidLine: { bad.append($0) })
            return (numbers, bad, summary)
        }
        let one = try run(jobs: 1)
        let (numbers, bad, summary) = try run(jobs: 3)
        #expect(summary == one.summary)
        #expect(one.numbers.count > 2900)
        if ordered {
            #expect(numbers == one.numbers)
            #expect(bad.map(SeenError.init) == one.bad.map(SeenError.init))
        } else {
            #expect(numbers.sorted() == one.numbers)
            #expect(bad.map(SeenError.init).sorted { $0.line < $1.line } == one.bad.map(SeenError.init))
        }
        // An invalid line's JSONError carries the same (absolute) line as the JSONLineError around it.
        let parseErrors = bad.compactMap { error in (error.underlying as? JSONError).map { (error.line, $0.line) } }
        #expect(!parseErrors.isEmpty)
        #expect(parseErrors.allSatisfy { $0.0 == $0.1 })
    }

    @Test("a byte order mark and blank lines before the first chunk's end: numbers and indexes match 1 worker's")
    func numbersAfterByteOrderMark() throws {
        var input: [UInt8] = [0xEF, 0xBB, 0xBF, 0x0A, 0x20, 0x0A]
        input += parallelInput
        for ordered in [true, false] {
            let options = JSONLinesOptions(errorPolicy: .skip, batchSize: 4096, chunkSize: 700)
            let one = try mapPass(JSONLines(bytes: input, options: options), jobs: 1)
            let many = try mapPass(JSONLines(bytes: input, options: options), jobs: 4, ordered: ordered)
            let key = { (line: SeenLine) in "\(line.number) #\(line.index) \(line.text)" }
            expectSame(many.values.map(key).sorted(), one.values.map(key).sorted(), "values, sorted")
        }
    }

    @Test("count with workers counts what count() counts", arguments: JSONLinesErrorPolicy.allCases)
    func countWithWorkers(policy: JSONLinesErrorPolicy) throws {
        let options = JSONLinesOptions(errorPolicy: policy, batchSize: 4096, chunkSize: 1000)
        var oneBad: [SeenError] = []
        var manyBad: [SeenError] = []
        var oneThrown: SeenError?
        var manyThrown: SeenError?
        var one: JSONLinesSummary?
        var many: JSONLinesSummary?
        do { one = try JSONLines(bytes: parallelInput, options: options).count { oneBad.append(SeenError($0)) } }
        catch let error as JSONLineError { oneThrown = SeenError(error) }
        do { many = try JSONLines(bytes: parallelInput, options: options).count(jobs: 3) { manyBad.append(SeenError($0)) } }
        catch let error as JSONLineError { manyThrown = SeenError(error) }
        #expect(many == one)
        #expect(manyBad == oneBad)
        #expect(manyThrown == oneThrown)
        if policy != .fail { #expect(one?.lines == Reference.lines(parallelInput).count) }
    }
}
