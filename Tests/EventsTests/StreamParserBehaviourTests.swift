import Foundation
import Testing

@testable import TapeJSON

// `JSONStreamParser` beyond equality with the in-memory reader: the handler's decisions, string
// lifetimes, the pull forms, resets, and a document larger than 4 GiB.

/// Records events and answers `.skipChildren` after the key `skip`, `.stop` after the key `stop`.
private struct DecidingHandler: JSONEventHandler {
    var lines: [String] = []
    var skipNext = false
    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        lines.append(describe(event))
        if case .key(let name) = event {
            if name == "stop" { return .stop }
            skipNext = name == "skip"
            return .continue
        }
        defer { skipNext = false }
        return skipNext ? .skipChildren : .continue
    }
}

/// The in-memory walk with the same handler.
private func walked(_ text: String) throws -> [String] {
    var handler = DecidingHandler()
    try JSONParser.shared.parse(text).walk(&handler)
    return handler.lines
}

private func streamedDecisions(_ text: String, window: Int, chunk: Int) throws -> [String] {
    let parser = try JSONStreamParser(handler: DecidingHandler(), window: window)
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        try parser.feed(Array(bytes[offset..<min(offset + chunk, bytes.count)]))
        offset += chunk
    }
    try parser.finish()
    return parser.handler.lines
}

