@_exported import TapeJSON

/// Generates `TapeJSONDecodable` and `TapeJSONEncodable` conformances for a struct or an enum:
/// `init(tapeJSON:)` and `encode(tapeJSON:)`, which decode and encode exactly what the type's
/// synthesized `init(from:)` and `encode(to:)` do, without a `Decoder`, container boxes or key strings.
///
/// The type keeps its `Codable` conformance (declare it, or let the generated conformances imply it:
/// the compiler then synthesizes it); `TapeJSONDecoder` and `TapeJSONEncoder` take the generated
/// path wherever the type appears, with the results, bytes and errors of `Codable` (the generated
/// code reads, writes and fails as the synthesized code does, at the same points).
///
/// ## What it generates
/// - A struct: one member per stored instance property, keyed by `CodingKeys`. With a declared
///   `CodingKeys`, only the properties it lists, under its raw values, in its order (the order in which
///   synthesized Codable encodes and decodes); without one, every stored property under its own name,
///   in declaration order. `let x = value` (a `let` with an initial value) is encoded but not decoded;
///   optional properties (`T?`, `Optional<T>`, `T!`) are decoded with `decodeIfPresent` and left out
///   when nil, as synthesized Codable does. Static and computed properties are skipped; properties
///   with `willSet`/`didSet` are stored, and coded.
/// - An enum whose raw type is one the standard library codes as the raw value (`enum E: String`;
///   `Int`, ..., `UInt128`, `Double`, `Float`): the raw value, as a single value.
/// - Any other enum (a `Character`, `Float16` or `CGFloat` raw type included): Swift's format, an
///   object with one member named after the case, whose value is an object of the associated values,
///   keyed by their labels and `_0`, `_1`, ... for unlabeled ones (`{"move":{"_0":1,"to":"b"}}`,
///   `{"stop":{}}`). A declared `CodingKeys` renames the cases.
///
/// - `CodingKeys`, when the body declares none: the one synthesized Codable would make (`private`,
///   `String` raw values, a case per stored property or per enum case, as written), added to the
///   type's body, so that the keys of the generated code are the keys of `Codable` wherever
///   `CodingKeys` might otherwise come from: a `CodingKeys` declared in an extension, which the
///   macro cannot see, is now an invalid redeclaration instead of a silent difference. Declare
///   `CodingKeys` in the body to rename keys. Not added to a raw-value enum, or when the macro reports
///   an error.
///
/// The generated members are `public`; the extensions name the type as the compiler passes it (a
/// nested type's full name, a generic type without its arguments or a `where` clause).
///
/// ## Requirements, reported as errors
/// - The type is a struct or an enum: not a class, an actor or a protocol.
/// - No hand-written `init(from:)` or `encode(to:)`, in any clause of an `#if` block either: the
///   generated code would bypass it. Use `@TapeJSONEncodable` (or `@TapeJSONDecodable`) to keep the
///   other direction on your code.
/// - Stored properties without property wrappers, not `lazy`, not bound by tuple patterns, not in
///   `#if` blocks; enum cases not in `#if` blocks. The macro knows attributes by name only: any
///   attribute on a stored property but Swift's own (`@available`, `@preconcurrency`,
///   `@usableFromInline`, `@_spi`, `@exclusivity`, `@objc`, ...) and `@MainActor` is taken for a
///   property wrapper (or a macro), whatever its case (`@clamped`), in an `#if` of the attributes too.
/// - A declared `CodingKeys` is an enum with `String` raw values given as plain string literals,
///   declared in the type's body, not inside `#if` (one in an extension is a redeclaration of the
///   added one), without `#if` among its members, that does not implement `stringValue` or `rawValue`
///   (its keys); an enum's does not implement `init(stringValue:)` or `init(rawValue:)` either (its
///   `init(from:)` finds the case through them; `intValue` and `init(intValue:)` are never called). An
///   enum lists all its cases in it, and declares no per-case `XCodingKeys` (in `#if` either).
/// - No `RawRepresentable` conformance declared by hand (Codable codes the raw value through the
///   standard library). An enum's raw type, first in its inheritance clause, is spelled as one of the
///   raw types the standard library codes as the raw value (`String`, `Int`, `Int8` to `Int128`,
///   `UInt` to `UInt128`, `Double`, `Float`, bare or `Swift.`-qualified) or as one known to be coded
///   by case (`Character`, `Substring`, `Float16`, `Float80`, `CGFloat`, `Foundation.CGFloat`): the
///   macro cannot tell how Codable codes another (a typealias, a custom literal type, another
///   module's type). An enum of cases without payloads names its raw type, or `Codable` (a protocol
///   the macro knows), first (a raw type spelled through a typealias cannot be told from a protocol).
/// - A generic type declares `Codable` (or the direction's protocol) itself, not conditionally in an
///   extension.
///
/// ## What the macro cannot see
/// Only the type's own declaration: an `init(from:)`, `encode(to:)` or `RawRepresentable`
/// conformance written in an extension, of the type or of a protocol it conforms to (or a `stringValue` or `init(stringValue:)` in an extension of
/// `CodingKeys`) changes what Codable does without the macro knowing, and the generated path would
/// then differ from it. Keep such a type on plain `Codable` (or the direction
/// it customizes on `@TapeJSONDecodable` / `@TapeJSONEncodable` with the customization in the body).
///
/// ## Example
/// ```swift
/// import TapeJSONMacros
///
/// @TapeJSONCodable
/// struct Event: Codable {
///     var id: Int
///     var name: String
///     var tags: [String]?
///     enum CodingKeys: String, CodingKey { case id, name = "event_name", tags }
/// }
///
/// @TapeJSONCodable
/// enum Command: Codable {
///     case move(Int, to: String)
///     case stop
/// }
///
/// let event = try TapeJSONDecoder().decode(Event.self, from: data)
/// ```
@attached(
    extension, conformances: TapeJSONDecodable, TapeJSONEncodable,
    names: named(init(tapeJSON:)), named(encode(tapeJSON:))
)
@attached(member, conformances: TapeJSONDecodable, TapeJSONEncodable, names: named(CodingKeys), arbitrary)
public macro TapeJSONCodable() = #externalMacro(module: "TapeJSONMacrosPlugin", type: "TapeJSONCodableMacro")

