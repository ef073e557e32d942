/// An RFC 7396 JSON Merge Patch: a JSON document describing changes by example. An object merges into
/// an object member by member (a `null` member removes the member of that name, an object member merges
/// recursively, any other value replaces); anything else replaces the target whole.
///
/// Applying a merge patch keeps every byte it does not touch, as `JSONPatch` does: only the members the
/// patch names change. Values the patch puts in are written compact from its own text, with its `null`
/// members left out (a merge into a target that is not an object, or a new member, builds from the patch
/// alone).
///
/// ```swift
/// let patch = try JSONMergePatch(#"{"level":"warn","debug":null}"#)
/// let text = try patch.apply(to: #"{"level": "info", "debug": true, "n": 1.0E2}"#)
/// // {"level": "warn", "n": 1.0E2}
/// ```
///
/// Limits: an object with a repeated key is merged at the first member of that name. A merge patch
/// cannot set a member to `null` (RFC 7396 §1); use a `JSONPatch`.
public struct JSONMergePatch: Sendable {
    let root: MergeNode

    /// Parses a merge patch from JSON text.
    ///
    /// - Throws: `JSONPatchError` `.invalidPatchJSON` for text that is not JSON (any JSON value is a
    ///   merge patch).
    public init(_ text: String) throws(JSONPatchError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// Parses a merge patch from its UTF-8 bytes (see `init(_:)`).
    public init(bytes: [UInt8]) throws(JSONPatchError) {
        try validatePatchText(bytes)
        root = bytes.withUnsafeBufferPointer { buffer in
            let scanner = JSONTextScanner(buffer)
            return MergeNode(scanner, scanner.rootValue())
        }
    }

    /// Applies the patch to JSON text.
    ///
    /// - Throws: `JSONPatchError` `.invalidDocumentJSON` (a merge patch itself cannot fail).
    public func apply(to text: String) throws(JSONPatchError) -> String {
        String(decoding: try apply(toBytes: Array(text.utf8)), as: UTF8.self)
    }

    /// Applies the patch to a JSON text's UTF-8 bytes (validated first), returning the patched bytes.
    public func apply(toBytes bytes: [UInt8]) throws(JSONPatchError) -> [UInt8] {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONPatchError) in try apply(toBytes: UnsafeRawBufferPointer(buffer)) }
    }

    /// Applies the patch to JSON text in memory (validated first), returning the patched bytes.
    public func apply(toBytes bytes: UnsafeRawBufferPointer) throws(JSONPatchError) -> [UInt8] {
        patched(try validatedDocumentText(bytes))
    }

    /// Applies the patch to a parsed document, written compact first (see `JSONPatch.apply(to:)`).
    public func apply(to document: JSONDocument) -> [UInt8] {
        compactText(of: document).withUnsafeBufferPointer { patched($0) }
    }

    /// Applies the patch to one line of a `JSONLines` reader or one item of a `JSONItemStream` (already
    /// validated), returning the patched bytes of the line, without a line ending; `compact` as in
    /// `JSONPatch.apply(to:compact:)`.
    public func apply(to line: borrowing JSONLine, compact: Bool = false) -> [UInt8] {
        let bytes = patched(line.raw.unsafeUInt8s)
        return compact ? compactWhitespace(bytes) : bytes
    }

    /// The patched bytes of valid JSON text.
    func patched(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let scanner = JSONTextScanner(input)
        let target = scanner.rootValue()
        return JSONSplice(range: target, replacement: root.merged(into: scanner, at: target)).applied(to: input)
    }
}

/// A merge patch value, parsed once.
struct MergeNode: Sendable {
    /// For an object: its members (the key unescaped, the key as written, the value); nil otherwise.
    let members: [(key: [UInt8], quotedKey: [UInt8], value: MergeNode)]?
    /// Whether the value is `null` (as a member: remove).
    let isNull: Bool
    /// The result of merging this value into anything that is not an object: the value written compact,
    /// without the `null` members of its objects.
    let fresh: [UInt8]

    init(_ scanner: JSONTextScanner, _ range: Range<Int>) {
        isNull = scanner.bytes[range.lowerBound] == UInt8(ascii: "n")
        guard scanner.bytes[range.lowerBound] == UInt8(ascii: "{") else {
            members = nil
            var text: [UInt8] = []
            scanner.appendCompact(range, to: &text)
            fresh = text
            return
        }
        var members: [(key: [UInt8], quotedKey: [UInt8], value: MergeNode)] = []
        var text: [UInt8] = [UInt8(ascii: "{")]
        scanner.forEachMember(in: range) { key, value in
            let node = MergeNode(scanner, value)
            members.append((scanner.unescaped(key), scanner.bytes.copy(key), node))
            if node.isNull { return }
            if text.count > 1 { text.append(UInt8(ascii: ",")) }
            text.append(contentsOf: UnsafeBufferPointer(rebasing: scanner.bytes[key]))
            text.append(UInt8(ascii: ":"))
            text.append(contentsOf: node.fresh)
        }
        text.append(UInt8(ascii: "}"))
        self.members = members
        fresh = text
    }

    /// The bytes of the value at `target` of the scanner's text once this patch is merged into it.
    func merged(into scanner: JSONTextScanner, at target: Range<Int>) -> [UInt8] {
        guard let members, scanner.bytes[target.lowerBound] == UInt8(ascii: "{") else { return fresh }
        var object = scanner.bytes.copy(target)
        for member in members {
            let edited: [UInt8]? = object.withUnsafeBufferPointer { buffer in
                let scanner = JSONTextScanner(buffer)
                let container = 0..<buffer.count
                let lookup = scanner.member(member.key, in: container)
                if member.value.isNull {
                    return lookup.slot.map { JSONSplice.removing($0, from: container).applied(to: buffer) }
                }
                guard let slot = lookup.slot else {
                    return JSONSplice.addingMember(quotedKey: member.quotedKey, value: member.value.fresh, after: lookup,
                                                   in: container).applied(to: buffer)
                }
                let value = member.value.merged(into: scanner, at: slot.value)
                return JSONSplice(range: slot.value, replacement: value).applied(to: buffer)
            }
            if let edited { object = edited }
        }
        return object
    }
}
