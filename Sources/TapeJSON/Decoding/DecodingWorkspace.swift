import Foundation

/// What a decoder keeps from one decode call to the next: the strategies, snapshotted when the
/// workspace was made, the caches every call fills (key conversions, type kinds, key spellings, error
/// messages) and the last call's session, cleared, with its buffers (or, when that session was kept by
/// a value, the buffers it gave back).
///
/// This is the decoder's only reuse mechanism. A `TapeJSONDecoder` keeps a few idle workspaces
/// (`IdleWorkspaces`, about one per thread decoding at once); a JSON Lines worker keeps one for the
/// lines it decodes. A workspace is used by one call at a time, and goes back to its decoder only when
/// nothing from the call still references it: a container or decoder kept after `init(from:)` holds
/// its session, which then holds the workspace, so that workspace (its caches and the document) stays
/// with the kept value and is freed with it, and the decoder makes a new workspace for its next call.
/// (An idle session does not hold its workspace: no cycle.)
///
/// Everything a workspace holds is a function of the decoder's settings and the types decoded, so a
/// call with a reused workspace decodes exactly as a call with a new one. (Bench row "decode per call"
/// is what reusing it saves: a new workspace per call costs its tables' allocation and every key
/// conversion and type check again.)
final class DecodingWorkspace {
    /// How JSON keys are compared with `CodingKey`s.
    enum KeyMatching {
        /// Byte for byte.
        case exact
        /// Through `conversionCache`.
        case converted
        /// Through `customConversion`, once per key of each object read.
        case custom
    }

    /// The settings the workspace was made from (a JSON Lines worker makes a new workspace from them
    /// when a line's value keeps the old one).
    let configuration: TapeJSONDecoder.Configuration
    let keyMatching: KeyMatching
    /// The cache of converted keys, for `.converted`.
    let conversionCache: KeyConversionCache?
    /// The same, for the lookup loop, which borrows it without reference counting.
    let unmanagedConversionCache: Unmanaged<KeyConversionCache>?
    /// Whether an absent key can be ruled out from its first letter and length (`KeyLimits`): under
    /// `.convertFromAnyCase`, whose conversion works on ASCII bytes and never lengthens a key.
    let screensConvertedKeys: Bool
    /// The user's key conversion, for `.custom`.
    let customConversion: (@Sendable ([any CodingKey]) -> any CodingKey)?
    let dateStrategy: TapeJSONDecoder.DateDecodingStrategy
    let dataStrategy: TapeJSONDecoder.DataDecodingStrategy
    let nonConformingFloats: TapeJSONDecoder.NonConformingFloatDecodingStrategy
    let userInfo: [CodingUserInfoKey: Any]
    let keyPaths: KeyPathSyntax?
    /// Whether a type's generated path (``TapeJSONDecodable``) is tried before its `init(from:)`.
    let takesGeneratedPaths: Bool
    /// `TapeJSONDecoder.assumesTopLevelDictionary`.
    let assumesTopLevelDictionary: Bool
    /// `TapeJSONDecoder.allowsJSON5`.
    let allowsJSON5: Bool
    /// Whether `[String: Value]` dictionaries bypass key conversion (any strategy but the default).
    let exemptsStringDictionaries: Bool

    // The mutable state below is touched only by the thread running the workspace's call, through
    // accesses that never overlap, so it opts out of the runtime's dynamic exclusivity checks.

    /// How each type met so far is decoded.
    @exclusivity(unchecked) private var typeKinds: TypeKindCache
    /// The UTF-8 of the keys met so far, per key type (see `KeyMemo`).
    @exclusivity(unchecked) var keyMemos = KeyMemo()
    /// What `container(keyedBy:)` needs per key type (see `KeyedContainerMaker`).
    @exclusivity(unchecked) var keyedContainerMakers = KeyedContainerMakers()
    /// Error messages and path keys already built (see `ErrorMemo`).
    @exclusivity(unchecked) var errorMemo = ErrorMemo()
    /// The buffers of the last session that ended, for the next one.
    @exclusivity(unchecked) private var idleBuffers: SessionBuffers?
    /// The session of the last call that ended with nothing from it kept, cleared, for the next call
    /// (see `DecodingSession`). It does not hold the workspace: no cycle.
    @exclusivity(unchecked) var idleSession: DecodingSession?

