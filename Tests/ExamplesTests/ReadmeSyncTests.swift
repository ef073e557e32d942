import Foundation
import Testing

/// README.md's Swift examples are compiled and run by `ReadmeExamplesTests`: every non-empty line of every
/// ```` ```swift ```` block in README.md (trimmed) must appear, in order, among the lines of
/// ReadmeExamplesTests.swift (trimmed), so an example changed in one and not the other fails here.
@Suite("README examples are the tested ones")
struct ReadmeSyncTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ```swift blocks of a Markdown text, each as its trimmed non-empty lines.
    static func swiftBlocks(in markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]? = nil
        for rawLine in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if var block = current {
                if line.hasPrefix("```") {
                    blocks.append(block)
                    current = nil
                } else if !line.isEmpty {
                    block.append(line)
                    current = block
                }
            } else if line == "```swift" {
                current = []
            }
        }
        return blocks
    }

    /// The first line of `block` not found, in order, among `lines`; nil when all are.
    static func firstMissingLine(of block: [String], in lines: [String]) -> String? {
        var position = lines.startIndex
        for line in block {
            guard let found = lines[position...].firstIndex(of: line) else { return line }
            position = found + 1
        }
        return nil
    }

    @Test func everyReadmeSwiftBlockIsInReadmeExamplesTests() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let testsURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("ReadmeExamplesTests.swift")
        let tests = try String(contentsOf: testsURL, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let blocks = Self.swiftBlocks(in: readme)
        #expect(blocks.count >= 7, "README.md has a Swift example per capability")
        for (index, block) in blocks.enumerated() {
            let missing = Self.firstMissingLine(of: block, in: tests)
            #expect(missing == nil, "README.md's Swift block \(index + 1) (\(block.first ?? "")): not in ReadmeExamplesTests.swift, in order: \(missing ?? "")")
        }
    }

    @Test func blocksAreFound() {
        let markdown = "text\n```swift\nlet a = 1\n\n    let b = 2\n```\n```sh\nls\n```\n"
        #expect(Self.swiftBlocks(in: markdown) == [["let a = 1", "let b = 2"]])
        #expect(Self.firstMissingLine(of: ["a", "c"], in: ["a", "b", "c"]) == nil)
        #expect(Self.firstMissingLine(of: ["c", "a"], in: ["a", "b", "c"]) == "a")
    }
}
