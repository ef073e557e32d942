import Foundation

/// The `Decoder` for one decode call: a cursor on the tape plus the coding-path stack.
///
/// One session serves the whole call. Decoding a nested value does not create a decoder: the session
/// pushes a path frame, moves its cursor (`valueIndex`) to the value, calls the type's `init(from:)`
/// with itself, then restores both (as Foundation's decoder does). Containers know only their tape
/// position and depth (keyed ones through a target the session owns, see `KeyedContainerReuse`);
/// only `superDecoder` creates another session. The session also serves as the single-value
/// container.
///
/// The session keeps the document storage alive; `KeyedContainerReuse` keeps the session alive for
/// as long as anything it handed out may be used, so containers that escape stay memory-safe.
final class DecodingSession: Decoder {
    // The mutable state below is only ever touched by the thread running the decode call, through
    // accesses that never overlap, so it opts out of the runtime's dynamic exclusivity checks (a
    // measurable share of a small document's decode time).

    @exclusivity(unchecked) private(set) var tape: Tape
    /// Owns the tape's memory.
    /// Owns the tape's memory (nil while parked).
    @exclusivity(unchecked) private var owner: AnyObject?
    /// The decode call's strategies and caches (nil while the session is parked: a parked session must
    /// not keep the context that holds it alive).
    @exclusivity(unchecked) private var contextReference: DecodingContext?
    /// The decode call's strategies and caches.
    @inline(__always) var context: DecodingContext { contextReference.unsafelyUnwrapped }
    /// Tape index of the value this session started at (the document root, or a `superDecoder`'s value).
    @exclusivity(unchecked) private(set) var rootIndex: Int
    /// The coding path above `rootIndex` (empty except for `superDecoder` sessions).
    @exclusivity(unchecked) private(set) var basePath: [any CodingKey]

    /// Tape index of the value the `Decoder` and single-value methods read.
    @exclusivity(unchecked) var valueIndex: Int
    /// The current value's depth below `rootIndex`: the number of frames in its path.
    @exclusivity(unchecked) var depth = 0

    @exclusivity(unchecked) private(set) var frames: UnsafeMutablePointer<PathFrame>
    /// `capacity + 1` cursors: one per depth a container can have.
    @exclusivity(unchecked) private(set) var cursors: UnsafeMutablePointer<KeyCursor>
    /// One more than the deepest depth a keyed container was made at since the cursors were last
    /// cleared: cursors from there on are still clear (lookups only move the cursors of containers).
    @exclusivity(unchecked) var cursorsInUse = 0
    /// `capacity + 1` tables of `KeyLimits.size` bytes, one per cursor: under `.convertFromAnyCase`,
    /// the longest raw key of the cursor's object and the last bytes of its keys, per first byte
    /// (see `KeyLimits`), valid while the cursor's `lengths` is recorded.
    @exclusivity(unchecked) private(set) var keyLimits: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    /// Converted keys per object, for `KeyDecodingStrategy.custom` (keyed by the object's tape index).
    @exclusivity(unchecked) var customKeyTables: [Int: [String]] = [:]
    /// Keys of `PathComponent.explicit` frames.
    @exclusivity(unchecked) var explicitKeys: [any CodingKey] = []
    /// The keyed-container boxes handed out, with their targets (see `KeyedContainerReuse`).
    @exclusivity(unchecked) var handedOut = HandedOutBoxes()
    /// The `superDecoder` sessions handed out.
    @exclusivity(unchecked) var superSessions: [DecodingSession] = []
    /// The UTF-8 of the keys met so far, per key type (see `KeyMemo`).
    @exclusivity(unchecked) var keyMemos = KeyMemo()
    let reuseSlots: UnsafeMutablePointer<ReuseSlot>
    /// Set when the decode call is over and something it handed out is still in use.
    @exclusivity(unchecked) var outlivedDecodeCall = false
    /// Set once the session is in `KeyedContainerReuse`'s list of sessions kept alive.
    @exclusivity(unchecked) var keptForever = false
    /// The JSON text the tape was parsed from (no base address when unknown), valid for the decode
    /// call; read only for the numbers the tape cannot answer (see `NumberTextReading`).
    @exclusivity(unchecked) var source = UnsafeRawBufferPointer(start: nil, count: 0)
    /// The lookup state over `source`, made on its first use in a call.
    @exclusivity(unchecked) var sourceTextObject: SourceText?
    /// The texts of the numbers simdjson could not hold (nil for almost every document; see `BigNumbers`).
    @exclusivity(unchecked) var bigNumbers: BigNumbers?
    /// Set once the first zero read as `Double` or `Float` found that every zero on this tape was
    /// written as zero (see `NumberTextReading`): later zeros return at once.
    @exclusivity(unchecked) var zerosAreAsWritten = false

