import Foundation

/// The state of one `TapeJSONEncoder` call: the output bytes and the containers still open.
///
/// ## How values are written
/// Codable gives no "container finished" call, so containers are written as they are used, in one
/// pass straight into `out`, and closed when that is known to be safe:
/// - every `encode(to:)` call runs in a *slot* (a `SlotEncoder` at some depth); when it returns, the
///   containers it opened are closed (`}`/`]` written) and a slot that wrote nothing is written `{}`;
/// - a nested container stays open while it is the innermost one; writing into its parent again
///   closes it first;
/// - a `superEncoder()` slot stays open until its parent container writes again or finishes.
///
/// An object's members are written in the order they are encoded; each one's byte range is kept
/// (`members`) so that, when the object closes, members can be reordered in place (`.sortedKeys`)
/// and a key encoded twice keeps only its last value.
///
/// Codable also allows what a single pass cannot write: going back to a container after a sibling
/// was written, or using an encoder after its `encode(to:)` returned. Such use is detected (each open
/// container has an id; each slot knows whether it is still active), writing stops, and the call
/// encodes the value again with Foundation's `JSONEncoder` under the same settings
/// (`FoundationFallback`). Uses that make Foundation trap (two values into one single-value
/// container, a keyed and an unkeyed container on one encoder) are reported as `EncodingError`s.
@usableFromInline
final class EncodingCore {
    struct Frame {
        var id: UInt32
        var isObject: Bool
        var count: Int
        /// Index of this object's first entry in `members`.
        var memberBase: Int
        /// Depth of the slot that opened the container.
        var slotDepth: Int
    }

    struct Member {
        /// Offset of the key's opening quote.
        var keyStart: Int
        /// Offset just after the key's closing quote.
        var keyEnd: Int
        /// Offset just after the value (set when the next member starts or the object closes).
        var end: Int
        /// Whether the key text has escapes (then ordering compares the unescaped bytes).
        var escaped: Bool
        /// Length and first/last bytes of the key text, to rule out equal keys cheaply.
        var fingerprint: UInt64
    }

    enum KeyMode: UInt8 { case plain, converted, custom }

    // Settings of the current call.
    @exclusivity(unchecked) var configuration = TapeJSONEncoder.Configuration()
    @exclusivity(unchecked) var pretty = false
    @exclusivity(unchecked) var sorted = false
    @exclusivity(unchecked) var escapeSlashes = true
    @exclusivity(unchecked) var keyMode = KeyMode.plain
    /// The key options' conventions, when set: keys naming one are written marked (`KeyConventions`).
    @exclusivity(unchecked) var keyConventions: KeyConventions?

    @exclusivity(unchecked) var out = JSONByteOutput()
    @exclusivity(unchecked) var frames: [Frame] = []
    @exclusivity(unchecked) var members: [Member] = []
    @exclusivity(unchecked) var slots: [SlotEncoder] = []
    @exclusivity(unchecked) var nextFrameID: UInt32 = 1
    /// Depth of the innermost active slot (the root value's slot is depth 0).
    @exclusivity(unchecked) var activeDepth = -1
    /// Set when writing stopped: `fallback` (encode again with Foundation) or `pendingError`.
    @exclusivity(unchecked) var halted = false
    @exclusivity(unchecked) var fallback = false
    @exclusivity(unchecked) var pendingError: (any Error)?
    @exclusivity(unchecked) var keyCache = ConvertedKeyCache()
    /// A key a `.custom` strategy converted to look for it among an object's members (a nested
    /// container requested for it) and did not find: the member begun next for the same key at the
    /// same level takes this text, so the closure is called once per key, as in Foundation.
    @exclusivity(unchecked) var customKeyLookedUp: (level: Int, key: String, text: [UInt8])?
    let specialTypes = SpecialTypes()
    /// The generated path's coding path and open containers (see `GeneratedEncoding.swift`).
    @exclusivity(unchecked) var generatedPath: [GeneratedPathEntry] = []
    @exclusivity(unchecked) var generatedOpen = 0
    /// The root type of the last call and its generated conformance (`generatedType(of:)`).
    @exclusivity(unchecked) var lastRootType: ObjectIdentifier?
    @exclusivity(unchecked) var lastRootGenerated: (any TapeJSONEncodable.Type)?
    @exclusivity(unchecked) private var scratch: [UInt8] = []
    @exclusivity(unchecked) private var order: [Int] = []

