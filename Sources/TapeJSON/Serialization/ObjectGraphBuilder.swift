import Foundation

/// Builds `JSONSerialization`'s object graph from a tape in one recursive walk.
///
/// Containers are built directly at their final size (the tape's start words carry the element
/// count); strings are copied once from the string buffer without a second UTF-8 validation, each
/// distinct key only once (`KeyTable`); an object is built from the template of its shape (its keys,
/// in order: `ShapeTable`) by `mapValues`, which keeps the template's hash table, so that a key is
/// hashed once per shape rather than once per object; its values are first built in the text's order
/// onto a stack (`ValueStack`) and moved from there into the dictionary. Its shape is usually guessed
/// from the last object met under the same key, by comparing its keys with that shape's; recurring
/// integers share one `NSNumber` (`NumberTable`);
/// the tables are reused from call to call (`BuilderTables`), emptied; numbers follow
/// `FoundationNumbers`, which needs a number's text only for doubles: `NumberTextScanner` finds it in
/// the input, lazily, so a document without doubles is never rescanned (see
/// `numberText(ordinal:tapeIndex:)`).
///
/// Where the time goes, for a sense of the limits (release build): about 10% in simdjson, 15-20% in
/// freeing the graph when the caller drops it, the rest in allocating the containers, the long strings
/// and the `NSNumber`s, and hashing the keys of each shape's template. Foundation pays
/// the allocations and the frees for its result too, on top of its own parse, an intermediate tree and
/// a hash per key. Documents of small objects with varied keys and long distinct strings
/// (github_events.json, apache_builds.json) gain least from templates and shared numbers.
struct ObjectGraphBuilder {
    let tape: Tape
    let mutableContainers: Bool
    let mutableLeaves: Bool
    /// Where the numbers' text is found when a double needs it.
    var scanner: NumberTextScanner
    /// One String (and id) per distinct key.
    var keys: KeyTable
    /// Integers that recur, shared.
    var numbers: NumberTable
    /// The objects' shapes and their templates.
    var shapes: ShapeTable
    /// The key ids of the object whose shape is being looked up (pushed, then popped right after).
    private var keyIDStack: [Int32]
    /// Owns the storage of the value stack (`values`, `valuesCapacity`, kept here for direct access).
    private let valueStack: ValueStack
    /// The values of the objects being built, innermost last (see `ValueStack`).
    private var values: UnsafeMutablePointer<Any>
    private var valuesCapacity: Int
    /// How many values are on the stack.
    private var valuesCount = 0
    /// The tape index of the last number the scanner located.
    private var scannerTapeIndex = 0
    /// How many numbers the walk has passed (the ordinal of the next one, in document order).
    var numberOrdinal = 0
    /// How many containers enclose the current value.
    private var depth = 0
    /// Whether a container nests deeper than `TapeJSONSerialization.maximumDepth` (the result is then
    /// to be discarded: the walk replaces such a container by `NSNull` and goes on).
    private(set) var depthExceeded = false

    /// A builder using `tables` (empty ones, as `BuilderTables.take()` gives).
    init(tape: Tape, text: UnsafeRawBufferPointer, options: JSONSerialization.ReadingOptions,
         tables: consuming BuilderTables) {
        self.keys = tables.keys
        self.numbers = tables.numbers
        self.shapes = tables.shapes
        self.keyIDStack = tables.keyIDStack
        self.valueStack = tables.values
        self.values = tables.values.base
        self.valuesCapacity = tables.values.capacity
        self.tape = tape
        self.mutableContainers = options.contains(.mutableContainers)
        self.mutableLeaves = options.contains(.mutableLeaves)
        self.scanner = NumberTextScanner(text: text)
    }

    /// The tables, for `BuilderTables.give(_:)` once the walk is over.
    consuming func tables() -> BuilderTables {
        BuilderTables(keys: keys, shapes: shapes, numbers: numbers, keyIDStack: keyIDStack, values: valueStack)
    }

