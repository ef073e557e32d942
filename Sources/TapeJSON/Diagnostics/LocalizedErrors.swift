import Foundation

// Every public error type of TapeJSON is a `LocalizedError` whose `errorDescription` is its full message
// with its location (its `description`), so that `error.localizedDescription` says what went wrong and
// where, instead of Foundation's "The operation could not be completed. (TapeJSON.JSONInputError
// error 1.)" (issue 26). Kept in one file, beside none of the types, so the list is easy to check.

extension JSONError: LocalizedError {
    /// `line L, column C (byte B): message near 'excerpt'`, as `description`.
    public var errorDescription: String? { description }
}

extension JSONInputError: LocalizedError {
    /// `PATH: reason`, as `description`.
    public var errorDescription: String? { description }
}

extension JSONLineError: LocalizedError {
    /// `line L, column C: message`, as `description`.
    public var errorDescription: String? { description }
}

extension JSONPointerError: LocalizedError {
    /// The pointer and what is wrong with it, as `description`.
    public var errorDescription: String? { description }
}

extension JSONItemPointerError: LocalizedError {
    /// The pointer and what it reached instead of an array or object, as `description`.
    public var errorDescription: String? { description }
}

extension JSONStreamWriterError: LocalizedError {
    /// What the writer was asked that it could not do, as `description`.
    public var errorDescription: String? { description }
}

extension JSONOutputError: LocalizedError {
    /// Where output could not be written and why, as `description`.
    public var errorDescription: String? { description }
}
