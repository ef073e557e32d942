/// Whether the end of a bad item is known, so that reading can go on after it.
///
/// The walker (`ItemSplitter`, the shim's run scan) finds where an item ends by tracking strings and
/// nesting from the item's first byte. For a valid item that end is exact. For an invalid one it is only
/// as good as the item's structure: one quote replaced by an apostrophe (`{"a":'x","b":1}`) turns every
/// string after it inside out, and the "item" the walker finds then runs on through the records after
/// it, up to a comma that happens to sit outside what it takes for strings. Reading on from there would
/// drop those records quietly, counted as one bad item.
///
/// So a bad item's end counts as proven only when its bytes still have the shape of one JSON value, with
/// faults inside its scalar tokens or its commas alone: strings paired (any bytes, escapes and UTF-8
/// unchecked, inside them), brackets matched (`[` with `]`, `{` with `}`), members as `"key": value`, and
/// every other run of bytes one scalar token (`tru`, `01`, `'x'`, `NaN`). Bad literals and numbers, bad
/// escapes, control characters, invalid UTF-8, a comma too many (`[1,]`, `[1,,2]`) or a value missing
/// after a colon (`{"a":}`) keep that shape. Two tokens side by side (`"a" 1`, `1 2`, `"x"b"`) do not: that
/// is what a missing or extra quote looks like, and after one every string is read inside out. Given the
/// item's first byte, the shape fixes where the value ends whatever its scalars hold, so the next item
/// starts after the separator. Anything else is no proof: the reader stops there
/// (`JSONStreamStoppedError`).
enum ItemBoundary {
    /// Whether `bytes` (one item, from its first byte to its last, blanks around it allowed) has the shape
    /// of exactly one JSON value, scalar contents unchecked. Any depth (a byte per open container).
    static func isProven(_ bytes: UnsafeRawBufferPointer) -> Bool {
        enum Expect { case value, key, colon, commaOrClose, end }
        let b = bytes.unsafeUInt8s
        let n = b.count
        // Open containers, innermost last: true for an object.
        var open: [Bool] = []
        var expect = Expect.value
        var i = 0
        while i < n {
            let byte = b[i]
            if ValidatedText.isWhitespace(byte) {
                i += 1
                continue
            }
            switch expect {
            case .end:
                return false
            case .colon:
                guard byte == UInt8(ascii: ":") else { return false }
                expect = .value
                i += 1
            case .commaOrClose:
                switch byte {
                case UInt8(ascii: ","):
                    expect = open.last! ? .key : .value
                case UInt8(ascii: "]") where open.last == false, UInt8(ascii: "}") where open.last == true:
                    open.removeLast()
                    expect = open.isEmpty ? .end : .commaOrClose
                default:
                    return false
                }
                i += 1
            case .key:
                // A comma too many (`{,` `,,` `,}`) leaves the shape as it was.
                if byte == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                if byte == UInt8(ascii: "}") {
                    open.removeLast()
                    expect = open.isEmpty ? .end : .commaOrClose
                    i += 1
                    continue
                }
                guard byte == UInt8(ascii: "\""), let after = stringEnd(b, from: i) else { return false }
                i = after
                expect = .colon
            case .value:
                switch byte {
                case UInt8(ascii: "]") where open.last == false, UInt8(ascii: "}") where open.last == true:
                    // An empty array, a comma too many before the end, or a member's missing value.
                    open.removeLast()
                    expect = open.isEmpty ? .end : .commaOrClose
                    i += 1
                case UInt8(ascii: ",") where !open.isEmpty:
                    // `[,` `,,` or a member's missing value: the next member or element follows.
                    expect = open.last! ? .key : .value
                    i += 1
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    let isObject = byte == UInt8(ascii: "{")
                    open.append(isObject)
                    expect = isObject ? .key : .value
                    i += 1
                case UInt8(ascii: "\""):
                    guard let after = stringEnd(b, from: i) else { return false }
                    i = after
                    expect = open.isEmpty ? .end : .commaOrClose
                case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"):
                    return false
                default:
                    // A scalar token: everything up to a blank, punctuation or a quote.
                    i += 1
                    scalar: while i < n {
                        switch b[i] {
                        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
                             UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "\""):
                            break scalar
                        default:
                            i += 1
                        }
                    }
                    expect = open.isEmpty ? .end : .commaOrClose
                }
            }
        }
        return expect == .end
    }

    /// The index past the quote that closes the string opening at `start`, or nil when it is not closed.
    private static func stringEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start + 1
        while i < b.count {
            switch b[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return i + 1
            default: i += 1
            }
        }
        return nil
    }
}
