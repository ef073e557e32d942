import Foundation

/// The `Decoder` for one decode call: a cursor on the tape plus the coding-path stack.
///
/// One session serves the whole call. Decoding a nested value does not create a decoder: the session
/// pushes a path frame, moves its cursor (`valueIndex`) to the value, calls the type's `init(from:)`
/// with itself, then restores both (as Foundation's decoder does). Containers know only their session,
/// their tape position and their depth; only `superDecoder` creates another session. The session also
/// serves as the single-value container.
///
/// A session serves one call at a time, and its workspace keeps it for the next call (`idleSession`):
/// a call that hands nothing out ends by clearing the session (`park`), so that the next one sets it on
/// its document instead of allocating a session and its buffers and freeing them again (about 700
/// instructions a call, 4% of a per-call LogLine decode, callgrind). Its caches are the workspace's.
///
/// The session holds the document strongly, and every container holds its session, as Foundation's
/// do: a container or decoder kept after the call keeps working, and frees its document when it is
/// released. The workspace is referenced without a count (`workspace`), so that a kept session and its
/// workspace are no cycle: the caller keeps the workspace alive during the call, and a session that
/// outlives its call holds it (`workspaceKeeper`) from then on.
final class DecodingSession: Decoder {
    // The mutable state below is only ever touched by the thread running the decode call, through
    // accesses that never overlap, so it opts out of the runtime's dynamic exclusivity checks (a
    // measurable share of a small document's decode time).

    @exclusivity(unchecked) private(set) var tape: Tape
    /// Owns the tape's memory.
    @exclusivity(unchecked) private var owner: AnyObject?
    /// The decode call's strategies and caches, referenced without a count. Alive while the session is
    /// in use: during a call its caller holds it, after one `workspaceKeeper` does (see
    /// `keepWorkspace`); an idle session, which the workspace holds, never reads it. Read on the hot
    /// paths through `withUnsafeWorkspace`, which borrows it: an `unowned(unsafe)` reference (as it
    /// was) is retained and released around every use, since nothing else proves it alive (a retain and
    /// a release per container and per value, citm_catalog's Codable decode 5% more instructions and
    /// 8% slower, callgrind and a paired bench).
    private let unmanagedWorkspace: Unmanaged<DecodingWorkspace>
    /// The workspace, off the hot paths (each use retains and releases it).
    var workspace: DecodingWorkspace { unmanagedWorkspace.takeUnretainedValue() }

    /// Runs `body` on the workspace, borrowed without a reference count: `body` must not keep it.
    @inline(__always)
    func withUnsafeWorkspace<R>(_ body: (DecodingWorkspace) throws -> R) rethrows -> R {
        try unmanagedWorkspace._withUnsafeGuaranteedRef(body)
    }

    /// How `T` is decoded, from the workspace's cache. The borrowed lookup takes the type's identifier,
    /// not the type: a closure generic over `T`, in the unspecialised callers (a keyed container's
    /// generic `decode`, `Array.decodeArray`), was a call of its own with `T`'s metadata (canada.json's
    /// Codable decode: 2.9M instructions of 216M, callgrind).
    @inline(__always)
    func kind<T>(of type: T.Type) -> DecodedTypeKind {
        let id = ObjectIdentifier(type)
        if let kind = withUnsafeWorkspace({ $0.cachedKind(id) }) { return kind }
        return workspace.kind(of: type)
    }
    /// The workspace, held for a session that outlives its call (nil otherwise).
    @exclusivity(unchecked) private var workspaceKeeper: DecodingWorkspace?
    /// Tape index of the value this session started at (the document root, or a `superDecoder`'s value).
    let rootIndex: Int
    /// The coding path above `rootIndex` (empty except for `superDecoder` sessions).
    let basePath: [any CodingKey]

    /// Tape index of the value the `Decoder` and single-value methods read.
    @exclusivity(unchecked) var valueIndex: Int
    /// The current value's depth below `rootIndex`: the number of frames in its path.
    @exclusivity(unchecked) var depth = 0

