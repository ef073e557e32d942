// Numbers simdjson 3.0.1 cannot hold: integers outside Int64.min...UInt64.max (`100000000000000000000`,
// Int128 and UInt128 values, large Decimals) and numbers whose magnitude overflows a Double (`1e400`).
// simdjson rejects the whole document for one of them; they are valid JSON (RFC 8259 sets no limit)
// and Foundation reads them.
//
// The rare path, taken only when simdjson reports a number error: `BigNumbers.rewrite` scans the input
// for syntactically valid numbers out of simdjson's range and, in a copy of the input, replaces each with
// `-0.0` padded with spaces to the same length (the shortest such number, `1e309`, has five bytes), so
// every other byte keeps its offset. simdjson parses the copy; each placeholder is a Double -0.0 on the
// tape ('d' word, payload 0x8000000000000000). `NumberLocator` then finds the placeholders' tape indexes,
// and the document keeps the original texts in a `BigNumbers` table by tape index. Readers that meet a
// Double -0.0 (the decoder reads every Double zero from its text anyway, see `NumberText.swift`) ask the
// table first: a genuine `-0.0` is not in it.

/// The texts of a document's big numbers, by tape index (immutable once made).
@usableFromInline
final class BigNumbers: @unchecked Sendable {
    /// The tape payload of a placeholder (simdjson's Double -0.0).
    @usableFromInline static let placeholderBits: UInt64 = 0x8000_0000_0000_0000

    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let ranges: [Int: Range<Int>]

