/// A fixed number of slots for `Element`s, each initialized or not as its owner decides: the storage
/// of an open-addressing hash table (`HashCache`), where which slots hold an element is known only to
/// the table (from its own occupancy words), not from a count.
///
/// The slots' memory is freed when the value goes; the elements are not deinitialized by it, because it
/// does not know which slots hold one: the owner deinitializes (or moves out) every element it
/// initialized before letting go of the slots. That is why every member that touches an element is
/// `unsafe`: it is correct only under the owner's bookkeeping, which debug builds cannot check beyond the
/// bounds.
struct RawSlots<Element>: ~Copyable {
    /// `count` slots, uninitialized until the owner initializes them.
    private let base: UnsafeMutablePointer<Element>
    /// How many slots there are.
    let count: Int

    /// `count` uninitialized slots.
    init(count: Int) {
        precondition(count > 0, "RawSlots needs at least one slot")
        base = .allocate(capacity: count)
        self.count = count
    }

    deinit {
        base.deallocate()
    }

    /// The element in slot `index`.
    ///
    /// - Precondition: `0 <= index < count` (asserted in debug builds only) and the slot holds an
    ///   element.
    subscript(unsafe index: Int) -> Element {
        @inline(__always)
        unsafeAddress {
            assert(index >= 0 && index < count, "RawSlots index out of range")
            return UnsafePointer(base + index)
        }
    }

    /// Puts `element` into slot `index`.
    ///
    /// - Precondition: `0 <= index < count` (asserted in debug builds only) and the slot is empty
    ///   (an element already there would be overwritten without being released).
    @inline(__always)
    func unsafeInitialize(_ index: Int, to element: consuming Element) {
        assert(index >= 0 && index < count, "RawSlots index out of range")
        (base + index).initialize(to: element)
    }

    /// Takes the element out of slot `index`, leaving the slot empty.
    ///
    /// - Precondition: `0 <= index < count` (asserted in debug builds only) and the slot holds an
    ///   element.
    @inline(__always)
    func unsafeMove(_ index: Int) -> Element {
        assert(index >= 0 && index < count, "RawSlots index out of range")
        return (base + index).move()
    }

    /// Releases the element in slot `index`, leaving the slot empty.
    ///
    /// - Precondition: `0 <= index < count` (asserted in debug builds only) and the slot holds an
    ///   element.
    @inline(__always)
    func unsafeDeinitialize(_ index: Int) {
        assert(index >= 0 && index < count, "RawSlots index out of range")
        (base + index).deinitialize(count: 1)
    }
}
