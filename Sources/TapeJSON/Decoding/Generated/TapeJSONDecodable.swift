/// A type that decodes itself straight from the tape, with no `Decoder`, container box or key `String`.
///
/// `@TapeJSONCodable` and `@TapeJSONDecodable` (module `TapeJSONMacros`) generate this conformance
/// from the type's stored properties and `CodingKeys`, with the rules of synthesized `Decodable`. The
/// type keeps its `Decodable` conformance: this is a faster way to the same result, and
/// ``TapeJSONDecoder`` takes it wherever the type is decoded (every `decode` form, `JSONLines` and
/// `JSONItemStream` `decode`/`map`, and as a property, element or dictionary value of another type).
///
/// ## The same result as `init(from:)`
/// The generated path is an optimization no caller can observe, exact by construction: it finds
/// members with the keyed container's lookup, reads them with its readers, and throws its errors
/// (case, `codingPath`, description) at the same points, in synthesized `init(from:)`'s order; a
/// property of a plain `Decodable` type goes through that type's `init(from:)`. Nothing is decoded
/// twice. The generated path is not taken under ``TapeJSONDecoder/keyOptions`` (the key paths are
/// read by `init(from:)`).
///
/// ## Conforming by hand
/// A type may write the requirement itself; it must then decode exactly what its `init(from:)`
/// decodes, errors included (the decoder takes either path). `TapeJSONValueDecoder.value(as:)` tries a
/// type without making an error, and ``TapeJSONValueDecoder/decodeThroughCodable(_:)`` leaves a case to
/// `init(from:)`. Read the members with ``TapeJSONObjectDecoder``; the value
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
    /// Called by ``TapeJSONDecoder`` only; an error thrown here is the decode call's error, so it must be
    /// the one `init(from:)` would throw.
    init(tapeJSON decoder: TapeJSONValueDecoder) throws

    /// An array of `count` values of this type, its storage initialized by `body` as
    /// `Array(unsafeUninitializedCapacity:initializingWith:)` does: how ``TapeJSONDecoder`` makes the
    /// arrays of this type it decodes.
    ///
    /// Not for implementing: the default implementation is the one to use. A requirement only so that
    /// the array is made in the module that declares the conformance, where the default implementation
    /// (inlinable) is compiled for this type: there the array's type metadata is a constant, where
    /// TapeJSON's generic code looked `ContiguousArray<Self>` and its storage class up in the runtime's
    /// metadata cache, several times for every array it made. citm_catalog.json's decode with the macro
    /// makes some 2,300 such arrays and takes 5.6% fewer instructions this way (11.94M to 11.27M,
    /// callgrind); what remains is the standard library's own lookup of the storage class, which every
    /// array allocation makes.
    static func _tapeJSONArray(unsafeUninitializedCount count: Int,
                               initializingWith body: (inout UnsafeMutableBufferPointer<Self>, inout Int) -> Void) -> [Self]
}

extension TapeJSONDecodable {
    /// Makes the array with `Array(unsafeUninitializedCapacity:initializingWith:)`, compiled in the
    /// conforming type's module (see the requirement).
    @inlinable
    public static func _tapeJSONArray(unsafeUninitializedCount count: Int,
                                      initializingWith body: (inout UnsafeMutableBufferPointer<Self>, inout Int) -> Void) -> [Self] {
        [Self](unsafeUninitializedCapacity: count, initializingWith: body)
    }
}

/// Decodes and encodes straight from and to JSON bytes: ``TapeJSONDecodable`` and ``TapeJSONEncodable``.
public typealias TapeJSONCodable = TapeJSONDecodable & TapeJSONEncodable

/// As `Array.init(from:)`: each element by its generated path, straight into the array's storage.
extension Array: TapeJSONDecodable where Element: TapeJSONDecodable {
    /// Decodes the array with each element read by its generated path.
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        let session = decoder.session
        self = try session.withValueInPlace(at: decoder.index, depth: decoder.depth) {
            try session.decodeGeneratedArray(Element.self)
        }
    }
}
