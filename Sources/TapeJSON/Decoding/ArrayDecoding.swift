/// Arrays decoded straight from the tape rather than through `Array.init(from:)`: the elements are
/// counted first (so the array is allocated once) and read without an unkeyed container. Errors are
/// those `Array.init(from:)` would produce.
protocol ArrayDecoding {
    /// Decodes the session's current value as an array of `Element`.
    static func decodeArray(from session: DecodingSession) throws -> Self
}

extension Array: ArrayDecoding where Element: Decodable {
    static func decodeArray(from session: DecodingSession) throws -> [Element] {
        let tape = session.tape
        let start = session.valueIndex
        guard tape.tagByte(start) == TapeTag.startArray.rawValue else {
            throw session.unkeyedContainerError(at: start, path: session.codingPath)
        }
        let depth = session.depth
        let endWord = tape.containerEnd(start) - 1
        var result: [Element] = []
        result.reserveCapacity(tape.elementCount(start))
        var i = start + 1
        var position = 0
        while i < endWord {
            result.append(try session.decodeNested(Element.self, at: i, parentDepth: depth, component: .index(position)))
            i = tape.skip(i)
            position += 1
        }
        return result
    }
}
