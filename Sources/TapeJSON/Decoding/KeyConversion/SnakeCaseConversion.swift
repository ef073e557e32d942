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
