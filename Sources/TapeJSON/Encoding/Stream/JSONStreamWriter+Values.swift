import Foundation

extension JSONStreamWriter {
    // MARK: - Values read elsewhere

    /// Writes a value read from a document, laid out as this writer lays out everything.
    ///
    /// Strings are escaped again from their text (`\u00e9` in the source becomes `é`); numbers are
    /// written from the parsed value with the shortest digits that read back the same (`1.0`, `1e-07`),
    /// and numbers simdjson could not hold (``JSONValue/bigNumberText``) as their text.
    ///
    /// - Parameters:
    ///   - value: the value to write, with everything below it.
    ///   - sortingKeys: writes every object's members in the byte order of their keys (as `jq -S` does)
    ///     instead of the document's order.
    public func value(_ value: JSONValue, sortingKeys: Bool = false) throws {
        if sortingKeys {
            try writeSorted(value)
            return
        }
        var reader = value.events
        while let event = reader.next() {
            try write(event, doublesAsDescription: true)
        }
    }

    /// Writes one JSON Lines line's value, copied from the line's text (see ``value(jsonText:parser:)-(UnsafeRawBufferPointer,_)``
    /// for what is kept as it is); the line was validated when it was read.
    public func value(_ line: borrowing JSONLine) throws {
        try writeValidatedText(line.raw)
    }

    /// Writes one JSON value given as text: checked first, then copied in this writer's layout. The
    /// strings and number literals are copied as they are (their escapes, `1.0` and `1E+2` kept);
    /// only the whitespace between tokens changes. This is what `tapejson fmt` does, at memory speed.
    ///
    /// - Throws: `JSONError` (with line and column) for text that is not one JSON value; nothing is
    ///   written then.
    public func value(jsonText text: UnsafeRawBufferPointer, parser: JSONParser = .shared) throws {
        try checkUsable()
        _ = try parser.parse(bytes: text)
        try writeValidatedText(text)
    }

    /// Writes one JSON value given as text (see ``value(jsonText:parser:)-(UnsafeRawBufferPointer,_)``).
    public func value(jsonText text: [UInt8], parser: JSONParser = .shared) throws {
        try text.withUnsafeBytes { try value(jsonText: $0, parser: parser) }
    }

    // MARK: - Internals

    /// A finite double as Swift's `description` (`1.0` stays `1.0`), as the event writers print it.
    func writeNumberText(_ number: Double) throws {
        guard number.isFinite else { throw JSONStreamWriterError("\(number) is not a number JSON can hold") }
        try scalar { out.appendDescription(number) }
    }

    /// A number literal as it is.
    func writeLiteral(_ text: UnsafeBufferPointer<UInt8>) throws {
        try scalar { out.append(text) }
    }

    private func writeSorted(_ value: JSONValue) throws {
        switch value.kind {
        case .object:
            var members: [(key: [UInt8], value: JSONValue)] = []
            members.reserveCapacity(value.count ?? 0)
            for member in value.members {
                members.append((member.withKey { $0.utf8.withUnsafeBufferPointer { Array($0) } }, member.value))
            }
            // Stable: of equal keys, the document's order.
            members = members.enumerated().sorted { a, b in
                a.element.key.lexicographicallyPrecedes(b.element.key)
                    || (a.element.key == b.element.key && a.offset < b.offset)
            }.map(\.element)
            try beginObject()
            for member in members {
                try member.key.withUnsafeBufferPointer { try key(utf8: $0) }
                try writeSorted(member.value)
            }
            try endObject()
        case .array:
            try beginArray()
            for element in value.elements { try writeSorted(element) }
            try endArray()
        case .string:
            _ = try value.withUTF8 { text in try text.utf8.withUnsafeBufferPointer { try self.value(utf8: $0) } }
        case .int: try self.value(value.int64!)
        case .uint: try self.value(value.uint64!)
        case .double:
            if let text = value.bigNumberText {
                var text = text
                try text.withUTF8 { try writeLiteral($0) }
            } else {
                try writeNumberText(value.double!)
            }
        case .bool: try self.value(value.bool!)
        case .null: try null()
        }
    }

    /// Copies validated JSON text as one value, re-laid out: whitespace between tokens dropped, and
    /// (indented layouts) new lines and indentation written after `{`, `[` and `,`, before `}` and `]`,
    /// and a space after `:`. Empty containers stay `{}` and `[]`. Tokens are copied byte for byte.
    func writeValidatedText(_ text: UnsafeRawBufferPointer) throws {
        try beforeValue()
        guard let start = text.baseAddress?.unsafeUInt8s else { return }
        let n = text.count
        let indent = layout.indent
        var depth = containers.count
        var i = 0
        if n >= 3 && start[0] == 0xEF && start[1] == 0xBB && start[2] == 0xBF { i = 3 }
        while i < n {
            let byte = start[i]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                i &+= 1
            case UInt8(ascii: "\""):
                let end = ValidatedText.stringEnd(start, from: i, count: n)
                out.append(start + i, count: end &- i)
                i = end
            case UInt8(ascii: ","):
                out.append(byte)
                if indent > 0 { newlineAndIndent(depth) }
                i &+= 1
                if out.count >= bufferSize { try flush() }
            case UInt8(ascii: ":"):
                if indent > 0 { out.append(byte, UInt8(ascii: " ")) } else { out.append(byte) }
                i &+= 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                i &+= 1
                var j = i
                while j < n && ValidatedText.isWhitespace(start[j]) { j &+= 1 }
                if j < n && (start[j] == UInt8(ascii: "}") || start[j] == UInt8(ascii: "]")) {
                    out.append(start[j])
                    i = j &+ 1
                } else {
                    depth &+= 1
                    if indent > 0 { newlineAndIndent(depth) }
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth &-= 1
                if indent > 0 { newlineAndIndent(depth) }
                out.append(byte)
                i &+= 1
            default:
                // A number, true, false or null: up to the next delimiter.
                var j = ValidatedText.literalEnd(start, from: i &+ 1, count: n)
                while j < n && ValidatedText.continuesLiteral(start[j]) { j &+= 1 }
                let length = j &- i
                if length <= 16 && i &+ 16 <= n {
                    // A short literal (most numbers): two 8-byte moves instead of a memmove call.
                    let from = UnsafeRawPointer(start + i)
                    out.withUnsafeMutableWritableBytes(minimumWritableBytes: 16) { buffer in
                        let to = UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped)
                        to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                        to.storeBytes(of: from.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8,
                                      as: UInt64.self)
                        return length
                    }
                } else {
                    out.append(start + i, count: length)
                }
                i = j
            }
        }
        try afterValue()
    }
}
