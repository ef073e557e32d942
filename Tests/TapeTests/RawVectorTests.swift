import Synchronization
import Testing

@testable import TapeJSON

/// `RawVector` is the memory layer's growable buffer: growth must keep every element, in order, and
/// elements that own memory (strings, objects) must be released exactly once, by the vector's `deinit`.
@Suite("The memory layer's growable vector")
struct RawVectorTests {
    // MARK: - Growth

    @Test("appending past the capacity doubles it and keeps every element in order")
    func growthKeepsContents() {
        var vector = RawVector<Int>(capacity: 2)
        #expect(vector.capacity == 2)
        for k in 0..<1_000 { vector.append(k * 3) }
        #expect(vector.count == 1_000)
        #expect(vector.capacity == 1_024)
        for k in 0..<1_000 { #expect(vector[k] == k * 3) }
        vector.withUnsafeBufferPointer { elements in
            #expect(Array(elements) == (0..<1_000).map { $0 * 3 })
        }
    }

    @Test("an empty vector allocates on the first append")
    func emptyStart() {
        var vector = RawVector<UInt8>()
        #expect(vector.isEmpty && vector.capacity == 0)
        vector.append(7)
        #expect(vector.count == 1 && vector.capacity == 1 && vector[0] == 7)
        vector.append(8)
        vector.append(9)
        #expect(vector.capacity == 4)
        #expect(vector.count == 3 && vector[2] == 9)
    }

    @Test("reserveCapacity grows to the larger of the request and twice the capacity")
    func reserve() {
        var vector = RawVector<Int>(capacity: 8)
        vector.reserveCapacity(4)
        #expect(vector.capacity == 8)
        vector.reserveCapacity(9)
        #expect(vector.capacity == 16)
        vector.reserveCapacity(100)
        #expect(vector.capacity == 100)
        for k in 0..<100 { vector.uncheckedAppend(k) }
        #expect(vector.count == 100 && vector.capacity == 100)
        #expect(vector[unchecked: 99] == 99)
    }

    @Test("append(repeating:count:) fills the new slots and keeps the old ones")
    func repeating() {
        var vector = RawVector<UInt64>(repeating: 5, count: 3)
        vector[1] = 6
        vector.append(repeating: 0, count: 5)
        #expect(vector.count == 8)
        vector.withUnsafeBufferPointer { #expect(Array($0) == [5, 6, 5, 0, 0, 0, 0, 0]) }
        vector.update(repeating: 1)
        vector.withUnsafeBufferPointer { #expect(Array($0) == [1, 1, 1, 1, 1, 1, 1, 1]) }
        vector[unchecked: 2] += 40
        #expect(vector[2] == 41)
    }

    // MARK: - Ownership

    final class Counted {
        static let live = Synchronization.Mutex<Int>(0)
        let value: Int
        init(_ value: Int) { self.value = value; Self.live.withLock { $0 += 1 } }
        deinit { Self.live.withLock { $0 -= 1 } }
    }

    @Test("elements are released by the vector's end, once each, through growth")
    func releasesElements() {
        let before = Counted.live.withLock { $0 }
        do {
            var vector = RawVector<Counted>(capacity: 1)
            for k in 0..<100 { vector.append(Counted(k)) }
            #expect(Counted.live.withLock { $0 } == before + 100)
            #expect(vector[57].value == 57 && vector.capacity == 128)
        }
        #expect(Counted.live.withLock { $0 } == before)
    }
}
