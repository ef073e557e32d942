import Foundation

/// Builds `JSONSerialization`'s object graph from a tape in one recursive walk.
///
/// Containers are built directly at their final size (the tape's start words carry the element
/// count); strings are copied once from the string buffer without a second UTF-8 validation, and each
/// distinct key only once (`KeyCache`); numbers go through `FoundationNumbers`, which needs a number's
/// text only for doubles: `NumberTextScanner` finds it in the input, lazily, so a document without
/// doubles is never rescanned (see `numberText(ordinal:tapeIndex:)`).
///
/// Where the time goes, for a sense of the limits (twitter.json, release build): about 8% in simdjson,
/// the rest in what any producer of this graph pays, hashing every key into a `Dictionary`, allocating
/// the containers, the long strings and the `NSNumber`s, and later freeing them. Foundation pays the
/// same for its result, on top of its own parse and an intermediate tree.
struct ObjectGraphBuilder {
    let tape: Tape
    let mutableContainers: Bool
    let mutableLeaves: Bool
    /// Where the numbers' text is found when a double needs it.
    var scanner: NumberTextScanner
    /// One String per distinct key.
    let keys: KeyCache
    /// The tape index of the last number the scanner located.
    private var scannerTapeIndex = 0
    /// How many numbers the walk has passed (the ordinal of the next one, in document order).
    var numberOrdinal = 0
    /// How many containers enclose the current value.
    private var depth = 0
    /// Whether a container nests deeper than `TapeJSONSerialization.maximumDepth` (the result is then
    /// to be discarded: the walk replaces such a container by `NSNull` and goes on).
    private(set) var depthExceeded = false

    init(tape: Tape, text: UnsafeRawBufferPointer, options: JSONSerialization.ReadingOptions, keys: KeyCache) {
        self.tape = tape
        self.keys = keys
        self.mutableContainers = options.contains(.mutableContainers)
        self.mutableLeaves = options.contains(.mutableLeaves)
        self.scanner = NumberTextScanner(text: text)
    }

    /// The object for the value starting at tape index `i`; advances `i` past it.
    ///
    /// Inlined into the container loops, so a leaf is built straight into its container's slot;
    /// containers are built out of line.
    @inline(__always)
    mutating func value(at i: inout Int) -> Any {
        let index = i
        switch tape.tagByte(index) {
        case TapeTag.startObject.rawValue:
            return object(at: &i)
        case TapeTag.startArray.rawValue:
            return array(at: &i)
        case TapeTag.string.rawValue:
            i = index + 1
            let string = StringMaking.string(tape.stringBytes(index))
            return mutableLeaves ? NSMutableString(string: string) : string
        case TapeTag.int64.rawValue:
            i = index + 2
            numberOrdinal += 1
            return FoundationNumbers.number(int64: tape.int64(index))
        case TapeTag.uint64.rawValue:
            i = index + 2
            numberOrdinal += 1
            return FoundationNumbers.number(uint64: tape.uint64(index))
        case TapeTag.double.rawValue:
            i = index + 2
            let ordinal = numberOrdinal
            numberOrdinal += 1
            let value = tape.double(index)
            guard let text = numberText(ordinal: ordinal, tapeIndex: index) else { return NSNumber(value: value) }
            return FoundationNumbers.number(text: text, double: value)
        case TapeTag.trueValue.rawValue:
            i = index + 1
            return FoundationNumbers.trueValue
        case TapeTag.falseValue.rawValue:
            i = index + 1
            return FoundationNumbers.falseValue
        default:
            // 'n': the only other word a value can start with.
            i = index + 1
            return FoundationNumbers.null
        }
    }

    /// The text of the number with this ordinal, which starts at tape index `tapeIndex`.
    ///
    /// The scanner reads forward from the last number it located. When the number is much nearer the
    /// end of the document than that (a document of integers and strings whose only double sits in a
    /// trailer, like twitter.json's `completed_in`), it is found from the end instead: the numbers after
    /// it are counted on the tape, which is cheap, and the scanner counts as many back from the input's
    /// end, then resumes forward from there.
    private mutating func numberText(ordinal: Int, tapeIndex: Int) -> UnsafeBufferPointer<UInt8>? {
        let wordsToEnd = tape.count - tapeIndex
        if wordsToEnd * 8 < tapeIndex - scannerTapeIndex {
            var after = 0
            var j = tapeIndex + 2
            while j < tape.count {
                switch tape.tagByte(j) {
                case TapeTag.int64.rawValue, TapeTag.uint64.rawValue, TapeTag.double.rawValue:
                    after += 1
                    j += 2
                default:
                    j += 1
                }
            }
            if let text = scanner.text(ofNumber: ordinal, numbersAfter: after) {
                scannerTapeIndex = tapeIndex
                return text
            }
        }
        scannerTapeIndex = tapeIndex
        return scanner.text(ofNumber: ordinal)
    }

    /// Enters a container; false (and the walk skips it) when it is nested too deep.
    @inline(__always)
    private mutating func enter(at i: inout Int) -> Bool {
        depth += 1
        if depth <= TapeJSONSerialization.maximumDepth { return true }
        depthExceeded = true
        depth -= 1
        i = tape.containerEnd(i)
        return false
    }

    @inline(never)
    private mutating func array(at i: inout Int) -> Any {
        guard enter(at: &i) else { return FoundationNumbers.null }
        defer { depth -= 1 }
        let start = i
        let end = tape.containerEnd(start) - 1   // the ']' word
        var elements: [Any] = []
        elements.reserveCapacity(tape.elementCount(start))
        var j = start + 1
        while j < end {
            elements.append(value(at: &j))
        }
        i = end + 1
        return mutableContainers ? NSMutableArray(array: elements, copyItems: false) : elements
    }

    @inline(never)
    private mutating func object(at i: inout Int) -> Any {
        guard enter(at: &i) else { return FoundationNumbers.null }
        defer { depth -= 1 }
        let start = i
        let end = tape.containerEnd(start) - 1   // the '}' word
        var members = [String: Any](minimumCapacity: tape.elementCount(start))
        var j = start + 1
        while j < end {
            let key = keys.key(tape.stringBytes(j))
            j += 1
            members[key] = value(at: &j)
        }
        i = end + 1
        return mutableContainers ? NSMutableDictionary(dictionary: members, copyItems: false) : members
    }
}
