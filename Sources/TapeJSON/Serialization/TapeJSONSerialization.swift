import Foundation

/// Foundation's `JSONSerialization.jsonObject(with:options:)`, parsed by simdjson.
///
/// Code that reads JSON into Foundation objects today switches by renaming the type:
///
/// ```swift
/// let object = try TapeJSONSerialization.jsonObject(with: data)   // was JSONSerialization
/// if let user = (object as? [String: Any])?["user"] as? [String: Any] { … }
/// ```
///
/// ## The object graph
/// For valid JSON the result is the graph Foundation's `JSONSerialization` returns on Linux, type for
/// type, built by walking simdjson's tape directly (no intermediate tree):
/// - objects are `[String: Any]`, arrays `[Any]`; with `.mutableContainers` every container is an
///   `NSMutableDictionary` / `NSMutableArray` instead. A key that occurs twice keeps its last value.
/// - strings are `String`; with `.mutableLeaves`, string values (not keys) are `NSMutableString`.
/// - `null` is `NSNull`; `true` and `false` are the Boolean `NSNumber`s.
/// - numbers follow Foundation's rules on the number's text: an integer literal that fits is an
///   `NSNumber` made from a `UInt64` (non-negative) or an `Int64` (negative, at most 18 digits); a
///   number written with more than 17 characters before its exponent (sign and point included, such
///   as `-65.613616999999977` or `-1234567890123456789`) whose exponent is within ±128 is an
///   `NSDecimalNumber` holding the decimal value exactly as written; anything else is an `NSNumber`
///   holding the nearest `Double`.
/// - without `.fragmentsAllowed`, a document whose root is not an object or an array is rejected, as
///   Foundation does; with it, the root scalar itself is returned.
/// - input may be UTF-8 (with or without a byte order mark), UTF-16 or UTF-32, detected the way
///   Foundation detects it; other encodings are transcoded to UTF-8 before parsing.
///
/// ## Errors
/// Every error is an `NSError` in `NSCocoaErrorDomain` with code 3840
/// (`CocoaError.propertyListReadCorrupt`), as Foundation's are, so `catch` clauses written for
/// `JSONSerialization` keep working. For input that is not valid JSON the error's
/// `NSUnderlyingErrorKey` holds TapeJSON's `JSONError` (kind, byte offset, line, column, excerpt; see
/// `underlyingJSONError(of:)`), and `NSDebugDescriptionErrorKey` spells it out, where Foundation only
/// says "around character N".
///
/// ## Where TapeJSON differs from Foundation
/// - Trailing commas (`[1,]`, `{"a":1,}`) are accepted by Foundation on Linux and rejected here:
///   TapeJSON parses RFC 8259 JSON strictly.
/// - Both reject objects and arrays nested more than 512 deep; TapeJSON's error points at the first
///   container that is too deep.
/// - Integers outside `Int64.min...UInt64.max` are beyond what simdjson represents: a document with
///   one is handed to Foundation's `JSONSerialization` whole (same result, Foundation's speed), and
///   an error from that parse is Foundation's own, without a `JSONError`.
/// - UTF-16 and UTF-32 input that does not transcode is reported as Foundation reports it, without a
///   `JSONError`; offsets in errors for transcoded input count bytes of the UTF-8 transcoding.
///
/// ## Performance
/// The result is a graph of Foundation objects, so most of the time goes to allocating them, as in
/// Foundation; the parse itself is simdjson's. Small non-negative integers share cached `NSNumber`s,
/// and so do integers that recur within a document; decimals are built from their digits without
/// `Decimal(string:)`; each distinct key becomes one String, and objects with the same keys in the
/// same order are built from one template, which hashes their keys once for all of them. In
/// release builds this is several times faster than `JSONSerialization` on the benchmark corpus (see
/// `tapejson bench`).
///
/// `TapeJSONSerialization` is stateless and safe to call from any thread.
public enum TapeJSONSerialization {
    /// The deepest nesting accepted, Foundation's limit: 512 levels of objects and arrays.
    public static let maximumDepth = 512

    /// The parser every call shares (its pool hands each concurrent parse its own simdjson parser).
    /// simdjson does not count an empty innermost container toward its depth limit while Foundation
    /// does, so simdjson gets one level more and the tape walk enforces Foundation's limit exactly.
    static let parser = JSONParser(maxDepth: maximumDepth + 1)

