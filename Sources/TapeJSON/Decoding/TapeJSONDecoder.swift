// The decoder: how one decode call turns JSON bytes into a `Decodable` value.
//
// Walk through `decoder.decode(User.self, from: data)` with `{"id":7,"tags":["a"]}`:
//
//   1. `withWorkspace` takes one of the decoder's idle `DecodingWorkspace`s (or makes one from the
//      current settings): the strategies, snapshotted, and the caches earlier calls filled.
//   2. `decodeDocument` recognises the encoding (UTF-8 is used in place; UTF-16/32 are transcoded) and
//      parses the bytes with the decoder's `JSONParser` into a `DocumentStorage`: the tape (see
//      `Tape.swift`) in buffers borrowed from the parser's pool. The whole document is validated here.
//   3. `DecodingSession.decodeRoot` makes the call's session, the `Decoder`: a cursor at tape index 1
//      (the `{`), with path frames and key cursors taken from the workspace (`SessionBuffers`).
//   4. `decodeCurrent` asks the workspace how `User` decodes (`TypeKindCache`: plain, an array, a
//      scalar read straight from the tape, a Foundation type) and calls `User.init(from: session)`.
//   5. `container(keyedBy:)` returns a `KeyedContainer` (session, start and end words, depth, the key
//      type's `KeyMemo` table) wrapped in a new `KeyedDecodingContainer`, made by the workspace's
//      `KeyedContainerMaker` for the key type (which saves the per-container type lookups).
//      `decode(Int.self, forKey: .id)` gets the key's UTF-8 from the memo and `findMember` compares it
//      with the tape's keys from where the previous lookup in this object stopped (`KeyCursor`); the
//      value word `l 7` is read.
//   6. `decode([String].self, forKey: .tags)` pushes a path frame, moves the cursor to the `[` and reads
//      the strings through `ArrayDecoding`, without an `init(from:)` per element; the frame is popped.
//   7. The value is returned. The session ends (its buffers go back to the workspace), the document's
//      buffers go back to the parser, and the workspace goes back to the decoder. When the value keeps
//      a container or decoder, its session is first moved onto a copy of the tape (as Foundation copies
//      its input once when a decoder escapes) and keeps the workspace: both are freed with the value,
//      and the decoder's next call uses another workspace.
//
// What lives how long:
//
//   per call      `DecodingSession` (and one per `superDecoder`), its containers, the document
//                 (`DocumentStorage`) and, for the rare number the tape cannot hold, `SourceText`;
//                 all freed when the call returns, unless the value keeps a container (step 7)
//   per decoder   up to `IdleWorkspaces.capacity` idle `DecodingWorkspace`s: settings snapshot,
//                 `KeyConversionCache`, `TypeKindCache`, `KeyMemo`, `ErrorMemo`, `SessionBuffers`,
//                 `KeyedContainerMakers`; dropped when a setting changes (a JSON Lines worker
//                 keeps its own for its lines)
//   per process   nothing of the decoder's: only the parser's pool of simdjson buffers
//                 (`JSONParser.shared`) and the runtime's type metadata
//
// Errors are built only on failure: `DecodingError`s with Foundation's cases and coding paths, the
// path rebuilt from the frames (`CodingPath.swift`), messages and keys kept in `ErrorMemo` for models
// that try one type after another.

import Foundation
import Synchronization