    init(tape: Tape, owner: AnyObject, context: DecodingContext, rootIndex: Int, basePath: [any CodingKey]) {
        precondition(KeyedContainerReuse.layoutIsSingleReference,
                     "KeyedDecodingContainer is expected to be a single reference to its box")
        self.tape = tape
        self.owner = owner
        contextReference = context
        self.rootIndex = rootIndex
        self.basePath = basePath
        self.valueIndex = rootIndex
        capacity = 32
        frames = .allocate(capacity: capacity)
        frames.initialize(repeating: PathFrame(component: .index(0), valueIndex: 0), count: capacity)
        cursors = .allocate(capacity: capacity + 1)
        cursors.initialize(repeating: KeyCursor(object: 0, next: 0, lengths: 0), count: capacity + 1)
        keyLimits = .allocate(capacity: (capacity + 1) * KeyLimits.size)
        keyLimits.initialize(repeating: 0, count: (capacity + 1) * KeyLimits.size)
        reuseSlots = .allocate(capacity: ReuseSlot.count)
        reuseSlots.initialize(repeating: ReuseSlot(keyType: nil, depth: 0, box: 0), count: ReuseSlot.count)
    }

    deinit {
        reuseSlots.deallocate()
        frames.deinitialize(count: capacity)
        frames.deallocate()
        cursors.deallocate()
        keyLimits.deallocate()
    }

    /// Decodes the document's root value.
    static func decodeRoot<T: Decodable>(_ type: T.Type, storage: DocumentStorage, source: UnsafeRawBufferPointer,
                                         context: DecodingContext) throws -> T {
        try decodeRoot(tape: storage.tape, owner: storage, tapeIsReused: false, source: source, context: context,
                       bigNumbers: storage.bigNumbers) { session in try session.decodeCurrent(type) }
    }

    /// Decodes the document's root value as a `DecodableWithConfiguration` type.
    static func decodeRoot<T: DecodableWithConfiguration>(_ type: T.Type, configuration: T.DecodingConfiguration,
                                                          storage: DocumentStorage, source: UnsafeRawBufferPointer,
                                                          context: DecodingContext) throws -> T {
        try decodeRoot(tape: storage.tape, owner: storage, tapeIsReused: false, source: source, context: context,
                       bigNumbers: storage.bigNumbers) { session in try type.init(from: session, configuration: configuration) }
    }

