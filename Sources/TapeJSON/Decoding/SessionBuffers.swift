/// The buffers a `DecodingSession` moves through a document with: a path frame and a key cursor per
/// depth, and the cursors' key limits. A session takes them from its workspace when it starts and
/// gives them back when it ends, so that a decode call does not allocate them.
///
/// Vectors of the memory layer (`RawVector`), all initialized, so that the session reads and writes any
/// slot below their counts; freed with the value.
struct SessionBuffers: ~Copyable {
    /// `capacity` frames: one per depth below the session's root.
    var frames: RawVector<PathFrame>
    /// `capacity + 1` cursors: one per depth a container can have.
    var cursors: RawVector<KeyCursor>
    /// `capacity + 1` tables of `KeyLimits.size` bytes, one per cursor.
    var keyLimits: RawVector<UInt8>
    /// `capacity + 1` words, one per cursor: under `.convertFromSnakeCase`, once a lookup in the
    /// cursor's object found a member, the screening bits (`SnakeCaseConversion.screeningBit`) of every
    /// member from the first to the furthest one found, plus bit 63; 0 before. A key whose bit is not
    /// among them is none of the members up to the cursor's `next`: a miss then scans only the members
    /// after it (see `DecodingSession.findMember`). Apart from the cursors, whose size the other
    /// strategies' lookups keep.
    var screened: RawVector<UInt64>
    /// `capacity + 1` slot heads and `(capacity + 1) * MemberSlots.capacity` slots: the
    /// generated path's (converted) keys of the object at each depth (see `MemberSlots`).
    var slotHeads: RawVector<MemberSlots.Head>
    /// `(capacity + 1) * MemberSlots.capacity` slots.
    var memberSlots: RawVector<MemberSlots.Slot>
    /// `(capacity + 1) * MemberSlots.indexSize` entries: the hash index of each depth's slots.
    var slotIndex: RawVector<UInt8>
    /// How many levels of nesting the buffers hold frames for (`frames.count`).
    var capacity: Int { frames.count }

    /// New buffers for 8 levels of nesting (they grow as needed, and a workspace keeps them from call to
    /// call): with `MemberSlots.capacity` slots per level, about the memory 32 levels took when a level
    /// had 64 (37 KB of slots), so that a decoder made per call costs no more to start.
    init() {
        self.init(levels: 8)
    }

    /// Buffers for `levels` levels of nesting; with 0, buffers that have allocated nothing (a
    /// placeholder for a session whose buffers went back to its workspace).
    private init(levels: Int) {
        let cursorCount = levels == 0 ? 0 : levels + 1
        frames = RawVector(repeating: Self.emptyFrame, count: levels)
        cursors = RawVector(repeating: Self.emptyCursor, count: cursorCount)
        keyLimits = RawVector(repeating: 0, count: cursorCount * KeyLimits.size)
        screened = RawVector(repeating: 0, count: cursorCount)
        slotHeads = RawVector(repeating: .empty, count: cursorCount)
        memberSlots = RawVector(repeating: Self.emptySlot, count: cursorCount * MemberSlots.capacity)
        slotIndex = RawVector(repeating: 0, count: cursorCount * MemberSlots.indexSize)
    }

    /// Buffers that have allocated nothing, to leave in a session's place once its own are given back.
    static func placeholder() -> SessionBuffers {
        SessionBuffers(levels: 0)
    }

    private static var emptyFrame: PathFrame { PathFrame(component: .index(0), valueIndex: 0) }
    private static var emptyCursor: KeyCursor { KeyCursor(object: 0, next: 0, lengths: 0) }
    private static var emptySlot: MemberSlots.Slot { MemberSlots.Slot(key: nil, count: 0, valueIndex: 0) }

    /// Makes room for at least `minimum` frames (doubling), keeping what the buffers hold; the new
    /// slots start empty, as in new buffers.
    mutating func grow(to minimum: Int) {
        var newCapacity = capacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        let added = newCapacity - capacity
        frames.append(repeating: Self.emptyFrame, count: added)
        cursors.append(repeating: Self.emptyCursor, count: added)
        keyLimits.append(repeating: 0, count: added * KeyLimits.size)
        screened.append(repeating: 0, count: added)
        slotHeads.append(repeating: .empty, count: added)
        memberSlots.append(repeating: Self.emptySlot, count: added * MemberSlots.capacity)
        slotIndex.append(repeating: 0, count: added * MemberSlots.indexSize)
    }

    /// Clears the first `count` cursors (the depths a session made keyed containers at): cursors
    /// remember objects by tape index, which the next document reuses.
    mutating func clearCursors(_ count: Int) {
        for k in 0..<count {
            cursors[k] = Self.emptyCursor
            screened[k] = 0
            slotHeads[k] = .empty
        }
    }
}
