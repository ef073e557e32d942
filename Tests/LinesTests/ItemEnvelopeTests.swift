import Foundation
import Testing

@testable import TapeJSON

// The envelope around the items as events (`JSONItemStream.forEach(_:envelope:onInvalidLine:)`, and the
// `map`/`decode` forms): the same events the document read whole gives, with the items' container empty.

/// An event as text.
private func describe(_ event: JSONEvent) -> String {
    switch event {
    case .startObject: return "{"
    case .endObject: return "}"
    case .startArray: return "["
    case .endArray: return "]"
    case .key(let name): return "key \(name.string)"
    case .string(let value): return "string \(value.string)"
    case .int(let value): return "int \(value)"
    case .uint(let value): return "uint \(value)"
    case .double(let value): return "double \(value)"
    case .bool(let value): return "bool \(value)"
    case .null: return "null"
    case .bigNumber(let value): return "big \(value.string)"
    }
}

/// Records the envelope's events, deciding as told.
private struct EnvelopeRecorder: JSONEventHandler {
    var events: [String] = []
    /// The decision after an event with this text (the first time it is seen), `.continue` otherwise.
    var decisions: [String: JSONWalkDecision] = [:]
    /// Throws after this many events.
    var failAfter: Int? = nil

    struct Refused: Error {}

    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        let line = describe(event)
        events.append(line)
        if let failAfter, events.count >= failAfter { throw Refused() }
        return decisions.removeValue(forKey: line) ?? .continue
    }
}

/// What the document read whole gives as the envelope's events: every event, except that the container
/// at `pointer` is its start and end events only.
private struct ExpectedEnvelope: JSONEventHandler {
    let tokens: [String]
    var events: [String] = []
    /// The open containers: whether each is an object, and its next index or last key.
    private var path: [(isObject: Bool, key: String, index: Int)] = []

    init(pointer: String) {
        tokens = pointer.isEmpty ? [] : pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") }
    }

    /// The current value's path (before the value's own events move it on).
    private var here: [String] {
        path.map { $0.isObject ? $0.key : String($0.index) }
    }

    private mutating func valueDone() {
        if let last = path.indices.last, !path[last].isObject { path[last].index += 1 }
    }

    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        let line = describe(event)
        events.append(line)
        switch event {
        case .key(let name):
            path[path.count - 1].key = name.string
        case .startObject, .startArray:
            let isObject = line == "{"
            if here == tokens {
                events.append(isObject ? "}" : "]")
                valueDone()
                return .skipChildren
            }
            path.append((isObject, "", 0))
        case .endObject, .endArray:
            path.removeLast()
            valueDone()
        default:
            valueDone()
        }
        return .continue
    }
}

private func expectedEvents(_ document: String, _ pointer: String) throws -> [String] {
    var expected = ExpectedEnvelope(pointer: pointer)
    try JSONDocument(parsing: Array(document.utf8)).walk(&expected)
    return expected.events
}

@Suite("Items at a JSON Pointer: the envelope as events")
struct ItemEnvelopeTests {
    static let document = ItemStreamTests.envelope

    /// Every way of reading: read blocks, window (small: the walker enters big envelope values), runs
    /// of items or one by one.
    static let readers: [(chunkSize: Int, window: Int, runBytes: Int)] = [
        (64, 64, 0), (64, 64, 256 << 10), (4096, 16 << 20, 256 << 10), (1 << 20, 16 << 20, 0),
    ]

    private func reader(_ text: String, _ pointer: String, chunkSize: Int = 1 << 20, window: Int = 16 << 20,
                        runBytes: Int = 256 << 10, policy: JSONLinesErrorPolicy = .fail) -> JSONItemStream {
        let stream = JSONItemStream(bytes: Array(text.utf8), pointer: pointer,
                                    options: JSONLinesOptions(errorPolicy: policy, chunkSize: chunkSize))
        stream.window = window
        stream.runBytes = runBytes
        return stream
    }

