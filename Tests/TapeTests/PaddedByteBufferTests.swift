import Testing

@testable import TapeJSON

// `PaddedByteBuffer`, the memory layer's padded window: its bytes against a plain array kept alongside,
// and the padding after them checked after every change.

@Suite("PaddedByteBuffer")
struct PaddedByteBufferTests {
    /// The readable bytes, copied out.
    static func contents(_ buffer: borrowing PaddedByteBuffer) -> [UInt8] {
        buffer.withUnsafeBytes { Array($0) }
    }

    /// The `Simd.padding` bytes after the readable ones, copied out.
    static func padding(_ buffer: borrowing PaddedByteBuffer) -> [UInt8] {
        buffer.withUnsafeBytes { Array(UnsafeRawBufferPointer(start: $0.baseAddress! + $0.count, count: Simd.padding)) }
    }

    /// A buffer holding a copy of `bytes`.
    static func buffer(holding bytes: [UInt8], headroom: Int = 0) -> PaddedByteBuffer {
        var buffer = PaddedByteBuffer(capacity: bytes.count, headroom: headroom)
        bytes.withUnsafeBytes { buffer.append(contentsOf: $0) }
        return buffer
    }

    // MARK: - Growth

    @Test("appends grow the buffer by doubling, keep every byte and pad after them")
    func growth() {
        var generator = SplitMix64(seed: 7)
        var buffer = PaddedByteBuffer(capacity: 16)
        var reference: [UInt8] = []
        var capacities: [Int] = [buffer.capacity]
        for _ in 0..<200 {
            let piece = (0..<Int(generator.next() % 97)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            piece.withUnsafeBytes { buffer.append(contentsOf: $0) }
            reference += piece
            #expect(buffer.count == reference.count)
            #expect(Self.padding(buffer) == [UInt8](repeating: 0x20, count: Simd.padding))
            if capacities.last != buffer.capacity { capacities.append(buffer.capacity) }
        }
        #expect(Self.contents(buffer) == reference)
        // One growth path: every capacity is twice the one before (or more, for a large append).
        for (smaller, larger) in zip(capacities, capacities.dropFirst()) { #expect(larger >= smaller * 2) }
        #expect(capacities.count > 3)
        #expect(Int(bitPattern: buffer.unsafeBaseAddress) % PaddedByteBuffer.alignment == 0)
    }

    @Test("written bytes become readable and the padding is written again over what the writer left")
    func writableBytes() {
        var buffer = PaddedByteBuffer(capacity: 8)
        let written = buffer.withUnsafeMutableWritableBytes(minimumWritableBytes: 100) { room in
            #expect(room.count >= 100)
            // Scribble over all the room, as a reader might, then keep only 10 bytes.
            for i in room.indices { room[i] = 0xFF }
            for i in 0..<10 { room[i] = UInt8(i) }
            return 10
        }
        #expect(written == 10)
        #expect(Self.contents(buffer) == Array(0..<10))
        #expect(Self.padding(buffer) == [UInt8](repeating: 0x20, count: Simd.padding))
        // No room asked: the room left is handed over as it is.
        let capacity = buffer.capacity
        buffer.withUnsafeMutableWritableBytes(minimumWritableBytes: 0) { room in
            #expect(room.count == capacity - 10)
            return 0
        }
        #expect(buffer.capacity == capacity)
    }

    // MARK: - Compaction

    @Test("compaction keeps the tail, moved to the start, and pads after it")
    func compactionKeepsTail() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }
        for keepFrom in [0, 1, 64, 299, 300] {
            var buffer = Self.buffer(holding: bytes)
            let capacity = buffer.capacity
            buffer.compact(keepingFrom: keepFrom)
            #expect(Self.contents(buffer) == Array(bytes[keepFrom...]))
            #expect(buffer.capacity == capacity)
            #expect(Self.padding(buffer) == [UInt8](repeating: 0x20, count: Simd.padding))
            // Room freed at the end is writable again without growing.
            ([1, 2, 3] as [UInt8]).withUnsafeBytes { buffer.append(contentsOf: $0) }
            #expect(Self.contents(buffer) == Array(bytes[keepFrom...]) + [1, 2, 3])
        }
    }

    @Test("a window read a piece at a time, compacted as it goes, sees every byte once")
    func windowOverStream() {
        var generator = SplitMix64(seed: 11)
        let input = (0..<5000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        var buffer = PaddedByteBuffer(capacity: 64)
        var seen: [UInt8] = []
        var offset = 0
        while offset < input.count {
            let n = min(Int(generator.next() % 200) + 1, input.count - offset)
            input[offset..<(offset + n)].withUnsafeBytes { buffer.append(contentsOf: $0) }
            offset += n
            // Consume a random prefix, keep the rest.
            let consumed = Int(generator.next() % UInt64(buffer.count + 1))
            seen += Self.contents(buffer)[..<consumed]
            buffer.compact(keepingFrom: consumed)
        }
        seen += Self.contents(buffer)
        #expect(seen == input)
    }

    // MARK: - Access

    @Test("subscripts read and write the readable bytes; setCount pads after the new end")
    func subscripts() {
        var buffer = Self.buffer(holding: Array("hello world".utf8), headroom: 3)
        #expect(buffer[0] == UInt8(ascii: "h"))
        #expect(buffer[unchecked: 10] == UInt8(ascii: "d"))
        buffer[0] = UInt8(ascii: "j")
        buffer[unchecked: 1] = UInt8(ascii: "a")
        #expect(Self.contents(buffer) == Array("jallo world".utf8))
        #expect(buffer.unsafeHeadroomAddress + 3 == buffer.unsafeBaseAddress)
        buffer.setCount(5)
        #expect(Self.contents(buffer) == Array("jallo".utf8))
        #expect(Self.padding(buffer) == [UInt8](repeating: 0x20, count: Simd.padding))
        buffer.removeAll()
        #expect(buffer.isEmpty && buffer.isPadded)
    }

    @Test("the checked subscript traps past the readable bytes")
    func checkedSubscriptTraps() async {
        await #expect(processExitsWith: .failure) {
            let buffer = PaddedByteBuffer(capacity: 16)
            _ = buffer[0]
        }
    }
}

/// A seeded generator (SplitMix64), so random tests repeat.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
