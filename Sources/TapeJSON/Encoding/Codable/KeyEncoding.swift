// Key conversions of the encoder's key strategies (the rules are documented on
// `TapeJSONEncoder.KeyEncodingStrategy`).

enum KeyWordSplitter {
    @inline(__always)
    static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x41 && scalar.value <= 0x5A }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter: return true
        default: return false
        }
    }

    @inline(__always)
    static func isLower(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x61 && scalar.value <= 0x7A }
        return scalar.properties.generalCategory == .lowercaseLetter
    }

    /// The key's words, each lowercased, joined with `separator` (Foundation's snake_case split).
    /// Positions are Characters (a letter with combining marks is one), classified by their first
    /// scalar, as Foundation's string indices step.
    static func joinedWords(_ key: String, separator: String) -> String {
        let characters = Array(key)
        guard !characters.isEmpty else { return key }
        let upper = characters.map { isUpper($0.unicodeScalars.first!) }
        let lower = characters.map { isLower($0.unicodeScalars.first!) }
        var words: [Range<Int>] = []
        var wordStart = 0
        var searchFrom = 1
        let end = characters.count
        func firstIndex(from start: Int, in flags: [Bool]) -> Int? {
            var i = start
            while i < end {
                if flags[i] { return i }
                i += 1
            }
            return nil
        }
        while let u = firstIndex(from: searchFrom, in: upper) {
            words.append(wordStart..<u)
            guard let l = firstIndex(from: u, in: lower) else {
                wordStart = u
                break
            }
            if l == u + 1 {
                // A capital followed by a lowercase letter: a word starts at the capital.
                wordStart = u
            } else {
                // A run of capitals: a word of its own, up to the capital before the lowercase letter.
                words.append(u..<(l - 1))
                wordStart = l - 1
            }
            searchFrom = l + 1
        }
        words.append(wordStart..<end)
        var result = ""
        for (n, word) in words.enumerated() {
            if n > 0 { result += separator }
            result += String(characters[word]).lowercased()
        }
        return result
    }

    static func upperCamel(_ key: String) -> String {
        guard let first = key.first else { return key }
        return first.uppercased() + key.dropFirst()
    }
}

/// Converted keys of one encode call, already quoted and escaped, by the key's `stringValue`.
struct ConvertedKeyCache {
    /// Which conversion and escaping the texts were made under.
    var tag = -1
    var texts: [String: [UInt8]] = [:]
}
