/// A line that could not be used: invalid JSON, or (when decoding) a value that does not decode.
public struct JSONLineError: Error, CustomStringConvertible, @unchecked Sendable {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column of the problem, in Unicode scalars. For a line that does not decode, the column
    /// of the value the `DecodingError`'s coding path leads to (of the container, for a missing key);
    /// 1 when the whole line is at fault (an error a transform threw that is not a `DecodingError`).
    public var column: Int
    /// The byte offset of the problem in the input.
    public var offset: Int
    /// The underlying error: a `JSONError` for invalid JSON, a `DecodingError` (or whatever a transform
    /// threw) otherwise.
    public var underlying: any Error
    /// For `JSONArrayStream`: the 0-based index of the element at fault (nil for JSON Lines, and for an
    /// error in the array's own syntax before its first element or after its end).
    public var elementIndex: Int?

    /// An error at 1-based `line` and `column` and byte `offset`, wrapping `underlying`.
    public init(line: Int, column: Int, offset: Int, underlying: any Error) {
        self.line = line
        self.column = column
        self.offset = offset
        self.underlying = underlying
    }

    init(_ error: JSONError) {
        self.init(line: error.line, column: error.column, offset: error.offset, underlying: error)
    }

    /// The error of item `index`, which starts on `line` at `column`: positions on its first line
    /// counted from the item's first byte (`CodingPathLocator`) become the input's.
    func inItem(_ index: Int, startingOn line: Int, at column: Int) -> JSONLineError {
        var error = self
        if error.line == line { error.column += column - 1 }
        error.elementIndex = index
        return error
    }

    /// A one-line message without the position.
    public var message: String {
        if let json = underlying as? JSONError {
            return json.message + (json.excerpt.isEmpty ? "" : " near '\(json.excerpt)'")
        }
        if let decoding = underlying as? DecodingError {
            switch decoding {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                 .dataCorrupted(let context):
                let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
                return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
            @unknown default:
                return String(describing: decoding)
            }
        }
        return String(describing: underlying)
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
