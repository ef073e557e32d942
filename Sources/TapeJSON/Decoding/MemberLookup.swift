/// Finding an object's member by key, straight in the tape.
///
/// A lookup compares the key's UTF-8 with the key bytes in simdjson's string buffer: no String is
/// built. It starts where the previous lookup in the same object ended (`KeyCursor`), since types ask
/// for their keys in the order they were encoded, wraps around once, and skips each non-matching
/// member's value in O(1). A key that is absent costs a scan of the whole object, so the first miss in
/// an object also records which key lengths it has (`KeyCursor.lengths`): later lookups of a length
/// it lacks (most absent optional properties) return at once. Under a key conversion, the raw spelling
/// that last converted to the key is looked for first, byte for byte; failing that, each JSON key whose
/// first byte could lead to the key's (`FirstByteFilter`) is mapped through the conversion cache;
/// under `.convertFromAnyCase`, the object's `KeyLimits` first rule out most absent keys, and under
/// `.convertFromSnakeCase` the screening bits of its keys, collected by its first missing scan. Under a
/// custom strategy, keys go through a per-object table of converted keys.
extension DecodingSession {
    /// Tape index of the value of `key` in the object starting at `start`, or nil.
    @inline(__always)
    func findMember<Key: CodingKey>(_ key: Key, start: Int, endWord: Int, depth: Int) -> Int? {
        var name = key.stringValue
        return name.withUTF8 { utf8 in
            findMember(utf8: utf8, start: start, endWord: endWord, depth: depth)
        }
    }

    /// Tape index of the value of the member whose (converted) key is `key`, or nil. `depth` picks the
    /// cursor slot of the container doing the lookup. `memo` is the key's `KeyMemo` entry, when it has
    /// one: under a key conversion, its spelling hint is tried first.
    ///
    /// Inline, only the lookup in document order under `.useDefaultKeys` (`expectedMember`); the rest
    /// is one out-of-line function. Inlined whole, the lookup was copied into each of the keyed
    /// container's 34 scalar methods: an eighth of the library's optimized SIL and of its optimizer
    /// time, for the same answers (Codable decode instructions within 1%, callgrind).
    @inline(__always)
    func findMember(utf8 key: UnsafeBufferPointer<UInt8>, start: Int, endWord: Int, depth: Int,
                    memo: UnsafeMutablePointer<KeyMemo.Entry>? = nil) -> Int? {
        if withUnsafeWorkspace({ $0.keyMatching == .exact }), let index = expectedMember(key, start: start, endWord: endWord, depth: depth) {
            return index
        }
        return scanForMember(utf8: key, start: start, endWord: endWord, depth: depth, memo: memo)
    }

    /// Objects of more members than this are looked up in the table of their keys (`MemberSlots`)
    /// rather than scanned from the cursor; smaller ones as before (the generated path uses the table
    /// for every object it does not read in document order).
    static let scanLimit = 64

    /// Under `.useDefaultKeys`, the answer of `scanForMember` when the key is where a lookup in
    /// document order finds it: the member at the object's cursor (the key the last lookup found) or
    /// the one after it, or the first member when the object has no cursor yet. `scanForMember`
    /// compares those two first too, so the answer and the cursor it leaves are the same; anything
    /// else is left to it.
    @inline(__always)
    func expectedMember(_ key: UnsafeBufferPointer<UInt8>, start: Int, endWord: Int, depth: Int) -> Int? {
        let cursors = unsafeCursors
        let cursor = cursors[depth]
        let object = UInt32(truncatingIfNeeded: start)
        var j = start &+ 1
        var lengths: UInt64 = 0
        if cursor.object == object {
            j = Int(cursor.next)
            guard j < endWord else { return nil }
            if KeyBytes.equal(tape.stringBytes(j), key) { return j &+ 1 }
            j = tape.skip(j &+ 1)
            lengths = cursor.lengths
        }
        guard j < endWord, KeyBytes.equal(tape.stringBytes(j), key) else { return nil }
        cursors[depth] = KeyCursor(object: object, next: UInt32(truncatingIfNeeded: j), lengths: lengths)
        return j &+ 1
    }

