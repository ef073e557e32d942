import Foundation

/// Reading a key through the key options once its literal lookup failed: nested paths, flat
/// properties, lenient arrays and values collected across arrays. Only reached when
/// `TapeJSONDecoder.keyOptions` is set.
extension KeyedContainer {
    /// What `key` stands for under the key options.
    func resolveKeyPath(_ key: Key, optional: Bool) throws -> KeyPathTarget {
        guard let syntax = session.workspace.keyPaths else { return .missing }
        let text = key.stringValue
        if let flat = syntax.flat, text == flat { return .flat }
        if let prefix = syntax.arrayMapping, text.hasPrefix(prefix) {
            return try collect(syntax.steps(of: String(text.dropFirst(prefix.count))), key: key)
        }
        if let prefix = syntax.optionalArrayElements, text.hasPrefix(prefix) {
            let rest = String(text.dropFirst(prefix.count))
            var literal = rest
            if let index = literal.withUTF8({ session.findMember(utf8: $0, start: start, endWord: endWord, depth: depth) }) {
                return .lenientArray(index)
            }
            return follow(syntax.steps(of: rest)).map(KeyPathTarget.lenientArray) ?? .missing
        }
        let steps = syntax.steps(of: text)
        guard steps.count > 1 else { return .missing }
        return follow(steps).map(KeyPathTarget.value) ?? .missing
    }

    /// The value at the end of `steps` from this object, or nil when a step is missing or reaches
    /// something that is not an object.
    private func follow(_ steps: [String]) -> Int? {
        var current = start
        for step in steps {
            guard session.tape.tagByte(current) == TapeTag.startObject.rawValue else { return nil }
            var name = step
            guard let next = name.withUTF8({ session.scanMember(utf8: $0, object: current) }) else { return nil }
            current = next
        }
        return current
    }

    /// The values found by following `steps` through every element of the arrays met on the way.
    private func collect(_ steps: [String], key: Key) throws -> KeyPathTarget {
        guard let firstStep = steps.first else { return .missing }
        var firstName = firstStep
        guard let first = firstName.withUTF8({ session.scanMember(utf8: $0, object: start) }),
              !session.isNull(first)
        else { return .missing }
        var values = [first]
        for step in steps.dropFirst() {
            var next: [Int] = []
            for value in values { try gather(step, from: value, into: &next, key: key) }
            values = next
        }
        var collected: [Int] = []
        for value in values {
            if session.tape.tagByte(value) == TapeTag.startArray.rawValue {
                forEachElement(of: value) { collected.append($0) }
            } else {
                collected.append(value)
            }
        }
        return .collected(collected)
    }

    private func gather(_ step: String, from value: Int, into result: inout [Int], key: Key) throws {
        let tag = session.tape.tagByte(value)
        if tag == TapeTag.startArray.rawValue {
            var elements: [Int] = []
            forEachElement(of: value) { elements.append($0) }
            for element in elements { try gather(step, from: element, into: &result, key: key) }
            return
        }
        var name = step
        if tag == TapeTag.startObject.rawValue,
           let found = name.withUTF8({ session.scanMember(utf8: $0, object: value) }) {
            result.append(found)
            return
        }
        throw DecodingError.keyNotFound(TapeCodingKey(stringValue: step), DecodingError.Context(
            codingPath: path(appending: key),
            debugDescription: "No value associated with key \"\(step)\" in an element reached by \"\(key.stringValue)\"."))
    }

    private func forEachElement(of array: Int, _ body: (Int) -> Void) {
        let tape = session.tape
        let endWord = tape.containerEnd(array) - 1
        var i = array + 1
        while i < endWord {
            body(i)
            i = tape.skip(i)
        }
    }

    // MARK: - Container entry points

    /// The value a scalar is read from, through the key options; `keyNotFound` when absent.
    func requireThroughKeyPath(_ key: Key) throws -> Int {
        guard let index = try locateThroughKeyPath(key) else {
            throw session.keyNotFound(key, path: codingPath)
        }
        return index
    }

    /// The value a scalar is read from, through the key options; nil when absent.
    func locateThroughKeyPath(_ key: Key) throws -> Int? {
        guard session.workspace.keyPaths != nil else { return nil }
        switch try resolveKeyPath(key, optional: true) {
        case .value(let index), .lenientArray(let index): return index
        case .flat: return start
        case .missing: return nil
        case .collected:
            throw DecodingError.typeMismatch([Any].self, DecodingError.Context(
                codingPath: path(appending: key),
                debugDescription: "The key \"\(key.stringValue)\" collects values into an array; decode it as an array."))
        }
    }

    /// Decodes a `T` for a key that is not in the object literally; nil only when `optional`.
    func decodeThroughKeyPath<T: Decodable>(_ type: T.Type, _ key: Key, optional: Bool) throws -> T? {
        switch try resolveKeyPath(key, optional: optional) {
        case .missing:
            if optional { return nil }
            throw session.keyNotFound(key, path: codingPath)
        case .value(let index):
            if optional && session.isNull(index) { return nil }
            return try session.decodeNested(type, at: index, parentDepth: depth, component: session.explicitComponent(key))
        case .flat:
            if optional {
                return try? session.withValueInPlace(at: start, depth: depth) { try session.decodeCurrent(type) }
            }
            return try session.withValueInPlace(at: start, depth: depth) { try session.decodeCurrent(type) }
        case .lenientArray(let index):
            if optional && session.isNull(index) { return nil }
            guard let arrayType = type as? any KeyPathArrayDecodable.Type else {
                return try session.decodeNested(type, at: index, parentDepth: depth, component: session.explicitComponent(key))
            }
            return try session.withValue(at: index, parentDepth: depth, component: session.explicitComponent(key)) {
                try arrayType.decodeDroppingFailures(from: session) as! T
            }
        case .collected(let indices):
            guard let arrayType = type as? any KeyPathArrayDecodable.Type else {
                throw DecodingError.typeMismatch(type, DecodingError.Context(
                    codingPath: path(appending: key),
                    debugDescription: "The key \"\(key.stringValue)\" collects values into an array, but \(type) is not an array."))
            }
            return try session.withValue(at: start, parentDepth: depth, component: session.explicitComponent(key)) {
                try arrayType.decodeCollected(indices, from: session) as! T
            }
        }
    }
}
