import Foundation
import TapeJSON
import Testing

/// The JSONTestSuite parsing files bundled with this target (`Fixtures/JSONTestSuite/test_parsing`).
enum TestSuiteFiles {
    static let directory: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
        .appendingPathComponent("JSONTestSuite/test_parsing")

    /// File names starting with `prefix` (`y_`, `n_` or `i_`), sorted.
    static func names(_ prefix: String) -> [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return all.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// A file's bytes, read with POSIX calls: Foundation's `Data(contentsOf:)` leaks 4 KiB per empty
    /// file in this toolchain, which `swift test --sanitize=address` would report.
    static func bytes(_ name: String) throws -> [UInt8] {
        let path = directory.appendingPathComponent(name).path
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path]) }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
        }
    }
}

/// The error thrown for `input`, or nil when it parses.
func parseError(_ input: [UInt8], parser: JSONParser = .shared) -> JSONError? {
    do {
        _ = try parser.parse(input)
        return nil
    } catch {
        return error
    }
}

func parseError(_ text: String, parser: JSONParser = .shared) -> JSONError? {
    parseError(Array(text.utf8), parser: parser)
}

/// Expects `input` to fail with exactly this kind and position.
func expectError(_ input: [UInt8], _ kind: JSONError.Kind, offset: Int, line: Int, column: Int,
                 parser: JSONParser = .shared, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let error = parseError(input, parser: parser) else {
        Issue.record("expected \(kind), but the input parsed", sourceLocation: sourceLocation)
        return
    }
    #expect(error.kind == kind, sourceLocation: sourceLocation)
    #expect(error.offset == offset, "offset", sourceLocation: sourceLocation)
    #expect(error.line == line, "line", sourceLocation: sourceLocation)
    #expect(error.column == column, "column", sourceLocation: sourceLocation)
}

func expectError(_ text: String, _ kind: JSONError.Kind, offset: Int, line: Int, column: Int,
                 parser: JSONParser = .shared, sourceLocation: SourceLocation = #_sourceLocation) {
    expectError(Array(text.utf8), kind, offset: offset, line: line, column: column, parser: parser,
                sourceLocation: sourceLocation)
}

/// Checks what any reported error must satisfy: a position inside the input that agrees with its line,
/// and a message. An error placed at the very end must be about the end (anything else would mean the
/// position was guessed rather than found).
func expectPlausible(_ error: JSONError, in input: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect((0...input.count).contains(error.offset), "offset \(error.offset) of \(input.count)",
            sourceLocation: sourceLocation)
    #expect(error.line >= 1 && error.column >= 1, sourceLocation: sourceLocation)
    #expect(!error.message.isEmpty && !error.description.isEmpty, sourceLocation: sourceLocation)
    let end = min(max(error.offset, 0), input.count)
    let newlines = input[..<end].count(where: { $0 == 0x0A })
    #expect(error.line == newlines + 1, "line of offset \(error.offset)", sourceLocation: sourceLocation)
    let lineStart = input[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    #expect(error.column <= end - lineStart + 1, "column within its line", sourceLocation: sourceLocation)
    if error.offset == input.count {
        #expect([.unexpectedEndOfInput, .emptyInput].contains(error.kind),
                "\(error.kind) at the end of the input", sourceLocation: sourceLocation)
    }
}
