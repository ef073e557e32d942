/// Where the session takes a type's generated path (``TapeJSONDecodable``).
///
/// The generated path is exact by construction, not by a second try: it looks members up with the
/// Codable path's lookup (`findMember`, its cursor included), reads them with the same readers, pushes
/// the same coding-path frames and throws the same errors at the same points, in the order synthesized
/// `init(from:)` reads (its `CodingKeys` order). Nothing is decoded twice, so a strategy's closure or a
/// plain `Decodable` property's `init(from:)` runs exactly as often as through the Codable path.
extension DecodingSession {
    /// Decodes the current value as `G` (which is `T`) by its generated path, unless the decode call's
    /// settings need `init(from:)` (key paths, or the testing switch).
    @inline(never)
    func decodeGenerated<G: TapeJSONDecodable, T: Decodable>(_ generated: G.Type, as type: T.Type) throws -> T {
        // (`decode(Employee.self as Person.Type, ...)` builds an Employee: only the type itself here.)
        guard withUnsafeWorkspace({ $0.takesGeneratedPaths }) && ObjectIdentifier(type) == ObjectIdentifier(G.self) else {
            return try type.init(from: self)
        }
        // `as!` on the new value moves it into the `T` (the runtime's cast takes a value it is given):
        // no copy, unlike `unsafeBitCast` (UnsafeSameType says what that cost), and no closure
        // context on the heap, which moving it through a non-escaping closure made (about 240 of
        // the 17,600 instructions of LogLine's per-call decode, callgrind).
        return try G(tapeJSON: TapeJSONValueDecoder(session: self, index: valueIndex, depth: depth)) as! T
    }
}
