/// A parsed JSON document: simdjson's tape, owned, read through cursors.
///
/// A document is immutable once parsed and is safe to read from many threads at once (`Sendable`).
/// It owns the tape and string buffer simdjson produced; when it is freed they return to the
/// `JSONParser` that made it for reuse.
///
/// Two ways to read it:
/// - **Cursors** (`root`, `JSONValue`): random access by key, index or JSON Pointer. A `JSONValue`
///   holds a reference to its document, so a cursor can be stored and keeps the document alive.
/// - **Events** (`events`, `walk(_:)`): a SAX-style stream in document order. Strings in events are
///   `JSONString` views straight into the string buffer; they are non-escapable and cannot outlive
///   the document (the compiler enforces this).
///
/// ```swift
/// let document = try JSONParser.shared.parse(#"{"id":7,"tags":["a","b"]}"#)
/// document.root["id"]?.int                          // 7
/// try document.value(atPointer: "/tags/1")?.string  // "b"
/// ```
public final class JSONDocument: Sendable {
    let storage: DocumentStorage

    init(storage: DocumentStorage) {
        self.storage = storage
    }

    var tape: Tape { storage.tape }

    /// The document's top-level value.
    public var root: JSONValue { JSONValue(storage: storage, index: Tape.rootIndex) }

    /// The value at an RFC 6901 JSON Pointer (`""` is the root, `/a/0/b~1c` reads key `b/c` of element 0
    /// of `a`), or nil when nothing is there.
    ///
    /// - Throws: `JSONPointerError` when the pointer is not empty and does not start with `/`, or has a
    ///   `~` not followed by `0` or `1`.
    public func value(atPointer pointer: String) throws(JSONPointerError) -> JSONValue? {
        try root.value(atPointer: pointer)
    }

    /// Parses `text` with the shared parser.
    public convenience init(parsing text: String) throws(JSONError) {
        let document = try JSONParser.shared.parse(text)
        self.init(storage: document.storage)
    }

    /// Parses bytes with the shared parser.
    public convenience init(parsing bytes: [UInt8]) throws(JSONError) {
        let document = try JSONParser.shared.parse(bytes)
        self.init(storage: document.storage)
    }
}