@Suite("Streaming: handler decisions")
struct StreamDecisionTests {
    static let document: String = {
        let big = (0..<40).map { #"{"n":\#($0),"s":"\#(String(repeating: "x", count: $0))"}"# }.joined(separator: ",")
        return #"{"a":1,"skip":{"x":[\#(big)],"y":2},"b":[\#(big)],"skip":[\#(big)],"c":"end","stop":1,"d":2}"#
    }()

    @Test("skipChildren and stop mean what they mean in memory, in batches and in entered containers",
          arguments: [(4 << 20, 1 << 16), (64, 1), (64, 7), (200, 64), (1000, 3)])
    func decisions(window: Int, chunk: Int) throws {
        let expected = try walked(Self.document)
        #expect(expected.last == "key stop")
        #expect(try streamedDecisions(Self.document, window: window, chunk: chunk) == expected)
    }

    @Test("after a stop, later feeds are ignored and finish succeeds, even if the rest is invalid")
    func stopIgnoresTheRest() throws {
        let parser = try JSONStreamParser(handler: DecidingHandler())
        try parser.feed(Array(#"{"stop":1,"x":"#.utf8))
        #expect(parser.isStopped)
        try parser.feed(Array("]]]".utf8))
        try parser.finish()
        #expect(parser.handler.lines == ["{", "key stop"])
    }

    @Test("an error is thrown again by every later call; reset starts over")
    func errorsStickUntilReset() throws {
        let parser = try JSONStreamParser(handler: EventCollector())
        try parser.feed(Array("[1,".utf8))
        #expect(throws: JSONError.self) { try parser.feed(Array("]".utf8)) }
        #expect(throws: JSONError.self) { try parser.finish() }
        parser.reset()
        parser.handler.lines = []
        try parser.feed(Array(#"{"a":[true]}"#.utf8))
        try parser.finish()
        #expect(parser.handler.lines == ["{", "key a", "[", "bool true", "]", "}"])
    }

    @Test("a handler's error stops the parse and propagates")
    func handlerError() throws {
        struct Refuse: Error {}
        struct Refusing: JSONEventHandler {
            mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
                if case .null = event { throw Refuse() }
                return .continue
            }
        }
        let parser = try JSONStreamParser(handler: Refusing())
        #expect(throws: Refuse.self) { try parser.feed(Array("[1,null,2]".utf8)) }
        #expect(parser.isStopped)
        try parser.feed(Array("]]]".utf8))   // ignored
        try parser.finish()
    }

    @Test("errors after megabytes of valid input keep their line and column", arguments: [64, 4 << 20])
    func lateError(window: Int) throws {
        var text = "{\"rows\": [\n"
        for k in 0..<20_000 { text += "  {\"k\": \(k), \"é\": \"ü\"},\n" }
        text += "  {\"k\": tru}\n]}"
        let bytes = Array(text.utf8)
        let expected = inMemory(bytes)
        #expect(expected.error?.kind == .invalidLiteral)
        for chunks in [[1 << 16], [7], randomChunks(seed: 9, max: 5000)] {
            let got = try streamed(bytes, chunks: chunks, window: window)
            #expect(got.matches(expected), "\(got) vs \(expected)")
            #expect(got.error?.excerpt == expected.error?.excerpt)
        }
    }

    @Test("numbers simdjson cannot hold stream as big numbers, in batches and alone")
    func bigNumbers() throws {
        let text = #"{"a":[1e400,123456789012345678901234567890,-5],"b":100000000000000000000}"#
        let expected = inMemory(Array(text.utf8))
        #expect(expected.events.contains("number 1e400"))
        for (window, chunk) in [(4 << 20, 4096), (64, 1), (64, 5)] {
            #expect(try streamed(Array(text.utf8), chunks: [chunk], window: window).matches(expected))
        }
        #expect(try streamed(Array("123456789012345678901234567890".utf8), chunks: [4]).events
            == ["number 123456789012345678901234567890"])
    }

    @Test("maxDepth is the in-memory parser's, however deep the walk enters")
    func depth() throws {
        for depth in [3, 4, 5] {
            let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
            let parser = JSONParser(maxDepth: 4)
            let expectedError: JSONError?
            do { _ = try parser.parse(text); expectedError = nil } catch { expectedError = error }
            for window in [64, 4 << 20] {
                let stream = try JSONStreamParser(handler: EventCollector(), maxDepth: 4, window: window)
                var got: JSONError?
                do {
                    try stream.feed(Array(text.utf8))
                    try stream.finish()
                } catch let error as JSONError { got = error }
                #expect(got?.kind == expectedError?.kind && got?.offset == expectedError?.offset, "depth \(depth)")
            }
        }
    }
}

// MARK: - Lifetimes

@Suite("Streaming: string lifetimes")
struct StreamLifetimeTests {
    /// Copies every string during the callback; compares what it saw with the bytes after the parse
    /// went on (AddressSanitizer, under `make test`, checks that no view is read outside its callback).
    struct Copier: JSONEventHandler {
        var copies: [String] = []
        mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
            switch event {
            case .key(let s), .string(let s), .bigNumber(let s):
                copies.append(s.string)
                // Read every byte of the view while it is valid.
                var sum = 0
                for k in s.utf8.indices { sum &+= Int(s.utf8[k]) }
                #expect(sum >= 0)
            default: break
            }
            return .continue
        }
    }

    @Test("strings are valid during the callback, in every batch and window, and copies outlive it")
    func copies() throws {
        let text = #"{"name":"Ada","langs":["en","fr","\u00e9\n"],"big":1e999,"k":{"deep":["x","y"]}}"#
        for (window, chunk) in [(4 << 20, 4096), (64, 1), (64, 3)] {
            let parser = try JSONStreamParser(handler: Copier(), window: window)
            for byte in Array(text.utf8).chunks(of: chunk) { try parser.feed(byte) }
            try parser.finish()
            #expect(parser.handler.copies == ["name", "Ada", "langs", "en", "fr", "é\n", "big", "1e999", "k", "deep", "x", "y"])
        }
    }
}

extension Array {
    func chunks(of size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}

// MARK: - Pull forms

@Suite("Streaming: pull forms")
struct StreamPullTests {
    static let text = #"{"a":[1,2,{"b":"c"}],"d":null}"#
    static var expected: [String] { inMemory(Array(text.utf8)).events }

    func withFile(_ bytes: [UInt8], _ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).json").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    @Test("a path, in small blocks")
    func path() throws {
        try withFile(Array(Self.text.utf8)) { path in
            let parser = try JSONStreamParser(handler: EventCollector())
            try parser.parse(contentsOfFile: path, blockSize: 1)
            #expect(parser.handler.lines == Self.expected)
        }
    }

    @Test("a file handle, from where it stands")
    func fileHandle() throws {
        try withFile(Array(("xyz" + Self.text).utf8)) { path in
            let handle = try #require(FileHandle(forReadingAtPath: path))
            defer { try? handle.close() }
            try handle.seek(toOffset: 3)
            let parser = try JSONStreamParser(handler: EventCollector())
            try parser.parse(fileHandle: handle)
            #expect(parser.handler.lines == Self.expected)
        }
    }

    @Test("a missing file is a JSONInputError")
    func missing() throws {
        let parser = try JSONStreamParser(handler: EventCollector())
        #expect(throws: JSONInputError.self) { try parser.parse(contentsOfFile: "/nonexistent/x.json") }
    }

    @Test("an AsyncSequence of [UInt8] chunks, of Data chunks, and of bytes")
    func asyncSequences() async throws {
        let chunks = Array(Self.text.utf8).chunks(of: 5)
        let arrays = AsyncStream<[UInt8]> { continuation in
            for chunk in chunks { continuation.yield(chunk) }
            continuation.finish()
        }
        let first = try JSONStreamParser(handler: EventCollector())
        try await first.parse(chunks: arrays)
        #expect(first.handler.lines == Self.expected)

        let datas = AsyncStream<Data> { continuation in
            for chunk in chunks { continuation.yield(Data(chunk)) }
            continuation.finish()
        }
        let second = try JSONStreamParser(handler: EventCollector())
        try await second.parse(chunks: datas)
        #expect(second.handler.lines == Self.expected)

        let bytes = AsyncStream<UInt8> { continuation in
            for byte in Self.text.utf8 { continuation.yield(byte) }
            continuation.finish()
        }
        let third = try JSONStreamParser(handler: EventCollector())
        try await third.parse(bytes: bytes, blockSize: 4)
        #expect(third.handler.lines == Self.expected)
    }
}
