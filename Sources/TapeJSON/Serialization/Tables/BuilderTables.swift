/// The tables of one walk, handed from walk to walk so that their storage is allocated once rather than
/// per call (for small documents the tables' allocations and their growth are a noticeable part of the
/// call, and their 1 KiB slot arrays are the kind of request that makes malloc consolidate the chunks
/// freed with the previous result). Only storage is reused: `reset()` empties every table, so no key,
/// shape, template or number outlives its walk.
///
/// `@unchecked Sendable`: tables cross threads only through the pool, emptied, and their storage is
/// owned by them alone (no array of theirs is ever handed out).
struct BuilderTables: @unchecked Sendable {
    var keys = KeyTable()
    var shapes = ShapeTable()
    var numbers = NumberTable()
    /// `ObjectGraphBuilder`'s stack of key ids.
    var keyIDStack: [Int32] = []
    /// `ObjectGraphBuilder`'s stack of values (empty between walks).
    var values = ValueStack()

    /// Empties every table, keeping the storage of those that stayed small.
    mutating func reset() {
        keys.reset()
        shapes.reset()
        numbers.reset()
        if keyIDStack.capacity > TableReuse.maximumSlots {
            keyIDStack = []
        } else {
            keyIDStack.removeAll(keepingCapacity: true)
        }
        if values.capacity > ValueStack.maximumKeptCapacity { values = ValueStack() }
    }

    /// Tables to reuse, at most 4 of them (one per concurrent call).
    private static let idle = BoundedPool<BuilderTables>(limit: 4)

    /// Emptied tables from an earlier walk, or new ones.
    static func take() -> BuilderTables {
        idle.take() ?? BuilderTables()
    }

    /// Empties `tables` and keeps them for a later walk (unless 4 already wait).
    static func give(_ tables: consuming BuilderTables) {
        var tables = tables
        tables.reset()
        idle.give(tables)
    }
}
