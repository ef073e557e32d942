/// Why an input is not valid JSON, and exactly where.
///
/// Every error TapeJSON reports for bad input carries a byte offset, a 1-based line and column and a
/// short excerpt of the input around the problem. simdjson itself only returns an error code; TapeJSON
/// finds the position by rescanning the input, and only when parsing has already failed, so valid input
/// never pays for it.
///
/// Columns count Unicode scalar values (not bytes) from the start of the line, starting at 1; lines are
/// separated by `\n` (a `\r` before it belongs to the line it ends).
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of invalid input (and of resource limits) TapeJSON distinguishes.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The input is empty or only whitespace.
        case emptyInput
        /// The input ends in the middle of a value (truncated document, unterminated string).
        case unexpectedEndOfInput
        /// A byte that cannot start or continue the value at this point (a trailing comma, a missing
        /// colon, a single-quoted string…).
        case unexpectedCharacter
        /// `true`, `false` or `null` misspelled.
        case invalidLiteral
        /// A number that does not follow the JSON grammar (leading zeros, `1.`, `.5`, `+1`, `0x10`…).
        case invalidNumber
        /// A number whose magnitude does not fit a Double (such as `1e400`).
        case numberOutOfRange
        /// A backslash escape that JSON does not define, or a `\u` escape that is not a valid code point
        /// (an unpaired surrogate).
        case invalidEscape
        /// A control character (U+0000–U+001F) inside a string without an escape.
        case unescapedControlCharacter
        /// Bytes that are not valid UTF-8.
        case invalidUTF8
        /// More content after the document's single top-level value.
        case trailingContent
        /// Objects and arrays nested deeper than the parser's `maxDepth`.
        case depthLimitExceeded
        /// The document is larger than the parser accepts (at most just under 4 GiB for simdjson).
        case documentTooLarge
        /// Memory for the parse could not be allocated.
        case outOfMemory
    }

    /// What is wrong.
    public var kind: Kind
    /// Offset of the offending byte from the start of the input (the document, for JSON Lines).
    public var offset: Int
    /// 1-based line of `offset`.
    public var line: Int
    /// 1-based column of `offset`, in Unicode scalars.
    public var column: Int
    /// A short, printable piece of the input around `offset` (invalid UTF-8 shown as U+FFFD).
    public var excerpt: String

    /// An error of `kind` at byte `offset` (1-based `line` and `column`), with `excerpt` around it.
    public init(kind: Kind, offset: Int, line: Int, column: Int, excerpt: String) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
        self.excerpt = excerpt
    }

    /// Builds the error for `kind` at `offset` in `input`, computing line, column and excerpt.
    init(kind: Kind, offset: Int, in input: UnsafeRawBufferPointer) {
        let location = SourceLocation(offset: offset, in: input)
        self.init(kind: kind, offset: offset, line: location.line, column: location.column,
                  excerpt: location.excerpt)
    }

    /// A one-line explanation of `kind`.
    public var message: String {
        switch kind {
        case .emptyInput: return "empty input: no JSON value"
        case .unexpectedEndOfInput: return "unexpected end of input"
        case .unexpectedCharacter: return "unexpected character"
        case .invalidLiteral: return "invalid literal (expected true, false or null)"
        case .invalidNumber: return "invalid number"
        case .numberOutOfRange: return "number out of range"
        case .invalidEscape: return "invalid escape sequence"
        case .unescapedControlCharacter: return "unescaped control character in string"
        case .invalidUTF8: return "invalid UTF-8"
        case .trailingContent: return "unexpected content after the JSON value"
        case .depthLimitExceeded: return "nesting deeper than the maximum depth"
        case .documentTooLarge: return "document too large"
        case .outOfMemory: return "out of memory"
        }
    }

    /// `line L, column C (byte B): message near 'excerpt'`.
    public var description: String {
        var text = "line \(line), column \(column) (byte \(offset)): \(message)"
        if !excerpt.isEmpty { text += " near '\(excerpt)'" }
        return text
    }

    /// The same error with its offset, line and column moved to where its document starts in a larger
    /// input (used by JSON Lines, whose documents are parsed one by one).
    func shifted(byOffset base: Int, line baseLine: Int, column baseColumn: Int) -> JSONError {
        var copy = self
        copy.offset += base
        if line == 1 { copy.column += baseColumn - 1 }
        copy.line += baseLine - 1
        return copy
    }
}

/// Line, column and excerpt for a byte offset. Computed only on the error path.
struct SourceLocation {
    var line = 1
    var column = 1
    var excerpt = ""

    init(offset: Int, in input: UnsafeRawBufferPointer) {
        let bytes = input.unsafeUInt8s
        let end = min(max(offset, 0), bytes.count)
        let lineStart: Int
        (line, column, lineStart) = ByteScan.location(of: end, in: input)
        var lineEnd = end
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, lineEnd - end < 24 { lineEnd += 1 }
        let from = max(lineStart, end - 24)
        excerpt = SourceLocation.printable(UnsafeBufferPointer(rebasing: bytes[from..<lineEnd]))
    }

    /// Lossy UTF-8 with control characters replaced, so the excerpt prints on one line.
    static func printable(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var text = ""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                text += scalar == "\t" ? " " : "\u{FFFD}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