    /// The Foundation objects for the JSON in `data`.
    ///
    /// - Parameters:
    ///   - data: a JSON document, in UTF-8, UTF-16 or UTF-32.
    ///   - options: `.fragmentsAllowed`, `.mutableContainers` and `.mutableLeaves` act as they do for
    ///     `JSONSerialization`.
    /// - Returns: `[String: Any]`, `[Any]` or, with `.fragmentsAllowed`, a scalar (see the type's
    ///   documentation for the exact types).
    /// - Throws: an `NSError` (`NSCocoaErrorDomain`, code 3840) whose `NSUnderlyingErrorKey` is the
    ///   `JSONError` locating the problem when the input is not valid JSON.
    public static func jsonObject(with data: Data,
                                  options: JSONSerialization.ReadingOptions = []) throws -> Any {
        try data.withUnsafeBytes { raw in
            try jsonObject(raw, padded: PaddingCheck.pageHasRoom(after: raw), options: options, original: { data })
        }
    }

    /// The Foundation objects for the JSON in `bytes`; parsed in place when the array's spare capacity
    /// covers simdjson's padding. Same rules as `jsonObject(with:options:)` for `Data`.
    ///
    /// - Throws: an `NSError` (`NSCocoaErrorDomain`, code 3840) whose `NSUnderlyingErrorKey` is the
    ///   `JSONError` locating the problem when the input is not valid JSON.
    public static func jsonObject(with bytes: [UInt8],
                                  options: JSONSerialization.ReadingOptions = []) throws -> Any {
        let padded = bytes.capacity - bytes.count >= SIMDImplementation.padding
        return try bytes.withUnsafeBytes { raw in
            try jsonObject(raw, padded: padded && raw.baseAddress != nil, options: options,
                           original: { Data(bytes) })
        }
    }

    /// The Foundation objects for the JSON in `bytes` (a `JSONLine`'s `bytes`, say). Same rules as
    /// `jsonObject(with:options:)` for `Data`.
    ///
    /// - Throws: an `NSError` (`NSCocoaErrorDomain`, code 3840) whose `NSUnderlyingErrorKey` is the
    ///   `JSONError` locating the problem when the input is not valid JSON.
    public static func jsonObject(with bytes: Span<UInt8>,
                                  options: JSONSerialization.ReadingOptions = []) throws -> Any {
        try bytes.withUnsafeBytes { raw in
            try jsonObject(raw, padded: PaddingCheck.pageHasRoom(after: raw), options: options, original: { Data(raw) })
        }
    }

    /// The Foundation objects for a line read with `JSONLines` (or an item read with `JSONItemStream`),
    /// as `JSONSerialization` would make them from its bytes.
    ///
    /// ```swift
    /// try JSONLines(path: "app.ndjson").forEach { line in
    ///     let object = try TapeJSONSerialization.jsonObject(with: line) as? [String: Any]
    /// }
    /// ```
    public static func jsonObject(with line: borrowing JSONLine,
                                  options: JSONSerialization.ReadingOptions = []) throws -> Any {
        try jsonObject(with: line.bytes, options: options)
    }

    /// The `JSONError` inside an error thrown by `jsonObject`, or nil when the error is not about
    /// invalid JSON (a fragment without `.fragmentsAllowed`, input that does not transcode).
    public static func underlyingJSONError(of error: any Error) -> JSONError? {
        if let error = error as? JSONError { return error }
        return (error as NSError).userInfo[NSUnderlyingErrorKey] as? JSONError
    }

    // MARK: - Parsing

    private static func jsonObject(_ raw: UnsafeRawBufferPointer, padded: Bool,
                                   options: JSONSerialization.ReadingOptions,
                                   original: () -> Data) throws -> Any {
        let (encoding, bomLength) = detectEncoding(raw)
        let body = UnsafeRawBufferPointer(rebasing: raw[bomLength...])
        if encoding != .utf8 {
            guard let text = String(bytes: body, encoding: encoding) else {
                throw cocoaError("Cannot convert input string to valid utf8 input.")
            }
            var utf8 = Array(text.utf8)
            utf8.reserveCapacity(utf8.count + SIMDImplementation.padding)
            return try utf8.withUnsafeBytes { transcoded in
                try utf8JSONObject(transcoded, padded: transcoded.baseAddress != nil, options: options,
                                   original: original)
            }
        }
        return try utf8JSONObject(body, padded: padded, options: options, original: original)
    }