    /// `findMember` past the document-order check: every lookup under a key conversion or a custom
    /// strategy, and the misses and out-of-order keys under `.useDefaultKeys`.
    @inline(never)
    func scanForMember(utf8 key: UnsafeBufferPointer<UInt8>, start: Int, endWord: Int, depth: Int,
                       memo: UnsafeMutablePointer<KeyMemo.Entry>?) -> Int? {
        // An object wider than `scanLimit`: the generated path's table of its keys (`MemberSlots`),
        // which gives the same member. Scanning from the cursor cost half the object a key out of
        // document order: a 150-property model read from shuffled objects decoded at 1.8x
        // `JSONDecoder`, the scan 22% of the samples.
        let matching = withUnsafeWorkspace({ $0.keyMatching })
        // (`.none`: left to the scan, two members with one key or more than the table takes.)
        if matching != .custom, tape.storedCount(start) > Self.scanLimit,
           case .some(let found) = memberFromSlots(utf8: key, start: start, endWord: endWord, depth: depth,
                                                   converting: matching == .converted) {
            return found
        }
        let first = start + 1
        let cursor = unsafeCursors[depth]
        let sameObject = cursor.object == UInt32(truncatingIfNeeded: start)
        let resume = sameObject ? Int(cursor.next) : first
        // The member at `resume` was found for another key (see `KeyCursor.found`). The key's
        // fingerprint is hashed once, or read from its memo.
        let fingerprint = memo?.pointee.fingerprint ?? KeyCursor.fingerprint(key)
        let resumeFoundOther = sameObject && cursor.found != 0 && cursor.found != fingerprint
        var lengths = sameObject ? cursor.lengths : 0
        let found: Int?
        switch withUnsafeWorkspace({ $0.keyMatching }) {
        case .exact:
            if lengths != 0 && lengths & KeyCursor.lengthBit(key.count) == 0 {
                // A non-ASCII key may be spelled otherwise, with other lengths (`findEquivalent`).
                return exactEquivalent(key, start: start, endWord: endWord)
            }
            found = scanExact(key, from: resume, to: endWord) ?? scanExact(key, from: first, to: resume)
            if found == nil {
                if lengths == 0 { recordLengths(start: start, endWord: endWord, depth: depth, resume: resume) }
                return exactEquivalent(key, start: start, endWord: endWord)
            }
        case .converted:
            found = withUnsafeWorkspace({ $0.unmanagedConversionCache }).unsafelyUnwrapped._withUnsafeGuaranteedRef { cache in
                if let memo, memo.pointee.hint != nil {
                    // The spelling this key (of this key type) last had: one comparison, no hashing. (The
                    // cache's hint for the converted key is usually the same spelling: not tried again.)
                    if let hinted = matchSpelling(UnsafeBufferPointer(start: memo.pointee.hint, count: memo.pointee.hintCount),
                                                  resume: resume, resumeWasFound: resumeFoundOther, end: endWord) {
                        return hinted
                    }
                } else if let memo {
                    if let spelling = cache.hintedSpelling(of: key),
                       let hinted = matchSpelling(spelling, resume: resume, resumeWasFound: resumeFoundOther, end: endWord) {
                        Self.remember(spelling, in: memo, cache: cache)
                        return hinted
                    }
                } else if let hinted = hintedMatch(key, cache: cache, resume: resume, resumeWasFound: resumeFoundOther,
                                                   end: endWord) {
                    return hinted
                }
                if withUnsafeWorkspace({ $0.screensConvertedKeys }) {
                    let limits = unsafeKeyLimits + depth * KeyLimits.size
                    if lengths == 0 {
                        KeyLimits.record(limits, tape: tape, start: start, endWord: endWord)
                        unsafeCursors[depth] = KeyCursor(object: UInt32(truncatingIfNeeded: start),
                                                   next: UInt32(truncatingIfNeeded: resume),
                                                   lengths: KeyCursor.lengthsRecorded, found: sameObject ? cursor.found : 0)
                    }
                    if !KeyLimits.mayHold(limits, convertedKey: key) { return nil }
                    return scanAndHint(key, cache: cache, first: first, resume: resume, end: endWord, memo: memo)
                }
                // `.convertFromSnakeCase`: after a miss, the cursor holds the screening bits of the
                // object's raw keys (`SnakeCaseConversion.screeningBit`), so an absent key whose bit
                // none has (most absent optionals) returns without converting the keys again.
                // (Per-call LogLine row under snake_case keys: key lookup 17% of the samples, about
                // 7% of them converting keys for absent optionals.)
                let bit = memo?.pointee.screeningBit ?? SnakeCaseConversion.screeningBit(key)
                let screenedSoFar = sameObject ? unsafeScreened[depth] : 0
                if screenedSoFar & bit == 0 && screenedSoFar != 0 {
                    // None of the members up to `resume` holds the key (`SessionBuffers.screened`): only
                    // the ones after it are scanned, and their bits screen the next misses. (Types read
                    // their keys in document order, so a miss usually comes after most members were
                    // found: the LogLine object's first miss scans its last two or three members
                    // instead of eleven, its `http` object's none.)
                    let after = tape.skip(resume + 1)
                    if lengths == 0 {
                        return scanRecordingScreening(key, cache: cache, start: start, resume: resume, end: endWord,
                                                      depth: depth, memo: memo, onlyFrom: after)
                    }
                    if lengths & bit == 0 { return nil }
                    return scanAndHint(key, cache: cache, first: after, resume: after, end: endWord, memo: memo)
                }
                if lengths == 0 || lengths & KeyCursor.screenedAfterNext != 0 {
                    // No bits yet, or only those of members after `resume`, which no longer rule the
                    // key out: every member is looked at, and the bits of all of them recorded.
                    return scanRecordingScreening(key, cache: cache, start: start, resume: resume, end: endWord,
                                                  depth: depth, memo: memo)
                }
                if lengths & bit == 0 { return nil }
                return scanAndHint(key, cache: cache, first: first, resume: resume, end: endWord, memo: memo)
            }
            guard let keyIndex = found else {
                return convertedEquivalent(key, start: start, endWord: endWord, depth: depth)
            }
            // Keep the limits recorded above (or earlier) for this object.
            let current = unsafeCursors[depth]
            lengths = current.object == UInt32(truncatingIfNeeded: start) ? current.lengths : lengths
            if !withUnsafeWorkspace({ $0.screensConvertedKeys }) {
                unsafeScreened[depth] = screenedBits(upTo: keyIndex,
                                               keyBit: memo?.pointee.screeningBit ?? SnakeCaseConversion.screeningBit(key),
                                               before: sameObject ? unsafeScreened[depth] : 0, first: first, resume: resume)
            }
        case .custom:
            guard let keyIndex = scanCustom(key, start: start, endWord: endWord, depth: depth) else {
                return convertedEquivalent(key, start: start, endWord: endWord, depth: depth)
            }
            found = keyIndex
        }
        guard let keyIndex = found else { return nil }
        // The next lookup starts at this key: asking again for the same key (`contains` or `decodeNil`
        // then `decode`) finds it at once, and the next key in document order is one step away.
        unsafeCursors[depth] = KeyCursor(object: UInt32(truncatingIfNeeded: start), next: UInt32(truncatingIfNeeded: keyIndex),
                                   lengths: lengths, found: fingerprint)
        return keyIndex + 1
    }

