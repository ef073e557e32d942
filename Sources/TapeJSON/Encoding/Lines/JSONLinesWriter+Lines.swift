// A line (or item) read with `JSONLines` or `JSONItemStream` written back as it is, without
// `withUnsafeBufferPointer` (issue 26): its bytes are a `Span<UInt8>`, which `write(raw:)` takes too.

extension JSONLinesWriter {
    /// Writes `line` as it is (see ``write(raw:)-(Collection<UInt8>)``): a trailing `\n` (or `\r\n`) is
    /// dropped, another newline throws.
    ///
    /// ```swift
    /// try JSONLines(path: "app.ndjson").forEach { line in
    ///     if wanted(line) { try writer.write(raw: line.bytes) }
    /// }
    /// ```
    public func write(raw line: Span<UInt8>) throws {
        try line.withUnsafeBufferPointer { try write(raw: $0) }
    }

    /// Writes a line read with `JSONLines` as it is; an item read with `JSONItemStream` that spans several
    /// lines (a pretty-printed array's element) is written on one line, the whitespace between its
    /// tokens dropped (strings and numbers copied byte for byte).
    public func write(raw line: borrowing JSONLine) throws {
        let bytes = line.raw.unsafeUInt8s
        guard bytes.contains(0x0A) else { return try write(raw: bytes) }
        try write(raw: JSONTextScanner.compacted(bytes))
    }
}
