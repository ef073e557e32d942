import Synchronization

/// Where a `KeyedContainer` points: the session and the object. It lives in memory the session owns,
/// at a fixed address, so that a container box nothing else references any more can be pointed at the
/// next object of the same type.
struct KeyedContainerTarget {
    let session: Unmanaged<DecodingSession>
    var start: Int
    var endWord: Int
    var depth: Int
}

/// The keyed-container boxes a session handed out, with their targets: a plain buffer, so that
/// `isKnownUniquelyReferenced` looks at the stored reference itself (an array element would be
/// reached through a copy of the array's buffer and never look unique).
struct HandedOutBoxes: ~Copyable {
    private(set) var count = 0
    private var capacity = 0
    private var boxes: UnsafeMutablePointer<AnyObject>
    private var targets: UnsafeMutablePointer<UnsafeMutablePointer<KeyedContainerTarget>>

    init() {
        capacity = 8
        boxes = .allocate(capacity: capacity)
        targets = .allocate(capacity: capacity)
    }

    deinit {
        boxes.deinitialize(count: count)
        boxes.deallocate()
        for i in 0..<count { targets[i].deallocate() }
        targets.deallocate()
    }

    mutating func append(box: AnyObject, target: UnsafeMutablePointer<KeyedContainerTarget>) {
        if count == capacity {
            let newCapacity = capacity * 2
            let newBoxes = UnsafeMutablePointer<AnyObject>.allocate(capacity: newCapacity)
            newBoxes.moveInitialize(from: boxes, count: count)
            boxes.deallocate()
            boxes = newBoxes
            let newTargets = UnsafeMutablePointer<UnsafeMutablePointer<KeyedContainerTarget>>.allocate(capacity: newCapacity)
            newTargets.moveInitialize(from: targets, count: count)
            targets.deallocate()
            targets = newTargets
            capacity = newCapacity
        }
        (boxes + count).initialize(to: box)
        (targets + count).initialize(to: target)
        count += 1
    }

    /// Releases every box and frees every target (none may be in use any more).
    mutating func removeAll() {
        boxes.deinitialize(count: count)
        for i in 0..<count { targets[i].deallocate() }
        count = 0
    }

    /// Whether the box at `i` is referenced only from here.
    func isUnique(_ i: Int) -> Bool {
        isKnownUniquelyReferenced(&boxes[i])
    }

    func box(_ i: Int) -> AnyObject { boxes[i] }
    func target(_ i: Int) -> UnsafeMutablePointer<KeyedContainerTarget> { targets[i] }
}

/// A slot of the session's table of reusable container boxes, by `CodingKey` type and depth.
struct ReuseSlot {
    /// 256 slots: 64 sets of `ways`, a set picked by the top bits of a hash of the key type and the
    /// depth. (With one slot per hash, two of a document's few dozen key type and depth pairs often
    /// share a slot, depending on where the types' metadata lie, and then take turns making new boxes.)
    static let count = 256
    /// Slots per set, most recently filled first.
    static let ways = 4
    var keyType: ObjectIdentifier?
    var depth: Int
    /// Index in `handedOut`.
    var box: Int
}

/// Keyed containers without per-object allocation or reference counting.
///
/// `KeyedDecodingContainer<Key>` is a struct around one reference to a standard-library box that
/// holds our `KeyedContainer`. Creating one costs an allocation and the lookup of two generic types'
/// metadata, and each call through it copies our struct. So:
/// - `KeyedContainer` holds its target `unowned(unsafe)`: copies are plain bits.
/// - The session keeps every box it hands out (and each box's target). When `container(keyedBy:)` is
///   asked for the same `CodingKey` type at the same depth again (the next element of an array, say)
///   and the previous box is referenced by nothing but the session (`isKnownUniquelyReferenced`), that
///   box is pointed at the new object and handed out again.
/// - At the end of the decode call, if a box or a superDecoder it handed out is still referenced
///   elsewhere, the session is kept alive for the rest of the process, so that the escaped container
///   keeps working; the document it holds is then never freed. A session that was only kept as a
///   `Decoder` stays alive through that reference, and is kept forever once it hands out a keyed
///   container. Otherwise the session, its targets and its boxes go away together.
///
/// This relies on `KeyedDecodingContainer` being a single reference to its box, which is checked.
enum KeyedContainerReuse {
    /// Whether `KeyedDecodingContainer` is laid out as one reference (its layout does not depend on
    /// the key type). Checked once when a session is created.
    static let layoutIsSingleReference =
        MemoryLayout<KeyedDecodingContainer<TapeCodingKey>>.size == MemoryLayout<AnyObject>.size