    /// The cursor's `screened` word once the key whose screening bit is `keyBit` was found at
    /// `keyIndex`, given the word `before` the lookup (0 when the cursor was on another object): the
    /// bits of the members passed over since the furthest one found before are added (none when each
    /// lookup finds the member after the previous one, as in document order).
    @inline(__always)
    private func screenedBits(upTo keyIndex: Int, keyBit: UInt64, before: UInt64, first: Int, resume: Int) -> UInt64 {
        var bits = KeyCursor.lengthsRecorded
        var j = first
        if before != 0 {
            if keyIndex <= resume { return before }
            bits = before
            j = tape.skip(resume + 1)
        }
        while j < keyIndex {
            bits |= SnakeCaseConversion.screeningBit(tape.stringBytes(j))
            j = tape.skip(j + 1)
        }
        return bits | keyBit
    }

    /// After a miss: which key lengths the object has, kept in its cursor.
    @inline(never)
    private func recordLengths(start: Int, endWord: Int, depth: Int, resume: Int) {
        var lengths = KeyCursor.lengthsRecorded
        var j = start + 1
        while j < endWord {
            lengths |= KeyCursor.lengthBit(tape.stringBytes(j).count)
            j = tape.skip(j + 1)
        }
        let kept = unsafeCursors[depth]
        unsafeCursors[depth] = KeyCursor(object: UInt32(truncatingIfNeeded: start), next: UInt32(truncatingIfNeeded: resume),
                                   lengths: lengths, found: kept.object == UInt32(truncatingIfNeeded: start) ? kept.found : 0)
    }

