#if os(Linux)
import Foundation
import Testing
@testable import TapeJSON

/// The resident bytes of the mappings that overlap `range` (the mapped file), from /proc/self/smaps.
private func residentBytes(of range: UnsafeRawBufferPointer) throws -> Int {
    // /proc files report a size of 0: read to the end rather than by size.
    let fd = open("/proc/self/smaps", O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        data += buffer[..<n]
    }
    let smaps = String(decoding: data, as: UTF8.self)
    let low = UInt(bitPattern: range.baseAddress), high = low + UInt(range.count)
    var overlapping = false
    var total = 0
    for line in smaps.split(separator: "\n") {
        let fields = line.split(separator: " ", maxSplits: 1)
        let bounds = fields.first?.split(separator: "-") ?? []
        if bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16) {
            overlapping = start < high && end > low
        } else if overlapping, line.hasPrefix("Rss:") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            total += try #require(kilobytes) * 1024
        }
    }
    return total
}

@Suite("Pages of a mapped file scanned in parallel")
struct PageReleaseTests {
    @Test("pages are released behind the oldest unfinished chunk, whatever order chunks finish in")
    func frontier() throws {
        // 16 MiB of lines, every page read (resident), cut into chunks of about 64 KiB.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapejson-frontier-\(getpid()).ndjson").path
        defer { unlink(path) }
        let line = Array(#"{"level":"INFO","message":"a line of about a hundred bytes, padded out to that length"}"#.utf8) + [0x0A]
        var bytes: [UInt8] = []
        while bytes.count < 16 << 20 { bytes += line }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let region = ChunkRegion(file: try MappedFile(path: path, maxSize: Int.max))
        var sum = 0
        for k in stride(from: 0, to: region.bytes.count, by: 4096) { sum &+= Int(region.bytes[k]) }
        let size = region.bytes.count
        #expect(try residentBytes(of: region.bytes) >= size - (64 << 10))

        // Released as soon as the frontier passes a page (step 1), then in steps of 4 MiB below.
        var chunker = RegionChunker(region: region, chunkSize: 64 << 10, parallel: true, releaseStep: 1)
        var chunks: [LineChunk] = []
        while let chunk = try chunker.next() { chunks.append(chunk) }
        #expect(chunks.count > 200)
        #expect(sum > 0)
        // Every chunk but one near the middle finishes, in a scrambled order.
        let held = chunks.firstIndex { $0.baseOffset >= size / 2 }!
        let heldOffset = chunks[held].baseOffset
        var order = Array(chunks.indices).filter { $0 != held }
        var generator = SeededGenerator(seed: 5)
        order.shuffle(using: &generator)
        for k in order { chunks[k].recycle() }
        // Released: everything before the held chunk but the margin. Kept: the margin and what follows.
        let margin = LineChunk.releaseMargin
        let resident = try residentBytes(of: region.bytes)
        #expect(resident >= size - heldOffset)
        #expect(resident <= size - heldOffset + margin + (64 << 10))
        // Once it finishes, all but the last margin goes.
        chunks[held].recycle()
        #expect(try residentBytes(of: region.bytes) <= margin + (64 << 10))

        // Again with every page read back and chunks finishing in order, one release per chunk: the
        // released ranges meet without leaving a page out.
        for k in stride(from: 0, to: size, by: 4096) { sum &+= Int(region.bytes[k]) }
        #expect(try residentBytes(of: region.bytes) >= size - (64 << 10))
        var again = RegionChunker(region: region, chunkSize: 64 << 10, parallel: true, releaseStep: 1)
        while let chunk = try again.next() { chunk.recycle() }
        #expect(try residentBytes(of: region.bytes) <= margin + (64 << 10))

        // In steps: released once 4 MiB have passed, so at most a step more stays resident.
        for k in stride(from: 0, to: size, by: 4096) { sum &+= Int(region.bytes[k]) }
        var stepped = RegionChunker(region: region, chunkSize: 64 << 10, parallel: true)
        var finished = 0
        while let chunk = try stepped.next() {
            chunk.recycle()
            finished = chunk.baseOffset + chunk.count
            guard chunk.sequence % 8 == 0 else { continue }
            let resident = try residentBytes(of: region.bytes)
            #expect(resident >= size - finished)
            #expect(resident <= size - finished + margin + ReleaseFrontier.defaultStep + 4096)
        }
    }
}

/// A small deterministic generator (SplitMix64) for the shuffle above.
private struct SeededGenerator: RandomNumberGenerator {
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
#endif
