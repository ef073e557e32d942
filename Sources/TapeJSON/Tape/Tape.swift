// The tape: how simdjson hands a parsed document to Swift.
//
// simdjson's DOM parser writes a document as an array of 64-bit words (the tape) plus a buffer of
// unescaped strings. Each word keeps a type character in its top 8 bits and a 56-bit payload below:
//
//   word            meaning                         payload
//   'r'             root (first and last word)      first: index just past the last word (the word
//                                                   count); last: 0
//   '{' / '['       start of object / array         low 32 bits: index just past the matching end;
//                                                   bits 32..55: element count (saturates at 0xFFFFFF;
//                                                   for objects, the number of key/value pairs)
//   '}' / ']'       end of object / array           index of the matching start
//   '"'             string (also every object key)  byte offset into the string buffer
//   'l' / 'u' / 'd' Int64 / UInt64 / Double         none: the value is the *next* word (raw bits)
//   't' 'f' 'n'     true, false, null               none
//
// A string at offset k of the string buffer is a little-endian UInt32 length n at k, then n bytes of
// UTF-8 (validated and unescaped by simdjson), then a NUL. An object is its start word, then key, value,
// key, value…, then its end word: members come in document order, and any value is skipped in O(1) —
// a container by jumping to its start word's "just past the end" index, a number by two words, anything
// else by one.
//
// Worked example: `{"array":[1,2,3],"number":42}` is
//
//   index: 0    1        2       3        4 5  6 7  8 9  10    11       12 13  14    15
//   word:  r→16 {→15 ×2  "@0     [→11 ×3  l 1  l 2  l 3  ]→3   "@10     l  42  }→1   r→0
//   strings: offset 0: 05 00 00 00 a r r a y 00 | offset 10: 06 00 00 00 n u m b e r 00
//
// Looking up "number": the first key is at 2; its bytes at offset 0 are "array" (5 bytes, not 6), so
// skip its value: word 3 is '[' whose payload says "continue at 11". The key at 11 reads "number" at
// offset 10: equal, so the value starts at 12 ('l') and word 13 holds 42.
//
// `Tape` is the one type in TapeJSON that touches these pointers. It does not own them: a
// `DocumentStorage` (or a JSON Lines batch) does, and every user of a `Tape` keeps that owner alive.

import CSimdShim

/// The kind of a tape word, from its top 8 bits.
@usableFromInline
enum TapeTag: UInt8 {
    case root = 0x72          // r
    case startObject = 0x7B   // {
    case endObject = 0x7D     // }
    case startArray = 0x5B    // [
    case endArray = 0x5D      // ]
    case string = 0x22        // "
    case int64 = 0x6C         // l
    case uint64 = 0x75        // u
    case double = 0x64        // d
    case trueValue = 0x74     // t
    case falseValue = 0x66    // f
    case null = 0x6E          // n
}

/// An unowned, bounds-aware view of a parsed tape and its string buffer.
///
/// Every index handed to its methods comes from walking the tape itself, so they stay in bounds by
/// construction; debug builds check them. The owner of the memory must outlive every `Tape` copy.
@usableFromInline
struct Tape: @unchecked Sendable {
    @usableFromInline let words: UnsafePointer<UInt64>
    @usableFromInline let count: Int
    @usableFromInline let strings: UnsafePointer<UInt8>

    @inlinable
    init(words: UnsafePointer<UInt64>, count: Int, strings: UnsafePointer<UInt8>) {
        self.words = words
        self.count = count
        self.strings = strings
    }

    @inlinable
    init(_ raw: tj_tape) {
        self.words = raw.tape
        self.count = raw.tape_count
        self.strings = raw.strings
    }

    /// Index of the document's root value (word 0 is the root marker).
    @inlinable static var rootIndex: Int { 1 }

    @inlinable
    func word(_ i: Int) -> UInt64 {
        assert(i >= 0 && i < count, "tape index out of bounds")
        return words[i]
    }

    @inlinable
    func tagByte(_ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: word(i) >> 56) }

    @inlinable
    func tag(_ i: Int) -> TapeTag {
        // simdjson writes only the tags above; anything else would be a shim bug.
        TapeTag(rawValue: tagByte(i)).unsafelyUnwrapped
    }

    @inlinable
    func payload(_ i: Int) -> UInt64 { word(i) & 0x00FF_FFFF_FFFF_FFFF }

    /// For a start word: the index just past the matching end word.
    @inlinable
    func containerEnd(_ i: Int) -> Int { Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: word(i))) }

    /// For a start word: the element count (pairs for objects), saturated at 0xFFFFFF.
    @inlinable
    func storedCount(_ i: Int) -> Int { Int((word(i) >> 32) & 0xFF_FFFF) }

    /// The index of the value after the one starting at `i`. (Always inlined: left to the inliner, the
    /// member scans and the decoder's element loop called it, 1% of github_events.json's Codable decode,
    /// callgrind.)
    @inlinable @inline(__always)
    func skip(_ i: Int) -> Int {
        switch tagByte(i) {
        case TapeTag.startObject.rawValue, TapeTag.startArray.rawValue: return containerEnd(i)
        case TapeTag.int64.rawValue, TapeTag.uint64.rawValue, TapeTag.double.rawValue: return i + 2
        default: return i + 1
        }
    }

    /// The exact element count of the container starting at `i` (walks only when saturated).
    @inlinable
    func elementCount(_ i: Int) -> Int {
        let stored = storedCount(i)
        if stored < 0xFF_FFFF { return stored }
        let isObject = tagByte(i) == TapeTag.startObject.rawValue
        var n = 0
        var j = i + 1
        let end = containerEnd(i) - 1
        while j < end {
            if isObject { j += 1 }
            j = skip(j)
            n += 1
        }
        return n
    }

    @inlinable func int64(_ i: Int) -> Int64 { Int64(bitPattern: word(i + 1)) }
    @inlinable func uint64(_ i: Int) -> UInt64 { word(i + 1) }
    @inlinable func double(_ i: Int) -> Double { Double(bitPattern: word(i + 1)) }

    /// The UTF-8 bytes of the string at tape index `i` (a '"' word), without its terminating NUL.
    @inlinable
    func stringBytes(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        let offset = Int(truncatingIfNeeded: payload(i))
        let base = strings + offset
        let length = UnsafeRawPointer(base).loadUnaligned(as: UInt32.self).littleEndian
        return UnsafeBufferPointer(start: base + 4, count: Int(length))
    }

    /// How many bytes of the string buffer this tape uses (strings are written in tape order, so this
    /// is the end of the last string).
    func stringBufferUsedBytes() -> Int {
        // Walk forward word by word (a number's raw second word can look like any tag).
        var end = 0
        var i = 1
        while i < count {
            let tag = tagByte(i)
            if tag == TapeTag.string.rawValue {
                let bytes = stringBytes(i)
                end = bytes.baseAddress! - strings + bytes.count + 1
                i += 1
            } else if tag == TapeTag.int64.rawValue || tag == TapeTag.uint64.rawValue || tag == TapeTag.double.rawValue {
                i += 2
            } else {
                i += 1
            }
        }
        return end
    }

    /// Whether the string at tape index `i` equals `key`, byte for byte, without building a String.
    @inlinable
    func stringEquals(_ i: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let bytes = stringBytes(i)
        guard bytes.count == key.count else { return false }
        if key.isEmpty { return true }
        return memcmp(bytes.baseAddress!, key.baseAddress!, key.count) == 0
    }
}
