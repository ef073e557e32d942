import Foundation
import TapeJSON
import Testing

// MARK: - Shim

@Suite("Shim facts")
struct ShimTests {
    @Test("the active simdjson kernel and its limits")
    func implementation() {
        #expect(!SIMDImplementation.name.isEmpty)
        #expect(!SIMDImplementation.description.isEmpty)
        #expect(SIMDImplementation.padding == 64)
        #expect(SIMDImplementation.maxDocumentSize > 0)
        #expect(SIMDImplementation.maxDocumentSize <= Int(UInt32.max))
    }

    @Test("a parser's size limit gives documentTooLarge at the limit")
    func sizeLimit() throws {
        let parser = JSONParser(maxDocumentSize: 10)
        _ = try parser.parse("[1,2,3,45]")
        expectError("[1,2,3,456]", .documentTooLarge, offset: 10, line: 1, column: 11, parser: parser)
    }

    @Test("many parses in a row reuse the pool and stay independent")
    func reuse() throws {
        let parser = JSONParser()
        var kept: [JSONDocument] = []
        for n in 0..<20 {
            let document = try parser.parse("[\(n), \"s\(n)\"]")
            #expect(document.root[0]?.int == n)
            if n % 3 == 0 { kept.append(document) }
        }
        for (k, document) in kept.enumerated() {
            #expect(document.root[1]?.string == "s\(k * 3)")
        }
    }
}

// MARK: - In-memory inputs

@Suite("Inputs in memory")
struct MemoryInputTests {
    static let valid = #"{"name":"Ada","langs":["en","fr"],"n":-12}"#
    static let invalid = "{\"name\":\"Ada\",\n\"n\":-12,}"

    static func check(_ document: JSONDocument) {
        #expect(document.root["name"]?.string == "Ada")
        #expect(document.root["langs"]?[1]?.string == "fr")
        #expect(document.root["n"]?.int == -12)
    }

    static func checkInvalid(_ error: JSONError?) {
        #expect(error?.kind == .unexpectedCharacter)
        #expect(error?.offset == 23)
        #expect(error?.line == 2)
        #expect(error?.column == 9)
    }

    @Test("[UInt8] without spare capacity (copied to a padded buffer)")
    func arrayExact() throws {
        let bytes = Array(Self.valid.utf8)
        Self.check(try JSONParser.shared.parse(bytes))
        Self.checkInvalid(parseError(Array(Self.invalid.utf8)))
    }

    @Test("[UInt8] with spare capacity for the padding (parsed in place)")
    func arraySpare() throws {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.valid.utf8.count + 64)
        bytes.append(contentsOf: Self.valid.utf8)
        #expect(bytes.capacity - bytes.count >= SIMDImplementation.padding)
        Self.check(try JSONParser.shared.parse(bytes))

