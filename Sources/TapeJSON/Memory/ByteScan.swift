import CSimdShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The byte scans every reader shares: the UTF-8 byte order mark, newlines, lines and columns.
///
/// One implementation each: newlines are found with `memchr`, counted (with the columns after the last
/// one) by the shim's `tj_count_lines`, and columns are Unicode scalars counted by `tj_count_scalars`
/// (every byte that is not a UTF-8 continuation byte starts one). Lines are 1-based and end at `\n`
/// (a `\r` before it is part of the line); columns are 1-based and count scalars, not bytes.
enum ByteScan {
    /// The UTF-8 byte order mark (EF BB BF), which JSON text may open with (RFC 8259 §8.1 lets a parser
    /// ignore it): every reader skips it at the start of its input; offsets count its bytes, columns do not.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The value of the hex digit `byte` (`0`-`9`, `a`-`f`, `A`-`F`), or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter + 10 : nil
    }

    /// 3 when `bytes` open with the byte order mark, else 0.
    @inline(__always)
    static func byteOrderMarkLength(_ bytes: UnsafeRawBufferPointer) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// Whether `bytes` (the first bytes of an input, fewer than 3 perhaps) are all a prefix of the byte
    /// order mark: a reader fed a byte at a time waits for more before deciding.
    static func isByteOrderMarkPrefix(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count <= 3 && bytes.indices.allSatisfy { bytes[$0] == byteOrderMark[$0] }
    }

    /// The index of the first `\n` in `bytes` at or after `from`, or nil.
    @inline(__always)
    static func firstNewline(in bytes: UnsafeRawBufferPointer, from: Int = 0) -> Int? {
        guard from < bytes.count, let base = bytes.baseAddress,
              let hit = memchr(base + from, 0x0A, bytes.count - from) else { return nil }
        return UnsafeRawPointer(hit) - base
    }

    /// The index of the last `\n` in `bytes`, or nil. Scans backwards: in a window of lines the last
    /// newline is normally within one line of the end.
    static func lastNewline(in bytes: UnsafeRawBufferPointer) -> Int? {
        var i = bytes.count - 1
        while i >= 0 {
            if bytes[i] == 0x0A { return i }
            i -= 1
        }
        return nil
    }

    /// What `lines(in:)` found.
    struct Lines: Equatable {
        /// The number of `\n` bytes.
        var newlines: Int
        /// The index of the last of them, or nil when there is none.
        var lastNewline: Int?
        /// The scalars after the last `\n` (after the start when there is none): the columns those bytes
        /// add to their line.
        var scalarsAfter: Int
    }

    /// The newlines in `bytes` and the columns after the last of them, in one pass (the shim's
    /// `tj_count_lines`, 16 bytes at a time).
    static func lines(in bytes: UnsafeRawBufferPointer) -> Lines {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return Lines(newlines: 0, lastNewline: nil, scalarsAfter: 0) }
        var found = tj_line_count()
        tj_count_lines(base.assumingMemoryBound(to: UInt8.self), bytes.count, &found)
        return Lines(newlines: found.newlines, lastNewline: found.newlines > 0 ? found.last_newline : nil,
                     scalarsAfter: found.scalars_after)
    }

    /// The number of `\n` bytes in `bytes`.
    static func newlineCount(in bytes: UnsafeRawBufferPointer) -> Int { lines(in: bytes).newlines }

    /// The number of `\n` bytes in `bytes`, and the number of lines there (an unterminated last one
    /// included) holding more than whitespace (spaces, tabs, `\r`): the lines a JSON Lines scanner
    /// accounts for.
    static func lineCounts(in bytes: UnsafeRawBufferPointer) -> (newlines: Int, nonBlank: Int) {
        guard let p = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return (0, 0) }
        let count = bytes.count
        var newlines = 0
        var nonBlank = 0
        var i = 0
        while i < count {
            var j = i
            while j < count && (p[j] == 0x20 || p[j] == 0x09 || p[j] == 0x0D) { j += 1 }
            if j < count && p[j] != 0x0A { nonBlank += 1 }
            guard j < count, let hit = memchr(p + j, 0x0A, count - j) else { break }
            newlines += 1
            i = UnsafeRawPointer(hit) - UnsafeRawPointer(p) + 1
        }
        return (newlines, nonBlank)
    }

    /// The number of Unicode scalars that start in `bytes` (the bytes that are not UTF-8 continuation
    /// bytes): the columns they take, 64 bytes at a time.
    @inline(__always)
    static func scalarCount(in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
        return tj_count_scalars(base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// The line and column of byte `offset` of `bytes` (clamped to them), and where its line starts.
    static func location(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int, lineStart: Int) {
        let end = min(max(offset, 0), bytes.count)
        let found = lines(in: UnsafeRawBufferPointer(rebasing: bytes[0..<end]))
        return (1 + found.newlines, 1 + found.scalarsAfter, found.lastNewline.map { $0 + 1 } ?? 0)
    }
}

/// A line and column in a text read a window at a time: what a reader carries across the bytes it drops.
struct TextPosition: Equatable {
    /// The 1-based line.
    var line = 1
    /// The 1-based column, in scalars.
    var column = 1

    /// The position after `bytes`, which start here.
    func advanced(over bytes: UnsafeRawBufferPointer) -> TextPosition {
        advanced(by: ByteScan.lines(in: bytes))
    }

    /// The position after bytes that start here and hold the lines `found` (`ByteScan.lines(in:)`).
    func advanced(by found: ByteScan.Lines) -> TextPosition {
        if found.newlines > 0 { return TextPosition(line: line + found.newlines, column: 1 + found.scalarsAfter) }
        return TextPosition(line: line, column: column + found.scalarsAfter)
    }
}
