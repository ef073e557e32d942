import Foundation

/// What one decode call shares between its decoders (the root one and any `superDecoder`s): the
/// strategies, snapshotted when the context was made, and the caches. A decoder keeps its contexts
/// for its later calls (`ContextShelf`) until a strategy changes, so the caches outlive the call.
final class DecodingContext {
    /// How JSON keys are compared with `CodingKey`s.
    enum KeyMatching {
        /// Byte for byte.
        case exact
        /// Through `conversionCache`.
        case converted
        /// Through `customConversion`, once per key of each object read.
        case custom
    }

    let keyMatching: KeyMatching
    /// The cache of converted keys, for `.converted`.
    let conversionCache: KeyConversionCache?
    /// Whether an absent key can be ruled out from its first letter and length (`KeyLimits`): under
    /// `.convertFromAnyCase`, whose conversion works on ASCII bytes and never lengthens a key.
    let screensConvertedKeys: Bool
    /// The same, for the lookup loop, which borrows it without reference counting.
    let unmanagedConversionCache: Unmanaged<KeyConversionCache>?
    /// The user's key conversion, for `.custom`.
    let customConversion: (@Sendable ([any CodingKey]) -> any CodingKey)?
    let dateStrategy: TapeJSONDecoder.DateDecodingStrategy
    let dataStrategy: TapeJSONDecoder.DataDecodingStrategy
    let nonConformingFloats: TapeJSONDecoder.NonConformingFloatDecodingStrategy
    let userInfo: [CodingUserInfoKey: Any]
    let keyPaths: KeyPathSyntax?
    /// `TapeJSONDecoder.assumesTopLevelDictionary`.
    let assumesTopLevelDictionary: Bool
    /// `TapeJSONDecoder.allowsJSON5`.
    let allowsJSON5: Bool
    /// Whether `[String: Value]` dictionaries bypass key conversion (any strategy but the default).
    let exemptsStringDictionaries: Bool
    /// How each type met so far is decoded.
    let typeKinds: TypeKindCache
    /// The root session of the previous decode call, parked for the next one (see
    /// `DecodingSession.decodeRoot`). A context is used by one thread at a time.
    var spareSession: DecodingSession?
    /// Error messages and path keys already built (see `ErrorMemo`); one thread at a time uses it.
    @exclusivity(unchecked) var errorMemo = ErrorMemo()

    init(_ configuration: TapeJSONDecoder.Configuration) {
        switch configuration.keyDecodingStrategy {
        case .useDefaultKeys:
            keyMatching = .exact
            conversionCache = nil
            customConversion = nil
        case .convertFromSnakeCase:
            keyMatching = .converted
            conversionCache = KeyConversionCache.take(rule: .snakeCase)
            customConversion = nil
        case .convertFromAnyCase:
            keyMatching = .converted
            conversionCache = KeyConversionCache.take(rule: .anyCase)
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
        typeKinds = TypeKindCache.take(exemptingStringDictionaries: exemptsStringDictionaries)
        screensConvertedKeys = conversionCache?.rule == .anyCase
        unmanagedConversionCache = conversionCache.map { Unmanaged.passUnretained($0) }
        dateStrategy = configuration.dateDecodingStrategy
        dataStrategy = configuration.dataDecodingStrategy
        nonConformingFloats = configuration.nonConformingFloatDecodingStrategy
        userInfo = configuration.userInfo.isEmpty ? [:] : configuration.userInfo.mapValues { $0 as Any }
        keyPaths = configuration.keyOptions.map(KeyPathSyntax.init)
        allowsJSON5 = configuration.allowsJSON5
        assumesTopLevelDictionary = configuration.userInfo.isEmpty ? false
            : configuration.userInfo[TapeJSONDecoder.assumesTopLevelDictionaryKey] as? Bool ?? false
    }

    deinit {
        if let spareSession { SessionPool.give(spareSession) }
        if let conversionCache { KeyConversionCache.give(conversionCache) }
        TypeKindCache.give(typeKinds)
    }

    /// Whether the context's caches are small enough to keep for the decoder's later calls (see
    /// `KeyConversionCache.isWorthKeeping`); the other caches are bounded by construction.
    var isWorthKeeping: Bool {
        conversionCache?.isWorthKeeping ?? true
    }

    /// How `T` is decoded (cached per type).
    @inline(__always)
    func kind<T>(of type: T.Type) -> DecodedTypeKind {
        typeKinds.kind(of: type)
    }
}
