import Foundation

/// Parses JSON into `JSONDocument`s with simdjson, reusing its buffers across parses.
///
/// A parser keeps a few simdjson parsers and hands one to each document; when a document is freed its
/// buffers go back to the parser for the next parse, so a loop that parses and drops documents allocates
/// nothing after the first iteration.
///
/// `JSONParser` is `Sendable`: one instance may be shared by many threads, each parse taking its own
/// simdjson parser from the pool.
///
/// ```swift
/// let parser = JSONParser()
/// let document = try parser.parse(#"{"user":{"name":"Ada","langs":["en","fr"]}}"#)
/// print(document.root["user"]?["name"]?.string ?? "")      // Ada
/// ```
public final class JSONParser: Sendable {
    /// simdjson's default nesting limit.
    public static let defaultMaxDepth = 1024

    let pool: ParserPool

    /// The deepest nesting accepted; a deeper document fails with `.depthLimitExceeded`.
    public var maxDepth: Int { pool.maxDepth }

    /// Creates a parser.
    /// - Parameters:
    ///   - maxDepth: the deepest nesting of objects and arrays accepted (the root value is depth 0).
    ///   - maxDocumentSize: the largest input accepted, at most simdjson's limit of just under 4 GiB.
    public init(maxDepth: Int = JSONParser.defaultMaxDepth,
                maxDocumentSize: Int = SIMDImplementation.maxDocumentSize) {
        pool = ParserPool(maxCapacity: min(maxDocumentSize, Simd.maxDocumentSize), maxDepth: max(1, maxDepth))
    }

    /// A shared parser with default limits.
    public static let shared = JSONParser()

    /// Parses bytes that may have no padding after them (simdjson copies them into a padded buffer,
    /// unless the bytes end early enough in their memory page to be read past safely).
    public func parse(bytes: UnsafeRawBufferPointer) throws(JSONError) -> JSONDocument {
        try parseText(bytes, padded: nil)
    }

    /// Parses bytes followed by at least `SIMDImplementation.padding` readable bytes (of any value),
    /// without copying them.
    ///
    /// Unsafe: nothing checks the padding. simdjson reads up to `SIMDImplementation.padding` bytes past
    /// the end of `bytes`; when they are not allocated and readable, that read is undefined behaviour
    /// (a crash, or garbage in the tape), not an error. `PaddedFile.unsafeBytes` meets the precondition;
    /// `parse(bytes:)` is the safe alternative (it copies only when the page end is too close).
    ///
    /// - Precondition: `SIMDImplementation.padding` bytes after `bytes` are allocated and readable.
    public func parse(unsafePaddedBytes bytes: UnsafeRawBufferPointer) throws(JSONError) -> JSONDocument {
        try parseText(bytes, padded: true)
    }

    /// `parse(unsafePaddedBytes:)` under its former name, which did not say that it is unchecked.
    @available(*, deprecated, renamed: "parse(unsafePaddedBytes:)")
    public func parse(paddedBytes bytes: UnsafeRawBufferPointer) throws(JSONError) -> JSONDocument {
        try parse(unsafePaddedBytes: bytes)
    }