    /// Path frames and key cursors, taken from the workspace (see `SessionBuffers`). The `unsafe` accessors
    /// below hand out their addresses, valid until the buffers grow (`SessionBuffers.grow(to:)`) or go back to the
    /// workspace at the end of the call; reads and writes through them are not bounds-checked.
    @exclusivity(unchecked) private var buffers: SessionBuffers
    @inline(__always) var unsafeFrames: UnsafeMutablePointer<PathFrame> { buffers.frames.unsafeBaseAddress }
    /// `capacity + 1` cursors: one per depth a container can have.
    @inline(__always) var unsafeCursors: UnsafeMutablePointer<KeyCursor> { buffers.cursors.unsafeBaseAddress }
    /// `capacity + 1` tables of `KeyLimits.size` bytes, one per cursor: under `.convertFromAnyCase`,
    /// the longest raw key of the cursor's object and the last bytes of its keys, per first byte
    /// (see `KeyLimits`), valid while the cursor's `lengths` is recorded.
    @inline(__always) var unsafeKeyLimits: UnsafeMutablePointer<UInt8> { buffers.keyLimits.unsafeBaseAddress }
    /// `capacity + 1` words, one per cursor: see `SessionBuffers.screened`.
    @inline(__always) var unsafeScreened: UnsafeMutablePointer<UInt64> { buffers.screened.unsafeBaseAddress }
    /// See `SessionBuffers.slotHeads` and `MemberSlots`.
    @inline(__always) var unsafeSlotHeads: UnsafeMutablePointer<MemberSlots.Head> { buffers.slotHeads.unsafeBaseAddress }
    @inline(__always) var unsafeMemberSlots: UnsafeMutablePointer<MemberSlots.Slot> { buffers.memberSlots.unsafeBaseAddress }
    @inline(__always) var unsafeSlotIndex: UnsafeMutablePointer<UInt8> { buffers.slotIndex.unsafeBaseAddress }
    /// One more than the deepest depth a keyed container was made at: the cursors to clear when the
    /// buffers go back to the workspace (lookups only move the cursors of containers).
    @exclusivity(unchecked) var cursorsInUse = 0
    /// Converted keys per object, for `KeyDecodingStrategy.custom` (keyed by the object's tape index).
    /// (`Dictionary()`, inlined, rather than `[:]`, a call per session.)
    @exclusivity(unchecked) var customKeyTables = [Int: [String]]()
    /// Keys of `PathComponent.explicit` frames.
    @exclusivity(unchecked) var explicitKeys: [any CodingKey] = []
    /// The `superDecoder` sessions handed out.
    @exclusivity(unchecked) var superSessions: [DecodingSession] = []
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

    init(tape: Tape, owner: AnyObject?, workspace: DecodingWorkspace, rootIndex: Int, basePath: [any CodingKey]) {
        self.tape = tape
        self.owner = owner
        self.unmanagedWorkspace = Unmanaged.passUnretained(workspace)
        self.rootIndex = rootIndex
        self.basePath = basePath
        self.valueIndex = rootIndex
        buffers = workspace.takeBuffers()
    }

    deinit {
        // An idle session, or one its workspace never kept (a `superDecoder` session, an extra one),
        // frees its buffers; one that outlived its call gives them back to the workspace it holds.
        guard let workspaceKeeper else { return }
        buffers.clearCursors(cursorsInUse)
        var ended = SessionBuffers.placeholder()
        swap(&ended, &buffers)
        workspaceKeeper.returnBuffers(ended)
    }

    /// Sets an idle session on the root of `tape` for a new call.
    @inline(__always)
    private func resume(tape: Tape, owner: AnyObject) {
        self.tape = tape
        self.owner = owner
    }

    /// Clears what the ended call set, for the next call: the document and source are let go (the
    /// document's parser goes back to its pool), the cursors the call moved are cleared, the buffers
    /// are kept. (`tape` keeps the ended document's addresses, which nothing reads: `resume` sets it
    /// before the session is used again.)
    private func park() {
        buffers.clearCursors(cursorsInUse)
        cursorsInUse = 0
        owner = nil
        valueIndex = rootIndex
        depth = 0
        if !customKeyTables.isEmpty { customKeyTables = [:] }
        if !explicitKeys.isEmpty { explicitKeys = [] }
        if !superSessions.isEmpty { superSessions = [] }
        source = UnsafeRawBufferPointer(start: nil, count: 0)
        sourceTextObject = nil
        bigNumbers = nil
        zerosAreAsWritten = false
    }

