// Byte positions in valid JSON text, for edits that keep every byte they do not touch.
//
// simdjson's tape keeps no source offsets (see Tape.swift), so a patch finds the bytes of the values it
// touches by walking the text itself. The text has been validated first (by simdjson, for a document, a
// JSON Lines line or an item; or it was assembled by an earlier edit from validated pieces), so the walk
// never checks syntax: strings end at the first unescaped quote, containers at the bracket that brings
// the depth back to zero, scalars at the first delimiter.
//
// Worked example, `{"a": [1, 2], "b": true}` (offsets under the bytes):
//
//   {  "  a  "  :     [  1  ,     2  ]  ,     "  b  "  :     t  r  u  e  }
//   0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15 16 17 18 19 20 21 22 23
//
// Looking up member "b" of the object 0..<24: the key at 1 ends at 4, the value starts at 6 (after the
// colon and a space) and, being an array, ends at 12; the comma at 12 is followed by the key at 14, which
// reads "b": its slot is start 14, value 19..<23, previous value's end 12, no next member.
// Removing it deletes 12..<23 (from the end of the previous value), leaving `{"a": [1, 2]}`.

/// A member of an object or an element of an array, with the bytes that separate it from its neighbours.
struct JSONSlot {
    /// The member's key (its opening quote) or the element's first byte.
    var start: Int
    /// The value's bytes.
    var value: Range<Int>
    /// The end of the previous member's or element's value; nil for the first.
    var previousEnd: Int?
    /// Where the next member's key or the next element starts; nil for the last.
    var nextStart: Int?
}

/// What a lookup in a container found: the slot, or where the container's last value ends (nil when it
/// is empty) and how many members or elements were walked.
struct JSONLookup {
    var slot: JSONSlot?
    var lastValueEnd: Int?
    var count: Int
}

/// A walk over JSON text that is known to be valid.
struct JSONTextScanner {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The first non-whitespace byte at or after `i`.
    func skipWhitespace(_ i: Int) -> Int {
        var i = i
        while i < bytes.count, Self.isWhitespace(bytes[i]) { i += 1 }
        return i
    }

    /// From a string's opening quote at `i` to just past its closing quote.
    func stringEnd(_ i: Int) -> Int {
        var i = i + 1
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") { return i + 1 }
            i += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        return bytes.count
    }

