import Foundation

/// A growable byte buffer that JSON text is written into: the encoder's and the serializer's output.
///
/// Every writer reserves the worst case of what it writes first and then stores through a raw
/// pointer, so the hot loops carry no per-byte capacity or bounds checks. Not copyable: one owner
/// writes, and the memory is freed with it.
///
/// The storage is private. Writers outside this file append through the safe `append` methods, or
/// store straight into the buffer through `withUnsafeMutableWritableBytes(minimumWritableBytes:_:)`,
/// which says how many bytes it wrote; what was written is read back by offset (`subscript`), through
/// `withUnsafeReadableBytes`, or dropped from the end (`removeLast(from:)`).
struct JSONByteOutput: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// Bytes written.
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(count &+ extra) }
    }

    @inline(never)
    private mutating func grow(_ needed: Int) {
        var newCapacity = capacity &* 2
        while newCapacity < needed { newCapacity &*= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Gives back memory a very large call left behind, keeping a buffer of `limit` bytes.
    mutating func shrink(ifOver limit: Int) {
        guard capacity > limit else { return }
        base.deallocate()
        capacity = limit
        base = .allocate(capacity: limit)
        count = 0
    }

    // MARK: - Unsafe access

    /// Lends `body` the spare capacity after the written bytes, at least `minimumWritableBytes` of it;
    /// `body` stores into the start of it and returns how many bytes it wrote (at most the buffer's
    /// count), which are then part of the output. Bytes past those are left as they were.
    @inline(__always)
    mutating func withUnsafeMutableWritableBytes(
        minimumWritableBytes: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> Int
    ) rethrows {
        reserve(minimumWritableBytes)
        let written = try body(UnsafeMutableBufferPointer(start: base + count, count: capacity &- count))
        assert(written >= 0 && written <= capacity &- count, "wrote \(written) bytes of \(capacity &- count)")
        count &+= written
    }

    /// Lends `body` the bytes written so far (valid only during the call).
    @inline(__always)
    func withUnsafeReadableBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    // MARK: - Reading back and dropping

    /// The byte written at `offset`.
    @inline(__always)
    subscript(offset: Int) -> UInt8 {
        precondition(offset >= 0 && offset < count, "offset \(offset) outside the \(count) bytes written")
        return base[offset]
    }

    /// The bytes written, copied.
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Drops the bytes written from `offset` on (a value written and taken back).
    @inline(__always)
    mutating func removeLast(from offset: Int) {
        precondition(offset >= 0 && offset <= count, "offset \(offset) outside the \(count) bytes written")
        count = offset
    }

    /// Drops every byte written, keeping the capacity.
    mutating func removeAll() { count = 0 }

    // MARK: - Raw bytes

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(_ a: UInt8, _ b: UInt8) {
        reserve(2)
        base[count] = a
        base[count &+ 1] = b
        count &+= 2
    }

    @inline(__always)
    mutating func append(_ pointer: UnsafePointer<UInt8>, count n: Int) {
        guard n > 0 else { return }
        reserve(n)
        (base + count).update(from: pointer, count: n)
        count &+= n
    }

    @inline(__always)
    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        if let start = buffer.baseAddress { append(start, count: buffer.count) }
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// A newline followed by two spaces per level (the pretty-printed layout).
    @inline(__always)
    mutating func newlineAndIndent(_ level: Int) {
        let n = 1 &+ 2 &* level
        reserve(n)
        base[count] = 0x0A
        (base + (count &+ 1)).initialize(repeating: 0x20, count: n &- 1)
        count &+= n
    }

    // MARK: - Strings

    /// For each byte, 0 when it is written as is, otherwise the letter after the backslash of its
    /// escape (`u` for the `\u00XX` form). `/` is in the table; writers that keep slashes check it.
    /// A static string (256 ASCII bytes, read through `utf8Start`): an `[UInt8]` global cost a
    /// `swift_once` check and a retain on every `appendQuoted` call, that is on every key and string.
    static var escapes: StaticString { "uuuuuuuubtnufruuuuuuuuuuuuuuuuuu\0\0\"\0\0\0\0\0\0\0\0\0\0\0\0/\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\\\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0" }

    private static let hexDigits: StaticString = "0123456789abcdef"

    /// The bytes of `word` (8 bytes, the first in the low bits) that need an escape: below 0x20, `"`,
    /// `\`, or `/` when slashes are escaped, each flagged by its high bit. The lowest flag is always
    /// exact (a SWAR zero test can only flag a byte above a true hit, through the borrow), which is
    /// the only one `appendQuoted` reads.
    @inline(__always)
    static func escapeFlags(_ word: UInt64, slashes: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & high }
        var hit = (word &- ones &* 0x20) & ~word & high          // a byte < 0x20
        hit |= hasZero(word ^ (ones &* 0x22))                    // "
        hit |= hasZero(word ^ (ones &* 0x5C))                    // \
        if slashes { hit |= hasZero(word ^ (ones &* 0x2F)) }     // /
        return hit
    }

    /// `utf8` as a quoted JSON string: `"`, `\` and control characters escaped (`\b \f \n \r \t`,
    /// the others as `\u00XX` with lowercase hex), `/` as `\/` when `escapeSlashes`, everything
    /// else (non-ASCII UTF-8 included) copied as is.
    ///
    /// Eight bytes at a time: each word is stored before it is tested (the reserve, six bytes out per
    /// byte in, leaves room), and a word with an escape advances only to its first one, so a clean run
    /// costs no copy call and an escape a few instructions; the last bytes go one by one (reading them
    /// as one shifted word cost more instructions, callgrind). (Copying the runs between escapes with
    /// `memmove`, and the bytes of a word with an escape one by one, took 59% of the instructions of
    /// the apache_builds encode row with the macro, whose URLs have a `\/` every few bytes.)
    mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, escapeSlashes: Bool) {
        let n = utf8.count
        reserve(n &* 6 &+ 2)
        var out = base + count
        out.pointee = 0x22
        out += 1
        if let source = utf8.baseAddress {
            var i = 0
            // Room for each 8-byte store: `out` is at most 1 + 6i bytes in, and i + 8 <= n.
            while i &+ 8 <= n {
                let word = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(out).storeBytes(of: word, as: UInt64.self)
                let flags = Self.escapeFlags(word, slashes: escapeSlashes)
                if flags == 0 {
                    out += 8
                    i &+= 8
                    continue
                }
                let clean = flags.trailingZeroBitCount &>> 3
                out = Self.writeEscape(source[i &+ clean], at: out + clean)
                i &+= clean &+ 1
            }
            let table = Self.escapes.utf8Start
            while i < n {
                let byte = source[i]
                let escape = table[Int(byte)]
                if escape == 0 || (escape == 0x2F && !escapeSlashes) {
                    out.pointee = byte
                    out += 1
                } else {
                    out = Self.writeEscape(byte, at: out)
                }
                i &+= 1
            }
        }
        out.pointee = 0x22
        count = out + 1 - base
    }

    /// Writes the escape of `byte` (one that needs one) at `out`; returns the end of what it wrote.
    @inline(__always)
    private static func writeEscape(_ byte: UInt8, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let escape = escapes.utf8Start[Int(byte)]
        out[0] = 0x5C
        out[1] = escape
        guard escape == UInt8(ascii: "u") else { return out + 2 }
        out[2] = 0x30
        out[3] = 0x30
        out[4] = hexDigits.utf8Start[Int(byte >> 4)]
        out[5] = hexDigits.utf8Start[Int(byte & 0xF)]
        return out + 6
    }

    @inline(__always)
    mutating func appendQuoted(_ string: String, escapeSlashes: Bool) {
        var string = string
        string.withUTF8 { appendQuoted($0, escapeSlashes: escapeSlashes) }
    }

    // MARK: - Numbers

    @inline(__always)
    mutating func appendUnsigned(_ value: UInt64) {
        reserve(20)
        count &+= Self.writeUnsigned(value, at: base + count)
    }

    /// Writes the digits of `value` at `start` (room for 20 bytes); returns how many.
    @inline(__always)
    static func writeUnsigned(_ value: UInt64, at start: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = DecimalDigits.count(value)
        DecimalDigits.write(value, count: digits, at: start)
        return digits
    }

    @inline(__always)
    mutating func appendSigned(_ value: Int64) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            appendUnsigned(value.magnitude)
        } else {
            appendUnsigned(UInt64(value))
        }
    }

    /// Integers wider than 64 bits (Int128, UInt128), as their `description`.
    mutating func appendDescription(_ value: some CustomStringConvertible) {
        var text = value.description
        text.withUTF8 { append($0) }
    }

    /// A finite Double as Swift's `description` writes it (the shortest digits that round-trip),
    /// without a trailing `.0` (`1` for 1.0, `1e-07`, `1e+21`, `-0`): Foundation's number text,
    /// formatted by `ShortestDouble` straight into the buffer.
    @inline(__always)
    mutating func appendDouble(_ value: Double) {
        reserve(ShortestDouble.maximumLength)
        count &+= ShortestDouble.write(value, to: base + count)
    }

    /// A finite Float as Swift's `description` writes it, without a trailing `.0`, written by the
    /// runtime's printer straight into the buffer (Floats are rare in JSON models; Doubles have
    /// `ShortestDouble`).
    @inline(__always)
    mutating func appendFloat(_ value: Float) {
        reserve(32)
        (base + count).initialize(repeating: UInt8(ascii: "0"), count: 32)
        let n = Int(truncatingIfNeeded: tapeFloat32ToString(base + count, 32, value, false))
        count &+= Self.trimmedPointZero(base + count, n)
    }

    @inline(__always)
    private static func trimmedPointZero(_ p: UnsafeMutablePointer<UInt8>, _ n: Int) -> Int {
        if n >= 2 && p[n &- 1] == UInt8(ascii: "0") && p[n &- 2] == UInt8(ascii: ".") { return n &- 2 }
        return n
    }

    // MARK: - Base64

    private static let base64Alphabet: StaticString =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    /// `bytes` as a quoted base64 string (with `=` padding, no line breaks), each `/` written `\/`
    /// when `escapeSlashes` (base64 text is otherwise never escaped).
    mutating func appendQuotedBase64(_ bytes: UnsafeRawBufferPointer, escapeSlashes: Bool) {
        let n = bytes.count
        let textLength = (n + 2) / 3 * 4
        reserve(textLength &* 2 &+ 2)
        var out = base + count
        out.pointee = 0x22
        out += 1
        let alphabet = Self.base64Alphabet.utf8Start
        @inline(__always) func put(_ sextet: UInt32) {
            let c = alphabet[Int(sextet & 0x3F)]
            if c == 0x2F && escapeSlashes {
                out[0] = 0x5C
                out[1] = 0x2F
                out += 2
            } else {
                out.pointee = c
                out += 1
            }
        }
        var i = 0
        while i &+ 3 <= n {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i &+ 1]) << 8 | UInt32(bytes[i &+ 2])
            put(v >> 18); put(v >> 12); put(v >> 6); put(v)
            i &+= 3
        }
        if n &- i == 1 {
            let v = UInt32(bytes[i]) << 16
            put(v >> 18); put(v >> 12)
            out[0] = 0x3D; out[1] = 0x3D; out += 2
        } else if n &- i == 2 {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i &+ 1]) << 8
            put(v >> 18); put(v >> 12); put(v >> 6)
            out.pointee = 0x3D; out += 1
        }
        out.pointee = 0x22
        count = out + 1 - base
    }
}

/// The Swift runtime's Float printer: what `Float.description` calls (the standard library declares
/// it under this name, `@usableFromInline`, as `_float32ToStringImpl`). It writes the description's
/// bytes (at most 32) into `buffer` and returns how many; `debug: false` is `description`, not
/// `debugDescription`. The buffer must hold `0` digits beforehand, as the standard library's own
/// callers fill it: the printer leaves the zeros of `100.0` or `0.05` unwritten
/// (`ScalarEncodingTests` compares the text with `description` over millions of values of every kind).
@_silgen_name("swift_float32ToString")
func tapeFloat32ToString(_ buffer: UnsafeMutablePointer<UInt8>, _ length: UInt, _ value: Float,
                         _ debug: Bool) -> UInt64
