import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `tapejson` executable SwiftPM built next to this test bundle (the target depends on it).
enum Tool {
    static let url: URL? = {
        var directories: [URL] = []
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        return directories.lazy
            .map { $0.appendingPathComponent("tapejson") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}

/// What a run of `tapejson` did.
struct RunResult {
    var status: Int32
    /// Whether a signal ended the process (a crash, or the watchdog).
    var signaled: Bool
    var stdout: String
    var stderr: String
    var stderrLines: [Substring] { stderr.split(separator: "\n") }
}

/// Runs `tapejson` with `arguments`, feeding `stdin` through a pipe when given. A run still going
/// after `watchdog` seconds is killed (and so reported as signaled): a hang fails instead of blocking.
func tapejson(_ arguments: [String], stdin: Data? = nil, watchdog: TimeInterval = 20) throws -> RunResult {
    let tool = try #require(Tool.url, "tapejson not found next to \(CommandLine.arguments.first ?? "?")")
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tapejson-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    defer { try? out.close(); try? err.close() }

    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
    try process.run()
    if let stdin {
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
    }
    let deadline = Date().addingTimeInterval(watchdog)
    while process.isRunning && Date() < deadline { usleep(1000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus,
        signaled: process.terminationReason == .uncaughtSignal,
        stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// A temporary file holding `bytes`, removed after `body`.
func withTemporaryFile<R>(_ bytes: [UInt8], name: String = "input.json", _ body: (String) throws -> R) throws -> R {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapejson-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return try body(path)
}

/// Folders of the package, found from this file.
enum Paths {
    static let package = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = package.appendingPathComponent("Corpus")
    static let testSuite = package.appendingPathComponent("Tests/TapeTests/Fixtures/JSONTestSuite/test_parsing")

    /// JSONTestSuite file names starting with `prefix`, sorted.
    static func testSuiteFiles(_ prefix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: testSuite.path)) ?? [])
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }
}
