import CSimdShim

/// Consecutive complete items of an array, as `ItemSplitter` finds them: the bytes from the first item's
/// first byte up to (not including) the separator after the last one, parsed together as one array.
///
/// Layout in memory (the splitter's buffer, or a worker's chunk): one writable byte before `base` and the
/// separator at `base[count]` (when `hasSeparator`), then `Simd.padding` readable bytes. The run parser
/// writes `[` before the run and `]` over its separator for the one simdjson call, and puts both back.
///
///     …  ,  ␠ {"a":1} ,\n {"a":2} ,  …        the envelope's bytes
///           ^base                  ^base[count]: the separator after the run
///        [                         ]          written for the parse, then restored
struct ItemRun {
    /// The run's first byte (an item's first byte).
    let base: UnsafeMutableRawPointer
    /// Bytes in the run (blanks before the separator included).
    let count: Int
    /// Whether `base[count]` is the separator after the last item (a `,`, `]` or `}`); false when the
    /// input ends after the last item.
    let hasSeparator: Bool
    /// Absolute byte offset, line and column of `base[0]` in the input.
    let offset: Int
    let line: Int
    let column: Int
    /// Index of the run's first item among the items at the pointer.
    let firstIndex: Int
    /// Items in the run (the commas at nesting 0 in it, plus one).
    let items: Int
}

extension ItemRun {
    /// The part of the run holding the items whose first byte lies in `range` (a shard's share of the
    /// document), or nil when it holds none.
    func cut(to range: ItemShardRange) -> ItemRun? {
        if offset >= range.lowerBound && offset + count < range.upperBound { return self }
        if offset + count < range.lowerBound && hasSeparator { return nil }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        var positions = [UInt32](repeating: 0, count: max(items - 1, 1))
        var newlines = [UInt32](repeating: 0, count: max(items - 1, 1))
        if items > 1 {
            _ = tj_item_separators(bytes, count, &positions, &newlines, items - 1)
        }
        // Each item's first byte and line.
        func start(_ k: Int) -> (at: Int, line: Int) {
            guard k > 0 else { return (0, line) }
            var at = Int(positions[k - 1]) + 1
            var itemLine = line + Int(newlines[k - 1])
            while at < count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) {
                if bytes[at] == 0x0A { itemLine += 1 }
                at += 1
            }
            return (at, itemLine)
        }
        let owned = (0..<items).filter {
            let at = offset + start($0).at
            return at >= range.lowerBound && at < range.upperBound
        }
        guard let first = owned.first, let last = owned.last else { return nil }
        let (at, firstLine) = start(first)
        let end = last == items - 1 ? count : Int(positions[last])
        return ItemRun(base: base + at, count: end - at, hasSeparator: last == items - 1 ? hasSeparator : true,
                       offset: offset + at, line: firstLine, column: column(at: at), firstIndex: firstIndex + first,
                       items: last - first + 1)
    }

    /// The column of run byte `at`: scalars counted from its line's start, or on from the run's column
    /// on the run's first line.
    func column(at: Int) -> Int {
        let before = UnsafeRawBufferPointer(start: base, count: at)
        guard let newline = ByteScan.lastNewline(in: before) else { return column + ByteScan.scalarCount(in: before) }
        return 1 + ByteScan.scalarCount(in: UnsafeRawBufferPointer(rebasing: before[(newline + 1)...]))
    }
}
