/// An RFC 6902 JSON Patch: a list of operations (`add`, `remove`, `replace`, `move`, `copy`, `test`) at
/// JSON Pointers, applied in order, each to the result of the one before, all or nothing.
///
/// Applying a patch keeps every byte it does not touch: the output is the input's text with only the
/// members and elements the operations name cut out or put in. Key order, whitespace, number text
/// (`1.0E2`, 30-digit integers), escapes (`\u00e9`, `\/`) and repeated keys come out as they went in.
/// Values the patch inserts are written compact from the patch's own text (number text and escapes as
/// the patch wrote them); a value that `move` or `copy` takes from the document keeps its bytes.
///
/// ```swift
/// let patch = try JSONPatch(#"[{"op":"replace","path":"/level","value":"warn"},{"op":"remove","path":"/debug"}]"#)
/// let text = try patch.apply(to: #"{"level": "info", "debug": true, "n": 1.0E2}"#)
/// // {"level": "warn", "n": 1.0E2}
/// ```
///
/// Limits: an object with a repeated key is edited at the first member of that name (the one
/// `JSONValue` lookups read); `test` compares numbers as `Int64`, `UInt64` or `Double` (two integers
/// beyond 2^53 that differ only past a Double's precision compare equal unless both are written alike).
/// A `JSONDocument` keeps no text, so patching one writes it compact first (see `apply(to:)`).
public struct JSONPatch: Sendable {
    /// The operations, in order.
    let operations: [PatchOperation]
    /// Runs of two or more consecutive operations that may be applied in one pass (see `oneRun`).
    let runs: [Range<Int>]

    /// The number of operations.
    public var count: Int { operations.count }

