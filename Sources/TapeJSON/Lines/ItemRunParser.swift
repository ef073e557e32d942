import CSimdShim

/// Parses an `ItemRun` with one simdjson call (the run as one array) and hands out its items, each as a
/// document of its own; when the run is not valid JSON, parses its items one by one instead, so that each
/// bad item is reported at its own position exactly as if it had been parsed alone.
///
/// The items of a valid run come off the run's tape: item `k` is the `k`-th element, its words copied
/// into a small tape of its own (root words around it, container links and string offsets moved to
/// match), so that it reads as the document it would have been parsed alone. Counting needs no copy.
///
/// One per thread: the tapes handed out live in its parsers and buffers until the next run.
struct ItemRunParser {
    /// What a run yields, item by item (or at once when only counting).
    enum Outcome {
        /// A valid item: its tape (valid until the next outcome), its bytes, where it starts and its index.
        /// `bigNumbers` holds the texts of the numbers simdjson cannot hold (an item parsed alone).
        case item(Tape, raw: UnsafeRawBufferPointer, line: Int, offset: Int, index: Int, bigNumbers: BigNumbers?)
        /// An invalid item, located in the input, whose end is known (`ItemBoundary`): reading goes on.
        case invalid(JSONError, index: Int)
        /// An invalid item whose end is not known: the items after it cannot be found, and the scan ends
        /// with this outcome (the stop is at the item's first byte).
        case stop(StreamStop)
        /// `n` valid items counted without being handed out (counting only).
        case counted(Int)
    }

    /// Parses runs, one level deeper than an item may be.
    let batchParser: SimdParser
    /// Parses an item alone (when its run is invalid).
    let itemParser: SimdParser
    /// The longest item parsed; a longer one is invalid (`.documentTooLarge`), as a longer line is in
    /// JSON Lines.
    let maxDocumentSize: Int
    private let separators = Scratch<UInt32>()
    private let newlines = Scratch<UInt32>()
    private let itemTape = Scratch<UInt64>()

    /// A parser for items nested at most `itemDepth` deep and at most `maxDocumentSize` bytes long.
    init(itemDepth: Int, maxDocumentSize: Int = Simd.maxDocumentSize) throws {
        batchParser = try SimdParser(maxCapacity: Simd.maxDocumentSize, maxDepth: itemDepth + 1)
        itemParser = try SimdParser(maxCapacity: Simd.maxDocumentSize, maxDepth: itemDepth)
        self.maxDocumentSize = maxDocumentSize
    }

    /// Parses `run` and calls `visit` with each item in order (or once with `.counted` when `countOnly` and
    /// the run is valid); `visit` returns false to stop. Returns false when stopped.
    mutating func scan(_ run: ItemRun, countOnly: Bool, _ visit: (Outcome) throws -> Bool) rethrows -> Bool {
        let bytes = run.base.unsafeUInt8s
        // A run longer than the longest item may hold one too long: items are then checked one by one.
        if run.count > maxDocumentSize { return try scanOneByOne(run, countOnly: countOnly, visit) }
        let before = bytes[-1]
        let after = bytes[run.count]
        bytes[-1] = UInt8(ascii: "[")
        bytes[run.count] = UInt8(ascii: "]")
        let parsed = batchParser.parse(UnsafeRawBufferPointer(start: bytes - 1, count: run.count + 2), padded: true)
        bytes[-1] = before
        bytes[run.count] = after
        guard case .success(let tape) = parsed, tape.tagByte(Tape.rootIndex) == TapeTag.startArray.rawValue,
              tape.elementCount(Tape.rootIndex) == run.items else {
            return try scanOneByOne(run, countOnly: countOnly, visit)
        }
        if countOnly { return try visit(.counted(run.items)) }
        let bounds = findSeparators(run)
        var element = Tape.rootIndex + 1
        for k in 0..<run.items {
            let (start, line) = itemStart(k, in: run, bounds)
            let end = itemEnd(k, in: run, bounds)
            let next = tape.skip(element)
            let own = relocate(tape, from: element, to: next)
            element = next
            let raw = UnsafeRawBufferPointer(start: bytes + start, count: end - start)
            guard try visit(.item(own, raw: raw, line: line, offset: run.offset + start, index: run.firstIndex + k,
                                  bigNumbers: nil))
            else { return false }
        }
        return true
    }