    /// From a value's first byte at `i` to just past its last.
    func valueEnd(_ i: Int) -> Int {
        guard i < bytes.count else { return i }
        switch bytes[i] {
        case UInt8(ascii: "\""):
            return stringEnd(i)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var i = i
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    i = stringEnd(i)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default:
                    break
                }
                i += 1
            }
            return i
        default:
            var i = i + 1
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: return i
                default: i += 1
                }
            }
            return i
        }
    }

    /// Calls `body` with each member's quoted key and value of the object at `container`, in order.
    func forEachMember<E: Error>(in container: Range<Int>, _ body: (_ key: Range<Int>, _ value: Range<Int>) throws(E) -> Void) throws(E) {
        var i = skipWhitespace(container.lowerBound + 1)
        while i < container.upperBound, bytes[i] == UInt8(ascii: "\"") {
            let keyEnd = stringEnd(i)
            let valueStart = skipWhitespace(skipWhitespace(keyEnd) + 1)
            let end = valueEnd(valueStart)
            try body(i..<keyEnd, valueStart..<end)
            let after = skipWhitespace(end)
            guard after < container.upperBound, bytes[after] == UInt8(ascii: ",") else { return }
            i = skipWhitespace(after + 1)
        }
    }

    /// Calls `body` with each element of the array at `container`, in order.
    func forEachElement<E: Error>(in container: Range<Int>, _ body: (_ value: Range<Int>) throws(E) -> Void) throws(E) {
        var i = skipWhitespace(container.lowerBound + 1)
        while i < container.upperBound, bytes[i] != UInt8(ascii: "]") {
            let end = valueEnd(i)
            try body(i..<end)
            let after = skipWhitespace(end)
            guard after < container.upperBound, bytes[after] == UInt8(ascii: ",") else { return }
            i = skipWhitespace(after + 1)
        }
    }

    /// The value of the container at `container` (its first byte a `{`) whose member key equals `key`
    /// once unescaped: the first such member, as `JSONValue`'s lookups find it.
    func member(_ key: [UInt8], in container: Range<Int>) -> JSONLookup {
        var lookup = JSONLookup(slot: nil, lastValueEnd: nil, count: 0)
        var i = skipWhitespace(container.lowerBound + 1)
        while i < container.upperBound, bytes[i] == UInt8(ascii: "\"") {
            let keyEnd = stringEnd(i)
            let valueStart = skipWhitespace(skipWhitespace(keyEnd) + 1)
            let end = valueEnd(valueStart)
            let after = skipWhitespace(end)
            let next = after < container.upperBound && bytes[after] == UInt8(ascii: ",") ? skipWhitespace(after + 1) : nil
            if keyEquals(i..<keyEnd, key) {
                lookup.slot = JSONSlot(start: i, value: valueStart..<end, previousEnd: lookup.lastValueEnd, nextStart: next)
                return lookup
            }
            lookup.lastValueEnd = end
            lookup.count += 1
            guard let next else { break }
            i = next
        }
        return lookup
    }

    /// The element at `position` of the array at `container`.
    func element(_ position: Int, in container: Range<Int>) -> JSONLookup {
        var lookup = JSONLookup(slot: nil, lastValueEnd: nil, count: 0)
        var i = skipWhitespace(container.lowerBound + 1)
        while i < container.upperBound, bytes[i] != UInt8(ascii: "]") {
            let end = valueEnd(i)
            let after = skipWhitespace(end)
            let next = after < container.upperBound && bytes[after] == UInt8(ascii: ",") ? skipWhitespace(after + 1) : nil
            if lookup.count == position {
                lookup.slot = JSONSlot(start: i, value: i..<end, previousEnd: lookup.lastValueEnd, nextStart: next)
                return lookup
            }
            lookup.lastValueEnd = end
            lookup.count += 1
            guard let next else { break }
            i = next
        }
        return lookup
    }

    /// Whether the quoted string at `quoted` reads `key` once unescaped.
    func keyEquals(_ quoted: Range<Int>, _ key: [UInt8]) -> Bool {
        let inner = (quoted.lowerBound + 1)..<(quoted.upperBound - 1)
        if inner.count == key.count {
            var plain = true
            for k in 0..<key.count {
                let byte = bytes[inner.lowerBound + k]
                if byte == UInt8(ascii: "\\") { plain = false; break }
                if byte != key[k] { return false }
            }
            if plain { return true }
        }
        // An escape makes the text longer than what it stands for: only such a key can still match.
        guard inner.count > key.count, bytes[inner].contains(UInt8(ascii: "\\")) else { return false }
        return unescaped(quoted) == key
    }

    /// The UTF-8 a quoted JSON string at `quoted` stands for.
    func unescaped(_ quoted: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(quoted.count)
        var i = quoted.lowerBound + 1
        let end = quoted.upperBound - 1
        while i < end {
            let byte = bytes[i]
            guard byte == UInt8(ascii: "\\"), i + 1 < end else {
                out.append(byte)
                i += 1
                continue
            }
            let escape = bytes[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(i, end: end)
                i += 4
                if (0xD800..<0xDC00).contains(scalar), i + 6 <= end, bytes[i] == UInt8(ascii: "\\"),
                   bytes[i + 1] == UInt8(ascii: "u") {
                    let low = hex4(i + 2, end: end)
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: UTF8.encode(value)!)
            default: out.append(escape)   // \" \\ \/
            }
        }
        return out
    }

    private func hex4(_ i: Int, end: Int) -> UInt32 {
        var value: UInt32 = 0
        for k in i..<min(i + 4, end) {
            let byte = bytes[k]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: digit = 0
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Appends the value at `range` without the whitespace between its tokens (strings, number text
    /// and escapes as written).
    func appendCompact(_ range: Range<Int>, to out: inout [UInt8]) {
        var i = range.lowerBound
        while i < range.upperBound {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                let end = stringEnd(i)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<end]))
                i = end
            } else {
                if !Self.isWhitespace(byte) { out.append(byte) }
                i += 1
            }
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The bytes at `range`, copied.
    func copy(_ range: Range<Int>) -> [UInt8] { Array(UnsafeBufferPointer(rebasing: self[range])) }
}
