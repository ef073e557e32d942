/// Where the session takes a type's generated path (``TapeJSONDecodable``) and, when that path
/// throws, decodes the value again through `init(from:)`: the generated path may give up on any
/// value, and the caller always gets what synthesized `Decodable` gives, error and coding path
/// included. The second try costs only on errors.
extension DecodingSession {
    /// Decodes the current value as `G` (which is `T`) by its generated path, unless the decode call's
    /// settings need `init(from:)` (key paths), or the generated path throws.
    @inline(never)
    func decodeGenerated<G: TapeJSONDecodable, T: Decodable>(_ generated: G.Type, as type: T.Type) throws -> T {
        let index = valueIndex
        let depth = self.depth
        // (`decode(Employee.self as Person.Type, ...)` builds an Employee: only the type itself here.)
        if workspace.takesGeneratedPaths && ObjectIdentifier(type) == ObjectIdentifier(G.self) {
            do {
                let value = try G(tapeJSON: TapeJSONValueDecoder(session: self, index: index, depth: depth))
                return unsafeBitCast(value, to: T.self)
            } catch {
                // Back to the value, for `init(from:)`.
                valueIndex = index
                self.depth = depth
            }
        }
        return try type.init(from: self)
    }
}