    /// Decodes the root value of `tape`, whose memory `owner` keeps alive.
    ///
    /// The session comes from `context` when an earlier call of the same context left one (a JSON Lines
    /// worker decodes line after line with one context), else from `SessionPool` (where contexts leave
    /// their session when they go: each `TapeJSONDecoder.decode` call has a context of its own), with
    /// the keyed-container boxes it made: a document then decodes without setting up a session (a few
    /// kilobytes of buffers) or allocating a box for a container type met before. A session goes back
    /// to the context only when nothing it handed out outlived the call.
    ///
    /// `tapeIsReused` says that the tape's memory is overwritten once the call returns (a JSON Lines
    /// batch buffer): then a container or decoder that outlives the call is moved onto a private copy
    /// of the tape, which it keeps alive.
    ///
    /// `source` is the JSON text the tape was parsed from (a UTF-8 body without its byte-order mark);
    /// it is read only during the call, and copied when something the call handed out outlives it.
    static func decodeRoot<T: Decodable>(_ type: T.Type, tape: Tape, owner: AnyObject, tapeIsReused: Bool,
                                         source: UnsafeRawBufferPointer, context: DecodingContext,
                                         bigNumbers: BigNumbers? = nil) throws -> T {
        try decodeRoot(tape: tape, owner: owner, tapeIsReused: tapeIsReused, source: source, context: context,
                       bigNumbers: bigNumbers) { session in try session.decodeCurrent(type) }
    }

    /// `decodeRoot`, running `body` on the session set at the root value.
    @inline(__always)
    private static func decodeRoot<T>(tape: Tape, owner: AnyObject, tapeIsReused: Bool, source: UnsafeRawBufferPointer,
                                      context: DecodingContext, bigNumbers: BigNumbers?,
                                      _ body: (DecodingSession) throws -> T) throws -> T {
        var session: DecodingSession
        if let spare = context.spareSession {
            context.spareSession = nil
            spare.restart(tape: tape, owner: owner, source: source, context: context)
            spare.bigNumbers = bigNumbers
            session = spare
        } else if let pooled = SessionPool.take() {
            pooled.restart(tape: tape, owner: owner, source: source, context: context)
            pooled.bigNumbers = bigNumbers
            session = pooled
        } else {
            session = DecodingSession(tape: tape, owner: owner, context: context,
                                      rootIndex: Tape.rootIndex, basePath: [])
            session.source = source
            session.bigNumbers = bigNumbers
        }
        defer {
            KeyedContainerReuse.endDecodeCall(&session)
            if session.outlivedDecodeCall {
                session.keepSourceText()
                if tapeIsReused {
                    let copy = DocumentStorage(copying: tape, bigNumbers: session.bigNumbers)
                    session.moveOntoCopy(of: tape, copy: copy)
                }
            } else if isKnownUniquelyReferenced(&session) {
                session.park()
                context.spareSession = session
            }
        }
        return try withExtendedLifetime(owner) {
            try body(session)
        }
    }

    /// Points a parked root session at a new document, for the next decode call of its context.
    private func restart(tape: Tape, owner: AnyObject, source: UnsafeRawBufferPointer, context: DecodingContext) {
        self.tape = tape
        self.owner = owner
        self.source = source
        zerosAreAsWritten = false
        contextReference = context
        valueIndex = Tape.rootIndex
        depth = 0
    }

    /// Points this session, and the `superDecoder` sessions on the same tape, at `copy`, a copy of
    /// `tape` with the same word indexes.
    private func moveOntoCopy(of tape: Tape, copy: DocumentStorage) {
        guard self.tape.words == tape.words else { return }
        self.tape = copy.tape
        owner = copy
        for session in superSessions { session.moveOntoCopy(of: tape, copy: copy) }
    }

    /// Lets go of the document, the context and what only one call needs, keeping the boxes, targets
    /// and buffers. (Nothing shared between threads is referenced instead: a parked session costs no
    /// reference counting on objects other workers use too.)
    private func park() {
        tape = NullDocument.tape
        owner = nil
        contextReference = nil
        source = UnsafeRawBufferPointer(start: nil, count: 0)
        sourceTextObject = nil
        bigNumbers = nil
        zerosAreAsWritten = false
        // Usually empty: `removeAll()` would still swap in (and release) the empty storage.
        if !customKeyTables.isEmpty { customKeyTables.removeAll() }
        if !explicitKeys.isEmpty { explicitKeys.removeAll() }
        if !superSessions.isEmpty { superSessions.removeAll() }
        // Cursors remember objects by tape index: a new document may reuse those indexes. Only the
        // depths that had containers are cleared (a line of a log decodes at two or three of them).
        for k in 0..<cursorsInUse { cursors[k] = KeyCursor(object: 0, next: 0, lengths: 0) }
        cursorsInUse = 0
        // Boxes whose reuse slot another key type and depth took are never handed out again; a session
        // reused for line after line would collect one per line. None is in use now (the call ended
        // with nothing outliving it), so past a handful they all go and the slots start over.
        if handedOut.count > Self.maximumParkedBoxes {
            handedOut.removeAll()
            reuseSlots.update(repeating: ReuseSlot(keyType: nil, depth: 0, box: 0), count: ReuseSlot.count)
        }
    }