    /// `scanAndHint` under `.convertFromSnakeCase` in an object whose screening bits are not recorded
    /// yet: the same scan, which also collects the bits of the keys it passes and, when it finds no
    /// match (it then passed them all), keeps them in the object's cursor. With `onlyFrom`, only the
    /// members from there on are scanned (none before it can hold the key), and the bits are kept as
    /// theirs alone (`KeyCursor.screenedAfterNext`).
    @inline(never)
    private func scanRecordingScreening(_ key: UnsafeBufferPointer<UInt8>, cache: KeyConversionCache, start: Int,
                                        resume: Int, end: Int, depth: Int,
                                        memo: UnsafeMutablePointer<KeyMemo.Entry>?, onlyFrom: Int? = nil) -> Int? {
        let filter = FirstByteFilter(convertingTo: key)
        // The members from `resume` to `end`, then from the first to `resume` (or those from `onlyFrom`
        // alone), in one loop that keeps `bits` in a register.
        var bits = onlyFrom == nil ? KeyCursor.lengthsRecorded : KeyCursor.lengthsRecorded | KeyCursor.screenedAfterNext
        var j = onlyFrom ?? resume
        var limit = end
        var wrapped = onlyFrom != nil
        var found: Int?
        while true {
            if j >= limit {
                if wrapped { break }
                wrapped = true
                j = start + 1
                limit = resume
                continue
            }
            let raw = tape.stringBytes(j)
            bits |= SnakeCaseConversion.screeningBit(raw)
            if filter.admits(raw), KeyBytes.equal(cache.memoizedConversion(of: raw), key) {
                found = j
                break
            }
            j = tape.skip(j + 1)
        }
        guard let found else {
            let kept = unsafeCursors[depth]
            let sameObject = kept.object == UInt32(truncatingIfNeeded: start)
            if !sameObject { unsafeScreened[depth] = 0 }
            unsafeCursors[depth] = KeyCursor(object: UInt32(truncatingIfNeeded: start), next: UInt32(truncatingIfNeeded: resume),
                                       lengths: bits, found: sameObject ? kept.found : 0)
            return nil
        }
        if let spelling = cache.hintSpelling(tape.stringBytes(found), of: key), let memo {
            Self.remember(spelling, in: memo, cache: cache)
        }
        return found
    }

