// Where in a line the value a decoding error is about starts (issue 26: a typed decode error inside a
// line said column 1 always). The tape keeps no source positions, so the line's text, already
// validated, is walked along the error's coding path: only on the error path, never for valid lines.

/// Finds the value a coding path leads to in valid JSON text.
enum CodingPathLocator {
    /// The byte offset in `text` of the value `path` leads to or, when a step finds nothing (a key the
    /// decoder converted beyond recognition, a missing member), of the deepest value reached.
    static func offset(of path: [any CodingKey], in text: UnsafeBufferPointer<UInt8>) -> Int {
        var scanner = Scanner(bytes: text)
        scanner.skipWhitespace()
        var found = scanner.i
        for key in path {
            guard scanner.i < text.count, let next = scanner.enter(key) else { break }
            scanner.i = next
            found = next
        }
        return found
    }

    /// The error for a line (or item) whose transform threw `error`: for a `DecodingError`, at the value
    /// its coding path leads to; otherwise at the line's first byte.
    ///
    /// - Parameters:
    ///   - lineNumber, offset: where the line (or item) starts.
    ///   - startsLine: whether the text starts a line (JSON Lines); an item may start mid-line, so its
    ///     column is known only for a value on a later line than its first (else it stays 1).
    static func error(for error: any Error, in text: UnsafeRawBufferPointer, lineNumber: Int, offset: Int,
                      startsLine: Bool) -> JSONLineError {
        guard let context = Self.context(of: error), !context.codingPath.isEmpty else {
            return JSONLineError(line: lineNumber, column: 1, offset: offset, underlying: error)
        }
        let bytes = text.unsafeUInt8s
        let at = Self.offset(of: context.codingPath, in: bytes)
        var line = lineNumber
        var lineStart = 0
        for k in 0..<at where bytes[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        var column = 1
        if startsLine || line > lineNumber {
            // Columns count Unicode scalars: every byte that is not a UTF-8 continuation byte starts one.
            for k in lineStart..<at where bytes[k] & 0xC0 != 0x80 { column += 1 }
        }
        return JSONLineError(line: line, column: column, offset: offset + at, underlying: error)
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

    /// A walk over valid JSON text.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        mutating func skipWhitespace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        }

        /// From a string's opening quote to just past its closing one.
        mutating func skipString() {
            i += 1
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\\"): i += 2
                case UInt8(ascii: "\""): i += 1; return
                default: i += 1
                }
            }
        }

        /// From a value's first byte to just past it.
        mutating func skipValue() {
            guard i < bytes.count else { return }
            switch bytes[i] {
            case UInt8(ascii: "\""):
                skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while i < bytes.count {
                    switch bytes[i] {
                    case UInt8(ascii: "\""): skipString(); continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { i += 1; return }
                    default: break
                    }
                    i += 1
                }
            default:
                while i < bytes.count {
                    switch bytes[i] {
                    case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: return
                    default: i += 1
                    }
                }
            }
        }

        /// Where the member or element `key` of the container at `i` starts, or nil.
        func enter(_ key: any CodingKey) -> Int? {
            var s = self
            switch bytes[i] {
            case UInt8(ascii: "{"):
                s.i += 1
                var loose: Int?
                while true {
                    s.skipWhitespace()
                    guard s.i < bytes.count, bytes[s.i] == UInt8(ascii: "\"") else { return loose }
                    let keyStart = s.i
                    s.skipString()
                    let name = UnsafeBufferPointer(rebasing: bytes[keyStart..<s.i])
                    s.skipWhitespace()
                    s.i += 1   // the colon
                    s.skipWhitespace()
                    switch Self.compare(name, key.stringValue) {
                    case .same: return s.i
                    case .alike: if loose == nil { loose = s.i }
                    case .different: break
                    }
                    s.skipValue()
                    s.skipWhitespace()
                    guard s.i < bytes.count, bytes[s.i] == UInt8(ascii: ",") else { return loose }
                    s.i += 1
                }
            case UInt8(ascii: "["):
                guard let index = key.intValue, index >= 0 else { return nil }
                s.i += 1
                s.skipWhitespace()
                for _ in 0..<index {
                    guard s.i < bytes.count, bytes[s.i] != UInt8(ascii: "]") else { return nil }
                    s.skipValue()
                    s.skipWhitespace()
                    guard s.i < bytes.count, bytes[s.i] == UInt8(ascii: ",") else { return nil }
                    s.i += 1
                    s.skipWhitespace()
                }
                guard s.i < bytes.count, bytes[s.i] != UInt8(ascii: "]") else { return nil }
                return s.i
            default:
                return nil
            }
        }

        enum Likeness { case same, alike, different }

        /// A member's quoted name against a coding key: the same, alike (the same once case, `_` and `-`
        /// are ignored, as key conversion strategies change them), or different.
        static func compare(_ quoted: UnsafeBufferPointer<UInt8>, _ key: String) -> Likeness {
            guard quoted.count >= 2 else { return .different }
            let inner = UnsafeBufferPointer(rebasing: quoted[1..<(quoted.count - 1)])
            let name: String
            if inner.contains(UInt8(ascii: "\\")) {
                guard let decoded = try? JSONParser.shared.parse(bytes: UnsafeRawBufferPointer(quoted)).root.string else {
                    return .different
                }
                name = decoded
            } else {
                if inner.elementsEqual(key.utf8) { return .same }
                name = String(decoding: inner, as: UTF8.self)
            }
            if name == key { return .same }
            let loose = { (text: String) in text.lowercased().filter { $0 != "_" && $0 != "-" } }
            return loose(name) == loose(key) ? .alike : .different
        }
    }
}
