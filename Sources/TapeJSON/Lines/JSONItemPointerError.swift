/// The pointer of a `JSONItemStream` names nothing in the document, or names a value that has no items.
public struct JSONItemPointerError: Error, Sendable, CustomStringConvertible {
    /// The pointer as given.
    public var pointer: String
    /// Where the value at the pointer starts (a scalar), or the end of the document (nothing there).
    public var offset: Int
    /// 1-based line of `offset`.
    public var line: Int
    /// 1-based column of `offset`, in Unicode scalars.
    public var column: Int
    /// Whether a value is there (a scalar, which has no items) or nothing.
    public var foundScalar: Bool

    /// What is wrong, with where it was found.
    public var description: String {
        foundScalar
            ? "line \(line), column \(column) (byte \(offset)): the value at '\(pointer)' is not an array or object"
            : "no value at '\(pointer)' in the document (read to byte \(offset))"
    }
}
