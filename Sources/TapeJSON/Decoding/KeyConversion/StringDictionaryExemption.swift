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
        let tape = session.tape
        let start = session.valueIndex
        guard tape.tagByte(start) == TapeTag.startObject.rawValue else {
            throw session.keyedContainerError(at: start, path: session.codingPath)
        }
        let depth = session.depth
        let endWord = tape.containerEnd(start) - 1
        let rawKeys = session.workspace.exemptsStringDictionaries
        var result: [String: Value] = [:]
        result.reserveCapacity(tape.storedCount(start))
        var j = start + 1
        while j < endWord {
            let key = String(decoding: tape.stringBytes(j), as: UTF8.self)
            // Like Foundation: the first of duplicate keys wins.
            if result[key] == nil {
                result[key] = try session.decodeNested(Value.self, at: j + 1, parentDepth: depth,
                                                       component: rawKeys ? .rawMember(keyIndex: j)
                                                                          : .dictionaryMember(keyIndex: j))
            }
            j = tape.skip(j + 1)
        }
        return result
    }
}
