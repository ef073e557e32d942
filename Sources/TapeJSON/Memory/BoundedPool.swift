import Synchronization

/// A bounded stack of idle items, shared by threads: the memory layer's one pool (parsers, line
/// chunks, the serializer's tables, the encoder's cores sit in one each).
///
/// `take` hands out the item given last (its memory is likeliest to be warm), `give` keeps an item
/// unless `limit` already wait, `removeAll` drops them all. The pool makes nothing: what to do when it
/// is empty, and how to empty an item before it is reused, stay with its owner. Every operation is one
/// short critical section under one lock.
///
/// `~Copyable`, so that it sits inside its owner (a `let` of a class, or a `static let`) without an
/// allocation of its own; the items' array is allocated by the first `give`.
struct BoundedPool<Item: Sendable>: ~Copyable, Sendable {
    /// The idle items, the most recently given last.
    private let idle = Mutex<[Item]>([])
    /// At most this many items wait; `give` drops the others.
    let limit: Int

    /// An empty pool that keeps at most `limit` idle items.
    init(limit: Int) {
        precondition(limit >= 0, "negative pool limit")
        self.limit = limit
    }

    /// The item given last, or nil when none waits.
    func take() -> Item? {
        idle.withLock { $0.popLast() }
    }

    /// The most recently given item that `isUsable` accepts, or nil. `isUsable` runs under the pool's
    /// lock: it must be quick and must not use the pool.
    func take(where isUsable: (Item) -> Bool) -> Item? {
        idle.withLock { items -> Item? in
            guard let k = items.lastIndex(where: isUsable) else { return nil }
            return items.remove(at: k)
        }
    }

    /// Keeps `item` for a later `take`; false (and the pool does not keep it) when `limit` items
    /// already wait, so that the caller can dismantle it.
    @discardableResult
    func give(_ item: Item) -> Bool {
        idle.withLock { items in
            guard items.count < limit else { return false }
            items.append(item)
            return true
        }
    }

    /// Drops every idle item, returning them (for an owner that dismantles its items explicitly).
    @discardableResult
    func removeAll() -> [Item] {
        idle.withLock { items in
            let dropped = items
            items = []
            return dropped
        }
    }

    /// How many items wait (a snapshot: other threads may take or give right after).
    var count: Int {
        idle.withLock { $0.count }
    }
}