    /// Containers nested deeper than this make the call throw, as Foundation's writer does.
    static let maximumDepth = 512

    func begin(_ configuration: TapeJSONEncoder.Configuration) {
        self.configuration = configuration
        pretty = configuration.outputFormatting.contains(.prettyPrinted)
        sorted = configuration.outputFormatting.contains(.sortedKeys)
        escapeSlashes = !configuration.outputFormatting.contains(.withoutEscapingSlashes)
        var tag = escapeSlashes ? 8 : 0
        switch configuration.keyEncodingStrategy {
        case .useDefaultKeys: keyMode = .plain
        case .custom: keyMode = .custom
        case .convertToSnakeCase: keyMode = .converted; tag |= 1
        case .convertToKebabCase: keyMode = .converted; tag |= 2
        case .convertToUpperCamelCase: keyMode = .converted; tag |= 3
        }
        keyConventions = configuration.keyOptions.map(KeyConventions.init)
        // Cached keys are the texts of one conversion and one escaping of `/`.
        if keyMode == .converted && tag != keyCache.tag { keyCache = ConvertedKeyCache(tag: tag) }
        out.removeAll()
        frames.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        activeDepth = -1
        halted = false
        fallback = false
        pendingError = nil
        customKeyLookedUp = nil
        generatedPath.removeAll(keepingCapacity: true)
        generatedOpen = 0
    }

    /// After a call: drops what a very large call grew, and the per-call settings' references.
    func end() {
        out.shrink(ifOver: 1 << 24)
        if scratch.capacity > 1 << 24 { scratch = [] }
        if keyCache.texts.count > 4096 { keyCache = ConvertedKeyCache(tag: keyCache.tag) }
        if slots.count > 64 { slots.removeLast(slots.count - 64) }
        for slot in slots { slot.reset() }
        configuration = TapeJSONEncoder.Configuration()
    }

    /// Breaks the slots' references back to the core (the encoder is going away).
    func dismantle() {
        for slot in slots { slot.reset() }
        slots.removeAll()
    }

    // MARK: - Stopping

    @inline(never)
    func stopForFallback() {
        halted = true
        fallback = true
    }

    @inline(never)
    func stop(with error: any Error) {
        halted = true
        if pendingError == nil { pendingError = error }
    }

    /// Where Foundation would stop the process with a precondition failure.
    @inline(never)
    func misuse(_ message: String, codingPath: [any CodingKey]) {
        stop(with: EncodingError.invalidValue(
            Optional<Int>.none as Any,
            .init(codingPath: codingPath, debugDescription: "TapeJSONEncoder: \(message)")))
    }

    // MARK: - Slots

    /// Starts the slot for a value encoded at one level below the active one.
    @inline(__always)
    func beginSlot(parent: SlotEncoder?, path: [any CodingKey], key: (any CodingKey)?,
                   referencing: Bool = false) -> SlotEncoder {
        let depth = activeDepth &+ 1
        let slot: SlotEncoder
        if depth < slots.count {
            if !isKnownUniquelyReferenced(&slots[depth]) {
                slots[depth] = SlotEncoder(core: self)
            }
            slot = slots[depth]
        } else {
            slot = SlotEncoder(core: self)
            slots.append(slot)
        }
        slot.start(depth: depth, parent: parent, path: path, key: key, referencing: referencing,
                   valueStart: out.count)
        activeDepth = depth
        return slot
    }

    /// Ends `slot`: ends the super-encoder slots above it, closes the containers it opened, and writes
    /// `{}` when it wrote nothing (Foundation's value for an encoder left empty).
    func finishSlot(_ slot: SlotEncoder) {
        guard !halted else { return }
        guard slot.active, settle(to: slot.depth) else { stopForFallback(); return }
        while let last = frames.last, last.slotDepth >= slot.depth { closeFrame() }
        if case .none = slot.content { writeEmptyObject() }
        slot.active = false
        // An encoder kept past its `encode(to:)` no longer reports the path through the slot above
        // (which moves on to other values).
        slot.linked = false
        activeDepth = slot.depth &- 1
    }

    /// Makes the slot at `depth` the active one by finishing super-encoder slots above it; false when
    /// a slot above it is an `encode(to:)` still running, or `depth` is not active at all.
    @inline(__always)
    func settle(to depth: Int) -> Bool {
        if activeDepth == depth { return true }
        return settleSlow(to: depth)
    }