        var bad: [UInt8] = []
        bad.reserveCapacity(Self.invalid.utf8.count + 200)
        bad.append(contentsOf: Self.invalid.utf8)
        Self.checkInvalid(parseError(bad))
    }

    @Test("spare capacity holding stale bytes does not leak into the parse")
    func staleCapacity() throws {
        var bytes = Array(#"[1,2,3]   "unterminated"#.utf8)
        bytes.reserveCapacity(bytes.count + 128)
        bytes.removeLast(16)
        #expect(try JSONParser.shared.parse(bytes).root.count == 3)
    }

    @Test func data() throws {
        Self.check(try JSONParser.shared.parse(Data(Self.valid.utf8)))
        do {
            _ = try JSONParser.shared.parse(Data(Self.invalid.utf8))
            Issue.record("parsed")
        } catch {
            Self.checkInvalid(error)
        }
        // A slice of a larger Data.
        let framed = Data(("xx" + Self.valid + "yy").utf8)
        Self.check(try JSONParser.shared.parse(framed.dropFirst(2).dropLast(2)))
    }

    @Test func string() throws {
        Self.check(try JSONParser.shared.parse(Self.valid))
        Self.check(try JSONDocument(parsing: Self.valid))
        Self.check(try JSONDocument(parsing: Array(Self.valid.utf8)))
        // A Substring-backed and a small (inline) String.
        Self.check(try JSONParser.shared.parse(String(("  " + Self.valid).dropFirst(2))))
        #expect(try JSONParser.shared.parse("7").root.int == 7)
        do {
            _ = try JSONDocument(parsing: Self.invalid)
            Issue.record("parsed")
        } catch {
            Self.checkInvalid(error)
        }
    }

    @Test("raw buffers that end just before an unreadable page")
    func guardPage() throws {
        // Two pages, the second made unreadable: an input ending where the readable page ends must be
        // copied, one ending 64 bytes earlier may be read in place; neither may touch the guard page.
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let region = try #require(mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        #expect(region != MAP_FAILED)
        defer { munmap(region, 2 * page) }
        #expect(mprotect(region + page, page, PROT_NONE) == 0)

        let text = Array(#"{"k":[true,false,null,"v"]}"#.utf8)
        for gap in [0, 1, 63, 64, 65] {
            let start = region + page - gap - text.count
            start.copyMemory(from: text, byteCount: text.count)
            let document = try JSONParser.shared.parse(bytes: UnsafeRawBufferPointer(start: start, count: text.count))
            #expect(document.root["k"]?[3]?.string == "v", "gap \(gap)")

            let cut = UnsafeRawBufferPointer(start: start, count: text.count - 2)
            do {
                _ = try JSONParser.shared.parse(bytes: cut)
                Issue.record("truncated input parsed (gap \(gap))")
            } catch {
                #expect(error.kind == .unexpectedEndOfInput)
                #expect(error.offset == text.count - 2)
            }
        }
    }

    @Test("unsafePaddedBytes: bytes with the padding already after them")
    func padded() throws {
        let text = Array(#"["a",1]"#.utf8)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: text.count + SIMDImplementation.padding, alignment: 64)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: "]"))
        text.withUnsafeBytes { buffer.copyMemory(from: $0) }
        let document = try JSONParser.shared.parse(unsafePaddedBytes: UnsafeRawBufferPointer(rebasing: buffer[..<text.count]))
        #expect(document.root.count == 2)
        #expect(document.root[0]?.string == "a")
    }

    @Test("an empty buffer without a base address")
    func emptyBuffer() {
        do {
            _ = try JSONParser.shared.parse(bytes: UnsafeRawBufferPointer(start: nil, count: 0))
            Issue.record("parsed")
        } catch {
            #expect(error.kind == .emptyInput)
            #expect(error.offset == 0)
        }
    }
}

// MARK: - Files

@Suite("Inputs from files")
struct FileInputTests {
    /// A temporary file holding `bytes`, removed after `body`.
    static func withFile<R>(_ bytes: [UInt8], _ body: (String) throws -> R) throws -> R {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("tapejson-\(UUID().uuidString).json").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// A valid document of exactly `size` bytes: a string of `a`s (and a `b` last) in an array.
    static func document(size: Int) -> [UInt8] {
        Array("[\"".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: size - 5) + Array("b\"]".utf8)
    }

    static let sizes: [Int] = [5, 4096 - 64, 4096 - 63, 4096 - 1, 4096, 4096 + 1, 2 * 4096 - 64, 2 * 4096]

    @Test("sizes around page boundaries parse in place", arguments: sizes)
    func pageBoundaries(size: Int) throws {
        let bytes = Self.document(size: size)
        try Self.withFile(bytes) { path in
            let file = try PaddedFile(path: path)
            #expect(file.unsafeBytes.count == size)
            #expect(file.unsafeBytes.elementsEqual(bytes))
            let document = try JSONParser.shared.parse(contentsOfFile: path)
            let string = try #require(document.root[0]?.string)
            #expect(string.utf8.count == size - 4)
            #expect(string.dropLast().allSatisfy { $0 == "a" } && string.last == "b")
        }
    }

    @Test("a truncated file is reported at its end", arguments: sizes)
    func truncatedAtBoundary(size: Int) throws {
        let bytes = Array(Self.document(size: size + 2).dropLast(2))
        try Self.withFile(bytes) { path in
            do {
                _ = try JSONParser.shared.parse(contentsOfFile: path)
                Issue.record("parsed")
            } catch let error as JSONError {
                #expect(error.kind == .unexpectedEndOfInput)
                #expect(error.offset == size)
                #expect(error.line == 1)
                #expect(error.column == size + 1)
            }
        }
    }

    @Test("an empty file")
    func emptyFile() throws {
        try Self.withFile([]) { path in
            let file = try PaddedFile(path: path)
            #expect(file.unsafeBytes.isEmpty)
            do {
                _ = try JSONParser.shared.parse(contentsOfFile: path)
                Issue.record("parsed")
            } catch let error as JSONError {
                #expect(error.kind == .emptyInput)
                #expect(error.offset == 0)
                #expect(error.line == 1 && error.column == 1)
            }
        }
    }

    @Test("a missing file, a directory and a file over the size limit")
    func unreadable() throws {
        #expect(throws: JSONInputError.self) { try PaddedFile(path: "/nonexistent/tapejson.json") }
        #expect(throws: JSONInputError.self) { try JSONParser.shared.parse(contentsOfFile: "/nonexistent/x.json") }
        let directory = FileManager.default.temporaryDirectory.path
        let error = try #require(throws: JSONInputError.self) { try PaddedFile(path: directory) }
        #expect(error.path == directory)
        #expect(!error.reason.isEmpty)
        try Self.withFile(Array("[1,2,3,4,5]".utf8)) { path in
            let tooLarge = try #require(throws: JSONInputError.self) { try PaddedFile(path: path, maxSize: 10) }
            #expect(tooLarge.description.hasPrefix(path + ": "))
        }
    }

    @Test("a pipe is read instead of mapped")
    func pipeInput() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let text = Array(#"{"piped":[1,2,3]}"#.utf8)
        #expect(write(fds[1], text, text.count) == text.count)
        close(fds[1])
        defer { close(fds[0]) }
        let file = try PaddedFile(path: "/dev/fd/\(fds[0])")
        #expect(file.unsafeBytes.elementsEqual(text))
        let document = try JSONParser.shared.parse(unsafePaddedBytes: file.unsafeBytes)
        #expect(document.root["piped"]?.count == 3)
    }
}