/// Generates the `TapeJSONDecodable` conformance alone: `init(tapeJSON:)`, which decodes exactly what
/// the type's synthesized `init(from:)` does. The `TapeJSONDecodable` half of ``TapeJSONCodable()``:
/// use it when `encode(to:)` is hand-written (the generated decoding leaves it alone), or when only
/// decoding is fast-pathed.
///
/// ## What it generates
/// As ``TapeJSONCodable()``: a struct's stored properties by `CodingKeys` (declared: its cases, raw
/// values and order; otherwise the properties' names in declaration order), skipping `let`
/// properties with an initial value as synthesized `Decodable` does, with `decodeIfPresent` semantics
/// for optionals; a raw-value enum from its raw value; any other enum from Swift's
/// `{"case":{"label":value,"_1":value}}` format. Whenever the input is not that shape, the decoder
/// decodes the value through `init(from:)` instead, so results and errors are those of `Decodable`.
/// Without a `CodingKeys` in the body, it adds the one synthesized Codable would make, as
/// ``TapeJSONCodable()`` does (a `CodingKeys` in an extension is then a redeclaration).
///
/// ## Requirements, reported as errors
/// A struct or an enum (not a class, actor or protocol); no hand-written `init(from:)` (in `#if` either);
/// stored properties without property wrappers (any attribute but Swift's own and `@MainActor`), not
/// `lazy`, not in tuple patterns or `#if` blocks; a declared `CodingKeys` in the body, not in `#if`,
/// with `String` raw values given as plain literals, no `#if` inside, not implementing `stringValue`
/// or `rawValue` (an enum's, nor `init(stringValue:)` or `init(rawValue:)`); no per-case `XCodingKeys`
/// in an enum; a raw type spelled as one the standard library codes as the raw value, or as one
/// known to be coded by case (see ``TapeJSONCodable()``).
///
/// ## Example
/// ```swift
/// @TapeJSONDecodable
/// struct Reading: Codable {
///     var sensor: String
///     var value: Double
///     let unit: String = "C"   // not decoded, as in synthesized Decodable
///
///     func encode(to encoder: any Encoder) throws { ... }   // hand-written: fine here
/// }
/// ```
@attached(extension, conformances: TapeJSONDecodable, names: named(init(tapeJSON:)))
@attached(member, conformances: TapeJSONDecodable, names: named(CodingKeys), arbitrary)
public macro TapeJSONDecodable() = #externalMacro(module: "TapeJSONMacrosPlugin", type: "TapeJSONDecodableMacro")

/// Generates the `TapeJSONEncodable` conformance alone: `encode(tapeJSON:)`, which writes exactly what
/// the type's synthesized `encode(to:)` writes. The `TapeJSONEncodable` half of ``TapeJSONCodable()``:
/// use it when `init(from:)` is hand-written (the generated encoding leaves it alone), or when only
/// encoding is fast-pathed.
///
/// ## What it generates
/// As ``TapeJSONCodable()``: a struct's stored properties (including `let` properties with an
/// initial value) by `CodingKeys`, in the declared keys' order or else the properties', nil optionals
/// left out; a raw-value enum's raw value; any other enum as `{"case":{"label":value,"_1":value}}`.
/// Without a `CodingKeys` in the body, it adds the one synthesized Codable would make, as
/// ``TapeJSONCodable()`` does (a `CodingKeys` in an extension is then a redeclaration).
///
/// ## Requirements, reported as errors
/// A struct or an enum (not a class, actor or protocol); no hand-written `encode(to:)` (in `#if` either);
/// stored properties without property wrappers (any attribute but Swift's own and `@MainActor`), not
/// `lazy`, not in tuple patterns or `#if` blocks; a declared `CodingKeys` in the body, not in `#if`,
/// with `String` raw values given as plain literals, no `#if` inside, not implementing `stringValue`
/// or `rawValue` (an enum's, nor `init(stringValue:)` or `init(rawValue:)`), and listing every case of
/// an enum; no per-case `XCodingKeys` in an enum; a raw type spelled as one the standard library codes
/// as the raw value, or as one known to be coded by case (see ``TapeJSONCodable()``).
///
/// ## Example
/// ```swift
/// @TapeJSONEncodable
/// struct Sample: Codable {
///     var at: Int
///     var values: [Double]
///
///     init(from decoder: any Decoder) throws { ... }   // hand-written: fine here
/// }
///
/// let data = try TapeJSONEncoder().encode(samples)
/// ```
@attached(extension, conformances: TapeJSONEncodable, names: named(encode(tapeJSON:)))
@attached(member, conformances: TapeJSONEncodable, names: named(CodingKeys), arbitrary)
public macro TapeJSONEncodable() = #externalMacro(module: "TapeJSONMacrosPlugin", type: "TapeJSONEncodableMacro")
