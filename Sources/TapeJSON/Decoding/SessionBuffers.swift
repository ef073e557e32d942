/// The buffers a `DecodingSession` moves through a document with: a path frame and a key cursor per
/// depth, and the cursors' key limits. A session takes them from its workspace when it starts and
/// gives them back when it ends, so that a decode call does not allocate them.
///
/// Plain pointers, owned by whoever holds the value; `deallocate` frees them.
struct SessionBuffers {
    var frames: UnsafeMutablePointer<PathFrame>
    /// `capacity + 1` cursors: one per depth a container can have.
    var cursors: UnsafeMutablePointer<KeyCursor>
    /// `capacity + 1` tables of `KeyLimits.size` bytes, one per cursor.
    var keyLimits: UnsafeMutablePointer<UInt8>
    /// `capacity + 1` words, one per cursor: under `.convertFromSnakeCase`, once a lookup in the
    /// cursor's object found a member, the screening bits (`SnakeCaseConversion.screeningBit`) of every
    /// member from the first to the furthest one found, plus bit 63; 0 before. A key whose bit is not
    /// among them is none of the members up to the cursor's `next`: a miss then scans only the members
    /// after it (see `DecodingSession.findMember`). Apart from the cursors, whose size the other
    /// strategies' lookups keep.
    var screened: UnsafeMutablePointer<UInt64>
    /// `capacity + 1` slot heads and `(capacity + 1) * ConvertedMemberSlots.capacity` slots: the
    /// generated path's converted keys of the object at each depth (see `ConvertedMemberSlots`).
    var slotHeads: UnsafeMutablePointer<ConvertedMemberSlots.Head>
    var memberSlots: UnsafeMutablePointer<ConvertedMemberSlots.Slot>
    var capacity: Int

    /// New buffers for 32 levels of nesting (they grow as needed).
    init() {
        capacity = 32
        frames = .allocate(capacity: capacity)
        frames.initialize(repeating: PathFrame(component: .index(0), valueIndex: 0), count: capacity)
        cursors = .allocate(capacity: capacity + 1)
        cursors.initialize(repeating: KeyCursor(object: 0, next: 0, lengths: 0), count: capacity + 1)
        keyLimits = .allocate(capacity: (capacity + 1) * KeyLimits.size)
        keyLimits.initialize(repeating: 0, count: (capacity + 1) * KeyLimits.size)
        screened = .allocate(capacity: capacity + 1)
        screened.initialize(repeating: 0, count: capacity + 1)
        slotHeads = .allocate(capacity: capacity + 1)
        slotHeads.initialize(repeating: .empty, count: capacity + 1)
        memberSlots = .allocate(capacity: (capacity + 1) * ConvertedMemberSlots.capacity)
        memberSlots.initialize(repeating: ConvertedMemberSlots.Slot(key: nil, count: 0, valueIndex: 0),
                               count: (capacity + 1) * ConvertedMemberSlots.capacity)
    }

    /// Makes room for at least `minimum` frames, keeping what the buffers hold.
    mutating func grow(to minimum: Int) {
        var newCapacity = capacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        let newFrames = UnsafeMutablePointer<PathFrame>.allocate(capacity: newCapacity)
        newFrames.moveInitialize(from: frames, count: capacity)
        (newFrames + capacity).initialize(repeating: PathFrame(component: .index(0), valueIndex: 0),
                                          count: newCapacity - capacity)
        frames.deallocate()
        frames = newFrames
        let newCursors = UnsafeMutablePointer<KeyCursor>.allocate(capacity: newCapacity + 1)
        newCursors.moveInitialize(from: cursors, count: capacity + 1)
        (newCursors + capacity + 1).initialize(repeating: KeyCursor(object: 0, next: 0, lengths: 0),
                                               count: newCapacity - capacity)
        cursors.deallocate()
        cursors = newCursors
        let newLimits = UnsafeMutablePointer<UInt8>.allocate(capacity: (newCapacity + 1) * KeyLimits.size)
        newLimits.initialize(repeating: 0, count: (newCapacity + 1) * KeyLimits.size)
        newLimits.update(from: keyLimits, count: (capacity + 1) * KeyLimits.size)
        keyLimits.deallocate()
        keyLimits = newLimits
        let newScreened = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity + 1)
        newScreened.initialize(repeating: 0, count: newCapacity + 1)
        newScreened.update(from: screened, count: capacity + 1)
        screened.deallocate()
        screened = newScreened
        let newHeads = UnsafeMutablePointer<ConvertedMemberSlots.Head>.allocate(capacity: newCapacity + 1)
        newHeads.initialize(repeating: .empty, count: newCapacity + 1)
        newHeads.update(from: slotHeads, count: capacity + 1)
        slotHeads.deallocate()
        slotHeads = newHeads
        let slotCount = (newCapacity + 1) * ConvertedMemberSlots.capacity
        let newSlots = UnsafeMutablePointer<ConvertedMemberSlots.Slot>.allocate(capacity: slotCount)
        newSlots.initialize(repeating: ConvertedMemberSlots.Slot(key: nil, count: 0, valueIndex: 0), count: slotCount)
        newSlots.update(from: memberSlots, count: (capacity + 1) * ConvertedMemberSlots.capacity)
        memberSlots.deallocate()
        memberSlots = newSlots
        capacity = newCapacity
    }

    /// Clears the first `count` cursors (the depths a session made keyed containers at): cursors
    /// remember objects by tape index, which the next document reuses.
    func clearCursors(_ count: Int) {
        for k in 0..<count {
            cursors[k] = KeyCursor(object: 0, next: 0, lengths: 0)
            screened[k] = 0
            slotHeads[k] = .empty
        }
    }

    func deallocate() {
        frames.deinitialize(count: capacity)
        frames.deallocate()
        cursors.deallocate()
        keyLimits.deallocate()
        screened.deallocate()
        slotHeads.deallocate()
        memberSlots.deallocate()
    }
}