    /// The most keyed-container boxes a parked session keeps.
    /// (As many as there are reuse slots: a document meeting a few dozen key types at several depths
    /// then keeps its boxes from one call to the next.)
    private static let maximumParkedBoxes = ReuseSlot.count

    /// A session for `superDecoder`: the value at `index` (or null when the key is absent) with the
    /// given path, sharing this session's document and context.
    func makeSuperDecoder(at index: Int?, path: [any CodingKey]) -> DecodingSession {
        let session: DecodingSession
        if let index {
            session = DecodingSession(tape: tape, owner: owner!, context: context, rootIndex: index, basePath: path)
        } else {
            session = DecodingSession(tape: NullDocument.tape, owner: NullDocument.owner, context: context,
                                      rootIndex: Tape.rootIndex, basePath: path)
        }
        session.bigNumbers = bigNumbers
        if index != nil, let text = sourceText() {
            session.sourceTextObject = text
            session.source = UnsafeRawBufferPointer(text.bytes)
        }
        // Kept until the end of the decode call, which checks whether it escaped.
        if outlivedDecodeCall {
            KeyedContainerReuse.keepForever(session)
        } else {
            superSessions.append(session)
        }
        return session
    }

    // MARK: - Moving through the document

    /// Makes room for a container at depth `depth` (its frame index and its cursor).
    @inline(__always)
    func reserve(depth needed: Int) {
        if needed >= capacity { grow(to: needed + 1) }
    }

    private func grow(to minimum: Int) {
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
        (newCursors + capacity + 1).initialize(repeating: KeyCursor(object: 0, next: 0, lengths: 0), count: newCapacity - capacity)
        cursors.deallocate()
        cursors = newCursors
        let newLimits = UnsafeMutablePointer<UInt8>.allocate(capacity: (newCapacity + 1) * KeyLimits.size)
        newLimits.initialize(repeating: 0, count: (newCapacity + 1) * KeyLimits.size)
        newLimits.update(from: keyLimits, count: (capacity + 1) * KeyLimits.size)
        keyLimits.deallocate()
        keyLimits = newLimits
        capacity = newCapacity
    }

    /// Runs `body` with the cursor on the value at `index`, reached from a container at `parentDepth`
    /// through `component`; restores the cursor afterwards.
    @inline(__always)
    func withValue<R>(at index: Int, parentDepth: Int, component: PathComponent, _ body: () throws -> R) rethrows -> R {
        reserve(depth: parentDepth + 1)
        frames[parentDepth] = PathFrame(component: component, valueIndex: index)
        let savedDepth = depth
        let savedIndex = valueIndex
        depth = parentDepth + 1
        valueIndex = index
        defer {
            depth = savedDepth
            valueIndex = savedIndex
        }
        return try body()
    }

    /// Runs `body` with the cursor on the value at `index` at `depth` without adding a path frame
    /// (a flat key decodes its property from the object the container itself is on).
    func withValueInPlace<R>(at index: Int, depth newDepth: Int, _ body: () throws -> R) rethrows -> R {
        let savedDepth = depth
        let savedIndex = valueIndex
        depth = newDepth
        valueIndex = index
        defer {
            depth = savedDepth
            valueIndex = savedIndex
        }
        return try body()
    }