/// A drop-in replacement for Foundation's `JSONDecoder` that decodes `Decodable` values straight from
/// simdjson's tape.
///
/// Code written for `JSONDecoder` works after renaming the type: the strategies, `userInfo` and the
/// errors are the same (`DecodingError` with the same case and `codingPath` as Foundation's decoder on
/// Linux). The document is parsed once by simdjson; containers then read the tape directly: there is no
/// intermediate tree or dictionary, a keyed lookup compares the key's UTF-8 with the bytes in the string
/// buffer, starting where the previous key was found, and unused values are skipped in O(1).
///
/// ```swift
/// struct User: Decodable {
///     let id: Int
///     let name: String
///     let joined: Date
/// }
///
/// let decoder = TapeJSONDecoder()
/// decoder.dateDecodingStrategy = .iso8601
/// let json = #"{"id": 7, "name": "Ada", "joined": "2024-05-01T09:30:00Z"}"#
/// let user = try decoder.decode(User.self, from: Data(json.utf8))
/// ```
///
/// A decoder is `Sendable`: one instance may decode on many threads at once. Each call takes a snapshot
/// of the strategies when it starts; a strategy set while other calls run applies from the next call.
///
/// ## Performance
/// - The whole document is parsed by simdjson first; decoding then costs what the type reads.
///   Unused members are skipped in O(1), so decoding a few fields of a large document costs little
///   more than parsing it.
/// - A key lookup starts at the key the previous lookup in the same object found, so keys read in
///   document order cost one comparison each. An absent key costs one scan of the object; after that
///   the object's key lengths are known and most other absent keys return at once (under
///   `.convertFromSnakeCase` and `.convertFromAnyCase`, what the scan learnt of the keys' spellings).
/// - A keyed container costs one small allocation, like Foundation's; it holds its decoder, so a
///   container kept after `init(from:)` keeps working and frees its document when it is released.
/// - Arrays of `String`, `Double`, `Int`, `Int64`, `Int32`, `UInt8`, `UInt64`, `Float` and `Bool`,
///   and those scalars anywhere, are read without going through their `init(from:)`.
/// - `.convertFromSnakeCase` and `.convertFromAnyCase` convert each distinct key once; the
///   conversions are kept across calls, so they cost a memo lookup per key read.
/// - A decoder keeps what its calls learn (key conversions, how each type decodes, error messages a
///   model builds and throws away when it tries one type and then another) and its calls' buffers for
///   its next calls: up to eight workspaces, about one per thread decoding at once. Setting a strategy
///   starts afresh. So keep one decoder for a loop of small documents (a JSON Lines `forEach` calling
///   `line.decode(_:using:)`) rather than making one per call.
/// - Dates are parsed only when a `Date` is decoded.
///
/// ## Beyond Foundation
/// - `KeyDecodingStrategy.convertFromAnyCase` matches snake_case, dash-case, UpperCamelCase and
///   lowerCamelCase keys to lowerCamelCase properties.
/// - `DateDecodingStrategy.flexible` accepts the common date formats and epoch numbers.
/// - `keyOptions` reads nested key paths, flattened properties, arrays that drop their failing
///   elements and values collected across arrays, from the raw values of plain `CodingKeys`.
///
/// ## Deliberate differences from Foundation's JSONDecoder on Linux
/// The README lists these in one line each and the Decoding article in full, with the same numbers
/// (`DeliberateDifferencesTests` shows each one; keep the four in step):
/// 1. **Trailing commas are rejected** (`[1,2,]`, `{"a":1,}`, and after members read under
///    `assumesTopLevelDictionary`), as RFC 8259 requires; Foundation accepts them.
/// 2. **A number that does not fit its type** (`300` or `1.5` for an `Int8`, `1e39` for a `Float`,
///    `1e400` for a `Double`, `1e-400`, `2^63` for an `Int`) is `.dataCorrupted` at the value's
///    `codingPath`, "Parsed JSON number <300> does not fit in Int8.", as Foundation 5.10 did, where
///    Foundation now reports "The given data was not valid JSON." at the root (swift-foundation
///    issue 1604).
/// 3. **Invalid JSON carries its position**: it is `.dataCorrupted` with an empty `codingPath`, as in
///    Foundation, and its `underlyingError` is a ``JSONError`` with the byte offset, line, column and an
///    excerpt (Foundation on Linux gives no underlying error). Its `debugDescription` is Foundation's
///    "The given data was not valid JSON" without the final period, so that `print(error)` reads
///    "…not valid JSON. Underlying error: line 1, column 2 …" rather than "JSON.. Underlying". **The whole document is validated
///    first**: Foundation checks strings and numbers only when they are decoded; TapeJSON rejects a
///    document with a bad string or number even when that value is never decoded. (Numbers of any size
///    are valid: integers beyond 64 bits decode into `Int128`, `UInt128`, `Decimal` and, rounded,
///    `Double`; `1e400` is an error only when decoded, see 2.)
/// 4. **A deeper nesting limit**: 1024 levels (simdjson's default, `JSONParser(maxDepth:)`), where
///    Foundation stops at 512.
/// 5. **Integers written with a fraction or exponent from 2^53 up are read exactly from their digits**
///    (`18446744073709551615.0` is `UInt64.max`, `3.4028235e38` a `UInt128`), where Foundation converts
///    them through `Double` first and throws once the rounded value leaves the type's range. Below 2^53
///    the results are Foundation's (a `Decimal` is built from the number's text as Foundation does, and
///    `-0` decodes as `-0.0`).
/// 6. **A `Float` is rounded from the number's `Double`**, which can differ in the last bit from
///    Foundation's direct conversion for rare inputs.
/// 7. **Duplicate keys.** Foundation keeps the first occurrence. TapeJSON looks each key up starting
///    from the key found by the previous lookup, which returns the first occurrence when keys are read
///    in document order or read again; when a key occurs both before and after the previously read
///    key, the later one is used. Under a key conversion, keys that convert alike (`user_id` and
///    `userId` in one object) count as occurrences of one key. Which occurrence is read depends on the
///    document and the lookups made in it alone, never on documents the decoder read before.
///    Keys equal as Swift `String`s but not byte for byte (`"e\u{301}"` and `"é"`) match, as in
///    Foundation; when an object has several such spellings of a key, the one spelled byte for byte
///    like the `CodingKey` is used (Foundation uses the first). An ASCII key matches only itself: the
///    few characters Unicode maps to one ASCII character (KELVIN SIGN U+212A for `K`) are not looked
///    for, so that a missing key costs no String comparison.
/// 8. **`allKeys`** lists keys in document order (Foundation's order is unspecified). A container
///    obtained with `nestedContainer` and used after its parent decoded other nested values rebuilds
///    its `codingPath` from the document: the keys have the same `stringValue` and `intValue`, but are
///    TapeJSON's own `CodingKey` type.
/// 9. **JSON5 hex integers are read as their decimal value** under `allowsJSON5`: rounded into a
///    `Double` (`0x7FFFFFFFFFFFFFFF`) and exact into a `Decimal` beyond 64 bits, where Foundation throws.
/// 10. **Invalid UTF-8 in a JSON5 unquoted key throws** `.dataCorrupted` with a ``JSONError`` at the key,
///    where Foundation's JSON5 scanner stops the process.
public final class TapeJSONDecoder: Sendable {
    /// The settings a decode call reads, copied once per call.
    struct Configuration {
        var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
        var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate
        var dataDecodingStrategy: DataDecodingStrategy = .base64
        var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        var keyOptions: KeyOptions? = nil
        var allowsJSON5 = false
        var takesGeneratedPaths = true
    }

