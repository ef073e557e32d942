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
        let padded = bytes.baseAddress.map { PaddingCheck.pageHasRoom(after: $0 + bytes.count, count: bytes.count) } ?? false
        return try parse(bytes, padded: padded)
    }

    /// Parses bytes followed by at least `SIMDImplementation.padding` readable bytes (of any value),
    /// without copying them.
    ///
    /// - Precondition: `SIMDImplementation.padding` bytes after `bytes` are allocated and readable.
    public func parse(paddedBytes bytes: UnsafeRawBufferPointer) throws(JSONError) -> JSONDocument {
        try parse(bytes, padded: true)
    }

    /// Parses an array of bytes (in place when its spare capacity covers simdjson's padding).
    public func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONDocument {
        let padded = bytes.capacity - bytes.count >= Simd.padding
        let result: Result<JSONDocument, JSONError> = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONError) in try parse(raw, padded: padded && raw.baseAddress != nil) }
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

    /// Parses a file, memory-mapped so that it is not copied.
    ///
    /// - Throws: `JSONError` for invalid JSON; `JSONInputError` when the file cannot be read.
    public func parse(contentsOfFile path: String) throws -> JSONDocument {
        let file = try MappedFile(path: path)
        return try parse(file.bytes, padded: true)
    }

    func parse(_ bytes: UnsafeRawBufferPointer, padded: Bool) throws(JSONError) -> JSONDocument {
        if bytes.count > pool.maxCapacity {
            throw JSONError(kind: .documentTooLarge, offset: pool.maxCapacity, in: bytes)
        }
        let parser = try pool.take()
        switch parser.parse(bytes, padded: padded) {
        case .success(let tape):
            return JSONDocument(storage: DocumentStorage(tape: tape, parser: parser, pool: pool))
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
    /// fails too, the error is located in the copy (same offsets) and reported against the input.
    private func parseWithBigNumbers(_ bytes: UnsafeRawBufferPointer, rewritten: (copy: [UInt8], numbers: [Range<Int>]),
                                     parser: SimdParser) throws(JSONError) -> JSONDocument {
        let outcome: Result<DocumentStorage, JSONError> = rewritten.copy.withUnsafeBytes { copy in
            switch parser.parse(copy, padded: rewritten.copy.capacity - copy.count >= Simd.padding) {
            case .success(let tape):
                guard let indexes = NumberLocator.tapeIndexes(ofNumbersAt: rewritten.numbers.map(\.lowerBound),
                                                              in: copy.bindMemory(to: UInt8.self)) else {
                    return .failure(JSONError(kind: .numberOutOfRange, offset: rewritten.numbers[0].lowerBound, in: bytes))
                }
                let texts = zip(indexes, rewritten.numbers).map { index, range in
                    (tapeIndex: index, text: UnsafeRawBufferPointer(rebasing: bytes[range]))
                }
                return .success(DocumentStorage(tape: tape, parser: parser, pool: pool,
                                                bigNumbers: BigNumbers(texts: texts)))
            case .failure(let code):
                let located = JSONError(simdjson: code, input: copy, maxDepth: pool.maxDepth)
                return .failure(JSONError(kind: located.kind, offset: located.offset, in: bytes))
            }
        }
        switch outcome {
        case .success(let storage):
            return JSONDocument(storage: storage)
        case .failure(let error):
            pool.give(parser)
            throw error
        }
    }
}

extension JSONError {
    /// The error for an input simdjson rejected with `code`, located by rescanning the input.
    init(simdjson code: SimdErrorCode, input: UnsafeRawBufferPointer, maxDepth: Int) {
        if code == .memalloc {
            self.init(kind: .outOfMemory, offset: 0, in: input)
            return
        }
        if code == .capacity {
            self.init(kind: .documentTooLarge, offset: input.count, in: input)
            return
        }
        let locator = ErrorLocator(bytes: input.bindMemory(to: UInt8.self), maxDepth: maxDepth)
        if let (kind, offset) = locator.locate() {
            self.init(kind: kind, offset: offset, in: input)
        } else if code == .number || code == .numberOutOfRange, let big = BigNumbers.rewrite(input)?.numbers.first {
            // A number simdjson cannot hold, in input parsed without `BigNumbers` (a JSON Lines line).
            self.init(kind: .numberOutOfRange, offset: big.lowerBound, in: input)
        } else {
            // The scanner and simdjson disagree; keep simdjson's verdict, placed at the end of the input.
            self.init(kind: JSONError.Kind(fallbackFor: code), offset: input.count, in: input)
        }
    }
}

extension JSONError.Kind {
    init(fallbackFor code: SimdErrorCode) {
        switch Int(code.rawValue) {
        case Int(TJ_DEPTH_ERROR): self = .depthLimitExceeded
        case Int(TJ_UTF8_ERROR): self = .invalidUTF8
        case Int(TJ_NUMBER_ERROR): self = .invalidNumber
        case Int(TJ_NUMBER_OUT_OF_RANGE): self = .numberOutOfRange
        case Int(TJ_T_ATOM_ERROR), Int(TJ_F_ATOM_ERROR), Int(TJ_N_ATOM_ERROR): self = .invalidLiteral
        case Int(TJ_STRING_ERROR): self = .invalidEscape
        case Int(TJ_UNESCAPED_CHARS): self = .unescapedControlCharacter
        case Int(TJ_UNCLOSED_STRING), Int(TJ_INCOMPLETE_ARRAY_OR_OBJECT): self = .unexpectedEndOfInput
        case Int(TJ_EMPTY): self = .emptyInput
        case Int(TJ_TRAILING_CONTENT): self = .trailingContent
        default: self = .unexpectedCharacter
        }
    }
}

/// What keeps a document's tape alive: either the simdjson parser it was parsed into (returned to its
/// pool when the last reference goes), or a private copy of a tape that lived in a reused buffer (a JSON
/// Lines batch).
final class DocumentStorage: @unchecked Sendable {
    // Immutable after init; the tape is only read.
    let tape: Tape
    /// The texts of the numbers simdjson could not hold, by tape index (nil for almost every document).
    /// Set only before the storage is shared (by the parse, or by `addNumbers` right after it).
    private(set) var bigNumbers: BigNumbers?
    private let owner: Owner

    private enum Owner {
        case pooled(SimdParser, ParserPool)
        case copy(UnsafeMutableRawPointer)
    }

    init(tape: Tape, parser: SimdParser, pool: ParserPool, bigNumbers: BigNumbers? = nil) {
        self.tape = tape
        self.bigNumbers = bigNumbers
        self.owner = .pooled(parser, pool)
    }

    /// A storage holding its own copy of `tape` (its words and the strings they use) and sharing
    /// `bigNumbers`.
    init(copying source: Tape, bigNumbers: BigNumbers? = nil) {
        self.bigNumbers = bigNumbers
        let wordBytes = source.count * 8
        let stringBytes = source.stringBufferUsedBytes()
        let memory = UnsafeMutableRawPointer.allocate(byteCount: wordBytes + stringBytes + 8, alignment: 8)
        memory.copyMemory(from: source.words, byteCount: wordBytes)
        (memory + wordBytes).copyMemory(from: source.strings, byteCount: stringBytes)
        self.tape = Tape(words: UnsafePointer(memory.assumingMemoryBound(to: UInt64.self)), count: source.count,
                         strings: UnsafePointer((memory + wordBytes).assumingMemoryBound(to: UInt8.self)))
        self.owner = .copy(memory)
    }

    /// Adds number texts the tape holds placeholders for (JSON5's `Infinity` and `NaN`); only right
    /// after the parse, before the storage is shared.
    func addNumbers(_ extra: [(tapeIndex: Int, text: String)]) {
        bigNumbers = BigNumbers(merging: bigNumbers, extra)
    }

    deinit {
        switch owner {
        case .pooled(let parser, let pool): pool.give(parser)
        case .copy(let memory): memory.deallocate()
        }
    }
}

import CSimdShim