    /// After a byte-for-byte miss of a key that is not ASCII: the value of the first member whose key
    /// equals `key` as a Swift `String` does (canonical equivalence: `"é"` and `"e\u{301}"` match), as
    /// Foundation's dictionary of keys matches them; nil when none does. (An ASCII key is only ever
    /// equal to itself, but for the few characters Unicode maps to one ASCII character, such as KELVIN
    /// SIGN to `K`: those are not looked for, so that a missing ASCII key costs what it did.)
    @inline(never)
    private func findEquivalent(_ key: UnsafeBufferPointer<UInt8>, start: Int, endWord: Int) -> Int? {
        let wanted = String(decoding: key, as: UTF8.self)
        var j = start + 1
        while j < endWord {
            if String(decoding: tape.stringBytes(j), as: UTF8.self) == wanted { return j + 1 }
            j = tape.skip(j + 1)
        }
        return nil
    }

    /// After a miss without a key conversion: for a key that is not ASCII, the value of the first
    /// member whose key equals `key` as a Swift `String` does (`findEquivalent`); nil when none does,
    /// and at once for an ASCII key, whose byte comparison was the whole answer.
    @inline(__always)
    func exactEquivalent(_ key: UnsafeBufferPointer<UInt8>, start: Int, endWord: Int) -> Int? {
        StringMaking.isASCII(key) ? nil : findEquivalent(key, start: start, endWord: endWord)
    }

    /// After a miss under a key conversion (`.convertFromSnakeCase`, `.convertFromAnyCase`, `.custom`):
    /// for a key that is not ASCII, the value of the first member whose converted key equals `key` as a
    /// Swift `String` does (canonical equivalence: `"café"` and `"cafe\u{301}"` match), as Foundation's
    /// dictionary of converted keys matches them; nil when none does, and at once for an ASCII key,
    /// whose byte comparison was the whole answer (as `findEquivalent` without a conversion).
    @inline(__always)
    func convertedEquivalent(_ key: UnsafeBufferPointer<UInt8>, start: Int, endWord: Int, depth: Int) -> Int? {
        StringMaking.isASCII(key) ? nil : findConvertedEquivalent(key, start: start, endWord: endWord, depth: depth)
    }

    @inline(never)
    private func findConvertedEquivalent(_ key: UnsafeBufferPointer<UInt8>, start: Int, endWord: Int, depth: Int) -> Int? {
        let wanted = String(decoding: key, as: UTF8.self)
        // Called under `.custom` (its table of converted keys) or `.converted` (the conversion cache).
        let custom = workspace.keyMatching == .custom ? customKeyTable(start: start, endWord: endWord, depth: depth) : nil
        var j = start + 1
        var ordinal = 0
        while j < endWord {
            let converted = custom?[ordinal]
                ?? String(decoding: workspace.conversionCache.unsafelyUnwrapped.converted(tape.stringBytes(j)), as: UTF8.self)
            if converted == wanted { return j + 1 }
            j = tape.skip(j + 1)
            ordinal += 1
        }
        return nil
    }

