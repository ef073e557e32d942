// Where in a line the value a decoding error is about starts (issue 26: a typed decode error inside a
// line said column 1 always). The tape keeps no source positions, so the line's text, already
// validated, is walked along the error's coding path: only on the error path, never for valid lines.

/// Finds the value a coding path leads to in valid JSON text.
enum CodingPathLocator {
    /// The byte offset in `text` of the value `path` leads to or, when a step finds nothing (a key the
    /// decoder converted beyond recognition, a missing member), of the deepest value reached.
    static func offset(of path: [any CodingKey], in text: UnsafeBufferPointer<UInt8>) -> Int {
        let scanner = JSONTextScanner(text)
        var found = scanner.skipWhitespace(0)
        for key in path {
            guard found < text.count, let next = enter(key, at: found, scanner) else { break }
            found = next
        }
        return found
    }

    /// The error for a line (or item) whose transform threw `error`: for a `DecodingError`, at the value
    /// its coding path leads to; otherwise at the line's first byte. Columns on the text's first line
    /// count from its first byte: an item that starts mid-line is shifted by its reader (`inItem`).
    ///
    /// - Parameters:
    ///   - lineNumber, offset: where the line (or item) starts.
    static func error(for error: any Error, in text: UnsafeRawBufferPointer, lineNumber: Int, offset: Int) -> JSONLineError {
        guard let context = Self.context(of: error), !context.codingPath.isEmpty else {
            return JSONLineError(line: lineNumber, column: 1, offset: offset, underlying: error)
        }
        let at = Self.offset(of: context.codingPath, in: text.unsafeUInt8s)
        let found = ByteScan.location(of: at, in: text)
        return JSONLineError(line: lineNumber + found.line - 1, column: found.column, offset: offset + at, underlying: error)
    }

    private static func context(of error: any Error) -> DecodingError.Context? {
        guard let decoding = error as? DecodingError else { return nil }
        switch decoding {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
             .dataCorrupted(let context):
            return context
        @unknown default:
            return nil
        }
    }

    /// Where the member or element `key` of the container at `start` begins (a member whose key is
    /// only alike when none is the same), or nil.
    private static func enter(_ key: any CodingKey, at start: Int, _ scanner: JSONTextScanner) -> Int? {
        let container = start..<scanner.valueEnd(start)
        switch scanner.bytes[start] {
        case UInt8(ascii: "{"):
            var same: Int?
            var alike: Int?
            scanner.walk(container) { slot, quoted in
                switch compare(quoted!, in: scanner, with: key.stringValue) {
                case .same: same = slot.value.lowerBound
                case .alike: if alike == nil { alike = slot.value.lowerBound }
                case .different: break
                }
                return same == nil
            }
            return same ?? alike
        case UInt8(ascii: "["):
            guard let index = key.intValue, index >= 0 else { return nil }
            return scanner.element(index, in: container).slot?.value.lowerBound
        default:
            return nil
        }
    }

    private enum Likeness { case same, alike, different }

    /// A member's quoted name against a coding key: the same, alike (the same once case, `_` and `-`
    /// are ignored, as key conversion strategies change them), or different.
    private static func compare(_ quoted: Range<Int>, in scanner: JSONTextScanner, with key: String) -> Likeness {
        let name = String(decoding: scanner.unescaped(quoted), as: UTF8.self)
        if name == key { return .same }
        let loose = { (text: String) in text.lowercased().filter { $0 != "_" && $0 != "-" } }
        return loose(name) == loose(key) ? .alike : .different
    }
}