    /// Parses an array of bytes (in place when its spare capacity covers simdjson's padding).
    public func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONDocument {
        let padded = bytes.capacity - bytes.count >= Simd.padding
        let result: Result<JSONDocument, JSONError> = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONError) in try parseText(raw, padded: padded && raw.baseAddress != nil) }
        }
        return try result.get()
    }

    /// Parses `Data`.
    public func parse(_ data: Data) throws(JSONError) -> JSONDocument {
        let result: Result<JSONDocument, JSONError> = data.withUnsafeBytes { raw in
            Result { () throws(JSONError) in try parse(bytes: raw) }
        }
        return try result.get()
    }

    /// Parses the UTF-8 of a string.
    public func parse(_ text: String) throws(JSONError) -> JSONDocument {
        var text = text
        let result: Result<JSONDocument, JSONError> = text.withUTF8 { utf8 in
            Result { () throws(JSONError) in try parse(bytes: UnsafeRawBufferPointer(utf8)) }
        }
        return try result.get()
    }

    /// Parses a file, read once into a padded buffer (see `PaddedFile`: a file truncated while it is read
    /// is a `JSONInputError`, not a crash; a gzip or zstd file is decompressed).
    ///
    /// - Throws: `JSONError` for invalid JSON; `JSONInputError` when the file cannot be read.
    public func parse(contentsOfFile path: String) throws -> JSONDocument {
        let file = try PaddedFile(path: path)
        return try parseText(file.unsafeBytes, padded: true)
    }

    /// The public entry points' parse: a UTF-8 byte order mark opening the input is skipped, as
    /// `TapeJSONDecoder`, `TapeJSONSerialization` and `JSONLines` skip it. An error's byte offset still
    /// counts from the start of the input (the mark's 3 bytes included); its column does not count the
    /// mark, which is no character of the text. `padded` nil: not known (checked against the page).
    private func parseText(_ bytes: UnsafeRawBufferPointer, padded: Bool?) throws(JSONError) -> JSONDocument {
        let mark = ByteScan.byteOrderMarkLength(bytes)
        let body = mark == 0 ? bytes : UnsafeRawBufferPointer(rebasing: bytes[mark...])
        do {
            return try parse(body, padded: padded ?? PaddingCheck.pageHasRoom(after: body))
        } catch {
            throw mark == 0 ? error : error.shifted(byOffset: mark, line: 1, column: 1)
        }
    }

    func parse(_ bytes: UnsafeRawBufferPointer, padded: Bool) throws(JSONError) -> JSONDocument {
        JSONDocument(storage: try parseStorage(bytes, padded: padded))
    }

    /// Parses bytes that may have no padding after them into a document's storage (the decoder's
    /// path, which needs no `JSONDocument` around it).
    func parseStorage(unpadded bytes: UnsafeRawBufferPointer) throws(JSONError) -> DocumentStorage {
        try parseStorage(bytes, padded: PaddingCheck.pageHasRoom(after: bytes))
    }

    /// Parses `bytes` into a document's storage: the tape in a pooled simdjson parser's buffers.
    func parseStorage(_ bytes: UnsafeRawBufferPointer, padded: Bool) throws(JSONError) -> DocumentStorage {
        if bytes.count > pool.maxCapacity {
            throw JSONError(kind: .documentTooLarge, offset: pool.maxCapacity, in: bytes)
        }
        let parser = try pool.take()
        switch parser.parse(bytes, padded: padded) {
        case .success(let tape):
            return DocumentStorage(tape: tape, parser: parser, pool: pool)
        case .failure(let code):
            if code == .number || code == .numberOutOfRange, let rewritten = BigNumbers.rewrite(bytes) {
                return try parseWithBigNumbers(bytes, rewritten: rewritten, parser: parser)
            }
            pool.give(parser)
            throw JSONError(simdjson: code, input: bytes, maxDepth: pool.maxDepth)
        }
    }

    /// The rare path for numbers simdjson rejects as out of range (see `BigNumbers`): parses the copy of
    /// the input in which they are placeholders, and keeps their texts with the document. When the copy
    /// fails too, the error is located in the input.
    private func parseWithBigNumbers(_ bytes: UnsafeRawBufferPointer, rewritten: (copy: [UInt8], numbers: [Range<Int>]),
                                     parser: SimdParser) throws(JSONError) -> DocumentStorage {
        let outcome: Result<DocumentStorage, JSONError> = rewritten.copy.withUnsafeBytes { copy in
            switch parser.parse(copy, padded: rewritten.copy.capacity - copy.count >= Simd.padding) {
            case .success(let tape):
                guard let indexes = NumberLocator.tapeIndexes(ofNumbersAt: rewritten.numbers.map(\.lowerBound),
                                                              in: copy.unsafeUInt8s) else {
                    return .failure(JSONError(kind: .numberOutOfRange, offset: rewritten.numbers[0].lowerBound, in: bytes))
                }
                let texts = zip(indexes, rewritten.numbers).map { index, range in
                    (tapeIndex: index, text: UnsafeRawBufferPointer(rebasing: bytes[range]))
                }
                return .success(DocumentStorage(tape: tape, parser: parser, pool: pool,
                                                bigNumbers: BigNumbers(texts: texts)))
            case .failure(let code):
                // Located in the input itself, as the streaming readers locate it (in the copy, the
                // spaces after a placeholder made `1e400{` an unexpected `{` rather than a bad number).
                return .failure(JSONError(simdjson: code, input: bytes, maxDepth: pool.maxDepth))
            }
        }
        switch outcome {
        case .success(let storage):
            return storage
        case .failure(let error):
            pool.give(parser)
            throw error
        }
    }
}