    /// Parses a patch: a JSON array of operation objects.
    ///
    /// - Throws: `JSONPatchError` `.invalidPatchJSON` for text that is not JSON, `.malformedOperation`
    ///   (naming the operation's index and member) for JSON that is not a patch: not an array of
    ///   objects, a missing, repeated or mistyped `op`, `path`, `from` or `value`, an unknown `op`, a
    ///   `path` or `from` that is not a JSON Pointer. Members other than these four are ignored.
    public init(_ text: String) throws(JSONPatchError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// Parses a patch from its UTF-8 bytes (see `init(_:)`).
    public init(bytes: [UInt8]) throws(JSONPatchError) {
        try validatePatchText(bytes)
        operations = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONPatchError) in
            try PatchOperation.parseAll(JSONTextScanner(buffer))
        }
        runs = Self.runs(of: operations)
    }

    /// Makes a patch from operations built in Swift; it applies exactly as the same patch written as
    /// JSON would.
    ///
    /// ```swift
    /// let patch = try JSONPatch([.replace("/level", json: #""warn""#), .remove("/debug")])
    /// ```
    ///
    /// - Throws: `JSONPatchError` `.malformedOperation` when a value is not JSON text or a pointer is
    ///   not a JSON Pointer, naming the operation.
    public init(_ operations: [Operation]) throws(JSONPatchError) {
        var writer = JSONTextWriter()
        writer.writeRaw("[")
        for (index, operation) in operations.enumerated() {
            if index > 0 { writer.writeRaw(",") }
            try operation.write(to: &writer, index: index)
        }
        writer.writeRaw("]")
        try self.init(bytes: writer.bytes)
    }

    /// One operation, for `init(_ operations:)`. Values are JSON text (`"1"` is the number one,
    /// `#""one""#` the string).
    public enum Operation: Sendable, Equatable {
        /// Adds `json` at `path` (replacing a member of that name; inserting into an array; `-` appends).
        case add(_ path: String, json: String)
        /// Removes the value at `path`.
        case remove(_ path: String)
        /// Replaces the value at `path`, which must exist, with `json`.
        case replace(_ path: String, json: String)
        /// Removes the value at `from` and adds it at `path`.
        case move(from: String, to: String)
        /// Adds a copy of the value at `from` at `path`.
        case copy(from: String, to: String)
        /// Fails the patch unless the value at `path` equals `json`.
        case test(_ path: String, json: String)
    }

    /// Applies the patch to JSON text.
    ///
    /// - Throws: `JSONPatchError`: `.invalidDocumentJSON`, or the failure of the first operation that
    ///   failed (`.testFailed`, `.pathNotFound`, `.indexOutOfRange`, `.invalidArrayIndex`,
    ///   `.moveIntoOwnChild`, `.removeRoot`), naming the operation and the pointer.
    public func apply(to text: String) throws(JSONPatchError) -> String {
        String(decoding: try apply(toBytes: Array(text.utf8)), as: UTF8.self)
    }

    /// Applies the patch to a JSON text's UTF-8 bytes (validated first), returning the patched bytes.
    public func apply(toBytes bytes: [UInt8]) throws(JSONPatchError) -> [UInt8] {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONPatchError) in try apply(toBytes: UnsafeRawBufferPointer(buffer)) }
    }

    /// Applies the patch to JSON text in memory (validated first, such as a `PaddedFile`'s bytes),
    /// returning the patched bytes.
    public func apply(toBytes bytes: UnsafeRawBufferPointer) throws(JSONPatchError) -> [UInt8] {
        try patched(try validatedDocumentText(bytes))
    }

    /// Applies the patch to a parsed document. A `JSONDocument` keeps no text, so it is written compact
    /// first (`JSONTextWriter`: numbers as the tape holds them, strings escaped afresh); the bytes kept
    /// are those of that text. Patch the text itself to keep the input's bytes.
    public func apply(to document: JSONDocument) throws(JSONPatchError) -> [UInt8] {
        try compactText(of: document).withUnsafeBufferPointer { (buffer) throws(JSONPatchError) in try patched(buffer) }
    }

    /// Applies the patch to one line of a `JSONLines` reader or one item of a `JSONItemStream` (already
    /// validated: nothing is parsed again), returning the patched bytes of the line, without a line
    /// ending.
    ///
    /// - Parameters:
    ///   - line: the line or item, as the reader hands it to `forEach` or `map`.
    ///   - compact: drop the whitespace between tokens of the result (strings, number text and escapes
    ///     stay as written): an item that spans lines comes out on one.
    public func apply(to line: borrowing JSONLine, compact: Bool = false) throws(JSONPatchError) -> [UInt8] {
        let bytes = try patched(line.raw.unsafeUInt8s)
        return compact ? compactWhitespace(bytes) : bytes
    }

    /// The patched bytes of valid JSON text.
    ///
    /// Operations apply one after the other, each writing the text once; a run of `replace` and
    /// `remove` operations on unrelated paths (the common ETL step) is applied in one pass instead, when
    /// that gives the same text (see `oneRun`).
    func patched(_ input: UnsafeBufferPointer<UInt8>) throws(JSONPatchError) -> [UInt8] {
        var current: [UInt8]? = nil
        var index = 0
        var runs = self.runs[...]
        while index < operations.count {
            if let run = runs.first, run.lowerBound == index {
                runs = runs.dropFirst()
                let together: [UInt8]?
                if let text = current {
                    together = text.withUnsafeBufferPointer { oneRun(run, JSONTextScanner($0)) }
                } else {
                    together = oneRun(run, JSONTextScanner(input))
                }
                if let together {
                    current = together
                    index = run.upperBound
                    continue
                }
            }
            let next: [UInt8]?
            if let text = current {
                next = try text.withUnsafeBufferPointer { (buffer) throws(JSONPatchError) in
                    try operations[index].apply(to: JSONTextScanner(buffer), index: index)
                }
            } else {
                next = try operations[index].apply(to: JSONTextScanner(input), index: index)
            }
            if let next { current = next }
            index += 1
        }
        return current ?? Array(input)
    }

    /// The text after the `replace` and `remove` operations of `run`, found on the text as it is and
    /// written in one pass; nil (apply them one by one) when that might differ from applying them in
    /// order: an operation fails (the sequential path reports it), a path goes through an array while
    /// another operation removes something (indexes would shift), or two splices overlap (neighbouring
    /// members removed share a separator).
    private func oneRun(_ run: Range<Int>, _ scanner: JSONTextScanner) -> [UInt8]? {
        let root = scanner.rootValue()
        // The splices in temporary storage: this runs once per line of a file.
        return withUnsafeTemporaryList(of: JSONSplice.self, capacity: run.count) { list -> [UInt8]? in
            var throughArray = false
            var removes = false
            for index in run {
                let operation = operations[index]
                guard let found = try? operation.replaceOrRemove(in: scanner, root: root, index: index) else { return nil }
                throughArray = throughArray || found.throughArray
                removes = removes || operation.op == .remove
                list.unsafeAppend(found.splice)
            }
            if throughArray && removes { return nil }
            var splices = list.unsafeElements
            splices.sort { $0.range.lowerBound < $1.range.lowerBound }
            for k in splices.indices.dropFirst() where splices[k - 1].range.upperBound > splices[k].range.lowerBound
                || (splices[k - 1].range.isEmpty && splices[k - 1].range.lowerBound == splices[k].range.lowerBound) {
                return nil
            }
            return JSONSplice.apply(splices, to: scanner.bytes)
        }
    }

    /// The runs of consecutive `replace` and `remove` operations on non-root paths of which none is
    /// another's prefix (so no operation of a run changes what another one finds), two or more long.
    static func runs(of operations: [PatchOperation]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        func isPrefix(_ a: [[UInt8]], of b: [[UInt8]]) -> Bool { a.count <= b.count && b.starts(with: a) }
        for (index, operation) in operations.enumerated() {
            let fits = (operation.op == .replace || operation.op == .remove) && !operation.pathTokens.isEmpty
                && operations[start..<index].allSatisfy {
                    !isPrefix($0.pathTokens, of: operation.pathTokens) && !isPrefix(operation.pathTokens, of: $0.pathTokens)
                }
            if !fits {
                if index - start >= 2 { runs.append(start..<index) }
                start = (operation.op == .replace || operation.op == .remove) && !operation.pathTokens.isEmpty ? index : index + 1
            }
        }
        if operations.count - start >= 2 { runs.append(start..<operations.count) }
        return runs
    }
}

