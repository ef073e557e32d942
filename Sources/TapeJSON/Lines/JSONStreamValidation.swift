import Foundation

/// Checks one JSON document of any size, read as a stream in bounded memory.
///
/// A document whose top-level value fits in the window (16 MiB by default) is checked by one simdjson
/// parse, with the same verdict and error position as `JSONParser`. A larger one is walked: the walker
/// enters each container that does not fit in the window, checks its punctuation and keys itself, and
/// has simdjson check each of its values that fits; so memory stays at the window plus the largest
/// single string or number, whatever the document's size (no 4 GiB limit).
///
/// Limits: in a walked document an error is found at the same byte, but its kind can differ from
/// `JSONParser`'s where the walker finds it (a missing comma between two values reads as an unexpected
/// character where simdjson may name the value), and a value checked on its own is allowed `maxDepth`
/// levels below it.
public enum JSONStreamValidation {
    /// Checks the document in the file at `path` (`-` for standard input, read from where it stands).
    ///
    /// - Returns: nil when the document is valid, else the first error with its position.
    /// - Throws: `JSONInputError` when the input cannot be read (or shrinks while it is read).
    public static func validate(path: String, maxDepth: Int = JSONParser.defaultMaxDepth,
                                window: Int = 16 << 20) throws -> JSONError? {
        let source = path == "-" ? try FileDescriptorSource(fd: 0, path: "-") : try FileDescriptorSource(path: path)
        return try validate(source, maxDepth: maxDepth, window: window)
    }

    /// Checks the document read from an open file handle, from where it stands to its end.
    public static func validate(fileHandle: FileHandle, maxDepth: Int = JSONParser.defaultMaxDepth,
                                window: Int = 16 << 20) throws -> JSONError? {
        try withExtendedLifetime(fileHandle) {
            try validate(try FileDescriptorSource(fd: fileHandle.fileDescriptor, path: "file handle \(fileHandle.fileDescriptor)"),
                         maxDepth: maxDepth, window: window)
        }
    }

    /// Checks a document in memory, as a stream (what the other forms do, on bytes a test can shape).
    public static func validate(bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth,
                                window: Int = 16 << 20) throws -> JSONError? {
        try validate(MemorySource(bytes: bytes), maxDepth: maxDepth, window: window)
    }

    private static func validate(_ source: any ByteSource, maxDepth: Int, window: Int) throws -> JSONError? {
        let parser = try SimdParser(maxCapacity: Simd.maxDocumentSize, maxDepth: max(1, maxDepth))
        var walker = ItemSplitter(source: source, blockSize: min(max(window / 4, 4096), 1 << 20), tokens: nil,
                                  pointer: "", envelopeParser: parser, window: window)
        defer { walker.release() }
        while let piece = try walker.next() {
            switch piece {
            case .envelopeError(let error, _): return error
            case .item, .run, .pointerError: continue   // no pointer: none of them comes
            }
        }
        return nil
    }
}
