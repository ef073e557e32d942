/// A type that decodes itself straight from the tape, with no `Decoder`, container box or key `String`.
///
/// `@TapeJSONCodable` and `@TapeJSONDecodable` (module `TapeJSONMacros`) generate this conformance
/// from the type's stored properties and `CodingKeys`, with the rules of synthesized `Decodable`. The
/// type keeps its `Decodable` conformance: this is a faster way to the same result, and
/// ``TapeJSONDecoder`` takes it wherever the type is decoded (every `decode` form, `JSONLines` and
/// `JSONItemStream` `decode`/`map`, and as a property, element or dictionary value of another type).
///
/// ## The same result as `init(from:)`
/// The generated path is an optimization no caller can observe. When it meets anything other than
/// the shape it expects (a missing key, a wrong type, a value it does not read itself), it throws,
/// and ``TapeJSONDecoder`` decodes that value again through `init(from:)`, whose value or error is the
/// answer. A wrong type therefore reports the same `DecodingError`, with the same `codingPath`, as
/// synthesized `Decodable` does. The generated path is not taken under ``TapeJSONDecoder/keyOptions``
/// (the key paths are read by `init(from:)`).
///
/// ## Conforming by hand
/// A type may write the requirement itself; it must then decode exactly what its `init(from:)`
/// decodes (the decoder takes either path). Read the members with ``TapeJSONObjectDecoder``; the value
/// type is the property's, and an optional type gets `decodeIfPresent` semantics:
///
/// ```swift
/// struct Point: Codable, TapeJSONDecodable {
///     var x: Double
///     var y: Double
///     var label: String?
///
///     init(tapeJSON decoder: TapeJSONValueDecoder) throws {
///         let object = try decoder.objectDecoder()
///         x = try object.decode(Double.self, forKey: CodingKeys.x, named: "x")
///         y = try object.decode(Double.self, forKey: CodingKeys.y, named: "y")
///         label = try object.decode(String?.self, forKey: CodingKeys.label, named: "label")
///     }
/// }
/// ```
public protocol TapeJSONDecodable: Decodable {
    /// Decodes the value `decoder` is on.
    ///
    /// Called by ``TapeJSONDecoder`` only; an error thrown here sends the value to `init(from:)`.
    init(tapeJSON decoder: TapeJSONValueDecoder) throws
}

/// Decodes and encodes straight from and to JSON bytes: ``TapeJSONDecodable`` and ``TapeJSONEncodable``.
public typealias TapeJSONCodable = TapeJSONDecodable & TapeJSONEncodable

/// As `Array.init(from:)`: each element by its generated path, straight into the array's storage.
extension Array: TapeJSONDecodable where Element: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        let session = decoder.session
        self = try session.withValueInPlace(at: decoder.index, depth: decoder.depth) {
            try session.decodeGeneratedArray(Element.self)
        }
    }
}
