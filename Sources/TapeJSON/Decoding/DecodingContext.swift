import Foundation

/// What one decode call shares between its decoders (the root one and any `superDecoder`s): the
/// strategies, snapshotted when the call starts, and the per-call caches.
final class DecodingContext {
    /// How JSON keys are compared with `CodingKey`s.
    enum KeyMatching {
        /// Byte for byte.
        case exact
        /// Through the conversion cache.
        case converted(KeyConversionCache)
        /// Through the user's closure, once per key of each object read.
        case custom(@Sendable ([any CodingKey]) -> any CodingKey)
    }

    let keyMatching: KeyMatching
    let dateStrategy: TapeJSONDecoder.DateDecodingStrategy
    let dataStrategy: TapeJSONDecoder.DataDecodingStrategy
    let nonConformingFloats: TapeJSONDecoder.NonConformingFloatDecodingStrategy
    let userInfo: [CodingUserInfoKey: Any]
    let keyPaths: KeyPathSyntax?
    /// Whether `[String: Value]` dictionaries bypass key conversion (any strategy but the default).
    let exemptsStringDictionaries: Bool
    /// How each type met so far is decoded.
    let typeKinds = TypeKindCache()

    init(_ configuration: TapeJSONDecoder.Configuration) {
        switch configuration.keyDecodingStrategy {
        case .useDefaultKeys: keyMatching = .exact
        case .convertFromSnakeCase: keyMatching = .converted(KeyConversionCache(rule: .snakeCase))
        case .convertFromAnyCase: keyMatching = .converted(KeyConversionCache(rule: .anyCase))
        case .custom(let closure): keyMatching = .custom(closure)
        }
        if case .useDefaultKeys = configuration.keyDecodingStrategy {
            exemptsStringDictionaries = false
        } else {
            exemptsStringDictionaries = true
        }
        dateStrategy = configuration.dateDecodingStrategy
        dataStrategy = configuration.dataDecodingStrategy
        nonConformingFloats = configuration.nonConformingFloatDecodingStrategy
        userInfo = configuration.userInfo.isEmpty ? [:] : configuration.userInfo.mapValues { $0 as Any }
        keyPaths = configuration.keyOptions.map(KeyPathSyntax.init)
    }

    /// How `T` is decoded (cached per type).
    @inline(__always)
    func kind<T>(of type: T.Type) -> DecodedTypeKind {
        typeKinds.kind(of: type, exemptingStringDictionaries: exemptsStringDictionaries)
    }
}
