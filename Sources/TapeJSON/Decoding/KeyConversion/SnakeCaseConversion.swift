import Foundation

/// `KeyDecodingStrategy.convertFromSnakeCase`: Foundation's rules, on raw UTF-8 keys.
enum SnakeCaseConversion {
    private static let underscore = UInt8(ascii: "_")

    /// Whether `key` changes under the conversion: only a key with an `_` between two other characters
    /// does. A byte scan, done before any String is built.
    @inline(__always)
    static func changes(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var first = 0
        var last = key.count - 1
        while first <= last, key[first] == underscore { first += 1 }
        while last > first, key[last] == underscore { last -= 1 }
        var i = first + 1
        while i < last {
            if key[i] == underscore { return true }
            i += 1
        }
        return false
    }

    /// A bit (one of 0...61) that a raw key and the key it converts to always share, or all of them when
    /// that cannot be told cheaply: for screening absent keys (`DecodingSession.findMember` records
    /// the bits of an object's raw keys at its first miss). The conversion keeps leading and trailing
    /// underscores, drops the others, and changes only the case of the characters between; so when the
    /// first and last bytes that are not `_` are ASCII, they are the converted key's first and last
    /// such bytes up to letter case. The bit comes from those two bytes, lower-cased; a key whose
    /// first or last such byte is not ASCII (or that is all underscores) gets all bits. (Bits 62 and 63
    /// are flags of `KeyCursor.lengths`.)
    @inline(__always)
    static func screeningBit(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = key.baseAddress else { return allScreeningBits }
        var first = 0
        var last = key.count &- 1
        while first <= last && base[first] == underscore { first &+= 1 }
        while last > first && base[last] == underscore { last &-= 1 }
        guard first <= last else { return allScreeningBits }
        let head = base[first]
        let tail = base[last]
        guard head < 0x80 && tail < 0x80 else { return allScreeningBits }
        let folded = UInt64(head &- 0x41 < 26 ? head | 0x20 : head) << 8 | UInt64(tail &- 0x41 < 26 ? tail | 0x20 : tail)
        return 1 << ((HashMixing.mix(folded) >> 40) % 62)
    }

    /// Every bit `screeningBit` returns.
    @inline(__always)
    static var allScreeningBits: UInt64 { (1 << 62) - 1 }

    /// The converted key: words lowercased then capitalized as Foundation does (Unicode-aware, through
    /// `lowercased()` and `capitalized`), leading and trailing underscores kept.
    static func convert(_ key: String) -> String {
        let characters = Array(key)
        guard let firstWord = characters.firstIndex(where: { $0 != "_" }) else { return key }
        var lastWord = characters.count - 1
        while lastWord > firstWord, characters[lastWord] == "_" { lastWord -= 1 }
        let leading = String(characters[..<firstWord])
        let trailing = String(characters[(lastWord + 1)...])
        let words = characters[firstWord...lastWord].split(separator: "_").map { String($0) }
        guard words.count > 1 else { return key }
        var result = leading + words[0].lowercased()
        for word in words.dropFirst() { result += word.capitalized }
        return result + trailing
    }
}
