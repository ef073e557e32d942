/// `KeyDecodingStrategy.convertFromAnyCase`: snake_case, dash-case, UpperCamelCase, lowerCamelCase and
/// mixes to lowerCamelCase, on raw UTF-8 keys. See the strategy's documentation for the rules.
enum AnyCaseConversion {
    @inline(__always)
    private static func isUpper(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }

    @inline(__always)
    private static func isLower(_ byte: UInt8) -> Bool { byte &- 0x61 < 26 }

    @inline(__always)
    private static func isSeparator(_ byte: UInt8) -> Bool { byte == 0x5F || byte == 0x2D }

    /// Whether `key` may change under the conversion. False means it certainly does not: no separator,
    /// no uppercase first letter and no two capitals in a row. A byte scan, done before any allocation.
    @inline(__always)
    static func changes(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = key.first else { return false }
        if isUpper(first) || isSeparator(first) { return true }
        var previousUpper = false
        for byte in key {
            if isSeparator(byte) { return true }
            let upper = isUpper(byte)
            if upper && previousUpper { return true }
            previousUpper = upper
        }
        return false
    }

    /// The lowerCamelCase form of `key`.
    static func convert(_ key: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let count = key.count
        var lead = 0
        while lead < count, isSeparator(key[lead]) { lead += 1 }
        if lead == count { return Array(key) }
        var trail = count
        while trail > lead, isSeparator(key[trail - 1]) { trail -= 1 }

        var out = [UInt8]()
        out.reserveCapacity(count)
        out.append(contentsOf: key[0..<lead])
        var inWord = false
        var wordCount = 0
        var i = lead
        while i < trail {
            let byte = key[i]
            if isSeparator(byte) {
                inWord = false
                i += 1
                continue
            }
            var startsWord = !inWord
            if inWord && isUpper(byte) {
                if !isUpper(key[i - 1]) {
                    startsWord = true
                } else if i + 1 < trail && isLower(key[i + 1]) {
                    startsWord = true
                }
            }
            if startsWord { wordCount += 1 }
            if startsWord && wordCount > 1 {
                out.append(isLower(byte) ? byte - 0x20 : byte)
            } else {
                out.append(isUpper(byte) ? byte + 0x20 : byte)
            }
            inWord = true
            i += 1
        }
        out.append(contentsOf: key[trail..<count])
        return out
    }
}
