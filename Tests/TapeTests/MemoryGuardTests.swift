import Foundation
import Testing

// MARK: - The memory rule

/// Raw allocation, freeing and memory initialisation belong to `Sources/TapeJSON/Memory/` and
/// `Sources/TapeJSON/Tape/` (issue 28): everything else asks those layers for memory. Files that still do
/// it themselves are listed below with how many calls they hold and why; a list that only shrinks.
///
/// The test reads the library's sources (found from this file's path) and fails, naming file and line,
/// when a file outside the two layers has more of these calls than its allowance (a file not listed has
/// none), and when a file has fewer than its allowance (lower it, so the list stays true).
@Suite("Memory guard")
struct MemoryGuardTests {
    /// What counts as a manual memory call: allocating, freeing, initialising, copying or rebinding raw
    /// memory, through Swift's pointer API or C. Matched in code, not in comments.
    static let patterns = [
        #"\.allocate\("#, #"\.deallocate\("#, #"initializeMemory\("#, #"copyMemory\("#, #"\.initialize\("#,
        #"moveInitialize"#, #"(?<![A-Za-z0-9_])deinitialize\("#, #"bindMemory"#,
        #"(?<![A-Za-z0-9_])malloc\("#, #"(?<![A-Za-z0-9_])free\("#, #"memcpy"#, #"memmove"#, #"memset"#,
        #"posix_memalign"#, #"(?<![A-Za-z0-9_])realloc\("#,
    ]

    /// Folders (under `Sources/TapeJSON/`) where the calls belong.
    static let memoryLayers = ["Memory/", "Tape/"]

    /// Files outside the memory layers that still make manual memory calls: how many each may hold, and
    /// why. Built from the tree when the guard was added (225 calls in 48 files; 54 in 7 once the padded
    /// windows, the buffers, the byte views, the pools and the input's blocks moved onto `Memory/`); entries shrink
    /// as their calls move into `Memory/`, and go once a file has none.
    static let allowlist: [String: (count: Int, reason: String)] = [
        "Encoding/Text/JSONByteOutput.swift": (8, "the encoder's output buffer: allocation, growth, the space fill of indentation and the zero fill the Float printer needs"),
        "Input/GzipDecoder.swift": (4, "zlib's z_stream at a fixed address, as the C library requires"),
        "Input/PushDecompression.swift": (5, "zlib and zstd streams at fixed addresses and output blocks for the C libraries"),
        "Lines/ValueRecycling.swift": (9, "the value recycler's buffers of a generic value type, written and freed a value at a time"),
        "Serialization/ObjectGraphBuilder.swift": (12, "the object graph's value stack of Any (on RawVector it measured 3.5% slower)"),
        "Serialization/Tables/ValueStack.swift": (3, "the serializer's value stack (on RawVector it measured 3.5% slower)"),
        "Support/ThreadSanitizerMutex.swift": (7, "a pthread mutex and its value at stable addresses (TSan builds)"),
    ]

    /// `Sources/TapeJSON/`, from this file's place in the package.
    static var sourcesRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()     // TapeTests
            .deletingLastPathComponent()     // Tests
            .deletingLastPathComponent()     // the package
            .appendingPathComponent("Sources/TapeJSON")
    }

    /// A manual memory call found in a source file.
    struct Hit: CustomStringConvertible {
        var file: String
        var line: Int
        var text: String
        var description: String { "Sources/TapeJSON/\(file):\(line): \(text)" }
    }

    /// Every manual memory call outside the memory layers, by file (relative to `Sources/TapeJSON/`).
    static func scan() throws -> [String: [Hit]] {
        let root = sourcesRoot.standardizedFileURL
        let regex = try NSRegularExpression(pattern: patterns.joined(separator: "|"))
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return [:]
        }
        var hits: [String: [Hit]] = [:]
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(root.path + "/") else { continue }
            let file = String(path.dropFirst(root.path.count + 1))
            if memoryLayers.contains(where: { file.hasPrefix($0) }) { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // The code before a comment (a `//` inside a string literal cuts it short: no call is
                // written in one).
                let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                let found = regex.numberOfMatches(in: code, range: NSRange(code.startIndex..., in: code))
                for _ in 0..<found {
                    hits[file, default: []].append(Hit(file: file, line: index + 1,
                                                       text: line.trimmingCharacters(in: .whitespaces)))
                }
            }
        }
        return hits
    }

    @Test("the scan finds the library's sources")
    func findsSources() throws {
        let root = Self.sourcesRoot
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Tape/Tape.swift").path),
                "expected the library's sources at \(root.path)")
        #expect(try !Self.scan().isEmpty, "the allowlisted files should have calls to find")
    }

    @Test("manual memory calls only in Memory/, Tape/ and the allowlist")
    func memoryCallsStayInTheMemoryLayer() throws {
        let hits = try Self.scan()
        var broken: [String] = []
        for (file, found) in hits.sorted(by: { $0.key < $1.key }) {
            let allowed = Self.allowlist[file]?.count ?? 0
            guard found.count > allowed else { continue }
            let lines = found.map { "    \($0)" }.joined(separator: "\n")
            if allowed == 0 {
                broken.append("\(file): \(found.count) manual memory call(s), none allowed outside Memory/ and Tape/ (use the memory layer):\n\(lines)")
            } else {
                broken.append("\(file): \(found.count) manual memory calls, \(allowed) allowed (\(Self.allowlist[file]!.reason)); the new ones are among:\n\(lines)")
            }
        }
        #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
    }

    @Test("the allowlist stays true: no allowance above what a file holds")
    func allowlistShrinks() throws {
        let hits = try Self.scan()
        var stale: [String] = []
        for (file, entry) in Self.allowlist.sorted(by: { $0.key < $1.key }) {
            let found = hits[file]?.count ?? 0
            if found < entry.count {
                stale.append("\(file): allowed \(entry.count), holds \(found): lower its allowance to \(found)"
                             + (found == 0 ? " (remove the entry)" : ""))
            }
        }
        #expect(stale.isEmpty, "\(stale.joined(separator: "\n"))")
    }
}
