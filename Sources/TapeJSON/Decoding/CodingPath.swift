/// One step of a coding path, stored as plain data and turned into a `CodingKey` only when a path is
/// requested (an error, or a call to `codingPath`). Pushing a frame is then a few word stores: no
/// existential is boxed, copied or destroyed on the hot path.
enum PathComponent {
    /// A member found by key: the tape index of its key string, and the `CodingKey` type that asked
    /// for it (the key is rebuilt with `init(stringValue:)` from the key as the strategy converts it).
    case member(keyIndex: Int, keyType: any CodingKey.Type)
    /// An entry of a `[String: Value]` decoded without key conversion: the raw key at `keyIndex`.
    case rawMember(keyIndex: Int)
    /// An entry of a `[String: Value]` decoded under `.useDefaultKeys`: the raw key at `keyIndex`, as
    /// the key `Dictionary.init(from:)` would have used (its `intValue` is the key read as an `Int`).
    case dictionaryMember(keyIndex: Int)
    /// An array element.
    case index(Int)
    /// A key that is not an object member (key paths, custom key strategies): the key itself, kept
    /// in the session's `explicitKeys`.
    case explicit(Int)
}

/// A decoding session's record of how it reached the value at one depth: the key or index taken and
/// the tape index of the value it led to.
///
/// Frames form a stack indexed by depth. A container remembers only its depth and tape index; its
/// coding path is the first `depth` frames, as long as they still lead to it (each frame's value
/// contains the next one's). A container kept while its parent went on to decode siblings finds the
/// frames overwritten and rebuilds its path from the document instead (`rebuiltPath`).
struct PathFrame {
    var component: PathComponent
    var valueIndex: Int
}

extension DecodingSession {
    /// Whether the value at tape index `outer` is, or contains, the value at `inner`.
    func contains(_ outer: Int, _ inner: Int) -> Bool {
        if outer == inner { return true }
        let tag = tape.tagByte(outer)
        guard tag == TapeTag.startObject.rawValue || tag == TapeTag.startArray.rawValue else { return false }
        return outer < inner && inner < tape.containerEnd(outer)
    }

    /// The coding path of the value at tape index `target`, reached through the first `depth` frames.
    func path(depth: Int, valueIndex target: Int) -> [any CodingKey] {
        // The longest run of frames that still leads from the root towards `target`.
        var valid = 0
        var parent = rootIndex
        while valid < depth {
            let frame = unsafeFrames[valid]
            guard contains(parent, frame.valueIndex), contains(frame.valueIndex, target) else { break }
            parent = frame.valueIndex
            valid += 1
        }
        var path = basePath
        path.reserveCapacity(basePath.count + depth)
        for k in 0..<valid { path.append(codingKey(for: unsafeFrames[k].component)) }
        if valid < depth || parent != target {
            path.append(contentsOf: rebuiltPath(from: parent, to: target))
        }
        return path
    }

    /// The keys and indices leading from the value at `ancestor` down to the one at `target`, read from
    /// the document (keys converted by the key strategy where it has a cache).
    func rebuiltPath(from ancestor: Int, to target: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var current = ancestor
        while current != target {
            let endWord = tape.containerEnd(current) - 1
            var i = current + 1
            if tape.tagByte(current) == TapeTag.startObject.rawValue {
                while i < endWord, !contains(i + 1, target) { i = tape.skip(i + 1) }
                guard i < endWord else { return path }
                path.append(TapeCodingKey(stringValue: displayKey(at: i)))
                current = i + 1
            } else if tape.tagByte(current) == TapeTag.startArray.rawValue {
                var n = 0
                while i < endWord, !contains(i, target) {
                    i = tape.skip(i)
                    n += 1
                }
                guard i < endWord else { return path }
                path.append(TapeCodingKey(index: n))
                current = i
            } else {
                return path
            }
        }
        return path
    }

    /// The `CodingKey` a path component stands for.
    func codingKey(for component: PathComponent) -> any CodingKey {
        switch component {
        case .member(let keyIndex, let keyType):
            return memberCodingKey(keyType, keyIndex: keyIndex)
        case .rawMember(let keyIndex):
            return TapeCodingKey(stringValue: String(decoding: tape.stringBytes(keyIndex), as: UTF8.self))
        case .dictionaryMember(let keyIndex):
            let text = String(decoding: tape.stringBytes(keyIndex), as: UTF8.self)
            return TapeCodingKey(stringValue: text, intValue: Int(text))
        case .index(let index):
            return TapeCodingKey(index: index)
        case .explicit(let slot):
            return explicitKeys[slot]
        }
    }

    /// The `K` rebuilt from the member key at `keyIndex` (a `TapeCodingKey` when `K` has no such
    /// key), kept in the workspace's `ErrorMemo` for key types that are plain data.
    private func memberCodingKey<K: CodingKey>(_ type: K.Type, keyIndex: Int) -> any CodingKey {
        let raw = tape.stringBytes(keyIndex)
        let memoized = _isPOD(K.self)
        if memoized, let key = workspace.errorMemo.key(type: ObjectIdentifier(K.self), raw: raw) { return key }
        let text = displayKey(at: keyIndex)
        let key: any CodingKey = K(stringValue: text) ?? TapeCodingKey(stringValue: text)
        if memoized { workspace.errorMemo.remember(key, type: ObjectIdentifier(K.self), raw: raw) }
        return key
    }

    /// The component for the member whose key string is at `keyIndex`, found by `key`.
    @inline(__always)
    func component<Key: CodingKey>(for key: Key, keyIndex: Int) -> PathComponent {
        if withUnsafeWorkspace({ $0.keyMatching == .custom }) { return explicitComponent(key) }
        return .member(keyIndex: keyIndex, keyType: Key.self)
    }

    /// A component holding `key` itself.
    func explicitComponent(_ key: any CodingKey) -> PathComponent {
        explicitKeys.append(key)
        return .explicit(explicitKeys.count - 1)
    }

    /// The key at tape index `i` as a `CodingKey` would spell it under the key strategy.
    func displayKey(at i: Int) -> String {
        let raw = tape.stringBytes(i)
        if workspace.keyMatching == .converted, let cache = workspace.conversionCache {
            return String(decoding: cache.converted(raw), as: UTF8.self)
        }
        return String(decoding: raw, as: UTF8.self)
    }
}