    /// Tape index of the key (not its value) equal to `key` among the members from `from` to `end`.
    @inline(__always)
    private func scanExact(_ key: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int? {
        var j = from
        let count = key.count
        while j < end {
            let bytes = tape.stringBytes(j)
            if bytes.count == count && (count == 0 || KeyBytes.equal(bytes.baseAddress!, key.baseAddress!, count: count)) {
                return j
            }
            j = tape.skip(j + 1)
        }
        return nil
    }

    /// Tape index of the key whose converted form is `key`, searched from `resume` to `end`, then from
    /// `first` to `resume`. Keys are usually asked for in document order and spelled the same way
    /// object after object, so the member at `resume` is first compared byte for byte with the raw
    /// spelling that last converted to `key` (`KeyConversionCache`'s spelling hints), as
    /// `.useDefaultKeys` compares, and so is the member after it when `resumeWasFound` (the member at
    /// `resume` is the key an earlier lookup in this object found, for another key as a rule: the one
    /// after it is then the first match). Failing that, the keys are converted.
    @inline(__always)
    private func findConverted(_ key: UnsafeBufferPointer<UInt8>, cache: KeyConversionCache,
                               first: Int, resume: Int, resumeWasFound: Bool, end: Int) -> Int? {
        if let hinted = hintedMatch(key, cache: cache, resume: resume, resumeWasFound: resumeWasFound, end: end) {
            return hinted
        }
        return scanAndHint(key, cache: cache, first: first, resume: resume, end: end)
    }

    /// The first step of `findConverted`: the member at `resume` (and the one after it when
    /// `resumeWasFound`) compared byte for byte with the spelling that last converted to `key`.
    @inline(__always)
    private func hintedMatch(_ key: UnsafeBufferPointer<UInt8>, cache: KeyConversionCache,
                             resume: Int, resumeWasFound: Bool, end: Int) -> Int? {
        guard let spelling = cache.hintedSpelling(of: key) else { return nil }
        return matchSpelling(spelling, resume: resume, resumeWasFound: resumeWasFound, end: end)
    }

    /// The member at `resume` (and the one after it when `resumeWasFound`) whose raw key is
    /// `spelling`, a spelling known to convert to the key looked for.
    @inline(__always)
    private func matchSpelling(_ spelling: UnsafeBufferPointer<UInt8>, resume: Int, resumeWasFound: Bool,
                               end: Int) -> Int? {
        var j = resume
        let limit = resumeWasFound ? 2 : 1
        var checked = 0
        while j < end && checked < limit {
            let raw = tape.stringBytes(j)
            if raw.count == spelling.count && KeyBytes.equal(raw, spelling) { return j }
            j = tape.skip(j + 1)
            checked += 1
        }
        return nil
    }

    /// The second step of `findConverted`: every member's converted key, from `resume` round to it;
    /// the spelling found becomes `key`'s hint.
    @inline(__always)
    private func scanAndHint(_ key: UnsafeBufferPointer<UInt8>, cache: KeyConversionCache,
                             first: Int, resume: Int, end: Int,
                             memo: UnsafeMutablePointer<KeyMemo.Entry>? = nil) -> Int? {
        guard let found = scanConverted(key, cache: cache, from: resume, to: end)
            ?? scanConverted(key, cache: cache, from: first, to: resume) else { return nil }
        if let spelling = cache.hintSpelling(tape.stringBytes(found), of: key), let memo {
            Self.remember(spelling, in: memo, cache: cache)
        }
        return found
    }

    /// Makes `spelling` (bytes in `cache`'s records, which converts to `memo`'s key) `memo`'s hint.
    @inline(__always)
    private static func remember(_ spelling: UnsafeBufferPointer<UInt8>, in memo: UnsafeMutablePointer<KeyMemo.Entry>,
                                 cache: KeyConversionCache) {
        memo.pointee.hint = spelling.baseAddress
        memo.pointee.hintCount = spelling.count
    }

    /// Tape index of the key among the members from `from` to `end` whose converted form is `key`.
    @inline(__always)
    private func scanConverted(_ key: UnsafeBufferPointer<UInt8>, cache: KeyConversionCache,
                               from: Int, to end: Int) -> Int? {
        var j = from
        let filter = FirstByteFilter(convertingTo: key)
        while j < end {
            let raw = tape.stringBytes(j)
            if filter.admits(raw), KeyBytes.equal(cache.memoizedConversion(of: raw), key) {
                return j
            }
            j = tape.skip(j + 1)
        }
        return nil
    }

    /// Custom conversion: the first member whose converted key matches, in document order.
    private func scanCustom(_ key: UnsafeBufferPointer<UInt8>, start: Int, endWord: Int, depth: Int) -> Int? {
        let table = customKeyTable(start: start, endWord: endWord, depth: depth)
        var j = start + 1
        var ordinal = 0
        while j < endWord {
            var converted = table[ordinal]
            if converted.withUTF8({ KeyBytes.equal($0, key) }) { return j }
            j = tape.skip(j + 1)
            ordinal += 1
        }
        return nil
    }

    /// The object's keys converted by the custom strategy, computed on the first lookup in the object.
    func customKeyTable(start: Int, endWord: Int, depth: Int) -> [String] {
        if let table = customKeyTables[start] { return table }
        guard let convert = workspace.customConversion else { return [] }
        let objectPath = path(depth: depth, valueIndex: start)
        var table: [String] = []
        var j = start + 1
        while j < endWord {
            let raw = String(decoding: tape.stringBytes(j), as: UTF8.self)
            table.append(convert(objectPath + [TapeCodingKey(stringValue: raw)]).stringValue)
            j = tape.skip(j + 1)
        }
        customKeyTables[start] = table
        return table
    }

    /// The position in `names` of the one case name among the object's distinct keys (as the key
    /// strategy spells them), as synthesized `init(from:)` finds an enum's case through `allKeys`; nil
    /// when there is none or more than one. The keys are compared with the names as bytes, with no
    /// `String` per key; a key or a name that is not ASCII is compared as a `String` (canonical
    /// equivalence, as `allKeys` and `==` compare). (`allKeys` as `String`s and a `Set` of them for
    /// each enum value put a decode of enums with associated values at 0.08x-0.18x its limit.)
    func casePosition(among names: [StaticString], start: Int, endWord: Int, depth: Int) -> Int? {
        if workspace.keyMatching == .custom {
            var found: Int?
            for key in memberKeys(start: start, endWord: endWord, depth: depth) {
                guard let position = names.firstIndex(where: { $0.description == key }) else { continue }
                if found != nil { return nil }
                found = position
            }
            return found
        }
        let cache = workspace.keyMatching == .converted ? workspace.conversionCache : nil
        let namesAreASCII = names.allSatisfy { $0.hasPointerRepresentation && $0.isASCII }
        var found = -1
        var j = start + 1
        while j < endWord {
            let raw = tape.stringBytes(j)
            let key = cache?.memoizedConversion(of: raw) ?? raw
            let position: Int?
            if namesAreASCII && StringMaking.isASCII(key) {
                position = names.firstIndex { name in
                    name.utf8CodeUnitCount == key.count
                        && (key.count == 0 || KeyBytes.equal(name.utf8Start, key.baseAddress.unsafelyUnwrapped, count: key.count))
                }
            } else {
                let text = String(decoding: key, as: UTF8.self)
                position = names.firstIndex { $0.description == text }
            }
            if let position {
                if found >= 0 && found != position { return nil }
                found = position
            }
            j = tape.skip(j + 1)
        }
        return found >= 0 ? found : nil
    }

    /// The object's keys as the key strategy spells them, in document order, without duplicates.
    func memberKeys(start: Int, endWord: Int, depth: Int) -> [String] {
        var keys: [String] = []
        var seen = Set<String>()
        let custom: [String]?
        if workspace.keyMatching == .custom {
            custom = customKeyTable(start: start, endWord: endWord, depth: depth)
        } else {
            custom = nil
        }
        var j = start + 1
        var ordinal = 0
        while j < endWord {
            let key = custom?[ordinal] ?? displayKey(at: j)
            if seen.insert(key).inserted { keys.append(key) }
            j = tape.skip(j + 1)
            ordinal += 1
        }
        return keys
    }

    /// Tape index of the value of the first member whose (converted) key is `key`, scanning the whole
    /// object without touching any cursor (key paths use this for their inner steps).
    func scanMember(utf8 key: UnsafeBufferPointer<UInt8>, object start: Int) -> Int? {
        let endWord = tape.containerEnd(start) - 1
        switch workspace.keyMatching {
        case .exact:
            return scanExact(key, from: start + 1, to: endWord).map { $0 + 1 }
        case .converted:
            return findConverted(key, cache: workspace.conversionCache.unsafelyUnwrapped, first: start + 1,
                                 resume: start + 1, resumeWasFound: false, end: endWord).map { $0 + 1 }
        case .custom:
            return scanCustom(key, start: start, endWord: endWord, depth: depth).map { $0 + 1 }
        }
    }
}
