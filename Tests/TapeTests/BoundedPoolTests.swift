import Synchronization
import Testing
@testable import TapeJSON

/// `BoundedPool` is the one pool behind parsers, line chunks, the serializer's tables and the encoder's
/// cores: it never keeps more than its limit, hands back the item given last, and stays consistent when
/// threads take and give at once.
@Suite("The memory layer's bounded pool")
struct BoundedPoolTests {
    @Test("take returns the item given last; give refuses past the limit")
    func boundAndOrder() {
        let pool = BoundedPool<Int>(limit: 3)
        #expect(pool.take() == nil)
        #expect(pool.give(1))
        #expect(pool.give(2))
        #expect(pool.give(3))
        #expect(!pool.give(4))
        #expect(pool.count == 3)
        #expect(pool.take() == 3)
        #expect(pool.give(5))
        #expect(pool.take() == 5)
        #expect(pool.take() == 2)
        #expect(pool.take() == 1)
        #expect(pool.take() == nil)
    }

    @Test("take(where:) returns the most recent item accepted, leaving the others")
    func takeWhere() {
        let pool = BoundedPool<Int>(limit: 8)
        for k in [10, 40, 20, 50, 30] { pool.give(k) }
        #expect(pool.take(where: { $0 >= 35 }) == 50)
        #expect(pool.take(where: { $0 >= 100 }) == nil)
        #expect(pool.count == 4)
        #expect(pool.removeAll() == [10, 40, 20, 30])
        #expect(pool.count == 0)
    }

    @Test("a zero limit keeps nothing")
    func zeroLimit() {
        let pool = BoundedPool<String>(limit: 0)
        #expect(!pool.give("x"))
        #expect(pool.take() == nil)
    }

    @Test("two threads taking and giving never see an item twice or exceed the limit")
    func twoThreads() async {
        let pool = BoundedPool<Int>(limit: 4)
        for k in 0..<4 { pool.give(k) }
        // Each thread takes an item (or makes a fresh one) and gives it back, many times over; an item
        // held by one thread must never be handed to the other at the same time.
        let held = Mutex<Set<Int>>([])
        let fresh = Atomic<Int>(1_000)
        let clashes = Atomic<Int>(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    for _ in 0..<5_000 {
                        let item = pool.take() ?? fresh.add(1, ordering: .relaxed).newValue
                        if !held.withLock({ $0.insert(item).inserted }) { clashes.add(1, ordering: .relaxed) }
                        held.withLock { _ = $0.remove(item) }
                        pool.give(item)
                    }
                }
            }
        }
        #expect(clashes.load(ordering: .relaxed) == 0)
        #expect(pool.count <= 4)
        let left = pool.removeAll()
        #expect(Set(left).count == left.count)
    }
}
