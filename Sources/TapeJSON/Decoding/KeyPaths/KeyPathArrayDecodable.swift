/// Arrays, decoded in the two ways key options need that a type's own `init(from:)` cannot do:
/// dropping the elements that fail (`"* "`), and from values scattered across the document (`"[]"`).
protocol KeyPathArrayDecodable {
    /// Decodes the session's current value, an array, keeping only the elements that decode.
    static func decodeDroppingFailures(from session: DecodingSession) throws -> Self
    /// Decodes one element from each tape index, in order.
    static func decodeCollected(_ indices: [Int], from session: DecodingSession) throws -> Self
}

extension Array: KeyPathArrayDecodable where Element: Decodable {
    static func decodeDroppingFailures(from session: DecodingSession) throws -> [Element] {
        let tape = session.tape
        let start = session.valueIndex
        guard tape.tagByte(start) == TapeTag.startArray.rawValue else {
            throw session.unkeyedContainerError(at: start, path: session.codingPath)
        }
        let depth = session.depth
        let endWord = tape.containerEnd(start) - 1
        var result: [Element] = []
        var i = start + 1
        var position = 0
        while i < endWord {
            if let element = try? session.decodeNested(Element.self, at: i, parentDepth: depth,
                                                       component: .index(position)) {
                result.append(element)
            }
            i = tape.skip(i)
            position += 1
        }
        return result
    }

    static func decodeCollected(_ indices: [Int], from session: DecodingSession) throws -> [Element] {
        let depth = session.depth
        var result: [Element] = []
        result.reserveCapacity(indices.count)
        for (position, index) in indices.enumerated() {
            result.append(try session.decodeNested(Element.self, at: index, parentDepth: depth,
                                                   component: .index(position)))
        }
        return result
    }
}
