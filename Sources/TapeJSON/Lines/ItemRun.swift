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