    @inline(never)
    private func settleSlow(to depth: Int) -> Bool {
        guard activeDepth > depth else { return false }
        while activeDepth > depth {
            let slot = slots[activeDepth]
            guard slot.referencing, slot.active else { return false }
            finishSlot(slot)
            if halted { return false }
        }
        return true
    }

    /// Whether a container (`level`, `id`, opened by the slot at `slotDepth`) may write now; closes
    /// the containers nested in it. False (and writing stops) when it is used out of order.
    @inline(__always)
    func enter(level: Int, id: UInt32, slotDepth: Int) -> Bool {
        if halted { return false }
        if activeDepth != slotDepth && !settle(to: slotDepth) { stopForFallback(); return false }
        let top = frames.count &- 1
        if top == level && frames[level].id == id { return true }
        return enterSlow(level: level, id: id)
    }

    @inline(never)
    private func enterSlow(level: Int, id: UInt32) -> Bool {
        guard level < frames.count, frames[level].id == id else { stopForFallback(); return false }
        while frames.count &- 1 > level { closeFrame() }
        return true
    }

    /// Whether `slot` may write now (it is active and innermost, after finishing super-encoder slots).
    @inline(__always)
    func enter(slot: SlotEncoder) -> Bool {
        if halted { return false }
        if slot.active && settle(to: slot.depth) { return true }
        stopForFallback()
        return false
    }

    // MARK: - Containers

