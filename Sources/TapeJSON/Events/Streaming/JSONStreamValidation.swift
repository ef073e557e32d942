import Foundation

/// Checks one JSON document of any size, read as a stream in bounded memory.
///
/// A client of `JSONStreamParser` (one streaming mechanism for events and validation) with a handler
/// that skips every container: the document is checked by simdjson in batches of complete values, and
/// the containers too large for the window (4 MiB by default, as the parser's) are entered and their
/// elements batched, so memory stays at the window plus the largest single string or number, whatever
/// the document's size (no 4 GiB limit). The verdict and the error are `JSONParser`'s: the same kind at the same byte offset,
/// line and column.
///
/// Limits: those of `JSONStreamParser` (a single string or number above 4 GiB fails).
public enum JSONStreamValidation {
    /// Checks the document in the file at `path` (`-` for standard input, read from where it stands),
    /// decompressed as it is read when it is gzip or zstd.
    ///
    /// - Returns: nil when the document is valid, else the first error with its position.
    /// - Throws: `JSONInputError` when the input cannot be read (or shrinks while it is read, or its
    ///   compressed data is corrupt or cut short).
    public static func validate(path: String, maxDepth: Int = JSONParser.defaultMaxDepth,
                                window: Int = 4 << 20) throws -> JSONError? {
        let source = try InputOpening.stream(path: path)
        return try validate(source, maxDepth: maxDepth, window: window)
    }

    /// Checks the document read from an open file handle, from where it stands to its end.
    public static func validate(fileHandle: FileHandle, maxDepth: Int = JSONParser.defaultMaxDepth,
                                window: Int = 4 << 20) throws -> JSONError? {
        try withExtendedLifetime(fileHandle) {
            try validate(try InputOpening.stream(fd: fileHandle.fileDescriptor, name: "file handle \(fileHandle.fileDescriptor)"),
                         maxDepth: maxDepth, window: window)
        }
    }

    /// Checks a document in memory, as a stream (what the other forms do, on bytes a test can shape).
    public static func validate(bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth,
                                window: Int = 4 << 20) throws -> JSONError? {
        try validate(InputOpening.stream(bytes: bytes), maxDepth: maxDepth, window: window)
    }

    private static func validate(_ source: any ByteSource, maxDepth: Int, window: Int) throws -> JSONError? {
        let parser = try JSONStreamParser(handler: SkipEverything(), maxDepth: max(1, maxDepth), window: window)
        var source = source
        do {
            try parser.parse(&source, blockSize: 1 << 20)
        } catch let error as JSONError {
            return error
        }
        return nil
    }
}

/// A handler that asks to skip every container: nothing is delivered but the top-level value's start,
/// and the push parser only checks the document.
private struct SkipEverything: JSONEventHandler {
    func handle(_ event: JSONEvent) throws -> JSONWalkDecision { .skipChildren }
}
