import Synchronization
import Testing

@testable import TapeJSON

/// `withUnsafeTemporaryList` is the memory layer's list for one call (the patch's splices per line):
/// appended to and sorted in place, and every element it holds released once when the call ends,
/// whether the body returns early or throws.
@Suite("The memory layer's temporary list")
struct TemporaryListTests {
    final class Tracked {
        static let live = Mutex<Int>(0)
        let value: Int
        init(_ value: Int) { self.value = value; Self.live.withLock { $0 += 1 } }
        deinit { Self.live.withLock { $0 -= 1 } }
    }

    struct Stop: Error {}

    @Test("appends, sorts in place and reads its elements during the call")
    func appendsAndSorts() {
        let values: [Int] = withUnsafeTemporaryList(of: Int.self, capacity: 6) { list in
            for value in [5, 3, 9, 1, 7] { list.unsafeAppend(value) }
            #expect(list.count == 5)
            var elements = list.unsafeElements
            elements.sort()
            return Array(elements)
        }
        #expect(values == [1, 3, 5, 7, 9])
        let empty: Int = withUnsafeTemporaryList(of: String.self, capacity: 0) { list in list.unsafeElements.count }
        #expect(empty == 0)
    }

    @Test("releases every element once when the call returns, returns early or throws")
    func releasesElements() {
        let before = Tracked.live.withLock { $0 }
        let sum: Int = withUnsafeTemporaryList(of: Tracked.self, capacity: 64) { list in
            for k in 0..<64 { list.unsafeAppend(Tracked(k)) }
            #expect(Tracked.live.withLock { $0 } == before + 64)
            return list.unsafeElements.reduce(0) { $0 + $1.value }
        }
        #expect(sum == 64 * 63 / 2)
        #expect(Tracked.live.withLock { $0 } == before)

        let early: Int? = withUnsafeTemporaryList(of: Tracked.self, capacity: 8) { list in
            for k in 0..<8 {
                if k == 3 { return nil }
                list.unsafeAppend(Tracked(k))
            }
            return list.count
        }
        #expect(early == nil)
        #expect(Tracked.live.withLock { $0 } == before)

        #expect(throws: Stop.self) {
            try withUnsafeTemporaryList(of: Tracked.self, capacity: 4) { list in
                list.unsafeAppend(Tracked(1))
                list.unsafeAppend(Tracked(2))
                throw Stop()
            }
        }
        #expect(Tracked.live.withLock { $0 } == before)
    }
}