    /// Opens an object or array; the caller has written what precedes it (key or separator).
    func openFrame(isObject: Bool, slotDepth: Int, codingPath: @autoclosure () -> [any CodingKey]) -> (level: Int, id: UInt32) {
        if frames.count >= Self.maximumDepth - 1 {
            stop(with: EncodingError.invalidValue(
                Optional<Int>.none as Any,
                .init(codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON.")))
            return (-1, 0)
        }
        out.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        let id = nextFrameID
        nextFrameID &+= 1
        if nextFrameID == 0 { nextFrameID = 1 }
        frames.append(Frame(id: id, isObject: isObject, count: 0, memberBase: members.count, slotDepth: slotDepth))
        return (frames.count &- 1, id)
    }

    func closeFrame() {
        let level = frames.count &- 1
        let frame = frames[level]
        if frame.isObject && frame.count > 0 {
            members[members.count &- 1].end = out.count
            if frame.count > 1 { reorderMembers(of: frame, indent: level &+ 1) }
            members.removeLast(members.count &- frame.memberBase)
        }
        frames.removeLast()
        if pretty {
            if frame.count == 0 { out.append(0x0A) }
            out.newlineAndIndent(level)
        }
        out.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    func writeEmptyObject() {
        if pretty {
            out.append(UInt8(ascii: "{"), 0x0A)
            out.newlineAndIndent(frames.count)
            out.append(UInt8(ascii: "}"))
        } else {
            out.append(UInt8(ascii: "{"), UInt8(ascii: "}"))
        }
    }

    /// The separator before the next element of the innermost array.
    @inline(__always)
    func beginElement(level: Int) {
        if frames[level].count > 0 { out.append(UInt8(ascii: ",")) }
        frames[level].count &+= 1
        if pretty { out.newlineAndIndent(frames.count) }
    }

    /// The separator before the next member of the innermost object, and its key (converted by the
    /// key strategy unless `raw`), and the `:`.
    @inline(__always)
    func beginMember<Key: CodingKey>(level: Int, key: Key, raw: Bool, path: () -> [any CodingKey]) {
        if frames[level].count > 0 {
            members[members.count &- 1].end = out.count
            out.append(UInt8(ascii: ","))
        }
        frames[level].count &+= 1
        if pretty { out.newlineAndIndent(frames.count) }
        let keyStart = out.count
        let escaped = writeKeyText(key, raw: raw, path: path)
        members.append(Member(keyStart: keyStart, keyEnd: out.count, end: 0, escaped: escaped,
                              fingerprint: fingerprint(keyStart, out.count)))
        if pretty {
            out.append(" : ")
        } else {
            out.append(UInt8(ascii: ":"))
        }
    }

    /// Writes the key, quoted, converted by the key strategy unless `raw`; true when it has escapes.
    @inline(__always)
    func writeKeyText<Key: CodingKey>(_ key: Key, raw: Bool, path: () -> [any CodingKey]) -> Bool {
        if let keyConventions, !raw, keyConventions.matches(key.stringValue) {
            out.appendQuoted(KeyConventions.marker + key.stringValue, escapeSlashes: escapeSlashes)
            return false
        }
        if raw || keyMode == .plain {
            let keyStart = out.count
            var escaped = false
            var text = key.stringValue
            if keyConventions != nil { text = literal(text) }
            text.withUTF8 { utf8 in
                out.appendQuoted(utf8, escapeSlashes: escapeSlashes)
                escaped = out.count &- keyStart != utf8.count &+ 2
            }
            return escaped
        }
        return writeConvertedKey(key, path: path)
    }

    /// Where the value of `key` starts when the innermost object (at `level`) already has that key.
    func valueStart<Key: CodingKey>(ofExistingKey key: Key, level: Int, raw: Bool,
                                    path: () -> [any CodingKey]) -> Int? {
        let frame = frames[level]
        guard frame.isObject, frame.count > 0 else { return nil }
        let save = out.count
        _ = writeKeyText(key, raw: raw, path: path)
        let length = out.count - save
        defer { out.removeLast(from: save) }
        let found = out.withUnsafeReadableBytes { bytes -> Int? in
            let base = bytes.baseAddress!
            for m in members[frame.memberBase...] where m.keyEnd - m.keyStart == length {
                if memcmp(base + m.keyStart, base + save, length) == 0 { return m.keyEnd + (pretty ? 3 : 1) }
            }
            return nil
        }
        if let found { return found }
        if keyMode == .custom && !raw && keyConventions == nil {
            customKeyLookedUp = (level, key.stringValue, out.withUnsafeReadableBytes { Array($0[save...]) })
        }
        return nil
    }

    @inline(never)
    private func writeConvertedKey<Key: CodingKey>(_ key: Key, path: () -> [any CodingKey]) -> Bool {
        let text: String
        switch configuration.keyEncodingStrategy {
        case .custom(let convert):
            if let looked = customKeyLookedUp {
                customKeyLookedUp = nil
                if looked.level == frames.count &- 1 && looked.key == key.stringValue {
                    let start = out.count
                    out.append(looked.text)
                    return hasEscapes(start, out.count)
                }
            }
            var full = path()
            full.append(key)
            text = convert(full).stringValue
        default:
            let original = key.stringValue
            if let cached = keyCache.texts[original] {
                let start = out.count
                out.append(cached)
                return hasEscapes(start, out.count)
            }
            switch configuration.keyEncodingStrategy {
            case .convertToSnakeCase: text = KeyWordSplitter.joinedWords(original, separator: "_")
            case .convertToKebabCase: text = KeyWordSplitter.joinedWords(original, separator: "-")
            case .convertToUpperCamelCase: text = KeyWordSplitter.upperCamel(original)
            default: text = original
            }
            let start = out.count
            out.appendQuoted(literal(text), escapeSlashes: escapeSlashes)
            keyCache.texts[original] = out.withUnsafeReadableBytes { Array($0[start...]) }
            return hasEscapes(start, out.count)
        }
        let start = out.count
        out.appendQuoted(literal(text), escapeSlashes: escapeSlashes)
        return hasEscapes(start, out.count)
    }

    /// A key or string as the first pass of a key-options call writes it: behind the literal marker when
    /// it begins with one of the pass's markers (`KeyConventions.literalMarker`); else as it is.
    @inline(__always)
    func literal(_ text: String) -> String {
        keyConventions != nil && KeyConventions.needsLiteralMarker(text) ? KeyConventions.literalMarker + text : text
    }

    private func hasEscapes(_ start: Int, _ end: Int) -> Bool {
        out.withUnsafeReadableBytes { bytes in
            var i = start + 1
            while i < end - 1 {
                if bytes[i] == UInt8(ascii: "\\") { return true }
                i += 1
            }
            return false
        }
    }

    @inline(__always)
    private func fingerprint(_ start: Int, _ end: Int) -> UInt64 {
        let n = end &- start
        var value = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        out.withUnsafeReadableBytes { bytes in
            let base = bytes.baseAddress.unsafelyUnwrapped
            if n >= 8 {
                value ^= UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
                value ^= UnsafeRawPointer(base + end - 8).loadUnaligned(as: UInt64.self) &* 31
            } else {
                var i = start
                while i < end { value = (value << 8 | value >> 56) ^ UInt64(base[i]); i &+= 1 }
            }
        }
        return value
    }

    // MARK: - Undoing a failed member

    struct Mark {
        var outCount: Int
        var frameCount: Int
        var elementCount: Int
        var memberCount: Int
        var lastMemberEnd: Int
    }

    @inline(__always)
    func mark(level: Int) -> Mark {
        Mark(outCount: out.count, frameCount: frames.count, elementCount: frames[level].count,
             memberCount: members.count, lastMemberEnd: members.last?.end ?? 0)
    }

    /// Takes back a member or element whose value threw, so a caller that catches the error and goes
    /// on encodes as if it had never been tried (as with Foundation, where a value that throws is
    /// never stored).
    func rollback(to mark: Mark, level: Int, slotDepth: Int) {
        guard !halted else { return }
        out.removeLast(from: mark.outCount)
        if frames.count > mark.frameCount { frames.removeLast(frames.count - mark.frameCount) }
        guard level < frames.count else { stopForFallback(); return }
        frames[level].count = mark.elementCount
        if members.count > mark.memberCount { members.removeLast(members.count - mark.memberCount) }
        if !members.isEmpty && frames[level].isObject && mark.elementCount > 0 {
            members[members.count - 1].end = mark.lastMemberEnd
        }
        while activeDepth > slotDepth {
            slots[activeDepth].active = false
            slots[activeDepth].linked = false
            activeDepth -= 1
        }
    }

    // MARK: - Sorting and duplicate keys

    private func keysEqual(_ a: Member, _ b: Member) -> Bool {
        guard a.fingerprint == b.fingerprint, a.keyEnd - a.keyStart == b.keyEnd - b.keyStart else { return false }
        return out.withUnsafeReadableBytes { bytes in
            let base = bytes.baseAddress!
            return memcmp(base + a.keyStart, base + b.keyStart, a.keyEnd - a.keyStart) == 0
        }
    }

    /// Whether `a`'s key sorts before `b`'s: their UTF-8 bytes compared (Foundation's order).
    private func keyPrecedes(_ a: Member, _ b: Member) -> Bool {
        if !a.escaped && !b.escaped {
            let la = a.keyEnd - a.keyStart - 2
            let lb = b.keyEnd - b.keyStart - 2
            let c = out.withUnsafeReadableBytes { bytes in
                memcmp(bytes.baseAddress! + a.keyStart + 1, bytes.baseAddress! + b.keyStart + 1, Swift.min(la, lb))
            }
            return c != 0 ? c < 0 : la < lb
        }
        return unescapedKey(a).lexicographicallyPrecedes(unescapedKey(b))
    }

    private func unescapedKey(_ m: Member) -> [UInt8] {
        out.withUnsafeReadableBytes { bytes in
            JSONEscapes.unescape(UnsafeBufferPointer(rebasing: bytes[(m.keyStart + 1) ..< (m.keyEnd - 1)]))
        }
    }

    /// Puts the members of the object being closed in key order (`.sortedKeys`) and keeps only the last
    /// value of a key encoded more than once (at the first one's place when not sorting).
    private func reorderMembers(of frame: Frame, indent: Int) {
        let base = frame.memberBase
        let n = members.count - base
        order.removeAll(keepingCapacity: true)
        if sorted {
            var inOrder = true
            for i in 1..<n where !keyPrecedes(members[base + i - 1], members[base + i]) {
                inOrder = false
                break
            }
            if inOrder { return }
            order.append(contentsOf: 0..<n)
            members.withUnsafeBufferPointer { all in
                let m = UnsafeBufferPointer(rebasing: all[base...])
                order.sort { a, b in
                    if keyPrecedes(m[a], m[b]) { return true }
                    if keyPrecedes(m[b], m[a]) { return false }
                    return a < b
                }
            }
            // Of equal keys, the one encoded last.
            var kept = 0
            for i in 0..<n {
                if i + 1 < n && keysEqual(members[base + order[i]], members[base + order[i + 1]]) { continue }
                order[kept] = order[i]
                kept += 1
            }
            order.removeLast(n - kept)
        } else {
            guard hasDuplicateKeys(base: base, n: n) else { return }
            // Each key's place in `order` found through its fingerprint (not by searching `order`,
            // quadratic in the object's members).
            var places: [UInt64: [Int]] = [:]
            for i in 0..<n {
                let m = members[base + i]
                if let place = places[m.fingerprint]?.first(where: { keysEqual(members[base + order[$0]], m) }) {
                    order[place] = i
                } else {
                    places[m.fingerprint, default: []].append(order.count)
                    order.append(i)
                }
            }
        }
        rewriteMembers(base: base, indent: indent)
    }

    /// Whether two members of the object have the same key: each key's fingerprint marks one bit of
    /// 1024; only a key whose bit is already marked is compared with the earlier keys. (The bits are
    /// words in temporary storage: in a `SIMD16<UInt64>`, indexed by a variable, this function took
    /// 62% more instructions, 1.7% of twitter.json's Codable encode, callgrind.) An object of more than
    /// 256 members would mark most bits and compare each key with every earlier one (a dictionary of
    /// 40,000 entries took 373 ms, twice `JSONEncoder`): its fingerprints are sorted instead, and only
    /// keys with equal fingerprints compared.
    private func hasDuplicateKeys(base: Int, n: Int) -> Bool {
        if n > 256 {
            let prints = (0..<n).map { (fingerprint: members[base + $0].fingerprint, member: base + $0) }
                .sorted { $0.fingerprint < $1.fingerprint }
            var first = 0
            while first < n {
                var end = first + 1
                while end < n && prints[end].fingerprint == prints[first].fingerprint { end += 1 }
                for a in first..<end {
                    for b in (a + 1)..<end where keysEqual(members[prints[a].member], members[prints[b].member]) {
                        return true
                    }
                }
                first = end
            }
            return false
        }
        return withUnsafeZeroedWords(count: 16) { bits in
            members.withUnsafeBufferPointer { all in
                for i in 0..<n {
                    let m = all[base &+ i]
                    let mixed = m.fingerprint &* 0x9E37_79B9_7F4A_7C15
                    let bit = Int(truncatingIfNeeded: mixed >> 54)    // 0..<1024
                    let mask = UInt64(1) << UInt64(bit & 63)
                    if bits[bit >> 6] & mask != 0 {
                        for j in 0..<i where keysEqual(all[base &+ j], m) { return true }
                    }
                    bits[bit >> 6] |= mask
                }
                return false
            }
        }
    }

    private func rewriteMembers(base: Int, indent: Int) {
        let start = members[base].keyStart
        scratch.removeAll(keepingCapacity: true)
        out.withUnsafeReadableBytes { scratch.append(contentsOf: $0[start...]) }
        out.removeLast(from: start)
        scratch.withUnsafeBufferPointer { saved in
            for (i, index) in order.enumerated() {
                if i > 0 {
                    out.append(UInt8(ascii: ","))
                    if pretty { out.newlineAndIndent(indent) }
                }
                let m = members[base + index]
                out.append(saved.baseAddress! + (m.keyStart - start), count: m.end - m.keyStart)
            }
        }
    }
}

/// Reading back JSON string escapes: the ones `JSONByteOutput.appendQuoted` writes (to order escaped
/// keys), and any valid JSON string's (a patch's keys; a surrogate pair such as `\ud83d\ude00`
/// makes one scalar, a lone surrogate U+FFFD).
enum JSONEscapes {
    /// The UTF-8 the inside of a JSON string (without its quotes) stands for.
    static func unescape(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var i = 0
        while i < text.count {
            let byte = text[i]
            guard byte == UInt8(ascii: "\\"), i + 1 < text.count else {
                result.append(byte)
                i += 1
                continue
            }
            let letter = text[i + 1]
            i += 2
            switch letter {
            case UInt8(ascii: "b"): result.append(0x08)
            case UInt8(ascii: "f"): result.append(0x0C)
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(text, i)
                i += 4
                if (0xD800..<0xDC00).contains(scalar), i + 6 <= text.count, text[i] == UInt8(ascii: "\\"),
                   text[i + 1] == UInt8(ascii: "u") {
                    let low = hex4(text, i + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                result.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}")!)
            default: result.append(letter)
            }
        }
        return result
    }

    /// The four hex digits at `i` (as far as the text goes).
    private static func hex4(_ text: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        var value: UInt32 = 0
        for k in 0..<4 where i + k < text.count {
            let h = text[i + k]
            let digit: UInt8 = h <= 0x39 ? h &- 0x30 : (h | 0x20) &- 0x57
            value = value << 4 | UInt32(digit & 0xF)
        }
        return value
    }
}