    /// Decodes a `T` from the value at `index`, reached from a container at `parentDepth`.
    @inline(__always)
    func decodeNested<T: Decodable>(_ type: T.Type, at index: Int, parentDepth: Int, component: PathComponent) throws -> T {
        try withValue(at: index, parentDepth: parentDepth, component: component) {
            try decodeCurrent(type, framePushed: true)
        }
    }

    /// Decodes a `T` from the current value, handling the types Foundation's decoder treats specially
    /// (`Date`, `Data`, `URL`, `Decimal`, and `[String: Value]` under a key conversion) and reading
    /// scalars and arrays straight from the tape (see `DecodedTypeKind`). `framePushed` says that a
    /// container pushed the value's frame just before (which decides the path of one of Foundation's
    /// date errors).
    @inline(__always)
    func decodeCurrent<T: Decodable>(_ type: T.Type, framePushed: Bool = false) throws -> T {
        switch context.kind(of: type) {
        // The type passed in, not `T`: `decode(Employee.self as Person.Type, ...)` builds an Employee.
        case .plain: return try type.init(from: self)
        case .array(let arrayType): return try decodeArray(arrayType, as: type)
        case .string: return unsafeBitCast(try decode(String.self), to: T.self)
        case .int: return unsafeBitCast(try decode(Int.self), to: T.self)
        case .double: return unsafeBitCast(try decode(Double.self), to: T.self)
        case .bool: return unsafeBitCast(try decode(Bool.self), to: T.self)
        case .int64: return unsafeBitCast(try decode(Int64.self), to: T.self)
        case .float: return unsafeBitCast(try decode(Float.self), to: T.self)
        case .int8: return unsafeBitCast(try decode(Int8.self), to: T.self)
        case .int16: return unsafeBitCast(try decode(Int16.self), to: T.self)
        case .int32: return unsafeBitCast(try decode(Int32.self), to: T.self)
        case .uint: return unsafeBitCast(try decode(UInt.self), to: T.self)
        case .uint8: return unsafeBitCast(try decode(UInt8.self), to: T.self)
        case .uint16: return unsafeBitCast(try decode(UInt16.self), to: T.self)
        case .uint32: return unsafeBitCast(try decode(UInt32.self), to: T.self)
        case .uint64: return unsafeBitCast(try decode(UInt64.self), to: T.self)
        case .date: return unsafeBitCast(try decodeDate(framePushed: framePushed), to: T.self)
        case .data: return unsafeBitCast(try decodeData(), to: T.self)
        case .url: return unsafeBitCast(try decodeURL(), to: T.self)
        case .decimal: return unsafeBitCast(try decodeDecimal(), to: T.self)
        case .stringDictionary(let dictionaryType): return try decodeStringDictionary(dictionaryType, as: type)
        }
    }

    /// `A.decodeArray`, where `A` is `T` (opened from the cached existential metatype).
    private func decodeArray<A: ArrayDecoding, T>(_ arrayType: A.Type, as type: T.Type) throws -> T {
        unsafeBitCast(try A.decodeArray(from: self), to: T.self)
    }

    private func decodeStringDictionary<D: StringKeyedDictionaryDecodable, T>(_ dictionaryType: D.Type, as type: T.Type) throws -> T {
        unsafeBitCast(try D.decodeWithoutKeyConversion(from: self), to: T.self)
    }

    // MARK: - Decoder

    var codingPath: [any CodingKey] { path(depth: depth, valueIndex: valueIndex) }

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let index = valueIndex
        guard tape.tagByte(index) == TapeTag.startObject.rawValue else {
            throw keyedContainerError(at: index, path: codingPath)
        }
        reserve(depth: depth)
        return keyedContainer(type, start: index, depth: depth)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let index = valueIndex
        guard tape.tagByte(index) == TapeTag.startArray.rawValue else {
            throw unkeyedContainerError(at: index, path: codingPath)
        }
        return UnkeyedContainer(session: self, start: index, depth: depth)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }
}
