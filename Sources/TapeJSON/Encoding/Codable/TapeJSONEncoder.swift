import Foundation
import Synchronization

/// Encodes `Encodable` values as JSON: a drop-in for Foundation's `JSONEncoder`, several times faster.
///
/// ```swift
/// let encoder = TapeJSONEncoder()                  // was: JSONEncoder()
/// encoder.outputFormatting = [.sortedKeys]
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// let data = try encoder.encode(user)
/// ```
///
/// The settings are Foundation's, with the same names and defaults. With `.sortedKeys` the output is
/// byte for byte what `JSONEncoder` on Linux writes for the same value and settings: number text (the
/// shortest round-trip digits, `1e-07`, `1e+21`, `-0`, `1` for `1.0`), string escapes (`\/` unless
/// `.withoutEscapingSlashes`, `\b \f \n \r \t`, other control characters as `\u00XX`, non-ASCII as
/// UTF-8), the pretty layout (two-space indent, `" : "`), and the `EncodingError`s it throws.
/// Without `.sortedKeys`, members are written in the order they were encoded (Foundation's order is
/// unspecified); a key encoded twice in one object keeps its last value, at its first place.
///
/// ## How it is fast
/// Values are written straight into one growing byte buffer as they are encoded: there is no tree of
/// boxed values, containers are closed as soon as Codable's call structure shows they are done, and
/// `.sortedKeys` reorders an object's members in place when it closes. Encoders and the buffer are
/// reused across calls; ``encode(_:into:)`` appends to a buffer of yours, so a loop over records
/// allocates no output per record.
///
/// ## Where it differs from Foundation (deliberately)
/// - `Decimal.nan` throws `EncodingError.invalidValue`; Foundation writes `NaN`, which is not JSON.
/// - Misuses that stop the process in Foundation (two values into one single-value container, a keyed
///   and an unkeyed container from one encoder, a nested container of another kind for a key that
///   has a value) throw `EncodingError.invalidValue` instead.
/// - `.convertToKebabCase` and `.convertToUpperCamelCase` key strategies, which Foundation lacks.
/// - A container used out of order (written after a sibling container was, or after the
///   `encode(to:)` that made it returned) is legal Codable that a single pass cannot write: such a
///   call is encoded again by Foundation's `JSONEncoder` with the same settings (same bytes with
///   `.sortedKeys`, at Foundation's speed).
public final class TapeJSONEncoder: Sendable {
    /// The settings an encode call reads, copied once per call.
    struct Configuration {
        var outputFormatting: OutputFormatting = []
        var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
        var dateEncodingStrategy: DateEncodingStrategy = .deferredToDate
        var dataEncodingStrategy: DataEncodingStrategy = .base64
        var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .throw
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        var keyOptions: KeyOptions?
        var takesGeneratedPaths = true
    }

    /// The key conventions ``keyOptions`` takes: the decoder's, so one value configures both.
    public typealias KeyOptions = TapeJSONDecoder.KeyOptions

    /// A call's state parked between calls; only the call that took it uses it.
    private struct Parked: @unchecked Sendable { let core: EncodingCore }

    private let configuration = Mutex(Configuration())
    private let shelf = BoundedPool<Parked>(limit: 8)

    /// Creates an encoder with Foundation's default settings.
    public init() {}

    deinit {
        for entry in shelf.removeAll() { entry.core.dismantle() }
    }

    /// The layout of the output. Defaults to `[]` (compact, keys in encoding order).
    public var outputFormatting: OutputFormatting {
        get { configuration.withLock { $0.outputFormatting } }
        set { configuration.withLock { $0.outputFormatting = newValue } }
    }

    /// How coding keys become JSON keys. Defaults to `.useDefaultKeys`.
    public var keyEncodingStrategy: KeyEncodingStrategy {
        get { configuration.withLock { $0.keyEncodingStrategy } }
        set { configuration.withLock { $0.keyEncodingStrategy = newValue } }
    }

    /// How `Date` values are written. Defaults to `.deferredToDate`.
    public var dateEncodingStrategy: DateEncodingStrategy {
        get { configuration.withLock { $0.dateEncodingStrategy } }
        set { configuration.withLock { $0.dateEncodingStrategy = newValue } }
    }

    /// How `Data` values are written. Defaults to `.base64`.
    public var dataEncodingStrategy: DataEncodingStrategy {
        get { configuration.withLock { $0.dataEncodingStrategy } }
        set { configuration.withLock { $0.dataEncodingStrategy = newValue } }
    }

