import Foundation
import TapeJSON

/// The JSONTestSuite files bundled with TapeTests (read in place: they are part of the project).
enum SuiteFiles {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TapeTests/Fixtures/JSONTestSuite/test_parsing")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}

/// A file's bytes, read with POSIX calls (Foundation's `Data(contentsOf:)` leaks under AddressSanitizer
/// for empty files in this toolchain).
func readBytes(_ path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    return bytes
}

/// Collects events described as `describe(_:)` does.
struct EventCollector: JSONEventHandler {
    var lines: [String] = []
    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        lines.append(describe(event))
        return .continue
    }
}

/// What a parse produced: the events, or the error with its position.
struct Outcome: Equatable, CustomStringConvertible {
    var events: [String]
    var error: JSONError?

    /// Equal for the purpose of the streaming tests: the same events when valid; the same error kind,
    /// offset, line and column when not (events delivered before a streaming error are not compared).
    func matches(_ other: Outcome) -> Bool {
        switch (error, other.error) {
        case (nil, nil): return events == other.events
        case (let a?, let b?): return a.kind == b.kind && a.offset == b.offset && a.line == b.line && a.column == b.column
        default: return false
        }
    }

    var description: String {
        if let error { return "error \(error.kind) at \(error.offset) (\(error.line):\(error.column))" }
        return "\(events.count) events"
    }
}

/// The in-memory reader's outcome.
func inMemory(_ bytes: [UInt8]) -> Outcome {
    do {
        let document = try JSONParser.shared.parse(bytes)
        var reader = document.events
        return Outcome(events: drain(&reader))
    } catch {
        return Outcome(events: [], error: error)
    }
}

/// The push parser's outcome with the bytes fed in chunks of the given sizes (cycled).
func streamed(_ bytes: [UInt8], chunks: [Int], window: Int = 4 << 20) throws -> Outcome {
    let parser = try JSONStreamParser(handler: EventCollector(), window: window)
    do {
        try bytes.withUnsafeBytes { all in
            var offset = 0
            var k = 0
            while offset < all.count {
                let n = min(chunks[k % chunks.count], all.count - offset)
                try parser.feed(UnsafeRawBufferPointer(rebasing: all[offset..<(offset + n)]))
                offset += n
                k += 1
            }
        }
        try parser.finish()
        return Outcome(events: parser.handler.lines)
    } catch let error as JSONError {
        return Outcome(events: parser.handler.lines, error: error)
    }
}

/// A seeded generator (SplitMix64), so random splits are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Chunk sizes from 1 to `max`, drawn with `seed`.
func randomChunks(seed: UInt64, max: Int, count: Int = 97) -> [Int] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in Int.random(in: 1...max, using: &generator) }
}
