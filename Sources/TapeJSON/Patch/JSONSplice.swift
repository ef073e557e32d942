// The one kind of edit a patch makes: replace a byte range of the text with new bytes. Every operation
// of both patch kinds comes down to splices built here, so the rules for the bytes around a member
// (which comma goes, where a new member lands) live in one place:
//
// - a removed member or element takes with it the separator after it and the whitespace up to the next
//   one (`{"a": 1, "b": 2}` without a is `{"b": 2}`); the last one takes the separator before it
//   (without b: `{"a": 1}`); the only one leaves its container empty (`{}`);
// - a new member goes after the last member's value (`,"c":3`), or alone into an empty object;
// - a new element goes before the element at its index (`3,`), or after the last one (`,3`).

/// Bytes that replace a range of a text.
struct JSONSplice {
    var range: Range<Int>
    var replacement: [UInt8]

    /// `source` with the splice made.
    func applied(to source: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        Self.apply(CollectionOfOne(self), to: source)
    }

    /// `source` with `splices` made, in one pass over its slices: they are in order and none overlaps
    /// another. The result has room for one more byte (the line ending a JSON Lines writer adds).
    static func apply<Splices: Collection<JSONSplice>>(_ splices: Splices, to source: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var size = source.count
        for splice in splices { size += splice.replacement.count - splice.range.count }
        var out: [UInt8] = []
        out.reserveCapacity(size + 1)
        var copied = 0
        for splice in splices {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<splice.range.lowerBound]))
            out.append(contentsOf: splice.replacement)
            copied = splice.range.upperBound
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied...]))
        return out
    }

    /// The removal of `slot` from the container at `container`.
    static func removing(_ slot: JSONSlot, from container: Range<Int>) -> JSONSplice {
        if let next = slot.nextStart { return JSONSplice(range: slot.start..<next, replacement: []) }
        if let previous = slot.previousEnd { return JSONSplice(range: previous..<slot.value.upperBound, replacement: []) }
        return JSONSplice(range: (container.lowerBound + 1)..<(container.upperBound - 1), replacement: [])
    }

    /// A new member (`quotedKey` is the key's JSON string, quotes included) at the end of the object at
    /// `container`, whose lookup found no member of that name.
    static func addingMember(quotedKey: [UInt8], value: [UInt8], after lookup: JSONLookup,
                             in container: Range<Int>) -> JSONSplice {
        var text: [UInt8] = []
        text.reserveCapacity(quotedKey.count + value.count + 2)
        if lookup.lastValueEnd != nil { text.append(UInt8(ascii: ",")) }
        text.append(contentsOf: quotedKey)
        text.append(UInt8(ascii: ":"))
        text.append(contentsOf: value)
        let at = lookup.lastValueEnd ?? (container.upperBound - 1)
        return JSONSplice(range: at..<at, replacement: text)
    }

    /// A new element at the end of the array at `container`.
    static func appendingElement(_ value: [UInt8], after lookup: JSONLookup, in container: Range<Int>) -> JSONSplice {
        guard let last = lookup.lastValueEnd else {
            return JSONSplice(range: (container.upperBound - 1)..<(container.upperBound - 1), replacement: value)
        }
        return JSONSplice(range: last..<last, replacement: [UInt8(ascii: ",")] + value)
    }

    /// A new element before `slot`.
    static func inserting(_ value: [UInt8], before slot: JSONSlot) -> JSONSplice {
        JSONSplice(range: slot.start..<slot.start, replacement: value + [UInt8(ascii: ",")])
    }
}

extension JSONTextScanner {
    /// The range of the one value in the text, without the whitespace (and byte order mark) around it.
    /// The text is valid JSON, so the value ends at its last non-whitespace byte.
    func rootValue() -> Range<Int> {
        let start = skipWhitespace(ByteScan.byteOrderMarkLength(UnsafeRawBufferPointer(bytes)))
        var end = bytes.count
        while end > start, ValidatedText.isWhitespace(bytes[end - 1]) { end -= 1 }
        return start..<end
    }
}