    /// A session held only to keep it alive (it is never used through this reference).
    private struct Kept: @unchecked Sendable {
        let session: DecodingSession
    }

    /// Sessions that something outside outlived their decode call; never released.
    private static let kept = Mutex<[Kept]>([])

    static func keepForever(_ session: DecodingSession) {
        guard !session.keptForever else { return }
        session.keptForever = true
        let entry = Kept(session: session)
        kept.withLock { $0.append(entry) }
    }

    static func endDecodeCall(_ session: inout DecodingSession) {
        let sessionEscaped = !isKnownUniquelyReferenced(&session)
        if session.handedOutReferenceEscaped() {
            // A box (or a superDecoder) outlives the call and points into the session.
            session.markOutlived()
            keepForever(session)
        } else if sessionEscaped {
            // Only the decoder itself was kept: its holder keeps it alive; a keyed container made
            // from it later marks it to be kept forever.
            session.markOutlived()
        }
    }
}

extension DecodingSession {
    /// A keyed container on the object at `start`, reusing a box when one is free.
    @inline(__always)
    func keyedContainer<Key: CodingKey>(_ type: Key.Type, start: Int, depth: Int) -> KeyedDecodingContainer<Key> {
        let id = ObjectIdentifier(type)
        let mixed = (UInt64(UInt(bitPattern: id)) ^ UInt64(truncatingIfNeeded: depth) &* 0xBF58_476D_1CE4_E5B9)
            &* 0x9E37_79B9_7F4A_7C15
        let set = reuseSlots + Int(truncatingIfNeeded: mixed >> 58) &* ReuseSlot.ways
        var way = 0
        while way < ReuseSlot.ways {
            let entry = set[way]
            if entry.keyType == id && entry.depth == depth {
                if !outlivedDecodeCall && handedOut.isUnique(entry.box) {
                    let target = handedOut.target(entry.box)
                    target.pointee.start = start
                    target.pointee.endWord = tape.containerEnd(start) - 1
                    return unsafeBitCast(handedOut.box(entry.box), to: KeyedDecodingContainer<Key>.self)
                }
                break
            }
            if entry.keyType == nil { break }
            way += 1
        }
        return newKeyedContainer(type, start: start, depth: depth, id: id, set: set, way: min(way, ReuseSlot.ways - 1))
    }

    /// A keyed container with a new box, which takes slot `way` of `set` (the box there, in use or
    /// another pair's, is no longer handed out again).
    private func newKeyedContainer<Key: CodingKey>(_ type: Key.Type, start: Int, depth: Int, id: ObjectIdentifier,
                                                   set: UnsafeMutablePointer<ReuseSlot>, way: Int)
        -> KeyedDecodingContainer<Key> {
        let target = UnsafeMutablePointer<KeyedContainerTarget>.allocate(capacity: 1)
        target.initialize(to: KeyedContainerTarget(session: Unmanaged.passUnretained(self), start: start,
                                                   endWord: tape.containerEnd(start) - 1, depth: depth))
        let container = KeyedDecodingContainer(KeyedContainer<Key>(target: target))
        handedOut.append(box: unsafeBitCast(container, to: AnyObject.self), target: target)
        if outlivedDecodeCall {
            // Handed out after the decode call: the box may live as long as anyone wants.
            KeyedContainerReuse.keepForever(self)
        } else {
            // Most recently filled first: the slots before `way` move one down.
            var k = way
            while k > 0 {
                set[k] = set[k - 1]
                k -= 1
            }
            set[0] = ReuseSlot(keyType: id, depth: depth, box: handedOut.count - 1)
        }
        return container
    }

    /// Whether a box or superDecoder this session handed out is referenced outside it.
    func handedOutReferenceEscaped() -> Bool {
        for i in 0..<handedOut.count where !handedOut.isUnique(i) {
            return true
        }
        for i in superSessions.indices {
            if !isKnownUniquelyReferenced(&superSessions[i]) || superSessions[i].handedOutReferenceEscaped() {
                return true
            }
        }
        return false
    }

    /// From now on, nothing is reused and everything handed out keeps the session alive.
    func markOutlived() {
        outlivedDecodeCall = true
        for session in superSessions { session.markOutlived() }
    }
}
