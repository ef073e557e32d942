/// `[String: Value]`, which Foundation decodes without key conversion when a key strategy other than
/// `.useDefaultKeys` is set (the keys are data, not property names).
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
        var result: [String: Value] = [:]
        result.reserveCapacity(tape.storedCount(start))
        var j = start + 1
        while j < endWord {
            let key = String(decoding: tape.stringBytes(j), as: UTF8.self)
            // Like Foundation: the first of duplicate keys wins.
            if result[key] == nil {
                result[key] = try session.decodeNested(Value.self, at: j + 1, parentDepth: depth,
                                                       component: .rawMember(keyIndex: j))
            }
            j = tape.skip(j + 1)
        }
        return result
    }
}
