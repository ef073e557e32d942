import Foundation
import Testing

@testable import TapeJSON

// A document larger than 4 GiB (simdjson's limit for one parse), made by a generator as it is fed: never
// stored, on disk or in memory. The full size runs when `TAPEJSON_STREAM_4GIB=1` (the Makefile's `test`
// target sets it, under AddressSanitizer); without it the same test feeds 96 MiB. The records are 16 KiB
// each, so that the 4 GiB take some 280,000 records and 2.2 million events: with 1 KiB records (35
// million events through the handler) it took 102 s alone under AddressSanitizer on a 2-core AMD EPYC
// (84 s with 16 KiB records: most of the time goes to the bytes, not the events).

/// Counts events and the records of the envelope's `Records` array (objects at depth 2).
private struct RecordCounter: JSONEventHandler {
    var events = 0
    var records = 0
    var strings = 0
    var depth = 0
    var lastID: Int64 = -1

    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        events += 1
        switch event {
        case .startObject:
            depth += 1
            if depth == 3 { records += 1 }
        case .startArray: depth += 1
        case .endObject, .endArray: depth -= 1
        case .string(let s): strings += s.count
        case .int(let n): lastID = n
        default: break
        }
        return .continue
    }
}

@Suite("Streaming: a document larger than 4 GiB")
struct StreamLargeDocumentTests {
    @Test("generated as it is fed: every record's events delivered, the window bounded")
    func largerThanFourGiB() throws {
        let full = ProcessInfo.processInfo.environment["TAPEJSON_STREAM_4GIB"] == "1"
        let target = full ? (4 << 30) + (256 << 20) : 96 << 20
        // One block of records (about 1 MiB): a record is 16 KiB, 8 events.
        let message = String(repeating: "x", count: 16_340)
        var block: [UInt8] = []
        var perBlock = 0
        while block.count < 1 << 20 {
            block += Array(#"{"id":1000000,"msg":"\#(message)","ok":true},"#.utf8)
            perBlock += 1
        }
        let parser = try JSONStreamParser(handler: RecordCounter())
        try parser.feed(Array(#"{"meta":{"source":"generator","version":1},"Records":["#.utf8))
        var blocks = 0
        var largestBuffer = 0
        try block.withUnsafeBytes { bytes in
            while parser.bytesFed < target {
                try parser.feed(bytes)
                blocks += 1
                largestBuffer = max(largestBuffer, parser.bufferCapacity)
            }
        }
        try parser.feed(Array(#"{"id":7,"msg":"last","ok":false}]}"#.utf8))
        try parser.finish()
        let counted = parser.handler
        #expect(!full || parser.bytesFed > 1 << 32)
        #expect(counted.records == blocks * perBlock + 1)
        // Per record: start, 3 keys, 3 values, end; the envelope: its start and end, the key meta, meta's
        // start, end, 2 keys and 2 values, the key Records and the array's start and end.
        #expect(counted.events == counted.records * 8 + 12)
        #expect(counted.strings == blocks * perBlock * message.utf8.count + "generator".utf8.count + "last".utf8.count)
        #expect(counted.lastID == 7)
        // Memory: the window (4 MiB by default) and one 1 MiB slice of a feed, doubled at most.
        #expect(largestBuffer <= 16 << 20, "buffer grew to \(largestBuffer) bytes")
    }
}
