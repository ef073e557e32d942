/// A screen for absent keys under `.convertFromAnyCase`: for one object, per class of first byte,
/// the length of its longest raw key and which last bytes its raw keys end with, so that most
/// lookups of a key the object lacks (an absent optional property) end without converting the
/// object's keys. The last bytes matter when a present key shares the absent one's first letter and
/// is at least as long (`metrics` against `message`, `tags` against `timestamp`): the length alone
/// lets those through.
///
/// It relies on three properties of the any-case conversion (`AnyCaseConversion.convert`): it never
/// makes a key longer (it drops separators and changes the case of ASCII letters); a converted key's
/// first byte is the raw key's first byte, lower-cased when it is an ASCII upper-case letter (a
/// leading separator is kept); and its last byte is the raw key's last byte up to ASCII case (a
/// trailing separator is kept, and the last letter may change case). So a raw key can only convert to
/// `key` if its first byte is in the class of `key`'s first byte, it is at least as long as `key`,
/// and its last byte is in the class of `key`'s last byte.
///
/// A byte's class is its low five bits (`byteClass`): the two cases of an ASCII letter differ only in
/// bit 5, so they share a class, and the 26 letters have one each; other bytes share classes with
/// letters or each other, which only lets more keys through. A table is `size` bytes: the lengths, one byte
/// per class of first byte, then per class of first byte a 32-bit mask with the bit of each class of
/// last byte.
enum KeyLimits {
    /// Bytes per table: 32 lengths, then 32 masks of 4 bytes.
    static let size = 160
    /// The byte offset of the masks of last bytes in a table.
    static let masksOffset = 32

    /// The class of a key's first or last `byte`, 0...31 (`A`...`Z` and `a`...`z` are 1...26).
    @inline(__always)
    static func byteClass(_ byte: UInt8) -> Int { Int(byte & 31) }

    /// Fills `table` from the keys of the object whose members run from `start + 1` to `endWord`.
    @inline(never)
    static func record(_ table: UnsafeMutablePointer<UInt8>, tape: Tape, start: Int, endWord: Int) {
        table.update(repeating: 0, count: size)
        let masks = UnsafeMutableRawPointer(table + masksOffset)
        var j = start &+ 1
        while j < endWord {
            let raw = tape.stringBytes(j)
            let count = raw.count
            let base = raw.baseAddress.unsafelyUnwrapped
            // An empty key reads its NUL terminator as its first byte and the last byte of its length
            // prefix as its last: its length (0) changes nothing, its mask bit only lets more keys
            // through (and the empty key it converts to is never screened).
            let slot = byteClass(base[0])
            let length = UInt8(truncatingIfNeeded: min(count, 255))
            if table[slot] < length { table[slot] = length }
            let offset = slot &* 4
            let mask = masks.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            masks.storeBytes(of: mask | 1 &<< UInt32(byteClass(base[count &- 1])), toByteOffset: offset, as: UInt32.self)
            j = tape.skip(j &+ 1)
        }
    }

    /// Whether a raw key recorded in `table` may convert to `key` (always, for the empty key).
    @inline(__always)
    static func mayHold(_ table: UnsafeMutablePointer<UInt8>, convertedKey key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = key.first else { return true }
        let slot = byteClass(first)
        // Keys longer than 255 bytes are compared with the (capped) 255.
        guard Int(table[slot]) >= min(key.count, 255) else { return false }
        let mask = UnsafeRawPointer(table + masksOffset).loadUnaligned(fromByteOffset: slot &* 4, as: UInt32.self)
        return mask & 1 &<< UInt32(byteClass(key[key.count &- 1])) != 0
    }
}