    /// The object for the value starting at tape index `i`; advances `i` past it. `context` says where
    /// the value is (see `KeyTable.predictedShape(_:count:)`), for guessing an object's shape.
    ///
    /// Inlined into the container loops, so a leaf is built straight into its container's slot;
    /// containers are built out of line.
    @inline(__always)
    mutating func value(at i: inout Int, context: Int) -> Any {
        let index = i
        switch tape.tagByte(index) {
        case TapeTag.startObject.rawValue:
            return object(at: &i, context: context)
        case TapeTag.startArray.rawValue:
            return array(at: &i, context: context)
        case TapeTag.string.rawValue:
            i = index + 1
            let string = StringMaking.string(tape.stringBytes(index))
            return mutableLeaves ? NSMutableString(string: string) : string
        case TapeTag.int64.rawValue:
            i = index + 2
            numberOrdinal += 1
            return numbers.number(int64: tape.int64(index))
        case TapeTag.uint64.rawValue:
            i = index + 2
            numberOrdinal += 1
            return numbers.number(uint64: tape.uint64(index))
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
    private mutating func array(at i: inout Int, context: Int) -> Any {
        guard enter(at: &i) else { return FoundationNumbers.null }
        defer { depth -= 1 }
        let start = i
        let end = tape.containerEnd(start) - 1   // the ']' word
        var elements: [Any] = []
        elements.reserveCapacity(tape.elementCount(start))
        let elementContext = KeyTable.elementContext(context)
        var j = start + 1
        while j < end {
            elements.append(value(at: &j, context: elementContext))
        }
        i = end + 1
        return mutableContainers ? NSMutableArray(array: elements, copyItems: false) : elements
    }

    @inline(never)
    private mutating func object(at i: inout Int, context: Int) -> Any {
        guard enter(at: &i) else { return FoundationNumbers.null }
        defer { depth -= 1 }
        let start = i
        let end = tape.containerEnd(start) - 1   // the '}' word
        i = end + 1
        let count = tape.elementCount(start)
        let members: [String: Any]
        if count > 0, count <= ShapeTable.maximumKeyCount {
            members = shapedObject(start: start, end: end, count: count, context: context)
        } else {
            members = objectKeyByKey(start: start, end: end, count: count, shape: nil)
        }
        return mutableContainers ? NSMutableDictionary(dictionary: members, copyItems: false) : members
    }

    /// The members of the object between tape indexes `start` and `end` (its `{` and `}` words), which
    /// has `count` keys: its shape's template mapped to its values when the shape has one, else built
    /// key by key.
    ///
    /// The shape is first guessed: the last object met in the same `context` (the value of the same
    /// key, or an element of arrays under it) usually has the same keys, which are then compared with
    /// the tape's directly. Otherwise the keys are looked up one by one and the shape by their ids.
    @inline(__always)
    private mutating func shapedObject(start: Int, end: Int, count: Int, context: Int) -> [String: Any] {
        let shape: Int
        if let guessed = guessedShape(start: start, end: end, count: count, context: context) {
            shape = guessed
            shapes.sighted(shape)
        } else {
            // The keys' ids and their hash, from the tape alone (values are skipped, not built).
            let base = keyIDStack.count
            defer { keyIDStack.removeLast(keyIDStack.count - base) }
            var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
            var j = start + 1
            while j < end {
                let id = keys.id(tape.stringBytes(j))
                guard id >= 0 else { return objectKeyByKey(start: start, end: end, count: count, shape: nil) }
                keyIDStack.append(id)
                hash = (hash ^ UInt64(truncatingIfNeeded: id)) &* 0xBF58_476D_1CE4_E5B9
                j = tape.skip(j + 1)
            }
            guard let sighted = shapes.sighting(of: keyIDStack[base...], hash: hash) else {
                return objectKeyByKey(start: start, end: end, count: count, shape: nil)
            }
            shape = sighted
            keys.predict(Int32(shape), in: context, count: count)
        }
        guard let template = shapes.template(ofShapeAt: shape, keys: keys) else {
            return objectKeyByKey(start: start, end: end, count: count, shape: shape)
        }
        // The values, in the text's order, onto the stack. Each is initialized straight into its slot
        // as the `Any` it becomes, rather than returned as an `Any` and moved there; a container
        // pushes values of its own while it is built, which may move the stack, so its slot is only
        // addressed once it is built. (Written out here: a function doing this is called, not
        // inlined, by the compiler.) Only a container needs its context, so only a container reads
        // its key's id.
        let base = valuesCount
        let keyIDsStart = shapes.shapes[shape].keyIDsStart
        var j = start + 1
        var k = 0
        while j < end {
            j += 1
            let index = j
            switch tape.tagByte(index) {
            case TapeTag.startObject.rawValue:
                let object = object(at: &j, context: KeyTable.memberContext(shapes.keyIDs[keyIDsStart + k]))
                if valuesCount == valuesCapacity { growValues() }
                (values + valuesCount).initialize(to: object)
            case TapeTag.startArray.rawValue:
                let array = array(at: &j, context: KeyTable.memberContext(shapes.keyIDs[keyIDsStart + k]))
                if valuesCount == valuesCapacity { growValues() }
                (values + valuesCount).initialize(to: array)
            case TapeTag.string.rawValue:
                j = index + 1
                if valuesCount == valuesCapacity { growValues() }
                let string = StringMaking.string(tape.stringBytes(index))
                if mutableLeaves {
                    (values + valuesCount).initialize(to: NSMutableString(string: string))
                } else {
                    (values + valuesCount).initialize(to: string)
                }
            case TapeTag.int64.rawValue:
                j = index + 2
                numberOrdinal += 1
                if valuesCount == valuesCapacity { growValues() }
                (values + valuesCount).initialize(to: numbers.number(int64: tape.int64(index)))
            case TapeTag.uint64.rawValue:
                j = index + 2
                numberOrdinal += 1
                if valuesCount == valuesCapacity { growValues() }
                (values + valuesCount).initialize(to: numbers.number(uint64: tape.uint64(index)))
            case TapeTag.trueValue.rawValue:
                j = index + 1
                if valuesCount == valuesCapacity { growValues() }
                (values + valuesCount).initialize(to: FoundationNumbers.trueValue)
            case TapeTag.falseValue.rawValue:
                j = index + 1
                if valuesCount == valuesCapacity { growValues() }
                (values + valuesCount).initialize(to: FoundationNumbers.falseValue)
            case TapeTag.null.rawValue:
                j = index + 1
                if valuesCount == valuesCapacity { growValues() }
                (values + valuesCount).initialize(to: FoundationNumbers.null)
            default:
                // A double: rare enough to go through `value(at:context:)`.
                let value = value(at: &j, context: 0)
                if valuesCount == valuesCapacity { growValues() }
                (values + valuesCount).initialize(to: value)
            }
            valuesCount += 1
            k += 1
        }
        // The template maps each key to the position of its value: moved out, each exactly once (the
        // template holds every position below `count` once).
        let first = values + base
        let members = shapes.templates[template].mapValues { (first + Int($0)).move() }
        valuesCount = base
        return members
    }

    @inline(never)
    private mutating func growValues() {
        let capacity = valuesCapacity * 2
        let grown = UnsafeMutablePointer<Any>.allocate(capacity: capacity)
        grown.moveInitialize(from: values, count: valuesCount)
        valueStack.adopt(grown, capacity: capacity)
        values = grown
        valuesCapacity = capacity
    }

    /// The shape of the last object met in `context` when this object, of `count` keys, has the same
    /// keys in the same order; else nil.
    @inline(__always)
    private func guessedShape(start: Int, end: Int, count: Int, context: Int) -> Int? {
        let guess = Int(keys.predictedShape(context, count: count))
        guard guess >= 0, shapes.shapes[guess].count == count else { return nil }
        var k = shapes.shapes[guess].keyIDsStart
        var j = start + 1
        while j < end {
            guard keys.matches(tape.stringBytes(j), id: shapes.keyIDs[k]) else { return nil }
            k += 1
            j = tape.skip(j + 1)
        }
        return guess
    }

    /// The members of the object between tape indexes `start` and `end`, inserted key by key; the keys'
    /// ids are those of the shape at index `shape` when given.
    private mutating func objectKeyByKey(start: Int, end: Int, count: Int, shape: Int?) -> [String: Any] {
        var members = [String: Any](minimumCapacity: count)
        var j = start + 1
        var k = shape.map { shapes.shapes[$0].keyIDsStart } ?? 0
        while j < end {
            let key: String
            let context: Int
            if shape == nil {
                (key, context) = keys.key(tape.stringBytes(j))
            } else {
                let id = shapes.keyIDs[k]
                key = keys.string(id: id)
                context = KeyTable.memberContext(id)
            }
            k += 1
            j += 1
            members[key] = value(at: &j, context: context)
        }
        return members
    }
}
