/// The values of the objects being built, in the text's order, innermost object's last: an object
/// pushes each value as it is built (a nested object pushes and takes its own above them), then its
/// template's `mapValues` moves them out into the dictionary, each exactly once, leaving the stack as
/// the object found it. Raw storage, so that a value is moved in and out without reference counting.
///
/// The storage is kept from walk to walk with the other tables (always empty between walks); a stack
/// that grew past `maximumKeptCapacity` values is dropped instead.
final class ValueStack: @unchecked Sendable {
    static let initialCapacity = 128
    static let maximumKeptCapacity = 1 << 14

    private(set) var base: UnsafeMutablePointer<Any>
    private(set) var capacity: Int

    init() {
        capacity = Self.initialCapacity
        base = .allocate(capacity: capacity)
    }

    /// Takes over `storage` (of `capacity` values, none initialized) in place of the current storage.
    func adopt(_ storage: UnsafeMutablePointer<Any>, capacity: Int) {
        if storage != base { base.deallocate() }
        base = storage
        self.capacity = capacity
    }

    deinit { base.deallocate() }
}
