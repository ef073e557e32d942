/// How each type met so far is decoded (`DecodedTypeKind`), kept in the workspace so that the dynamic
/// conformance checks behind a kind are paid once per type and workspace, not once per value.
///
/// A type seen before costs one hash and usually one comparison (a decode call asks for the kind of
/// every value it decodes). Past `limit` types (generic types made from data, say) the cache starts
/// over, so that memory stays bounded.
struct TypeKindCache: ~Copyable {
    private var kinds = HashCache<ObjectIdentifier, DecodedTypeKind>(capacity: 256)
    static let limit = 4096

    init() {}

    @inline(__always)
    mutating func kind<T>(of type: T.Type) -> DecodedTypeKind {
        let id = ObjectIdentifier(type)
        if let kind = kinds.value(for: id) { return kind }
        return insert(type, id: id)
    }

    /// The kind of the type `id` stands for, when it was met before: a lookup with no generic
    /// parameter, so that unspecialised callers pass no type metadata into it.
    @inline(__always)
    func cachedKind(_ id: ObjectIdentifier) -> DecodedTypeKind? {
        kinds.value(for: id)
    }

    @inline(never)
    private mutating func insert<T>(_ type: T.Type, id: ObjectIdentifier) -> DecodedTypeKind {
        let kind = DecodedTypeKind(type)
        if kinds.count >= Self.limit { kinds.removeAll() }
        kinds.insert(kind, for: id)
        return kind
    }
}
