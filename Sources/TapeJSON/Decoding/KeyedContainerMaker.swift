/// Per key type, the runtime lookups `container(keyedBy:)` would otherwise make for every container.
///
/// `container(keyedBy:)` runs unspecialised (a type's `init(from:)` calls it through `Decoder`), so
/// `KeyedDecodingContainer(KeyedContainer<Key>(...))` written there asks the runtime, per container,
/// for the metadata of `KeyedContainer<Key>`, for its `KeyedDecodingContainerProtocol` conformance
/// and for the metadata of the standard library's box around it. (citm_catalog decode, release build:
/// 21% of the samples under `swift_getGenericMetadata`, `swift_getWitnessTable` and the `KeyMemo`
/// table lookup.) A maker is made once per key type and workspace as a
/// `KeyedContainerFactory<Key, KeyedContainer<Key>>`, whose class metadata carries the container type
/// and its conformance: making a container through it leaves only the box's metadata to look up, and
/// the maker also holds the key type's `KeyMemo` table.
///
/// Only the makers are kept. Every container is a new `KeyedContainer` in a new box, as before.
class KeyedContainerMaker<Key: CodingKey> {
    /// The workspace's `KeyMemo` table for `Key`, when it has one.
    let keyMemo: UnsafeMutablePointer<KeyMemo.Entry>?

    init(keyMemo: UnsafeMutablePointer<KeyMemo.Entry>?) {
        self.keyMemo = keyMemo
    }

    /// A new keyed container on the object at `start` (whose `}` is at `endWord`), at `depth`.
    func make(session: DecodingSession, start: Int, endWord: Int, depth: Int) -> KeyedDecodingContainer<Key> {
        preconditionFailure("KeyedContainerMaker is abstract")
    }
}

/// The keyed container type a `KeyedContainerFactory` makes.
protocol MadeKeyedContainer: KeyedDecodingContainerProtocol {
    init(session: DecodingSession, start: Int, endWord: Int, depth: Int, keyMemo: UnsafeMutablePointer<KeyMemo.Entry>?)
}

extension KeyedContainer: MadeKeyedContainer {}

/// The only `KeyedContainerMaker`: generic over the container type too, so that its methods get that
/// type and its conformance from the instance's metadata instead of looking them up.
final class KeyedContainerFactory<Key, Container: MadeKeyedContainer>: KeyedContainerMaker<Key>
    where Container.Key == Key {
    override func make(session: DecodingSession, start: Int, endWord: Int, depth: Int) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Container(session: session, start: start, endWord: endWord, depth: depth,
                                         keyMemo: keyMemo))
    }
}

/// A workspace's makers, by key type.
struct KeyedContainerMakers: ~Copyable {
    /// Unretained: `all` keeps the makers alive.
    private var byType = HashCache<ObjectIdentifier, Unmanaged<AnyObject>>(capacity: 64)
    private var all: [AnyObject] = []
    /// Key types beyond this many get no maker (their containers are made directly).
    private static let maximumMakers = 512

    init() {}

    /// The maker for `Key` (nil when none is kept), borrowed: valid while the workspace lives.
    @inline(__always)
    func maker<Key: CodingKey>(for type: Key.Type) -> Unmanaged<KeyedContainerMaker<Key>>? {
        guard let found = byType.value(for: ObjectIdentifier(type)) else { return nil }
        // Only a `KeyedContainerMaker<Key>` is ever stored under `Key`'s identity.
        return Unmanaged<KeyedContainerMaker<Key>>.fromOpaque(found.toOpaque())
    }

    /// Makes and keeps the maker for `Key`, which has none yet; nil past `maximumMakers`.
    mutating func add<Key: CodingKey>(for type: Key.Type,
                                      keyMemo: UnsafeMutablePointer<KeyMemo.Entry>?) -> KeyedContainerMaker<Key>? {
        guard all.count < Self.maximumMakers else { return nil }
        let maker: KeyedContainerMaker<Key> = KeyedContainerFactory<Key, KeyedContainer<Key>>(keyMemo: keyMemo)
        all.append(maker)
        byType.insert(Unmanaged.passUnretained(maker as AnyObject), for: ObjectIdentifier(type))
        return maker
    }
}