    /// The items of an invalid run, parsed alone: the same items, errors and positions as without runs.
    private mutating func scanOneByOne(_ run: ItemRun, countOnly: Bool,
                                       _ visit: (Outcome) throws -> Bool) rethrows -> Bool {
        let bytes = run.base.unsafeUInt8s
        let bounds = findSeparators(run)
        var columns = ColumnMemo(run: run)
        for k in 0..<run.items {
            let (start, line) = itemStart(k, in: run, bounds)
            let end = itemEnd(k, in: run, bounds)
            let span = UnsafeRawBufferPointer(start: bytes + start, count: end - start)
            // The item with what follows it up to its separator (where errors are located).
            let separator = k < run.items - 1 ? Int(bounds.positions[k]) : run.count
            let delimited = k < run.items - 1 || run.hasSeparator
                ? UnsafeRawBufferPointer(start: bytes + start, count: separator + 1 - start) : span
            let outcome = parseAlone(span, delimited: delimited, offset: run.offset + start, line: line,
                                     column: { columns.column(at: start, line: line) }, index: run.firstIndex + k,
                                     countOnly: countOnly)
            guard try visit(outcome) else { return false }
            if case .stop = outcome { return false }
        }
        return true
    }

    /// One item parsed alone (`span`, at `offset`, `line` and `column()` in the input; `delimited` is
    /// the span with its separator, where errors are located): valid, a bad item whose end is known
    /// (`ItemBoundary`), or a stop at its first byte.
    func parseAlone(_ span: UnsafeRawBufferPointer, delimited: UnsafeRawBufferPointer, offset: Int, line: Int,
                    column: () -> Int, index: Int, countOnly: Bool) -> Outcome {
        let error: JSONError
        if span.count > maxDocumentSize {
            error = JSONError(tooLarge: span, offset: offset, line: line, column: column())
        } else {
            switch itemParser.parseReadingBigNumbers(span) {
            case .success(let parsed):
                return countOnly ? .counted(1) : .item(parsed.tape, raw: span, line: line, offset: offset, index: index,
                                                       bigNumbers: parsed.bigNumbers)
            case .failure(let code):
                error = JSONError(item: span, delimited: delimited, code: code, maxDepth: itemParser.maxDepth)
                    .shifted(byOffset: offset, line: line, column: column())
            }
        }
        guard ItemBoundary.isProven(span) else {
            return .stop(StreamStop(offset: offset, line: line, column: column(), itemIndex: index, reason: error))
        }
        return .invalid(error, index: index)
    }

    /// Where the run's separators are: `positions[k]` ends item `k` (the last item ends at the run's end).
    private struct Separators {
        let positions: UnsafeMutablePointer<UInt32>
        let newlines: UnsafeMutablePointer<UInt32>
    }

    private mutating func findSeparators(_ run: ItemRun) -> Separators {
        let capacity = max(run.items - 1, 1)
        let positions = separators.reserve(capacity)
        let lines = newlines.reserve(capacity)
        // One item: nothing to find (its bytes may hold commas the walker did not take for separators,
        // such as those of a truncated last item).
        if run.items == 1 { return Separators(positions: positions, newlines: lines) }
        let found = tj_item_separators(run.base.unsafeUInt8s, run.count, positions, lines, capacity)
        precondition(found == run.items - 1, "a run's separators are found again where the splitter found them")
        return Separators(positions: positions, newlines: lines)
    }

    /// Item `k`'s first byte (after the blanks that follow its comma) and its line.
    private func itemStart(_ k: Int, in run: ItemRun, _ bounds: Separators) -> (start: Int, line: Int) {
        guard k > 0 else { return (0, run.line) }
        let bytes = run.base.unsafeUInt8s
        var start = Int(bounds.positions[k - 1]) + 1
        var line = run.line + Int(bounds.newlines[k - 1])
        while start < run.count {
            switch bytes[start] {
            case 0x0A: line += 1
            case 0x20, 0x09, 0x0D: break
            default: return (start, line)
            }
            start += 1
        }
        return (start, line)
    }