    let configuration = Mutex(Configuration())
    /// Workspaces of finished calls, for the next ones (see `DecodingWorkspace`).
    let idleWorkspaces = Mutex(IdleWorkspaces())

    /// The parser whose pooled simdjson buffers this decoder parses into.
    public let parser: JSONParser

    /// Creates a decoder with Foundation's default strategies.
    ///
    /// - Parameter parser: the parser to parse with; the shared parser by default, so that decoders
    ///   created per request still reuse simdjson's buffers.
    public init(parser: JSONParser = .shared) {
        self.parser = parser
    }

    /// How JSON keys are matched to `CodingKey`s. Defaults to `.useDefaultKeys`.
    public var keyDecodingStrategy: KeyDecodingStrategy {
        get { configuration.withLock { $0.keyDecodingStrategy } }
        set { updateConfiguration { $0.keyDecodingStrategy = newValue } }
    }

    /// How `Date` values are decoded. Defaults to `.deferredToDate`.
    public var dateDecodingStrategy: DateDecodingStrategy {
        get { configuration.withLock { $0.dateDecodingStrategy } }
        set { updateConfiguration { $0.dateDecodingStrategy = newValue } }
    }

    /// How `Data` values are decoded. Defaults to `.base64`.
    public var dataDecodingStrategy: DataDecodingStrategy {
        get { configuration.withLock { $0.dataDecodingStrategy } }
        set { updateConfiguration { $0.dataDecodingStrategy = newValue } }
    }

