import Synchronization

/// Where a `KeyedContainer` points: the session and the object. It lives in memory the session owns,
/// at a fixed address, so that a container box nothing else references any more can be pointed at the
/// next object of the same type.
struct KeyedContainerTarget {
    let session: Unmanaged<DecodingSession>
    var start: Int
    var endWord: Int
    var depth: Int
    /// The session's `KeyMemo` for the container's key type, when it has one.
    let keyMemo: UnsafeMutablePointer<KeyMemo.Entry>?
}

/// The keyed-container boxes a session handed out, with their targets: a plain buffer, so that
/// `isKnownUniquelyReferenced` looks at the stored reference itself (an array element would be
/// reached through a copy of the array's buffer and never look unique).
struct HandedOutBoxes: ~Copyable {
    private(set) var count = 0
    private var capacity = 0
    private var boxes: UnsafeMutablePointer<AnyObject>
    private var targets: UnsafeMutablePointer<UnsafeMutablePointer<KeyedContainerTarget>>
    /// Per box, the `ContainerEmitter` of its `KeyedDecodingContainer` type, and what keeps it valid.
    private var emitters: UnsafeMutablePointer<ContainerEmitter>
    private var emitterOwners: UnsafeMutablePointer<AnyObject?>

    init() {
        capacity = 8
        boxes = .allocate(capacity: capacity)
        targets = .allocate(capacity: capacity)
        emitters = .allocate(capacity: capacity)
        emitterOwners = .allocate(capacity: capacity)
    }

    deinit {
        boxes.deinitialize(count: count)
        boxes.deallocate()
        for i in 0..<count { targets[i].deallocate() }
        targets.deallocate()
        emitters.deallocate()
        emitterOwners.deinitialize(count: count)
        emitterOwners.deallocate()
    }

    mutating func append(box: AnyObject, target: UnsafeMutablePointer<KeyedContainerTarget>,
                         emitter: (emitter: ContainerEmitter, owner: AnyObject?)) {
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
            let newEmitters = UnsafeMutablePointer<ContainerEmitter>.allocate(capacity: newCapacity)
            newEmitters.moveInitialize(from: emitters, count: count)
            emitters.deallocate()
            emitters = newEmitters
            let newOwners = UnsafeMutablePointer<AnyObject?>.allocate(capacity: newCapacity)
            newOwners.moveInitialize(from: emitterOwners, count: count)
            emitterOwners.deallocate()
            emitterOwners = newOwners
            capacity = newCapacity
        }
        (boxes + count).initialize(to: box)
        (targets + count).initialize(to: target)
        (emitters + count).initialize(to: emitter.emitter)
        (emitterOwners + count).initialize(to: emitter.owner)
        count += 1
    }

    /// Releases every box and frees every target (none may be in use any more).
    mutating func removeAll() {
        boxes.deinitialize(count: count)
        for i in 0..<count { targets[i].deallocate() }
        emitterOwners.deinitialize(count: count)
        count = 0
    }

    /// Whether the box at `i` is referenced only from here.
    ///
    /// A box is the standard library's `_KeyedDecodingContainerBox`, a native Swift object, so its
    /// strong count is read inline (`_isUnique_native`): `isKnownUniquelyReferenced` on an
    /// `AnyObject` is an unspecialised call into the standard library, a few dozen instructions for
    /// every container made and for every box at the end of each decode call.
    @inline(__always)
    func isUnique(_ i: Int) -> Bool {
        _isUnique_native(&boxes[i])
    }

    func box(_ i: Int) -> AnyObject { boxes[i] }
    func target(_ i: Int) -> UnsafeMutablePointer<KeyedContainerTarget> { targets[i] }

    /// The box at `i` as the `KeyedDecodingContainer<Key>` it was handed out as.
    @inline(__always)
    func container<Key: CodingKey>(_ i: Int, keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        emitters[i].emit(Unmanaged.passUnretained(boxes[i]), keyedBy: type)
    }
}

