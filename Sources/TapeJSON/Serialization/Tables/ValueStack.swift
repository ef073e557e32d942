/// The values of the objects being built, in the text's order, innermost object's last: an object
/// pushes each value as it is built (a nested object pushes and takes its own above them), then its
/// template's `mapValues` moves them out into the dictionary, each exactly once, leaving the stack as
/// the object found it. A `RawVector`, so that a value is moved in and out without reference counting.
///
/// The storage is kept from walk to walk with the other tables (always empty between walks); a stack
/// that grew past `maximumKeptCapacity` values is dropped instead.
final class ValueStack: @unchecked Sendable {
    /// Values room is made for up front.
    static let initialCapacity = 128
    /// A stack that grew past this many values is not kept for the next walk.
    static let maximumKeptCapacity = 1 << 14

    /// The values; only the walk that holds the stack touches them, through accesses that never
    /// overlap, so they opt out of the runtime's dynamic exclusivity checks (this is the object graph's
    /// hot path).
    @exclusivity(unchecked) var values = RawVector<Any>(capacity: ValueStack.initialCapacity)

    /// How many values the storage holds room for.
    var capacity: Int { values.capacity }

    /// A stack with room for `initialCapacity` values.
    init() {}
}