    init(_ configuration: TapeJSONDecoder.Configuration) {
        self.configuration = configuration
        switch configuration.keyDecodingStrategy {
        case .useDefaultKeys:
            keyMatching = .exact
            conversionCache = nil
            customConversion = nil
        case .convertFromSnakeCase:
            keyMatching = .converted
            conversionCache = KeyConversionCache(rule: .snakeCase)
            customConversion = nil
        case .convertFromAnyCase:
            keyMatching = .converted
            conversionCache = KeyConversionCache(rule: .anyCase)
            customConversion = nil
        case .custom(let closure):
            keyMatching = .custom
            conversionCache = nil
            customConversion = closure
        }
        if case .useDefaultKeys = configuration.keyDecodingStrategy {
            exemptsStringDictionaries = false
        } else {
            exemptsStringDictionaries = true
        }
        typeKinds = TypeKindCache()
        screensConvertedKeys = conversionCache?.rule == .anyCase
        unmanagedConversionCache = conversionCache.map { Unmanaged.passUnretained($0) }
        dateStrategy = configuration.dateDecodingStrategy
        dataStrategy = configuration.dataDecodingStrategy
        nonConformingFloats = configuration.nonConformingFloatDecodingStrategy
        userInfo = configuration.userInfo.isEmpty ? [:] : configuration.userInfo.mapValues { $0 as Any }
        keyPaths = configuration.keyOptions.map(KeyPathSyntax.init)
        // Key paths are read by `init(from:)` (see `GeneratedDecoding.swift`).
        takesGeneratedPaths = configuration.takesGeneratedPaths && keyPaths == nil
        allowsJSON5 = configuration.allowsJSON5
        assumesTopLevelDictionary = configuration.userInfo.isEmpty ? false
            : configuration.userInfo[TapeJSONDecoder.assumesTopLevelDictionaryKey] as? Bool ?? false
    }

    /// Whether the workspace's caches are small enough to keep for the decoder's later calls (see
    /// `KeyConversionCache.isWorthKeeping`); the other caches bound themselves.
    var isWorthKeeping: Bool {
        conversionCache?.isWorthKeeping ?? true
    }

    /// How `T` is decoded (cached per type).
    @inline(__always)
    func kind<T>(of type: T.Type) -> DecodedTypeKind {
        typeKinds.kind(of: type)
    }

    /// The kind of a type met before (see `TypeKindCache.cachedKind`).
    @inline(__always)
    func cachedKind(_ id: ObjectIdentifier) -> DecodedTypeKind? {
        typeKinds.cachedKind(id)
    }

    /// The buffers for a new session: the last ended session's, or new ones.
    func takeBuffers() -> SessionBuffers {
        if let buffers = idleBuffers.take() { return buffers }
        return SessionBuffers()
    }

    /// Takes back an ended session's buffers (with their cursors cleared) for the next session.
    func returnBuffers(_ buffers: consuming SessionBuffers) {
        guard idleBuffers == nil else { return }   // dropped: freed here
        idleBuffers = consume buffers
    }

    /// Replaces `workspace` by a new one made from the same settings when something outside holds it
    /// (a value decoded by the last call kept a container or decoder): for a JSON Lines worker, which
    /// decodes line after line with one workspace.
    static func renewIfHeld(_ workspace: inout DecodingWorkspace) {
        if !isKnownUniquelyReferenced(&workspace) || !workspace.isWorthKeeping {
            workspace = DecodingWorkspace(workspace.configuration)
        }
    }
}