/// Turns a box back into the `KeyedDecodingContainer<Key>` that holds it, without looking up the
/// metadata of `KeyedDecodingContainer<Key>`.
///
/// `container(keyedBy:)` is called through the `Decoder` protocol, so it runs unspecialised, and the
/// standard library's `KeyedDecodingContainer` is resilient: returning one from generic code costs a
/// lookup of its metadata in the runtime's generic metadata cache (a few hundred instructions, more
/// than the rest of a reused container's setup). The emitter is a closure made once per new box by
/// generic code whose type parameter *is* that container type, so the closure's context carries the
/// metadata and each call only copies the reference.
struct ContainerEmitter {
    /// The closure's function pointer and context, called from these bits as the function type it was
    /// made as. (Both conversions go through `unsafeBitCast`'s generic parameters, so the closure is
    /// stored and called at the same, most general, abstraction level.) The context is kept alive by
    /// `owner`, apart, so that reading an emitter costs no reference counting.
    private let function: UnsafeRawPointer
    private let context: UnsafeRawPointer?

    /// An emitter for `KeyedDecodingContainer<Key>`, and the reference that keeps it valid.
    static func make<Key: CodingKey>(keyedBy type: Key.Type) -> (emitter: ContainerEmitter, owner: AnyObject?) {
        let emit = makeEmitter(KeyedDecodingContainer<Key>.self)
        let (function, owner) = unsafeBitCast(emit, to: (UnsafeRawPointer, AnyObject?).self)
        let context = owner.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
        return (ContainerEmitter(function: function, context: context), owner)
    }

    /// `box` as a `KeyedDecodingContainer<Key>`, where `Key` is the type the emitter was made for.
    @inline(__always)
    func emit<Key: CodingKey>(_ box: Unmanaged<AnyObject>, keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        let emit = unsafeBitCast((function, context), to: ((AnyObject) -> KeyedDecodingContainer<Key>).self)
        return box._withUnsafeGuaranteedRef { emit($0) }
    }

    /// Never specialised nor inlined: the closure must get `C`'s metadata from its context, not look
    /// up `KeyedDecodingContainer<Key>`'s when called.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    private static func makeEmitter<C>(_ type: C.Type) -> (AnyObject) -> C {
        { box in unsafeBitCast(box, to: C.self) }
    }
}

/// A slot of the session's table of reusable container boxes, by `CodingKey` type and depth.
struct ReuseSlot {
    /// 512 slots: 128 sets of `ways`, a set picked by the top bits of a hash of the key type and the
    /// depth. (With one slot per hash, two of a document's few dozen key type and depth pairs often
    /// share a slot, depending on where the types' metadata lie, and then take turns making new boxes.)
    static let count = 512
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
        if depth >= cursorsInUse { cursorsInUse = depth + 1 }
        let id = ObjectIdentifier(type)
        let mixed = (UInt64(UInt(bitPattern: id)) ^ UInt64(truncatingIfNeeded: depth) &* 0xBF58_476D_1CE4_E5B9)
            &* 0x9E37_79B9_7F4A_7C15
        let set = reuseSlots + Int(truncatingIfNeeded: mixed >> 57) &* ReuseSlot.ways
        var way = 0
        while way < ReuseSlot.ways {
            let entry = set[way]
            if entry.keyType == id && entry.depth == depth {
                if !outlivedDecodeCall && handedOut.isUnique(entry.box) {
                    let target = handedOut.target(entry.box)
                    target.pointee.start = start
                    target.pointee.endWord = tape.containerEnd(start) - 1
                    return handedOut.container(entry.box, keyedBy: type)
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
                                                   endWord: tape.containerEnd(start) - 1, depth: depth,
                                                   keyMemo: keyMemo(for: type)))
        let container = KeyedDecodingContainer(KeyedContainer<Key>(target: target))
        handedOut.append(box: unsafeBitCast(container, to: AnyObject.self), target: target,
                         emitter: ContainerEmitter.make(keyedBy: type))
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
