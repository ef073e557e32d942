import Foundation
import Synchronization

/// How the session decodes a type, decided once per type and decode call.
///
/// Foundation's decoder handles `Date`, `Data`, `URL`, `Decimal` (and `[String: Value]` under a key
/// conversion) itself. TapeJSON also reads the standard scalars and arrays straight from the tape
/// instead of going through their `init(from:)`: from generic code (`Array.init(from:)`,
/// `Dictionary.init(from:)`) each scalar would otherwise cost a single-value container and several
/// dynamic calls, and each array an existential container. The results are the same, errors included.
enum DecodedTypeKind {
    case plain
    case date, data, url, decimal
    case stringDictionary(any StringKeyedDictionaryDecodable.Type)
    case array(any ArrayDecoding.Type)
    case bool, string, double, float
    case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64

    init<T>(_ type: T.Type, exemptingStringDictionaries: Bool) {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self): self = .string
        case ObjectIdentifier(Int.self): self = .int
        case ObjectIdentifier(Double.self): self = .double
        case ObjectIdentifier(Bool.self): self = .bool
        case ObjectIdentifier(Int64.self): self = .int64
        case ObjectIdentifier(Float.self): self = .float
        case ObjectIdentifier(Int8.self): self = .int8
        case ObjectIdentifier(Int16.self): self = .int16
        case ObjectIdentifier(Int32.self): self = .int32
        case ObjectIdentifier(UInt.self): self = .uint
        case ObjectIdentifier(UInt8.self): self = .uint8
        case ObjectIdentifier(UInt16.self): self = .uint16
        case ObjectIdentifier(UInt32.self): self = .uint32
        case ObjectIdentifier(UInt64.self): self = .uint64
        case ObjectIdentifier(Date.self): self = .date
        case ObjectIdentifier(Data.self): self = .data
        case ObjectIdentifier(URL.self): self = .url
        case ObjectIdentifier(Decimal.self): self = .decimal
        default:
            if let array = type as? any ArrayDecoding.Type {
                self = .array(array)
            } else if exemptingStringDictionaries, let dictionary = type as? any StringKeyedDictionaryDecodable.Type {
                self = .stringDictionary(dictionary)
            } else {
                self = .plain
            }
        }
    }
}

/// A small two-way cache from metatype to `DecodedTypeKind`: one or two compares when the type was
/// seen before (a decode call meets a few dozen types, over and over). A type pushed out of its set by
/// two others that hash alike (which depends on where the metadata happens to lie) goes to an overflow
/// dictionary, so that such types cost a dictionary lookup rather than the conformance checks again.
/// Caches are pooled across decode calls (`take`/`give`), so that the dynamic conformance checks
/// behind a kind are paid once per type, not once per call.
final class TypeKindCache: @unchecked Sendable {
    private struct Entry {
        var type: ObjectIdentifier?
        var kind: DecodedTypeKind
    }

    /// 256 entries: 128 sets of two, indexed by the top bits of a hash.
    private static let size = 256
    private let entries: UnsafeMutablePointer<Entry>
    /// Kinds pushed out of `entries` (at most `overflowLimit`, then it starts over).
    private var overflow: [ObjectIdentifier: DecodedTypeKind] = [:]
    private static let overflowLimit = 4096
    /// Whether the kinds treat `[String: Value]` specially (any key strategy but the default).
    let exemptsStringDictionaries: Bool

    private init(exemptsStringDictionaries: Bool) {
        self.exemptsStringDictionaries = exemptsStringDictionaries
        entries = .allocate(capacity: Self.size)
        entries.initialize(repeating: Entry(type: nil, kind: .plain), count: Self.size)
    }

    deinit {
        entries.deallocate()
    }

    @inline(__always)
    func kind<T>(of type: T.Type) -> DecodedTypeKind {
        let id = ObjectIdentifier(type)
        // Fibonacci hashing (metadata addresses share their low bits), two ways per set.
        let set = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: id)) &* 0x9E37_79B9_7F4A_7C15) >> 56) & ~1
        if entries[set].type == id { return entries[set].kind }
        if entries[set + 1].type == id { return entries[set + 1].kind }
        return insert(type, id: id, set: set)
    }

    @inline(never)
    private func insert<T>(_ type: T.Type, id: ObjectIdentifier, set: Int) -> DecodedTypeKind {
        let kind = overflow[id] ?? DecodedTypeKind(type, exemptingStringDictionaries: exemptsStringDictionaries)
        // The older entry of the set moves to the second way; the one there goes to the overflow.
        if let pushedOut = entries[set + 1].type {
            if overflow.count >= Self.overflowLimit { overflow.removeAll() }
            overflow[pushedOut] = entries[set + 1].kind
        }
        entries[set + 1] = entries[set]
        entries[set] = Entry(type: id, kind: kind)
        return kind
    }

    private static let pool = Mutex<[TypeKindCache]>([])

    /// A cache for the given dictionary treatment, warm when one was pooled.
    static func take(exemptingStringDictionaries: Bool) -> TypeKindCache {
        let pooled = pool.withLock { caches -> TypeKindCache? in
            guard let index = caches.lastIndex(where: { $0.exemptsStringDictionaries == exemptingStringDictionaries })
            else { return nil }
            return caches.remove(at: index)
        }
        return pooled ?? TypeKindCache(exemptsStringDictionaries: exemptingStringDictionaries)
    }

    /// Returns a cache to the pool at the end of a decode call.
    static func give(_ cache: TypeKindCache) {
        pool.withLock { caches in
            if caches.count < 8 { caches.append(cache) }
        }
    }
}