    /// The end of item `k` (before the blanks that precede its separator).
    private func itemEnd(_ k: Int, in run: ItemRun, _ bounds: Separators) -> Int {
        let bytes = run.base.unsafeUInt8s
        var end = k < run.items - 1 ? Int(bounds.positions[k]) : run.count
        while end > 0 {
            switch bytes[end - 1] {
            case 0x20, 0x09, 0x0A, 0x0D: end -= 1
            default: return end
            }
        }
        return end
    }

    /// Words `from ..< to` of `tape` (one value) as a tape of their own: root words around them, container
    /// links moved by the same distance, string offsets counted from the value's first string.
    private mutating func relocate(_ tape: Tape, from: Int, to: Int) -> Tape {
        let n = to - from
        let words = itemTape.reserve(n + 2)
        let shift = UInt64(from - 1)
        let root = UInt64(TapeTag.root.rawValue) << 56
        words[0] = root | UInt64(n + 2)
        var stringBase: UInt64? = nil
        var j = from
        var out = 1
        while j < to {
            let word = tape.words[j]
            switch UInt8(truncatingIfNeeded: word >> 56) {
            case TapeTag.startObject.rawValue, TapeTag.startArray.rawValue:
                // Low 32 bits: the index past the matching end; above them the count, kept.
                words[out] = word - shift
            case TapeTag.endObject.rawValue, TapeTag.endArray.rawValue:
                words[out] = word - shift
            case TapeTag.string.rawValue:
                let offset = word & 0x00FF_FFFF_FFFF_FFFF
                let base = stringBase ?? offset
                stringBase = base
                words[out] = (word & ~0x00FF_FFFF_FFFF_FFFF) | (offset - base)
            case TapeTag.int64.rawValue, TapeTag.uint64.rawValue, TapeTag.double.rawValue:
                words[out] = word
                words[out + 1] = tape.words[j + 1]
                j += 2
                out += 2
                continue
            default:
                words[out] = word
            }
            j += 1
            out += 1
        }
        words[n + 1] = root
        return Tape(words: UnsafePointer(words), count: n + 2, strings: tape.strings + Int(stringBase ?? 0))
    }
}

/// Columns of items in a run, counted on from the last one asked for (errors come in order).
private struct ColumnMemo {
    let run: ItemRun
    private var at = 0
    private var column: Int
    private var line: Int

    init(run: ItemRun) {
        self.run = run
        self.column = run.column
        self.line = run.line
    }

    /// The column of run byte `offset`, which is on `line`.
    mutating func column(at offset: Int, line: Int) -> Int {
        if line != self.line || offset < at {
            // Start again, counting from the line's first byte in the run (`ItemRun.column(at:)`).
            column = run.column(at: offset)
            at = offset
            self.line = line
        } else if at < offset {
            column += ByteScan.scalarCount(in: UnsafeRawBufferPointer(start: run.base + at, count: offset - at))
            at = offset
        }
        return column
    }
}

/// A growable scratch buffer of trivial values, reused from run to run (shared by the parser's copies).
final class Scratch<Element: BitwiseCopyable> {
    private var storage = RawVector<Element>()

    /// At least `count` elements (contents undefined), valid until the next `reserve`.
    func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        storage.reserveCapacity(count)
        return storage.unsafeBaseAddress
    }
}

extension JSONError {
    /// An item longer than the longest document parsed, located at its first byte.
    init(tooLarge item: UnsafeRawBufferPointer, offset: Int, line: Int, column: Int) {
        let excerpt = SourceLocation.printable(UnsafeBufferPointer(start: item.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                                   count: min(24, item.count)))
        self.init(kind: .documentTooLarge, offset: offset, line: line, column: column, excerpt: excerpt)
    }
}
