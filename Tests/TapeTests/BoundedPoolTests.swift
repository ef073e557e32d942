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
        do { let taken = pool.take(); #expect(taken == nil) }
        do { let kept = pool.give(1); #expect(kept) }
        do { let kept = pool.give(2); #expect(kept) }
        do { let kept = pool.give(3); #expect(kept) }
        do { let kept = pool.give(4); #expect(!kept) }
        do { let count = pool.count; #expect(count == 3) }
        do { let taken = pool.take(); #expect(taken == 3) }
        do { let kept = pool.give(5); #expect(kept) }
        do { let taken = pool.take(); #expect(taken == 5) }
        do { let taken = pool.take(); #expect(taken == 2) }
        do { let taken = pool.take(); #expect(taken == 1) }
        do { let taken = pool.take(); #expect(taken == nil) }
    }

    @Test("take(where:) returns the most recent item accepted, leaving the others")
    func takeWhere() {
        let pool = BoundedPool<Int>(limit: 8)
        for k in [10, 40, 20, 50, 30] { pool.give(k) }
        do { let taken = pool.take(where: { $0 >= 35 }); #expect(taken == 50) }
        do { let taken = pool.take(where: { $0 >= 100 }); #expect(taken == nil) }
        do { let count = pool.count; #expect(count == 4) }
        do { let dropped = pool.removeAll(); #expect(dropped == [10, 40, 20, 30]) }
        do { let count = pool.count; #expect(count == 0) }
    }

    @Test("a zero limit keeps nothing")
    func zeroLimit() {
        let pool = BoundedPool<String>(limit: 0)
        do { let kept = pool.give("x"); #expect(!kept) }
        do { let taken = pool.take(); #expect(taken == nil) }
    }

    /// A pool shared by tasks, as its owners share theirs (a `let` of a class), with the test's tallies.
    final class Shared: Sendable {
        let pool = BoundedPool<Int>(limit: 4)
        /// The items some task holds right now.
        let held = Synchronization.Mutex<Set<Int>>([])
        /// The last item made because the pool was empty.
        let fresh = Atomic<Int>(1_000)
        /// How many times a task was handed an item another task held.
        let clashes = Atomic<Int>(0)
    }

    @Test("two threads taking and giving never see an item twice or exceed the limit")
    func twoThreads() async {
        let shared = Shared()
        for k in 0..<4 { shared.pool.give(k) }
        // Each task takes an item (or makes a fresh one), holds it a moment and gives it back, many
        // times over; an item held by one task must never be handed to the other at the same time.
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    for _ in 0..<5_000 {
                        let item = shared.pool.take() ?? shared.fresh.add(1, ordering: .relaxed).newValue
                        if !shared.held.withLock({ $0.insert(item).inserted }) {
                            shared.clashes.add(1, ordering: .relaxed)
                        }
                        shared.held.withLock { _ = $0.remove(item) }
                        shared.pool.give(item)
                    }
                }
            }
        }
        #expect(shared.clashes.load(ordering: .relaxed) == 0)
        let count = shared.pool.count
        #expect(count <= 4)
        let left = shared.pool.removeAll()
        #expect(Set(left).count == left.count)
    }
}
