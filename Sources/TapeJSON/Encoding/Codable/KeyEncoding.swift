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
    static func joinedWords(_ key: String, separator: String) -> String {
        let scalars = Array(key.unicodeScalars)
        guard !scalars.isEmpty else { return key }
        var words: [Range<Int>] = []
        var wordStart = 0
        var searchFrom = 1
        let end = scalars.count
        func firstIndex(from start: Int, where test: (Unicode.Scalar) -> Bool) -> Int? {
            var i = start
            while i < end {
                if test(scalars[i]) { return i }
                i += 1
            }
            return nil
        }
        while let upper = firstIndex(from: searchFrom, where: isUpper) {
            words.append(wordStart..<upper)
            guard let lower = firstIndex(from: upper, where: isLower) else {
                wordStart = upper
                break
            }
            if lower == upper + 1 {
                // A capital followed by a lowercase letter: a word starts at the capital.
                wordStart = upper
            } else {
                // A run of capitals: a word of its own, up to the capital before the lowercase letter.
                words.append(upper..<(lower - 1))
                wordStart = lower - 1
            }
            searchFrom = lower + 1
        }
        words.append(wordStart..<end)
        var result = ""
        for (n, word) in words.enumerated() {
            if n > 0 { result += separator }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[word])
            result += String(text).lowercased()
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
