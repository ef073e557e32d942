import Foundation

// The pull forms of `JSONStreamParser`: it reads the input itself, feeding the parser block by block,
// then finishes it. Each stops reading early when the handler stops the parse.

extension JSONStreamParser {
    /// Parses the document in the file at `path` (`-` for standard input, read from where it stands),
    /// read `blockSize` bytes at a time straight into the parser's window, then finishes. A gzip or zstd
    /// input (recognised by its first bytes) is decompressed on a thread of its own as it is parsed.
    ///
    /// - Throws: `JSONInputError` when the input cannot be read (or a regular file shrinks while it is
    ///   read, or its compressed data is corrupt or cut short); the document's `JSONError`; anything the
    ///   handler throws.
    public func parse(contentsOfFile path: String, blockSize: Int = 1 << 20) throws {
        var source = try InputOpening.stream(path: path)
        try parse(&source, blockSize: blockSize)
    }

    /// Parses the document read from an open file handle (a file, a pipe, a socket,
    /// `FileHandle.standardInput`), from where it stands to its end, then finishes; decompressed when it
    /// is gzip or zstd.
    public func parse(fileHandle: FileHandle, blockSize: Int = 1 << 20) throws {
        try withExtendedLifetime(fileHandle) {
            var source = try InputOpening.stream(fd: fileHandle.fileDescriptor,
                                                 name: "file handle \(fileHandle.fileDescriptor)")
            try parse(&source, blockSize: blockSize)
        }
    }

    func parse(_ source: inout some ByteSource, blockSize: Int) throws {
        let block = max(4096, blockSize)
        while !isStopped, try feed(from: &source, limit: block) {}
        try finish()
    }

    /// Parses a document arriving as an asynchronous sequence of byte chunks (`[UInt8]`, `Data`, ...),
    /// each fed as it comes, then finishes. gzip and zstd chunks are recognised by their first bytes and
    /// decompressed as they come (bad or cut-short data is a `JSONInputError` naming "chunks").
    public func parse<Chunks: AsyncSequence>(chunks: Chunks) async throws where Chunks.Element: ContiguousBytes {
        var input = PushInput(name: "chunks")
        for try await chunk in chunks {
            try chunk.withUnsafeBytes { try input.push($0, emit: feed) }
            if isStopped { return }
        }
        try input.finish(emit: feed)
        try finish()
    }

    /// Parses a document arriving as an asynchronous sequence of bytes (`FileHandle.bytes`,
    /// `URL.resourceBytes`), fed in blocks of up to `blockSize` bytes, then finishes; gzip and zstd
    /// bytes are decompressed as they come (errors name "bytes").
    public func parse<Bytes: AsyncSequence>(bytes: Bytes, blockSize: Int = 1 << 16) async throws
    where Bytes.Element == UInt8 {
        var block: [UInt8] = []
        block.reserveCapacity(max(1, blockSize))
        var input = PushInput(name: "bytes")
        for try await byte in bytes {
            block.append(byte)
            if block.count >= blockSize {
                try block.withUnsafeBytes { try input.push($0, emit: feed) }
                block.removeAll(keepingCapacity: true)
                if isStopped { return }
            }
        }
        try block.withUnsafeBytes { try input.push($0, emit: feed) }
        try input.finish(emit: feed)
        try finish()
    }
}
