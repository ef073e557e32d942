import Testing

@testable import TapeJSON

/// `HashCache` is the one table behind the decoder's caches (type kinds, key memos, key conversions,
/// error memos): every key put in must be found again, whatever its hash, through growth and after
/// `removeAll`.
@Suite("The decoder's hash table")
struct HashCacheTests {
    @Test("every key is found again, with even, odd and colliding hashes, through growth")
    func keysAreFound() {
        var cache = HashCache<Int, String>(capacity: 4)
        // Even and odd hashes, and runs of keys sharing one hash (found by the key predicate).
        func hash(_ key: Int) -> UInt64 { key % 3 == 0 ? 42 : UInt64(key) &* 2 &+ UInt64(key % 2) }
        for key in 0..<500 {
            #expect(cache.value(hash: hash(key), where: { $0 == key }) == nil)
            cache.insert(key, "v\(key)", hash: hash(key))
        }
        #expect(cache.count == 500)
        for key in 0..<500 {
            #expect(cache.value(hash: hash(key), where: { $0 == key }) == "v\(key)")
        }
        #expect(cache.value(hash: hash(1_000), where: { $0 == 1_000 }) == nil)
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.value(hash: hash(7), where: { $0 == 7 }) == nil)
        cache.insert(7, "again", hash: hash(7))
        #expect(cache.value(hash: hash(7), where: { $0 == 7 }) == "again")
    }

    final class Marker {}

    @Test("type and object identities as keys")
    func identities() {
        var cache = HashCache<ObjectIdentifier, Int>()
        let markers = (0..<200).map { _ in Marker() }
        for (k, marker) in markers.enumerated() { cache.insert(k, for: ObjectIdentifier(marker)) }
        cache.insert(-1, for: ObjectIdentifier(Int.self))
        for (k, marker) in markers.enumerated() { #expect(cache.value(for: ObjectIdentifier(marker)) == k) }
        #expect(cache.value(for: ObjectIdentifier(Int.self)) == -1)
        #expect(cache.value(for: ObjectIdentifier(String.self)) == nil)
    }
}