extension JSONPatch.Operation {
    /// The operation as a JSON object.
    func write(to writer: inout JSONTextWriter, index: Int) throws(JSONPatchError) {
        func member(_ name: StaticString, _ text: String) {
            writer.writeRaw(",\"")
            writer.writeRaw(name)
            writer.writeRaw("\":")
            writer.writeString(text)
        }
        func value(_ json: String) throws(JSONPatchError) {
            do { _ = try JSONParser.shared.parse(json) } catch {
                throw JSONPatchError(kind: .malformedOperation, operation: index, operationName: name, member: "value",
                                     reason: "not JSON text: \(error)", underlying: error)
            }
            writer.writeRaw(",\"value\":")
            writer.writeRaw(json)
        }
        writer.writeRaw("{\"op\":")
        writer.writeString(name)
        switch self {
        case .add(let path, let json), .replace(let path, let json), .test(let path, let json):
            member("path", path)
            try value(json)
        case .remove(let path):
            member("path", path)
        case .move(let from, let path), .copy(let from, let path):
            member("from", from)
            member("path", path)
        }
        writer.writeRaw("}")
    }

    var name: String {
        switch self {
        case .add: return "add"
        case .remove: return "remove"
        case .replace: return "replace"
        case .move: return "move"
        case .copy: return "copy"
        case .test: return "test"
        }
    }
}

/// Throws `.invalidPatchJSON` unless `bytes` are one JSON value.
func validatePatchText(_ bytes: [UInt8]) throws(JSONPatchError) {
    do { _ = try JSONParser.shared.parse(bytes) } catch {
        throw JSONPatchError(kind: .invalidPatchJSON, reason: "the patch is not valid JSON: \(error)", underlying: error)
    }
}

/// `bytes` as UTF-8, once checked to be one JSON value (else `.invalidDocumentJSON`).
func validatedDocumentText(_ bytes: UnsafeRawBufferPointer) throws(JSONPatchError) -> UnsafeBufferPointer<UInt8> {
    do { _ = try JSONParser.shared.parse(bytes: bytes) } catch {
        throw JSONPatchError(kind: .invalidDocumentJSON, reason: "the document is not valid JSON: \(error)", underlying: error)
    }
    return bytes.unsafeUInt8s
}

/// Valid JSON text without the whitespace between its tokens.
func compactWhitespace(_ bytes: [UInt8]) -> [UInt8] {
    bytes.withUnsafeBufferPointer(JSONTextScanner.compacted)
}

/// A document's value written compact.
func compactText(of document: JSONDocument) -> [UInt8] {
    var writer = JSONTextWriter()
    writer.write(document.root)
    return writer.bytes
}