    /// How strings standing for infinity and NaN are decoded. Defaults to `.throw`.
    public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
        get { configuration.withLock { $0.nonConformingFloatDecodingStrategy } }
        set { updateConfiguration { $0.nonConformingFloatDecodingStrategy = newValue } }
    }

    /// Contextual information handed to every `Decoder` (`decoder.userInfo`).
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { configuration.withLock { $0.userInfo } }
        set { updateConfiguration { $0.userInfo = newValue } }
    }

    /// Whether types with a generated path (``TapeJSONDecodable``) are decoded by it. Always true
    /// outside tests: the differential tests turn it off to compare the generated path with the
    /// Codable path of the same type under the same settings.
    @_spi(GeneratedPathTesting)
    public var takesGeneratedPaths: Bool {
        get { configuration.withLock { $0.takesGeneratedPaths } }
        set { updateConfiguration { $0.takesGeneratedPaths = newValue } }
    }

    /// Whether documents may use JSON5's syntax (comments, trailing commas, unquoted keys,
    /// single-quoted strings, hex numbers, `+1`, `.5`, `5.`, `Infinity`, `NaN`), as Foundation's
    /// `allowsJSON5` reads them. Defaults to `false`. JSON5 is translated into JSON before parsing: a
    /// slower path than plain JSON.
    public var allowsJSON5: Bool {
        get { configuration.withLock { $0.allowsJSON5 } }
        set { updateConfiguration { $0.allowsJSON5 = newValue } }
    }

    /// Whether a document that does not start with `{` is read as the members of an object (`"x": 42`
    /// decodes as `{"x": 42}`; empty input as `{}`). Defaults to `false`. As in Foundation, the setting
    /// lives in `userInfo`, so assigning `userInfo` afterwards resets it.
    public var assumesTopLevelDictionary: Bool {
        get { configuration.withLock { $0.userInfo[Self.assumesTopLevelDictionaryKey] as? Bool ?? false } }
        set { updateConfiguration { $0.userInfo[Self.assumesTopLevelDictionaryKey] = newValue } }
    }

    /// The `userInfo` key under which Foundation's `JSONDecoder` keeps `assumesTopLevelDictionary`.
    static let assumesTopLevelDictionaryKey = CodingUserInfoKey(rawValue: "_NSAssumesTopLevelDictionaryJSON5")!

    /// Key-path conventions for the raw values of `CodingKeys`, or nil (the default) for Foundation's
    /// behaviour, where a key is only ever a literal JSON key. See ``KeyOptions``.
    public var keyOptions: KeyOptions? {
        get { configuration.withLock { $0.keyOptions } }
        set { updateConfiguration { $0.keyOptions = newValue } }
    }

    // MARK: - Decoding

    /// Decodes a value of type `T` from JSON bytes (UTF-8, or UTF-16/UTF-32 recognised as Foundation
    /// does).
    ///
    /// - Throws: `DecodingError.dataCorrupted` with a ``JSONError`` as `underlyingError` when the data is
    ///   not valid JSON; any `DecodingError` the value's `init(from:)` throws.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { raw in
            try decode(type, fromBytes: raw, padded: false)
        }
    }

    /// Decodes a value of type `T` from JSON bytes, parsed in place when the array's spare capacity
    /// covers simdjson's padding.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let padded = bytes.capacity - bytes.count >= SIMDImplementation.padding
        return try bytes.withUnsafeBytes { raw in
            try decode(type, fromBytes: raw, padded: padded && raw.baseAddress != nil)
        }
    }

    /// Decodes a value of type `T` from the UTF-8 of a string.
    public func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        var text = text
        return try text.withUTF8 { utf8 in
            try decode(type, fromBytes: UnsafeRawBufferPointer(utf8), padded: false)
        }
    }

    /// Decodes a value of type `T` from any contiguous bytes.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: some ContiguousBytes) throws -> T {
        try bytes.withUnsafeBytes { raw in
            try decode(type, fromBytes: raw, padded: false)
        }
    }

    /// Decodes a value of type `T` from a raw buffer, which is only read during the call.
    public func decode<T: Decodable>(_ type: T.Type, from buffer: UnsafeRawBufferPointer) throws -> T {
        try decode(type, fromBytes: buffer, padded: false)
    }

    /// Decodes a value of type `T` from a file, read once into a padded buffer that simdjson parses in place
    /// (a gzip or zstd file, recognised by its first bytes, is decompressed into it).
    ///
    /// - Throws: ``JSONInputError`` when the file cannot be opened or read; otherwise as
    ///   `decode(_:from:)` with `Data`.
    public func decode<T: Decodable>(_ type: T.Type, contentsOf url: URL) throws -> T {
        let file = try PaddedFile(path: url.path)
        return try withExtendedLifetime(file) {
            try decode(type, fromBytes: file.unsafeBytes, padded: true)
        }
    }

    /// Decodes a value of a type that decodes with a configuration (`DecodableWithConfiguration`), as
    /// Foundation's `JSONDecoder.decode(_:from:configuration:)` does.
    public func decode<T: DecodableWithConfiguration>(_ type: T.Type, from data: Data,
                                                      configuration: T.DecodingConfiguration) throws -> T {
        try data.withUnsafeBytes { raw in
            try withWorkspace { workspace in
                try decodeDocument(fromBytes: raw, padded: false, workspace: workspace) { storage, source in
                    try DecodingSession.decodeRoot(type, configuration: configuration, storage: storage, source: source,
                                                   workspace: workspace)
                }
            }
        }
    }

    /// Decodes a value of a type that decodes with a configuration, taking the configuration from a
    /// `DecodingConfigurationProviding` type.
    public func decode<T, C>(_ type: T.Type, from data: Data, configuration: C.Type) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding,
          T.DecodingConfiguration == C.DecodingConfiguration {
        try decode(type, from: data, configuration: C.decodingConfiguration)
    }

    /// Parses `bytes` and decodes the root value.
    func decode<T: Decodable>(_ type: T.Type, fromBytes bytes: UnsafeRawBufferPointer, padded: Bool) throws -> T {
        try withWorkspace { workspace in
            try decodeDocument(fromBytes: bytes, padded: padded, workspace: workspace) { storage, source in
                try DecodingSession.decodeRoot(type, storage: storage, source: source, workspace: workspace)
            }
        }
    }

    /// Runs `body` with a workspace of this decoder's current settings: an idle one when there is one,
    /// else a new one. It becomes idle again when `body` returns or throws, unless something from the
    /// call (a kept container or decoder) still holds it.
    ///
    /// The generation is read before the settings, so a workspace can only be kept under a generation
    /// whose settings it was made from (a setter writes the settings, then retires).
    ///
    /// Inlined (as is `DecodingSession.decodeRoot`), so that the call's closures are not separate
    /// partial applications (about 1% on the per-call LogLine row).
    @inline(__always)
    func withWorkspace<R>(_ body: (DecodingWorkspace) throws -> R) rethrows -> R {
        var taken: DecodingWorkspace?
        let generation: UInt64
        (taken, generation) = idleWorkspaces.withLock { idle in (idle.take(), idle.generation) }
        // Moved out of `taken`, so that the uniqueness check below sees only this reference.
        var workspace = taken.take() ?? DecodingWorkspace(configuration.withLock { $0 })
        defer {
            if isKnownUniquelyReferenced(&workspace) {
                let done = workspace
                idleWorkspaces.withLock { idle in idle.give(done, madeUnder: generation) }
            }
        }
        return try body(workspace)
    }

    /// Changes the settings; the workspaces made from the old ones are retired.
    func updateConfiguration(_ change: (inout Configuration) -> Void) {
        configuration.withLock { change(&$0) }
        idleWorkspaces.withLock { $0.retire() }
    }

    /// The `debugDescription` of the `.dataCorrupted` error for invalid JSON: Foundation's words without
    /// its final period, because the standard library prints a `DecodingError` as "Debug description:
    /// TEXT. Underlying error: …" and Foundation's text gave "valid JSON.. Underlying error" (issue 26).
    /// The underlying `JSONError` says where.
    static let invalidJSONDescription = "The given data was not valid JSON"

    /// Recognises the encoding of `bytes`, parses them and runs `root` on the document and its UTF-8 text.
    @inline(__always)
    private func decodeDocument<T>(fromBytes bytes: UnsafeRawBufferPointer, padded: Bool, workspace: DecodingWorkspace,
                                   _ root: (DocumentStorage, UnsafeRawBufferPointer) throws -> T) throws -> T {
        switch InputEncoding.detect(bytes) {
        case .utf8(let bomLength):
            let body = UnsafeRawBufferPointer(rebasing: bytes[bomLength...])
            if workspace.allowsJSON5 { return try decodeJSON5(body, workspace: workspace, root) }
            if workspace.assumesTopLevelDictionary, !Self.startsWithBrace(body) {
                return try decodeWithoutBraces(body, root)
            }
            let storage = try parse(body, padded: padded)
            return try root(storage, body)
        case .transcode(let encoding, let bomLength):
            guard var text = String(bytes: bytes[bomLength...], encoding: encoding) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: [],
                    debugDescription: Self.invalidJSONDescription,
                    underlyingError: JSONError(kind: .invalidUTF8, offset: 0, in: bytes)))
            }
            return try text.withUTF8 { utf8 in
                let body = UnsafeRawBufferPointer(utf8)
                if workspace.allowsJSON5 { return try decodeJSON5(body, workspace: workspace, root) }
                if workspace.assumesTopLevelDictionary, !Self.startsWithBrace(body) {
                    return try decodeWithoutBraces(body, root)
                }
                let storage = try parse(body, padded: false)
                return try root(storage, body)
            }
        }
    }

    /// `allowsJSON5`: the body translated into JSON (see `JSON5Translation`), parsed, and its `Infinity`
    /// and `NaN` placeholders given their texts; errors are placed in the body.
    private func decodeJSON5<T>(_ body: UnsafeRawBufferPointer, workspace: DecodingWorkspace,
                                _ root: (DocumentStorage, UnsafeRawBufferPointer) throws -> T) throws -> T {
        func invalid(_ error: JSONError) -> DecodingError {
            .dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: Self.invalidJSONDescription,
                                                 underlyingError: error))
        }
        let translation: JSON5Translation
        do {
            translation = try JSON5Translation(body, withoutBraces: workspace.assumesTopLevelDictionary)
        } catch {
            throw invalid(error)
        }
        return try translation.output.withUnsafeBytes { text in
            switch Result(catching: { () throws(JSONError) in try parser.parse(text, padded: true) }) {
            case .success(let document):
                if !translation.specials.isEmpty {
                    let offsets = translation.specials.map(\.offset)
                    guard let indexes = NumberLocator.tapeIndexes(ofNumbersAt: offsets,
                                                                  in: text.unsafeUInt8s) else {
                        throw invalid(JSONError(kind: .invalidLiteral, offset: 0, in: body))
                    }
                    document.storage.addNumbers(zip(indexes, translation.specials).map { ($0, $1.text) })
                }
                return try root(document.storage, text)
            case .failure(let error):
                throw invalid(JSONError(kind: error.kind, offset: translation.inputOffset(of: error.offset), in: body))
            }
        }
    }

    /// Whether the first byte after leading whitespace is `{`.
    private static func startsWithBrace(_ body: UnsafeRawBufferPointer) -> Bool {
        for byte in body where byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 {
            return byte == UInt8(ascii: "{")
        }
        return false
    }

    /// `assumesTopLevelDictionary` for a body that does not start with `{`: its members are parsed as an
    /// object's (the body between added braces; an error's offset is moved back onto the body).
    private func decodeWithoutBraces<T>(_ body: UnsafeRawBufferPointer,
                                        _ root: (DocumentStorage, UnsafeRawBufferPointer) throws -> T) throws -> T {
        var wrapped = [UInt8]()
        wrapped.reserveCapacity(body.count + 2 + Simd.padding)
        wrapped.append(UInt8(ascii: "{"))
        wrapped.append(contentsOf: body)
        wrapped.append(UInt8(ascii: "}"))
        return try wrapped.withUnsafeBytes { text in
            switch Result(catching: { () throws(JSONError) in try parser.parse(text, padded: true) }) {
            case .success(let document):
                return try root(document.storage, text)
            case .failure(let error):
                let offset = min(max(error.offset - 1, 0), body.count)
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: [],
                    debugDescription: Self.invalidJSONDescription,
                    underlyingError: JSONError(kind: error.kind, offset: offset, in: body)))
            }
        }
    }

    private func parse(_ bytes: UnsafeRawBufferPointer, padded: Bool) throws -> DocumentStorage {
        do {
            if padded { return try parser.parseStorage(bytes, padded: true) }
            return try parser.parseStorage(unpadded: bytes)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [],
                debugDescription: Self.invalidJSONDescription,
                underlyingError: error))
        }
    }
}