    private static func utf8JSONObject(_ input: UnsafeRawBufferPointer, padded: Bool,
                                       options: JSONSerialization.ReadingOptions,
                                       original: () -> Data) throws -> Any {
        let document: JSONDocument
        do {
            document = try parser.parse(input, padded: padded)
        } catch {
            if error.kind == .depthLimitExceeded { throw tooDeep(input) }
            throw invalidJSON(error)
        }
        if document.storage.bigNumbers != nil {
            // A number simdjson cannot hold (a rare path). Foundation rejects one that overflows a Double
            // ("not representable"), reported here at its position, and keeps an integer beyond 64 bits
            // as an NSDecimalNumber: its own reader then builds exactly the graph it returns.
            if let rewritten = BigNumbers.rewrite(input),
               let overflow = rewritten.numbers.first(where: { range in
                   !NumberSyntax.isIntegerLiteral(String(decoding: UnsafeRawBufferPointer(rebasing: input[range]), as: UTF8.self))
               }) {
                throw invalidJSON(JSONError(kind: .numberOutOfRange, offset: overflow.lowerBound, in: input))
            }
            return try JSONSerialization.jsonObject(with: original(), options: options)
        }
        let tape = document.tape
        let rootTag = tape.tagByte(Tape.rootIndex)
        if !options.contains(.fragmentsAllowed),
           rootTag != TapeTag.startObject.rawValue, rootTag != TapeTag.startArray.rawValue {
            throw cocoaError(
                "JSON text did not start with array or object and option to allow fragments not set.")
        }
        let (object, depthExceeded) = withExtendedLifetime(document) {
            var builder = ObjectGraphBuilder(tape: tape, text: input, options: options,
                                             tables: BuilderTables.take())
            var index = Tape.rootIndex
            let object = builder.value(at: &index, context: 0)
            let depthExceeded = builder.depthExceeded
            BuilderTables.give(builder.tables())
            return (object, depthExceeded)
        }
        if depthExceeded { throw tooDeep(input) }
        return object
    }

    /// The error for a document nested deeper than `maximumDepth`, placed at the first container that
    /// is too deep.
    private static func tooDeep(_ input: UnsafeRawBufferPointer) -> NSError {
        var depth = 0
        var i = 0
        var offset = input.count
        scan: while i < input.count {
            switch input[i] {
            case UInt8(ascii: "\""):
                i += 1
                while i < input.count, input[i] != UInt8(ascii: "\"") {
                    i += input[i] == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maximumDepth {
                    offset = i
                    break scan
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            default:
                break
            }
            i += 1
        }
        return invalidJSON(JSONError(kind: .depthLimitExceeded, offset: offset, in: input))
    }

    // MARK: - Encoding

    /// Foundation's detection: a byte order mark, else the pattern of zero bytes at the start.
    /// Returns the encoding and the length of the byte order mark to skip.
    static func detectEncoding(_ bytes: UnsafeRawBufferPointer) -> (String.Encoding, Int) {
        if bytes.count >= 4 {
            switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
            case (0xEF, 0xBB, 0xBF, _): return (.utf8, 3)
            case (0x00, 0x00, 0xFE, 0xFF): return (.utf32BigEndian, 4)
            case (0xFF, 0xFE, 0x00, 0x00): return (.utf32LittleEndian, 4)
            case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
            case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
            case (0, 0, 0, _): return (.utf32BigEndian, 0)
            case (_, 0, 0, 0): return (.utf32LittleEndian, 0)
            case (0, _, 0, _): return (.utf16BigEndian, 0)
            case (_, 0, _, 0): return (.utf16LittleEndian, 0)
            default: return (.utf8, 0)
            }
        }
        if bytes.count >= 2 {
            if bytes[0] == 0 { return (.utf16BigEndian, 0) }
            if bytes[1] == 0 { return (.utf16LittleEndian, 0) }
        }
        return (.utf8, 0)
    }

    // MARK: - Errors

    private static func cocoaError(_ description: String, underlying: JSONError? = nil) -> NSError {
        var userInfo: [String: Any] = [NSDebugDescriptionErrorKey: description]
        if let underlying { userInfo[NSUnderlyingErrorKey] = underlying }
        return NSError(domain: NSCocoaErrorDomain, code: CocoaError.propertyListReadCorrupt.rawValue,
                       userInfo: userInfo)
    }

    private static func invalidJSON(_ error: JSONError) -> NSError {
        cocoaError("The data is not valid JSON: \(error.description)", underlying: error)
    }
}
