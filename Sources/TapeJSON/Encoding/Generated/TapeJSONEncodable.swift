/// A type that writes itself straight into the encoder's output bytes, with no `Encoder`, container
/// box or key `String`.
///
/// `@TapeJSONCodable` and `@TapeJSONEncodable` (module `TapeJSONMacros`) generate this conformance
/// from the type's stored properties and `CodingKeys`, with the rules of synthesized `Encodable`. The
/// type keeps its `Encodable` conformance: ``TapeJSONEncoder`` takes this path for a value whose type
/// has it (`encode`, `encode(_:into:)`, ``JSONLinesWriter`` and `encodeLines`), and writes the same
/// bytes `encode(to:)` would.
///
/// ## The same bytes as `encode(to:)`
/// The generated path runs when the encoder writes compact text with keys as they are (no
/// `.prettyPrinted`, no `.sortedKeys`, `.useDefaultKeys`, no `keyOptions`); otherwise the value is
/// encoded through `encode(to:)`. It is exact by construction: the same writers, the same errors at the
/// same points (a non-finite `Double` under `.throw`, say), nothing encoded twice. Properties whose type
/// has no generated path (`Date`, `Data`, any plain `Encodable`) are written through their
/// `encode(to:)` inside it, with the encoder's strategies and the same `codingPath`.
///
/// ## Conforming by hand
/// A type may write the requirement itself; it must then write exactly what its `encode(to:)` writes:
///
/// ```swift
/// extension Point: TapeJSONEncodable {
///     func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
///         var object = encoder.beginObject()
///         try object.encode(x, forKey: CodingKeys.x, named: "x")
///         try object.encode(y, forKey: CodingKeys.y, named: "y")
///         try object.encode(label, forKey: CodingKeys.label, named: "label")  // nil: left out
///         object.end()
///     }
/// }
/// ```
public protocol TapeJSONEncodable: Encodable {
    /// Writes this value with `encoder`.
    ///
    /// Called by ``TapeJSONEncoder`` only; an error thrown here is the encode call's error, so it must be
    /// the one `encode(to:)` would throw.
    func encode(tapeJSON encoder: TapeJSONValueEncoder) throws
}

// MARK: - The standard library's types

extension String: TapeJSONEncodable {
    /// Writes the value as its `encode(to:)` would, straight into the output buffer.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws { encoder.core.writeString(self) }
}

extension Bool: TapeJSONEncodable {
    /// Writes the value as its `encode(to:)` would, straight into the output buffer.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws { encoder.core.writeBool(self) }
}

extension Double: TapeJSONEncodable {
    /// Writes the value as its `encode(to:)` would, straight into the output buffer.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws { try encoder.encode(self) }
}

extension Float: TapeJSONEncodable {
    /// Writes the value as its `encode(to:)` would, straight into the output buffer.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws { try encoder.encode(self) }
}

extension Int: TapeJSONEncodable {
    /// Writes the value as its `encode(to:)` would, straight into the output buffer.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws { encoder.core.out.appendSigned(Int64(self)) }
}

extension Int8: TapeJSONEncodable {
    /// Writes the value as its `encode(to:)` would, straight into the output buffer.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws { encoder.core.out.appendSigned(Int64(self)) }
}

extension Int16: TapeJSONEncodable {
    /// Writes the value as its `encode(to:)` would, straight into the output buffer.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws { encoder.core.out.appendSigned(Int64(self)) }
}

extension Int32: TapeJSONEncodable {
    /// Writes the value as its `encode(to:)` would, straight into the output buffer.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws { encoder.core.out.appendSigned(Int64(self)) }
}

extension Int64: TapeJSONEncodable {
    /// Writes the value as its `encode(to:)` would, straight into the output buffer.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws { encoder.core.out.appendSigned(self) }
}

extension UInt: TapeJSONEncodable {
    /// Writes the value as its `encode(to:)` would, straight into the output buffer.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws { encoder.core.out.appendUnsigned(UInt64(self)) }
}

extension UInt8: TapeJSONEncodable {
    /// Writes the value as its `encode(to:)` would, straight into the output buffer.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws { encoder.core.out.appendUnsigned(UInt64(self)) }
}

extension UInt16: TapeJSONEncodable {
    /// Writes the value as its `encode(to:)` would, straight into the output buffer.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws { encoder.core.out.appendUnsigned(UInt64(self)) }
}

extension UInt32: TapeJSONEncodable {
    /// Writes the value as its `encode(to:)` would, straight into the output buffer.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws { encoder.core.out.appendUnsigned(UInt64(self)) }
}

extension UInt64: TapeJSONEncodable {
    /// Writes the value as its `encode(to:)` would, straight into the output buffer.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws { encoder.core.out.appendUnsigned(self) }
}

/// As `Array.encode(to:)`: the elements in order.
extension Array: TapeJSONEncodable where Element: TapeJSONEncodable {
    /// Writes the elements in order, as `Array.encode(to:)` does.
    ///
    /// Inlinable, so that an array of arrays is specialised where its type is known (see
    /// `TapeJSONObjectEncoder.encode(_:forKey:named:)` for a `TapeJSONEncodable` value).
    @inlinable
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        // The common scalars in one loop (see `TapeJSONValueEncoder._encodeElements`); the casts are
        // no-ops once specialised.
        if Element.self == Double.self { return try encoder._encodeElements(unsafeBitCast(self, to: [Double].self)) }
        if Element.self == Int.self { return encoder._encodeElements(unsafeBitCast(self, to: [Int].self)) }
        if Element.self == String.self { return encoder._encodeElements(unsafeBitCast(self, to: [String].self)) }
        if Element.self == Float.self { return try encoder._encodeElements(unsafeBitCast(self, to: [Float].self)) }
        if Element.self == Int64.self { return encoder._encodeElements(unsafeBitCast(self, to: [Int64].self)) }
        var array = encoder.beginArray()
        for element in self { try array.encode(element) }
        array.end()
    }
}

/// As `Set.encode(to:)`: the elements in the set's order.
extension Set: TapeJSONEncodable where Element: TapeJSONEncodable {
    /// Writes the elements in the set's order, as `Set.encode(to:)` does.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var array = encoder.beginArray()
        for element in self { try array.encode(element) }
        array.end()
    }
}

/// As `Dictionary.encode(to:)` for `String` and `Int` keys: an object in the dictionary's order, an
/// `Int` key written as its decimal text. (Other keys are written by `encode(to:)`, as an array of
/// alternating keys and values.)
extension Dictionary: TapeJSONEncodable where Key: Encodable, Value: TapeJSONEncodable {
    /// Writes the dictionary as `Dictionary.encode(to:)` does, as described on this extension.
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        if Key.self == String.self {
            var object = encoder.beginObject()
            for (key, value) in self { try object.encode(value, forDictionaryKey: unsafeBitCast(key, to: String.self)) }
            object.end()
        } else if Key.self == Int.self {
            var object = encoder.beginObject()
            for (key, value) in self { let key = unsafeBitCast(key, to: Int.self)
                try object.encode(value, forDictionaryKey: String(key), intValue: key) }
            object.end()
        } else {
            try encoder.encodeThroughCodable(self)
        }
    }
}