    init(texts: [(tapeIndex: Int, text: UnsafeRawBufferPointer)]) {
        let total = texts.reduce(0) { $0 + $1.text.count }
        bytes = .allocate(capacity: max(total, 1))
        var ranges: [Int: Range<Int>] = [:]
        var offset = 0
        for (tapeIndex, text) in texts {
            _ = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(bytes)[offset..<(offset + text.count)])
                .initializeMemory(as: UInt8.self, from: text)
            ranges[tapeIndex] = offset..<(offset + text.count)
            offset += text.count
        }
        self.ranges = ranges
    }

    /// A table with the entries of `base` (if any) and `extra`.
    convenience init(merging base: BigNumbers?, _ extra: [(tapeIndex: Int, text: String)]) {
        var entries: [(index: Int, text: [UInt8])] = base.map { base in
            base.ranges.map { (index: $0.key, text: Array(UnsafeBufferPointer(rebasing: base.bytes[$0.value]))) }
        } ?? []
        entries += extra.map { (index: $0.tapeIndex, text: Array($0.text.utf8)) }
        self.init(copying: entries.map(\.index), entries.map(\.text))
    }

    private init(copying indexes: [Int], _ buffers: [[UInt8]]) {
        let total = buffers.reduce(0) { $0 + $1.count }
        bytes = .allocate(capacity: max(total, 1))
        var ranges: [Int: Range<Int>] = [:]
        var offset = 0
        for (index, buffer) in zip(indexes, buffers) {
            _ = UnsafeMutableBufferPointer(rebasing: bytes[offset..<(offset + buffer.count)]).initialize(from: buffer)
            ranges[index] = offset..<(offset + buffer.count)
            offset += buffer.count
        }
        self.ranges = ranges
    }

    deinit { bytes.deallocate() }

    var count: Int { ranges.count }

    /// The UTF-8 of the big number at tape index `i`, or nil when `i` is not one.
    @usableFromInline
    func utf8(at i: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let range = ranges[i] else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[range])
    }

    /// The text of the big number at tape index `i`, or nil when `i` is not one.
    func text(at i: Int) -> String? {
        utf8(at: i).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A copy of `input` with every valid JSON number outside simdjson's range replaced by `-0.0` and
    /// spaces, and where those numbers were; nil when the input has none (its number error is real).
    static func rewrite(_ input: UnsafeRawBufferPointer) -> (copy: [UInt8], numbers: [Range<Int>])? {
        var numbers: [Range<Int>] = []
        let count = input.count
        var i = 0
        while i < count {
            let b = input[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                while i < count {
                    let c = input[i]
                    if c == UInt8(ascii: "\\") { i += 2; continue }
                    i += 1
                    if c == UInt8(ascii: "\"") { break }
                }
            } else if b == UInt8(ascii: "-") || (b &- 0x30) < 10 {
                let start = i
                i += 1
                while i < count, NumberSyntax.isNumberByte(input[i]) { i += 1 }
                let token = UnsafeRawBufferPointer(rebasing: input[start..<i])
                if isValidNumber(token) && isOutOfSimdjsonRange(token) { numbers.append(start..<i) }
            } else {
                i += 1
            }
        }
        guard !numbers.isEmpty else { return nil }
        var copy = [UInt8]()
        copy.reserveCapacity(count + Simd.padding)
        copy.append(contentsOf: input)
        for range in numbers {
            for k in range { copy[k] = UInt8(ascii: " ") }
            copy.replaceSubrange(range.lowerBound..<(range.lowerBound + 4), with: Array("-0.0".utf8))
        }
        return (copy, numbers)
    }

    /// RFC 8259's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isValidNumber(_ t: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        let n = t.count
        func digits() -> Int {
            let start = i
            while i < n, (t[i] &- 0x30) < 10 { i += 1 }
            return i - start
        }
        if i < n, t[i] == UInt8(ascii: "-") { i += 1 }
        guard i < n else { return false }
        if t[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits() == 0 {
            return false
        }
        if i < n, t[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { return false }
        }
        if i < n, t[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < n, t[i] == UInt8(ascii: "+") || t[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { return false }
        }
        return i == n
    }

    /// Whether simdjson 3.0.1 rejects the (valid) number: an integer outside Int64.min...UInt64.max, or a
    /// number whose magnitude overflows a Double.
    static func isOutOfSimdjsonRange(_ t: UnsafeRawBufferPointer) -> Bool {
        let text = String(decoding: t, as: UTF8.self)
        if NumberSyntax.isIntegerLiteral(text) {
            return Int64(text) == nil && UInt64(text) == nil
        }
        guard let value = Double(text) else { return false }
        return value.isInfinite
    }
}

extension NumberLocator {
    /// The tape indexes of the numbers starting at `offsets` (ascending) in `text`, valid JSON whose
    /// tape they are to be found on; nil when one is not found.
    static func tapeIndexes(ofNumbersAt offsets: [Int], in text: UnsafeBufferPointer<UInt8>) -> [Int]? {
        var result: [Int] = []
        var next = 0
        _ = walk(text, tapeIndex: 1, offset: 0, stopAfter: Int.max) { t, range in
            if range.lowerBound == offsets[next] {
                result.append(t)
                next += 1
            }
            return next < offsets.count
        }
        return result.count == offsets.count ? result : nil
    }
}

extension SimdParser {
    /// Parses `span` (padded) as `parse(_:padded:)` does and, when simdjson rejects a number as out of its
    /// range, parses again with the big numbers as placeholders (see `BigNumbers`) and returns their texts
    /// (copied into the table) with the tape. On failure returns the code simdjson gave for `span` itself.
    func parseReadingBigNumbers(_ span: UnsafeRawBufferPointer) -> Result<(tape: Tape, bigNumbers: BigNumbers?), SimdErrorCode> {
        switch parse(span, padded: true) {
        case .success(let tape):
            return .success((tape, nil))
        case .failure(let code):
            guard code == .number || code == .numberOutOfRange, let rewritten = BigNumbers.rewrite(span) else {
                return .failure(code)
            }
            return rewritten.copy.withUnsafeBytes { copy in
                guard case .success(let tape) = parse(copy, padded: false),
                      let indexes = NumberLocator.tapeIndexes(ofNumbersAt: rewritten.numbers.map(\.lowerBound),
                                                              in: copy.bindMemory(to: UInt8.self))
                else { return .failure(code) }
                let texts = zip(indexes, rewritten.numbers).map { index, range in
                    (tapeIndex: index, text: UnsafeRawBufferPointer(rebasing: span[range]))
                }
                return .success((tape, BigNumbers(texts: texts)))
            }
        }
    }
}
