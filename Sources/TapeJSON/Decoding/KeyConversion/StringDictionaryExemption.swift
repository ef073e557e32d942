/// `[String: Value]`, which Foundation decodes without key conversion when a key strategy other than
/// `.useDefaultKeys` is set (the keys are data, not property names).
///
/// Under `.useDefaultKeys` the same loop stands in for `Dictionary.init(from:)`, which would make a
/// keyed container, list `allKeys` and look each key up again through the container's box (citm_catalog
/// decode: 12% of the samples under `Dictionary.init(from:)`): the result is the same (the first of
/// duplicate keys wins there too, as `allKeys` lists each key once and each lookup finds its first
/// occurrence), and so are the coding paths (`PathComponent.dictionaryMember`).
protocol StringKeyedDictionaryDecodable {
    static func decodeWithoutKeyConversion(from session: DecodingSession) throws -> Self
}

extension Dictionary: StringKeyedDictionaryDecodable where Key == String, Value: Decodable {
    static func decodeWithoutKeyConversion(from session: DecodingSession) throws -> [String: Value] {
        // The common scalar values take a copy of the loop specialized for them: here, unspecialized,
        // every hash, lookup and insertion goes through `Value`'s witnesses and the dictionary's
        // metadata (callgrind, a `[String: String]` of two members: about 8,600 instructions).
        if Value.self == String.self { return unsafeBitCast(try decodeStringKeyedMembers(String.self, from: session), to: Self.self) }
        if Value.self == Int.self { return unsafeBitCast(try decodeStringKeyedMembers(Int.self, from: session), to: Self.self) }
        if Value.self == Double.self { return unsafeBitCast(try decodeStringKeyedMembers(Double.self, from: session), to: Self.self) }
        if Value.self == Bool.self { return unsafeBitCast(try decodeStringKeyedMembers(Bool.self, from: session), to: Self.self) }
        return try decodeStringKeyedMembers(Value.self, from: session)
    }
}

/// The loop of `decodeWithoutKeyConversion`, generic over the value type alone (a method of the
/// dictionary would also be generic over its `Value`, and not be specialized for `String`).
private func decodeStringKeyedMembers<V: Decodable>(_ type: V.Type, from session: DecodingSession) throws -> [String: V] {
    let tape = session.tape
    let start = session.valueIndex
    guard tape.tagByte(start) == TapeTag.startObject.rawValue else {
        throw session.keyedContainerError(at: start, path: session.codingPath)
    }
    let depth = session.depth
    let endWord = tape.containerEnd(start) - 1
    let rawKeys = session.withUnsafeWorkspace { $0.exemptsStringDictionaries }
    // (`reserveCapacity` on the empty dictionary cost about 1,300 instructions for two members, callgrind;
    // `minimumCapacity` allocates the storage directly.)
    var result = [String: V](minimumCapacity: tape.storedCount(start))
    var j = start + 1
    while j < endWord {
        let key = String(decoding: tape.stringBytes(j), as: UTF8.self)
        // Like Foundation: the first of duplicate keys wins.
        if result[key] == nil {
            result[key] = try session.decodeNested(V.self, at: j + 1, parentDepth: depth,
                                                   component: rawKeys ? .rawMember(keyIndex: j)
                                                                      : .dictionaryMember(keyIndex: j))
        }
        j = tape.skip(j + 1)
    }
    return result
}