    /// Holds the workspace from now on, in this session and the `superDecoder` sessions it handed out:
    /// they outlive their call.
    private func keepWorkspace() {
        workspaceKeeper = workspace
        for session in superSessions { session.keepWorkspace() }
    }

    /// Decodes the document's root value. (Inlined: see `TapeJSONDecoder.withWorkspace`.)
    @inline(__always)
    static func decodeRoot<T: Decodable>(_ type: T.Type, storage: DocumentStorage, source: UnsafeRawBufferPointer,
                                         workspace: DecodingWorkspace) throws -> T {
        try decodeRoot(tape: storage.tape, owner: storage, source: source, workspace: workspace,
                       bigNumbers: storage.bigNumbers) { session in try session.decodeCurrent(type) }
    }

    /// Decodes the document's root value as a `DecodableWithConfiguration` type.
    static func decodeRoot<T: DecodableWithConfiguration>(_ type: T.Type, configuration: T.DecodingConfiguration,
                                                          storage: DocumentStorage, source: UnsafeRawBufferPointer,
                                                          workspace: DecodingWorkspace) throws -> T {
        try decodeRoot(tape: storage.tape, owner: storage, source: source, workspace: workspace,
                       bigNumbers: storage.bigNumbers) { session in
            try type.init(from: session, configuration: configuration)
        }
    }

    /// Decodes the root value of `tape`, whose memory `owner` keeps alive, with a new session on
    /// `workspace`.
    ///
    /// A container or decoder that outlives the call is moved onto a private copy of the tape, which it
    /// keeps alive: the tape's own memory is a parser's (which goes back to its pool) or a JSON Lines
    /// batch buffer (which the next batch overwrites). Foundation likewise copies its input once when
    /// a decoder escapes.
    ///
    /// `source` is the JSON text the tape was parsed from (a UTF-8 body without its byte-order mark);
    /// it is read only during the call, and copied when something the call handed out outlives it.
    static func decodeRoot<T: Decodable>(_ type: T.Type, tape: Tape, owner: AnyObject,
                                         source: UnsafeRawBufferPointer, workspace: DecodingWorkspace,
                                         bigNumbers: BigNumbers? = nil) throws -> T {
        try decodeRoot(tape: tape, owner: owner, source: source, workspace: workspace,
                       bigNumbers: bigNumbers) { session in try session.decodeCurrent(type) }
    }

    /// `decodeRoot`, running `body` on the session set at the root value.
    @inline(__always)
    private static func decodeRoot<T>(tape: Tape, owner: AnyObject, source: UnsafeRawBufferPointer,
                                      workspace: DecodingWorkspace, bigNumbers: BigNumbers?,
                                      _ body: (DecodingSession) throws -> T) throws -> T {
        var session: DecodingSession
        if let idle = workspace.idleSession.take() {
            session = idle
            session.resume(tape: tape, owner: owner)
        } else {
            session = DecodingSession(tape: tape, owner: owner, workspace: workspace, rootIndex: Tape.rootIndex,
                                      basePath: [])
        }
        session.source = source
        session.bigNumbers = bigNumbers
        defer {
            if !isKnownUniquelyReferenced(&session) || (!session.superSessions.isEmpty && session.superSessionEscaped()) {
                // A container or decoder outlives the call: it must not read the caller's buffers, and
                // it keeps the workspace, which no later call then uses. (The `superDecoder` sessions are
                // walked only when there are some.)
                session.keepSourceText()
                let copy = DocumentStorage(copying: tape, bigNumbers: session.bigNumbers)
                session.moveOntoCopy(of: tape, copy: copy)
                session.keepWorkspace()
            } else {
                session.park()
                if workspace.idleSession == nil { workspace.idleSession = session }
            }
        }
        return try withExtendedLifetime(owner) {
            try body(session)
        }
    }

