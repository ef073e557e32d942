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

    /// The first non-whitespace byte at or after `i`.
    func skipWhitespace(_ i: Int) -> Int {
        var i = i
        while i < bytes.count, ValidatedText.isWhitespace(bytes[i]) { i += 1 }
        return i
    }

    /// From a string's opening quote at `i` to just past its closing quote.
    func stringEnd(_ i: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        return ValidatedText.stringEnd(base, from: i, count: bytes.count)
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
            while i < bytes.count, ValidatedText.continuesLiteral(bytes[i]) { i += 1 }
            return i
        }
    }

    /// Walks the members (`{`) or elements (`[`) of the container at `container` in order, calling
    /// `body` with each one's slot (its `previousEnd` included) and its quoted key (nil for an element)
    /// until `body` returns false. Returns the end of the last value walked (nil when none was).
    @discardableResult
    func walk<E: Error>(_ container: Range<Int>,
                        _ body: (_ slot: JSONSlot, _ key: Range<Int>?) throws(E) -> Bool) throws(E) -> Int? {
        let isObject = bytes[container.lowerBound] == UInt8(ascii: "{")
        var previousEnd: Int?
        var i = skipWhitespace(container.lowerBound + 1)
        while i < container.upperBound, isObject ? bytes[i] == UInt8(ascii: "\"") : bytes[i] != UInt8(ascii: "]") {
            var key: Range<Int>?
            var valueStart = i
            if isObject {
                let keyEnd = stringEnd(i)
                key = i..<keyEnd
                valueStart = skipWhitespace(skipWhitespace(keyEnd) + 1)
            }
            let end = valueEnd(valueStart)
            let after = skipWhitespace(end)
            let next = after < container.upperBound && bytes[after] == UInt8(ascii: ",") ? skipWhitespace(after + 1) : nil
            guard try body(JSONSlot(start: i, value: valueStart..<end, previousEnd: previousEnd, nextStart: next), key) else {
                return previousEnd
            }
            previousEnd = end
            guard let next else { break }
            i = next
        }
        return previousEnd
    }

    /// Calls `body` with each member's quoted key and value of the object at `container`, in order.
    func forEachMember<E: Error>(in container: Range<Int>, _ body: (_ key: Range<Int>, _ value: Range<Int>) throws(E) -> Void) throws(E) {
        try walk(container) { (slot, key) throws(E) in
            try body(key!, slot.value)
            return true
        }
    }

    /// Calls `body` with each element of the array at `container`, in order.
    func forEachElement<E: Error>(in container: Range<Int>, _ body: (_ value: Range<Int>) throws(E) -> Void) throws(E) {
        try walk(container) { (slot, _) throws(E) in
            try body(slot.value)
            return true
        }
    }

    /// The first member of the object at `container` whose key equals `key` once unescaped (the one
    /// `JSONValue`'s lookups find).
    func member(_ key: [UInt8], in container: Range<Int>) -> JSONLookup {
        key.withUnsafeBufferPointer { member($0, in: container) }
    }

    /// `member(_:in:)` with the key's bytes borrowed (no reference counting in the walk).
    ///
    /// It walks on its own rather than through `lookup(in:where:)`: through that closure the key
    /// comparison stayed out of line, one call per member, and the per-line JSON Patch row (replace +
    /// remove) took 4% more instructions (callgrind) and 4% more time (paired bench).
    func member(_ key: UnsafeBufferPointer<UInt8>, in container: Range<Int>) -> JSONLookup {
        var lookup = JSONLookup(slot: nil, lastValueEnd: nil, count: 0)
        lookup.lastValueEnd = walk(container) { slot, quoted in
            if keyEquals(quoted!, key) {
                lookup.slot = slot
                return false
            }
            lookup.count += 1
            return true
        }
        return lookup
    }

    /// The element at `position` of the array at `container`.
    func element(_ position: Int, in container: Range<Int>) -> JSONLookup {
        lookup(in: container) { index, _ in index == position }
    }

    /// The first member or element of `container` that `matches` (given its index and quoted key), with
    /// the count of those before it.
    private func lookup(in container: Range<Int>, where matches: (_ index: Int, _ key: Range<Int>?) -> Bool) -> JSONLookup {
        var lookup = JSONLookup(slot: nil, lastValueEnd: nil, count: 0)
        lookup.lastValueEnd = walk(container) { slot, quoted in
            if matches(lookup.count, quoted) {
                lookup.slot = slot
                return false
            }
            lookup.count += 1
            return true
        }
        return lookup
    }

    /// Whether the quoted string at `quoted` reads `key` once unescaped.
    func keyEquals(_ quoted: Range<Int>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
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
        return unescaped(quoted).elementsEqual(key)
    }

    /// The UTF-8 a quoted JSON string at `quoted` stands for.
    func unescaped(_ quoted: Range<Int>) -> [UInt8] {
        JSONEscapes.unescape(UnsafeBufferPointer(rebasing: bytes[(quoted.lowerBound + 1)..<(quoted.upperBound - 1)]))
    }

    /// Valid JSON text without the whitespace between its tokens.
    static func compacted(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        JSONTextScanner(text).appendCompact(0..<text.count, to: &out)
        return out
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
                if !ValidatedText.isWhitespace(byte) { out.append(byte) }
                i += 1
            }
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The bytes at `range`, copied.
    func copy(_ range: Range<Int>) -> [UInt8] { Array(UnsafeBufferPointer(rebasing: self[range])) }
}
