import Foundation
import Testing

/// The `tapejson` executable that SwiftPM builds into the same directory as this test bundle
/// (`swift build --build-tests` and `swift test` build every product of the package).
enum Executable {
    static let url: URL? = {
        var directories: [URL] = []
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        return directories.lazy
            .map { $0.appendingPathComponent("tapejson") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}

/// What one run of `tapejson` did.
struct CLIResult {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String

    var output: String { String(decoding: stdout, as: UTF8.self) }
    var errorLines: [Substring] { stderr.split(separator: "\n") }
}

/// Runs `tapejson arguments`, with `stdin` fed through a pipe when given. Output goes to files, so a
/// large output cannot block the child; a run still going after `watchdog` seconds is killed.
func run(_ arguments: [String], stdin: [UInt8]? = nil, watchdog: TimeInterval = 60,
         sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIResult {
    let tool = try #require(Executable.url, "tapejson not found next to \(CommandLine.arguments.first ?? "?")",
                            sourceLocation: sourceLocation)
    let scratch = try TemporaryDirectory()
    let outURL = scratch.url.appendingPathComponent("stdout")
    let errURL = scratch.url.appendingPathComponent("stderr")
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
        // Written on another thread so that a child that stops reading early cannot block the test.
        let writeEnd = dup(input.fileHandleForWriting.fileDescriptor)
        try input.fileHandleForWriting.close()
        let writer = Thread {
            stdin.withUnsafeBytes { raw in
                var position = 0
                while position < raw.count {
                    let n = write(writeEnd, raw.baseAddress! + position, raw.count - position)
                    if n < 0 { if errno == EINTR { continue }; break }
                    position += n
                }
            }
            close(writeEnd)
        }
        writer.start()
    }
    let deadline = Date().addingTimeInterval(watchdog)
    while process.isRunning && Date() < deadline { usleep(2000) }
    if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        Issue.record("tapejson \(arguments.joined(separator: " ")) did not finish in \(watchdog) s", sourceLocation: sourceLocation)
    }
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "tapejson \(arguments.joined(separator: " ")) was killed by a signal",
            sourceLocation: sourceLocation)
    return CLIResult(status: process.terminationStatus, stdout: Array(try Data(contentsOf: outURL)),
                     stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}