    /// Whether a `superDecoder` session this session handed out is referenced outside it.
    private func superSessionEscaped() -> Bool {
        for i in superSessions.indices {
            if !isKnownUniquelyReferenced(&superSessions[i]) || superSessions[i].superSessionEscaped() {
                return true
            }
        }
        return false
    }

    /// Points this session, and the `superDecoder` sessions on the same tape, at `copy`, a copy of
    /// `tape` with the same word indexes.
    private func moveOntoCopy(of tape: Tape, copy: DocumentStorage) {
        guard self.tape.words == tape.words else { return }
        self.tape = copy.tape
        owner = copy
        for session in superSessions { session.moveOntoCopy(of: tape, copy: copy) }
    }

    /// A session for `superDecoder`: the value at `index` (or null when the key is absent) with the
    /// given path, sharing this session's document and workspace.
    func makeSuperDecoder(at index: Int?, path: [any CodingKey]) -> DecodingSession {
        let session: DecodingSession
        if let index {
            session = DecodingSession(tape: tape, owner: owner, workspace: workspace, rootIndex: index, basePath: path)
        } else {
            session = DecodingSession(tape: NullDocument.tape, owner: NullDocument.owner, workspace: workspace,
                                      rootIndex: Tape.rootIndex, basePath: path)
        }
        session.bigNumbers = bigNumbers
        if index != nil, let text = sourceText() {
            session.sourceTextObject = text
            session.source = UnsafeRawBufferPointer(text.bytes)
        }
        // Kept so that the end of the decode call can tell whether it escaped.
        superSessions.append(session)
        return session
    }

    // MARK: - Moving through the document

    /// Makes room for a container at depth `depth` (its frame index and its cursor).
    @inline(__always)
    func reserve(depth needed: Int) {
        if needed >= buffers.capacity { buffers.grow(to: needed + 1) }
    }

    /// Runs `body` with the cursor on the value at `index`, reached from a container at `parentDepth`
    /// through `component`; restores the cursor afterwards.
    @inline(__always)
    func withValue<R>(at index: Int, parentDepth: Int, component: PathComponent, _ body: () throws -> R) rethrows -> R {
        reserve(depth: parentDepth + 1)
        unsafeFrames[parentDepth] = PathFrame(component: component, valueIndex: index)
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
        // The depth of the decoder the container came from: containers, nested ones included, leave
        // the session's depth where their decoder was (only a value's decoding moves it).
        let decoderDepth = depth
        return try withValue(at: index, parentDepth: parentDepth, component: component) {
            try decodeCurrent(type, kind: kind(of: type), decoderDepth: decoderDepth)
        }
    }

    /// Decodes a `T` from the current value, handling the types Foundation's decoder treats specially
    /// (`Date`, `Data`, `URL`, `Decimal`, and `[String: Value]` under a key conversion) and reading
    /// scalars and arrays straight from the tape (see `DecodedTypeKind`). The current value is the
    /// value of the decoder (or single-value container) asked for it.
    @inline(__always)
    func decodeCurrent<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeCurrent(type, kind: kind(of: type), decoderDepth: depth)
    }

    /// `decodeCurrent` with `T`'s kind already looked up (array elements share one lookup).
    /// `decoderDepth` is the depth of the decoder that was asked for the value (through a container
    /// of its, or a container nested in one): Foundation reports one of its date errors at that
    /// decoder's path.
    @inline(__always)
    func decodeCurrent<T: Decodable>(_ type: T.Type, kind: DecodedTypeKind, decoderDepth: Int) throws -> T {
        switch kind {
        // The type passed in, not `T`: `decode(Employee.self as Person.Type, ...)` builds an Employee.
        case .plain: return try type.init(from: self)
        case .generated(let generated): return try decodeGenerated(generated, as: type)
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
        case .date: return unsafeBitCast(try decodeDate(decoderDepth: decoderDepth), to: T.self)
        case .data: return unsafeBitCast(try decodeData(), to: T.self)
        case .url: return unsafeBitCast(try decodeURL(), to: T.self)
        case .decimal: return unsafeBitCast(try decodeDecimal(), to: T.self)
        case .uuid: return unsafeBitCast(try decodeUUID(), to: T.self)
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

    var userInfo: [CodingUserInfoKey: Any] { workspace.userInfo }

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
