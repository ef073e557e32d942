// Scans over JSON text that a parser has already accepted (simdjson, for a document, a line or an item;
// or text assembled by an earlier edit from validated pieces): no syntax is checked, so a string ends at
// its first unescaped quote and a number or literal at its first delimiter. Every walk over validated
// text (the patch's `JSONTextScanner`, the stream writer's copy of a value, the number locators) ends its
// strings here.

/// Scanning JSON text that a parser has already accepted.
enum ValidatedText {
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether a byte continues a number, `true`, `false` or `null` (anything but whitespace and the
    /// delimiters `,` `:` `]` `}` in validated text): a bit test, with no table to allocate or index.
    @inline(__always)
    static func continuesLiteral(_ byte: UInt8) -> Bool {
        // The delimiters' bits: tab, LF, CR, space, `,` and `:` below 64; `]` and `}` from 64 to 127.
        let low: UInt64 = 1 << 0x09 | 1 << 0x0A | 1 << 0x0D | 1 << 0x20 | 1 << 0x2C | 1 << 0x3A
        let high: UInt64 = 1 << (0x5D - 64) | 1 << (0x7D - 64)
        let mask = byte < 64 ? low : (byte < 128 ? high : 0)
        return (mask >> UInt64(byte & 63)) & 1 == 0
    }

    /// Where a number, `true`, `false` or `null` that continues at `from` ends, eight bytes at a time
    /// (the first delimiter: `,` `:` `]` `}` or whitespace); stops early, without skipping a
    /// delimiter, where fewer than eight bytes are left (the caller finishes byte by byte).
    @inline(__always)
    static func literalEnd(_ p: UnsafePointer<UInt8>, from: Int, count n: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & high }
        var j = from
        while j &+ 8 <= n {
            let word = UnsafeRawPointer(p + j).loadUnaligned(as: UInt64.self).littleEndian
            // The lowest flagged byte is exact (false flags only follow a true one).
            var hits = zeroBytes(word ^ (ones &* 0x2C)) | zeroBytes(word ^ (ones &* 0x5D))
            hits |= zeroBytes(word ^ (ones &* 0x7D)) | zeroBytes(word ^ (ones &* 0x3A))
            hits |= (word &- ones &* 0x21) & ~word & high          // below 0x21: whitespace
            if hits != 0 { return j &+ hits.trailingZeroBitCount &>> 3 }
            j &+= 8
        }
        return j
    }

    /// The index just after the closing quote of the string whose opening quote is at `from`, eight
    /// bytes at a time up to the first `"` or `\` (a word's lowest flagged byte is exact).
    @inline(__always)
    static func stringEnd(_ p: UnsafePointer<UInt8>, from: Int, count n: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        var i = from &+ 1
        while true {
            while i &+ 8 <= n {
                let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self).littleEndian
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let hit = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & high
                if hit != 0 {
                    // The lowest flag is exact: straight to that byte.
                    i &+= hit.trailingZeroBitCount &>> 3
                    break
                }
                i &+= 8
            }
            guard i < n else { return n }
            let byte = p[i]
            if byte == UInt8(ascii: "\"") { return i &+ 1 }
            i &+= byte == UInt8(ascii: "\\") ? 2 : 1
        }
    }
}