    @Test("the envelope's events equal the document's with the items' container empty, for every pointer and way of reading",
          arguments: ["/Records", "/meta", "/meta/tags", "/nested/deeper", "/nested/deeper/1/k", "/nested/a~1b/~0x",
                      "/empty/array", "/empty/object", "/escapedA", ""])
    func equalsWhole(pointer: String) throws {
        let expected = try expectedEvents(Self.document, pointer)
        let items = try JSONDocument(parsing: Array(Self.document.utf8)).value(atPointer: pointer)
        let itemCount = try #require(items).count
        for way in Self.readers {
            var recorder = EnvelopeRecorder()
            var delivered = 0
            let summary = try reader(Self.document, pointer, chunkSize: way.chunkSize, window: way.window,
                                     runBytes: way.runBytes)
                .forEach({ _ in delivered += 1 }, envelope: &recorder)
            #expect(recorder.events == expected, "\(way)")
            #expect(delivered == itemCount && summary.documents == itemCount, "\(way)")
        }
    }

    @Test("events come in document order between the items", arguments: [1, 2])
    func interleaved(jobs: Int) throws {
        // One job: each event and item in the document's order. Several: the same events, the items in
        // order among themselves (the walker runs ahead of the workers).
        final class Log: @unchecked Sendable { var lines: [String] = [] }
        struct Logging: JSONEventHandler {
            let log: Log
            mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
                log.lines.append(describe(event))
                return .continue
            }
        }
        let text = #"{"a": 1, "items": [{"x": 1}, {"x": 2}], "b": [true]}"#
        let log = Log()
        var handler = Logging(log: log)
        let summary = try reader(text, "/items").map(jobs: jobs, { item in item.document.root.jsonText },
                                                      envelope: &handler, each: { value, _ in log.lines.append(value) })
        #expect(summary.documents == 2)
        let expected = ["{", "key a", "int 1", "key items", "[", #"{"x":1}"#, #"{"x":2}"#, "]", "key b", "[",
                        "bool true", "]", "}"]
        if jobs == 1 {
            #expect(log.lines == expected)
        } else {
            #expect(log.lines.filter { !$0.hasPrefix("{\"") } == expected.filter { !$0.hasPrefix("{\"") })
            #expect(log.lines.filter { $0.hasPrefix("{\"") } == [#"{"x":1}"#, #"{"x":2}"#])
        }
    }

    @Test("decode(jobs:) hands out the envelope's events and decodes every item", arguments: [1, 2])
    func decodeWithEnvelope(jobs: Int) throws {
        struct Record: Decodable, Sendable, Equatable { var id: Int }
        var text = #"{"meta": {"count": 300, "source": "test"}, "Records": ["#
        text += (0..<300).map { #"{"id": \#($0)}"# }.joined(separator: ",")
        text += "]}"
        var recorder = EnvelopeRecorder()
        var ids: [Int] = []
        let summary = try reader(text, "/Records").decode(Record.self, using: TapeJSONDecoder(), jobs: jobs,
                                                          envelope: &recorder, each: { record, _ in ids.append(record.id) })
        #expect(ids == Array(0..<300))
        #expect(summary.documents == 300)
        #expect(recorder.events == ["{", "key meta", "{", "key count", "int 300", "key source", "string test", "}",
                                    "key Records", "[", "]", "}"])
    }

    @Test("numbers simdjson cannot hold, escaped keys and strings reach the handler as the document has them")
    func bigNumbersAndEscapes() throws {
        let text = #"{"m\u00e9ta": {"big": 123456789012345678901234567890, "tiny": 1e-400, "s": "a\"b"}, "x": [1]}"#
        var recorder = EnvelopeRecorder()
        for way in Self.readers {
            recorder = EnvelopeRecorder()
            try reader(text, "/x", chunkSize: way.chunkSize, window: way.window, runBytes: way.runBytes)
                .forEach({ _ in }, envelope: &recorder)
            #expect(recorder.events == ["{", "key méta", "{", "key big", "big 123456789012345678901234567890",
                                        "key tiny", recorder.events[6], "key s", "string a\"b", "}", "key x", "[", "]", "}"],
                    "\(way)")
            #expect(recorder.events == (try expectedEvents(text, "/x")), "\(way)")
        }
    }

    @Test("skipping a container skips its events, not the items inside it; stop ends the events, not the items")
    func decisions() throws {
        /// Skips the containers that are the values of the given keys.
        struct SkipAfterKeys: JSONEventHandler {
            let keys: Set<String>
            var events: [String] = []
            private var skipNext = false
            init(_ keys: Set<String>) { self.keys = keys }
            mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
                events.append(describe(event))
                if case .key(let name) = event {
                    skipNext = keys.contains(name.string)
                    return .continue
                }
                defer { skipNext = false }
                return skipNext ? .skipChildren : .continue
            }
        }
        let whole = try JSONDocument(parsing: Array(Self.document.utf8))
        var expectedSkips = SkipAfterKeys(["meta", "nested"])
        try whole.walk(&expectedSkips)
        var expectedStop = EnvelopeRecorder(decisions: ["key Records": .stop])
        try whole.walk(&expectedStop)
        for way in Self.readers {
            // `nested` holds the items: its events are skipped, its items still arrive.
            var skipper = SkipAfterKeys(["meta", "nested"])
            var count = 0
            try reader(Self.document, "/nested/deeper", chunkSize: way.chunkSize, window: way.window,
                       runBytes: way.runBytes).forEach({ _ in count += 1 }, envelope: &skipper)
            #expect(count == 2, "\(way)")
            #expect(skipper.events == expectedSkips.events, "\(way)")
            #expect(skipper.events.contains("key meta") && !skipper.events.contains("key region"))

            var stopper = EnvelopeRecorder(decisions: ["key Records": .stop])
            count = 0
            try reader(Self.document, "/nested/deeper", chunkSize: way.chunkSize, window: way.window,
                       runBytes: way.runBytes).forEach({ _ in count += 1 }, envelope: &stopper)
            #expect(count == 2, "\(way)")
            #expect(stopper.events == expectedStop.events && stopper.events.last == "key Records", "\(way)")
        }
    }

    @Test("a broken envelope: the events stop where it breaks and the error goes through the policy",
          arguments: JSONLinesErrorPolicy.allCases)
    func brokenEnvelope(policy: JSONLinesErrorPolicy) throws {
        let text = #"{"meta": {"a": 1}, "Records": [1, 2], "after": [1 2]}"#
        var recorder = EnvelopeRecorder()
        var errors: [JSONLineError] = []
        var items = 0
        do {
            try reader(text, "/Records", policy: policy).forEach({ _ in items += 1 }, envelope: &recorder,
                                                                 onInvalidLine: { errors.append($0) })
            Issue.record("read to its end")
        } catch let error as JSONLineError {
            #expect(policy == .fail)
            errors.append(error)
        } catch let stop as JSONStreamStoppedError {
            // The stop is its own error, never a bad item: the fault is its reason.
            #expect(policy != .fail && errors.isEmpty && stop.summary.invalid == 0)
            #expect(stop.offset == 47 && stop.unreadBytes == text.utf8.count - 47)
            errors.append(JSONLineError(line: stop.reason.line, column: stop.reason.column, offset: stop.reason.offset,
                                        underlying: stop.reason))
        }
        #expect(items == 2)
        #expect(errors.count == 1)
        // Where the document read whole fails: the `2` after `[1 `.
        if let error = errors.first { #expect(error.offset == 50 && error.line == 1 && error.column == 51) }
        #expect(throws: JSONError.self) { try JSONDocument(parsing: Array(text.utf8)) }
        #expect(recorder.events == ["{", "key meta", "{", "key a", "int 1", "}", "key Records", "[", "]", "key after"])
    }

    @Test("an error thrown by the handler ends the read and is what the call throws; the handler comes back updated")
    func handlerThrows() throws {
        var recorder = EnvelopeRecorder(failAfter: 3)
        var items = 0
        #expect(throws: EnvelopeRecorder.Refused.self) {
            try reader(Self.document, "/Records").forEach({ _ in items += 1 }, envelope: &recorder)
        }
        #expect(recorder.events == ["{", "key meta", "{"])
        #expect(items == 0)
        // With workers: the walker's thread throws, the workers stop, and the call throws it.
        var text = #"{"Records": ["#
        text += (0..<5000).map { #"{"id": \#($0)}"# }.joined(separator: ",")
        text += #"], "after": {"x": 1}}"#
        var late = EnvelopeRecorder(failAfter: 6)
        #expect(throws: EnvelopeRecorder.Refused.self) {
            try reader(text, "/Records").map(jobs: 2, { $0.index }, envelope: &late, each: { _, _ in })
        }
        #expect(late.events == ["{", "key Records", "[", "]", "key after", "{"])
    }

    @Test("a shard's handler sees the envelope up to the end of its range; the last shard's sees all of it")
    func shards() throws {
        let expected = try expectedEvents(Self.document, "/Records")
        var all = 0
        for index in 0..<3 {
            var recorder = EnvelopeRecorder()
            all += try reader(Self.document, "/Records").shard(index, of: 3).forEach({ _ in }, envelope: &recorder).documents
            #expect(Array(expected.prefix(recorder.events.count)) == recorder.events)
            if index == 2 { #expect(recorder.events == expected) }
        }
        #expect(all == 7)
    }

    /// A random JSON text: nested containers, keys and strings with escapes and separators inside them,
    /// numbers simdjson cannot hold, blanks and newlines anywhere.
    static func randomValue(_ random: inout Seeded, depth: Int) -> String {
        let blank = { (random: inout Seeded) in random.pick(["", " ", "\n", "\n  ", "\t"]) }
        let scalars = ["0", "-1.5e3", "true", "false", "null", #""a,b]c}""#, #""q\"],{""#, #""é😀""#, #""\u00e9\n""#,
                       "123456789012345678901234567890", "12345678901234567", #""""#]
        let keys = [#""a""#, #""b""#, #""x/y""#, #""~z""#, #""a\"b""#, #""\u00e9""#, #""""#, #""k]""#]
        let kind = depth >= 4 ? 0 : random.below(3)
        switch kind {
        case 1:
            let n = random.below(5)
            let elements = (0..<n).map { _ in blank(&random) + randomValue(&random, depth: depth + 1) + blank(&random) }
            return "[" + elements.joined(separator: ",") + "]"
        case 2:
            var used: Set<String> = []
            var members: [String] = []
            for _ in 0..<random.below(5) {
                let key = random.pick(keys)
                if !used.insert(key).inserted { continue }   // keys unique: pointers name one member
                members.append(blank(&random) + key + blank(&random) + ":" + blank(&random)
                               + randomValue(&random, depth: depth + 1) + blank(&random))
            }
            return "{" + members.joined(separator: ",") + "}"
        default:
            return random.pick(scalars)
        }
    }

    /// The pointers to every array and object in `value`.
    static func containerPointers(_ value: JSONValue, _ here: String = "") -> [String] {
        switch value.kind {
        case .array:
            return [here] + value.elements.enumerated().flatMap { containerPointers($1, here + "/\($0)") }
        case .object:
            return [here] + value.members.flatMap { member in
                let token = member.key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
                return containerPointers(member.value, here + "/" + token)
            }
        default:
            return []
        }
    }

    @Test("random documents at every container pointer: the same items and envelope events as the document read whole",
          arguments: 0..<8)
    func randomDocuments(seed: Int) throws {
        var random = Seeded(state: UInt64(seed) &* 104_729 &+ 17)
        for _ in 0..<25 {
            let text = "{" + #""head": "# + Self.randomValue(&random, depth: 1) + #", "body": "#
                + Self.randomValue(&random, depth: 0) + "}"
            let whole = try JSONDocument(parsing: Array(text.utf8))
            for pointer in Self.containerPointers(whole.root) {
                let value = try #require(try whole.value(atPointer: pointer))
                let items = value.kind == .array ? value.elements.map(\.jsonText) : value.members.map(\.value.jsonText)
                let expected = try expectedEvents(text, pointer)
                let way = random.pick(Self.readers)
                var recorder = EnvelopeRecorder()
                var streamed: [String] = []
                try reader(text, pointer, chunkSize: way.chunkSize, window: way.window, runBytes: way.runBytes)
                    .forEach({ streamed.append($0.document.root.jsonText) }, envelope: &recorder)
                #expect(streamed == items, "seed \(seed), \(pointer), \(way): \(text)")
                #expect(recorder.events == expected, "seed \(seed), \(pointer), \(way): \(text)")
            }
        }
    }

    @Test("random documents with one or two bytes changed: valid ones give the items read whole, invalid ones fail where the document read whole fails",
          arguments: 0..<4)
    func mutatedDocuments(seed: Int) throws {
        var random = Seeded(state: UInt64(seed) &* 7_777 &+ 3)
        for round in 0..<250 {
            var text = Array(("{" + #""head": "# + Self.randomValue(&random, depth: 1) + #", "body": "#
                + Self.randomValue(&random, depth: 0) + "}").utf8)
            for _ in 0...random.below(2) {
                let i = random.below(text.count)
                switch random.below(3) {
                case 0: text[i] = random.pick(Array("{}[],:\"\\ 0a-e\n".utf8))
                case 1: text.remove(at: i)
                default: text.insert(random.pick(Array("{}[],:\"\\ 1".utf8)), at: i)
                }
            }
            let whole = try? JSONDocument(parsing: text)
            var wholeError: JSONError? = nil
            if whole == nil {
                do { _ = try JSONDocument(parsing: text) } catch { wholeError = error }
            }
            for pointer in ["/body", "", "/head"] {
                let way = random.pick(Self.readers)
                let stream = JSONItemStream(bytes: text, pointer: pointer,
                                            options: JSONLinesOptions(errorPolicy: .report, chunkSize: way.chunkSize))
                stream.window = way.window
                stream.runBytes = way.runBytes
                var items: [String] = []
                var errors: [JSONLineError] = []
                var thrown: (any Error)? = nil
                do {
                    try stream.forEach({ items.append($0.document.root.jsonText) }, onInvalidLine: { errors.append($0) })
                } catch let stop as JSONStreamStoppedError {
                    // Where reading stopped, the fault is located as a bad item would be.
                    errors.append(JSONLineError(line: stop.reason.line, column: stop.reason.column,
                                                offset: stop.reason.offset, underlying: stop.reason))
                    #expect(stop.unreadBytes == text.count - stop.offset)
                } catch {
                    thrown = error
                }
                let context = "seed \(seed) round \(round) \(pointer) \(way): \(String(decoding: text, as: UTF8.self).debugDescription)"
                if let whole {
                    guard let value = try whole.value(atPointer: pointer), value.kind == .array || value.kind == .object else {
                        #expect(thrown is JSONItemPointerError, "\(context)")
                        continue
                    }
                    let expected = value.kind == .array ? value.elements.map(\.jsonText) : value.members.map(\.value.jsonText)
                    #expect(errors.isEmpty && thrown == nil && items == expected, "\(context)")
                } else if let wholeError {
                    // The first error is where the document read whole fails (its kind may differ next
                    // to a number simdjson cannot hold, which the item path reads on its own); or the
                    // pointer names a scalar before it.
                    guard let first = errors.first else {
                        #expect(thrown is JSONItemPointerError, "\(context): accepted")
                        continue
                    }
                    #expect(first.offset == wholeError.offset && first.line == wholeError.line
                            && first.column == wholeError.column, "\(context): \(first) against \(wholeError)")
                }
            }
        }
    }

    @Test("without a handler the items are the same (the envelope costs nothing when not asked for)")
    func sameItemsWithAndWithout() throws {
        var with: [String] = []
        var without: [String] = []
        var recorder = EnvelopeRecorder()
        try reader(Self.document, "/Records").forEach({ with.append($0.document.root.jsonText) }, envelope: &recorder)
        try reader(Self.document, "/Records").forEach({ without.append($0.document.root.jsonText) })
        #expect(with == without && with.count == 7)
    }
}