    /// What infinities and NaN are written as. Defaults to `.throw`.
    public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
        get { configuration.withLock { $0.nonConformingFloatEncodingStrategy } }
        set { configuration.withLock { $0.nonConformingFloatEncodingStrategy = newValue } }
    }

    /// Contextual information handed to every `Encoder` (`encoder.userInfo`).
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { configuration.withLock { $0.userInfo } }
        set { configuration.withLock { $0.userInfo = newValue } }
    }

    /// Whether values whose type has a generated path (``TapeJSONEncodable``) are written by it. Always
    /// true outside tests: the differential tests turn it off to compare the generated path with the
    /// Codable path of the same type under the same settings.
    @_spi(GeneratedPathTesting)
    public var takesGeneratedPaths: Bool {
        get { configuration.withLock { $0.takesGeneratedPaths } }
        set { configuration.withLock { $0.takesGeneratedPaths = newValue } }
    }

    /// Key conventions symmetric with `TapeJSONDecoder.keyOptions`, so that a value encoded and decoded
    /// with the same options comes back equal. Nil by default (keys are written as they are).
    ///
    /// Keys of a type's `CodingKeys` (never a dictionary's keys) that name a convention are written by
    /// it: `"datos.nombre"` as `{"datos":{"nombre":…}}` (keys sharing a first step share one object),
    /// the flat key `""` as the property's own members in the enclosing object, `"* items"` as
    /// `items`, `"[]a.b"` as the array at the path `a.b`. Path steps go through the key strategy
    /// (`.custom` excepted). A flat property's members and the object's own keys share one namespace:
    /// the one written last wins.
    ///
    /// Cost: such a call is written twice (compact with marked keys, then laid out and written with
    /// the formatting), and its numbers pass through a parsed document (Int64, UInt64 or Double: a
    /// `Decimal` beyond 17 significant digits is rounded). Calls without key options pay nothing.
    public var keyOptions: KeyOptions? {
        get { configuration.withLock { $0.keyOptions } }
        set { configuration.withLock { $0.keyOptions = newValue } }
    }

    // MARK: - Encoding

    /// The JSON text of `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a non-finite `Float` or `Double` under the `.throw`
    ///   strategy (with the coding path to it), for a top-level value that encodes nothing, and for
    ///   containers nested more than 511 deep; any error the value's `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try withCore(value) { bytes in Data(bytes) }
    }

    /// Appends the JSON text of `value` to `buffer`. Reusing one buffer (`removeAll(keepingCapacity:
    /// true)` between records) writes a stream of records with no allocation for their output. On
    /// error, `buffer` is left as it was.
    ///
    /// - Throws: what ``encode(_:)`` throws.
    public func encode<T: Encodable>(_ value: T, into buffer: inout [UInt8]) throws {
        try withCore(value) { bytes in buffer.append(contentsOf: bytes) }
    }

    /// The JSON text of a value that encodes with a configuration (`EncodableWithConfiguration`), as
    /// Foundation's `JSONEncoder.encode(_:configuration:)` writes it: the value's
    /// `encode(to:configuration:)` is called with `configuration` for the top-level value.
    ///
    /// - Throws: what ``encode(_:)`` throws.
    public func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> Data {
        try encode(ConfiguredRoot(value: value, configuration: configuration))
    }

    /// The JSON text of a value that encodes with a configuration, the configuration taken from an
    /// `EncodingConfigurationProviding` type (Foundation's `JSONEncoder.encode(_:configuration:)`
    /// with a type).
    ///
    /// - Throws: what ``encode(_:)`` throws.
    public func encode<T, C>(_ value: T, configuration: C.Type) throws -> Data
    where T: EncodableWithConfiguration, C: EncodingConfigurationProviding,
          T.EncodingConfiguration == C.EncodingConfiguration {
        try encode(value, configuration: C.encodingConfiguration)
    }

    /// Appends the JSON text of a value that encodes with a configuration to `buffer` (see
    /// ``encode(_:into:)``). On error, `buffer` is left as it was.
    ///
    /// - Throws: what ``encode(_:)`` throws.
    public func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration,
                                                      into buffer: inout [UInt8]) throws {
        try encode(ConfiguredRoot(value: value, configuration: configuration), into: &buffer)
    }

    /// Appends the JSON text of a value that encodes with a configuration, the configuration taken
    /// from an `EncodingConfigurationProviding` type, to `buffer`. On error, `buffer` is left as it was.
    ///
    /// - Throws: what ``encode(_:)`` throws.
    public func encode<T, C>(_ value: T, configuration: C.Type, into buffer: inout [UInt8]) throws
    where T: EncodableWithConfiguration, C: EncodingConfigurationProviding,
          T.EncodingConfiguration == C.EncodingConfiguration {
        try encode(value, configuration: C.encodingConfiguration, into: &buffer)
    }

    /// Appends `value` as one line's text: the settings without `.prettyPrinted` (JSON Lines).
    func encodeCompact<T: Encodable>(_ value: T, into buffer: inout [UInt8]) throws {
        try withCore(value, compact: true) { bytes in buffer.append(contentsOf: bytes) }
    }

    /// Encodes `value` and hands its text to `result`. `markingOnly`: the first pass of a call with key
    /// options (convention keys marked, no layout).
    private func withCore<T: Encodable, R>(_ value: T, compact: Bool = false, markingOnly: Bool = false,
                                           _ result: (UnsafeBufferPointer<UInt8>) -> R) throws -> R {
        var settings = configuration.withLock { $0 }
        if compact { settings.outputFormatting.remove(.prettyPrinted) }
        if !markingOnly, let keyOptions = settings.keyOptions {
            return try encodeLaidOut(value, settings: settings, options: keyOptions, result)
        }
        return try withParkedCore { core in
            try encode(value, on: core, settings: settings, markingOnly: markingOnly, result)
        }
    }

    /// Appends each of `values` as one line (compact, `\n` after each) to `buffer`, with one snapshot of
    /// the settings and one encoding core for the whole run (`JSONLinesWriter.write(contentsOf:jobs:)`:
    /// the threads then share no lock per value). Stops at the first value that fails and returns its
    /// error; the lines before it stay in `buffer`.
    func encodeLines<Values: Collection>(_ values: Values, into buffer: inout [UInt8]) -> (any Error)?
    where Values.Element: Encodable {
        var settings = configuration.withLock { $0 }
        settings.outputFormatting.remove(.prettyPrinted)
        do {
            if settings.keyOptions != nil {
                for value in values {
                    try encodeCompact(value, into: &buffer)
                    buffer.append(0x0A)
                }
                return nil
            }
            try withParkedCore { core in
                for value in values {
                    try encode(value, on: core, settings: settings, markingOnly: false) { bytes in
                        buffer.append(contentsOf: bytes)
                        buffer.append(0x0A)
                    }
                }
            }
            return nil
        } catch {
            return error
        }
    }

    /// Runs `body` with an encoding core of this encoder's shelf (or a new one), parked again after.
    private func withParkedCore<R>(_ body: (EncodingCore) throws -> R) rethrows -> R {
        let core = shelf.take()?.core ?? EncodingCore()
        defer {
            if !shelf.give(Parked(core: core)) { core.dismantle() }
        }
        return try body(core)
    }

    /// One value on `core`: its text to `result` (Foundation's when the value's containers are used out
    /// of order).
    private func encode<T: Encodable, R>(_ value: T, on core: EncodingCore, settings: Configuration, markingOnly: Bool,
                                         _ result: (UnsafeBufferPointer<UInt8>) -> R) throws -> R {
        core.begin(settings)
        defer { core.end() }
        // The generated path when the type has one and the settings allow it (`GeneratedEncoding.swift`).
        if !markingOnly && settings.takesGeneratedPaths && core.generatedPathAllowed, let generated = core.generatedType(of: T.self) {
            try core.encodeRootGenerated(generated, value)
        } else {
            try core.encodeTop(value)
        }
        if let error = core.pendingError { throw error }
        if core.fallback {
            if markingOnly {
                // Foundation's encoder cannot mark the convention keys, and its text laid out unmarked
                // would put path keys flat (`"a.b"`), which decoding with the same options does not read.
                throw EncodingError.invalidValue(value, .init(
                    codingPath: [],
                    debugDescription: "keyOptions cannot lay out a value whose encode(to:) goes back to a container after a later one was written; encode it without keyOptions"))
            }
            let data = try FoundationFallback.encode(value, settings)
            return data.withUnsafeBytes { result($0.unsafeUInt8s) }
        }
        return core.out.withUnsafeReadableBytes { result($0) }
    }

    /// A call with key options (see ``keyOptions``): written compact with convention keys marked, laid
    /// out, then written again with the formatting.
    private func encodeLaidOut<T: Encodable, R>(_ value: T, settings: Configuration, options: KeyOptions,
                                                _ result: (UnsafeBufferPointer<UInt8>) -> R) throws -> R {
        var first = settings
        first.outputFormatting = []
        let marked = TapeJSONEncoder()
        marked.configuration.withLock { $0 = first }
        let text = try marked.withCore(value, markingOnly: true) { Array($0) }
        let document = try JSONParser().parse(text)
        let conventions = KeyConventions(options)
        let convert: (String) -> String
        switch settings.keyEncodingStrategy {
        case .convertToSnakeCase: convert = { KeyWordSplitter.joinedWords($0, separator: "_") }
        case .convertToKebabCase: convert = { KeyWordSplitter.joinedWords($0, separator: "-") }
        case .convertToUpperCamelCase: convert = { KeyWordSplitter.upperCamel($0) }
        case .useDefaultKeys, .custom: convert = { $0 }
        }
        let tree = KeyOptionsNode.laidOut(document.root, conventions, convert: convert)
        var second = settings
        second.keyOptions = nil
        second.keyEncodingStrategy = .useDefaultKeys
        let writer = TapeJSONEncoder()
        writer.configuration.withLock { $0 = second }
        var output: [UInt8] = []
        try writer.encode(tree, into: &output)
        return output.withUnsafeBufferPointer { result($0) }
    }
}

/// A top-level value with the configuration it encodes with, as a plain `Encodable` for every path of
/// a call (key options, and Foundation's encoder when a call falls back, which then writes what its
/// `encode(_:configuration:)` would). Errors about the root name the value, not this wrapper.
struct ConfiguredRoot<T: EncodableWithConfiguration>: Encodable, StandInRoot {
    let value: T
    let configuration: T.EncodingConfiguration

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder, configuration: configuration)
    }

    var standsFor: (value: Any, type: Any.Type) { (value, T.self) }
}
