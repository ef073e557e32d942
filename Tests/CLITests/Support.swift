import Foundation
import Testing

// Processes and files through POSIX rather than Foundation's `Process` and `Data(contentsOf:)`, which
// leak memory in this toolchain (an empty file read leaks 4 KiB) and would drown a
// `swift test --sanitize=address` run in reports that are not TapeJSON's.

/// The `tapejson` executable SwiftPM built next to this test bundle (the target depends on it).
enum Tool {
    static let path: String? = {
        var directories: [URL] = []
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        return directories.lazy
            .map { $0.appendingPathComponent("tapejson").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Held while a pipe is made and marked close-on-exec, and while spawning, so that no child of
    /// this suite inherits another's pipe.
    static let spawnLock = NSLock()

    /// Writing to a child that exited early must fail with EPIPE, not kill the test process.
    static let ignoreSIGPIPE: Void = { signal(SIGPIPE, SIG_IGN) }()
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

struct POSIXError: Error, CustomStringConvertible {
    var call: String
    var code: Int32
    var description: String { "\(call): \(String(cString: strerror(code)))" }
}

/// Runs `tapejson` with `arguments`, feeding `stdin` through a pipe when given (else /dev/null). A run
/// still going after `watchdog` seconds is killed, and so reported as signaled: a hang fails the test
/// instead of blocking the suite.
func tapejson(_ arguments: [String], stdin: [UInt8]? = nil, watchdog: Double = 20) throws -> RunResult {
    try withTemporaryDirectory { directory in
        let outPath = directory + "/stdout"
        let errPath = directory + "/stderr"
        let input = try stdin.map { _ in try makePipe() }
        let pid: pid_t
        do {
            pid = try spawn(arguments, stdin: input.map { .descriptor($0.read) } ?? .path("/dev/null"),
                            stdout: .path(outPath), stderr: .path(errPath))
        } catch {
            if let input { close(input.read); close(input.write) }
            throw error
        }
        if let input, let stdin {
            close(input.read)
            writeAll(input.write, stdin)
            close(input.write)
        }
        let ending = try wait(pid, stderrPath: errPath, watchdog: watchdog)
        return RunResult(status: ending.status, signaled: ending.signal != 0 && ending.signal != 0x7F,
                         stdout: String(decoding: try readFile(outPath), as: UTF8.self), stderr: ending.stderr)
    }
}

/// Writes every byte it can; stops quietly when the reader has gone.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }
}

/// The whole contents of a file.
func readFile(_ path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw POSIXError(call: "open \(path)", code: errno) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n >= 0 else { throw POSIXError(call: "read \(path)", code: errno) }
        if n == 0 { return bytes }
        bytes.append(contentsOf: chunk[..<n])
    }
}

/// A new empty directory, removed with its files after `body`.
func withTemporaryDirectory<R>(_ body: (String) throws -> R) throws -> R {
    var template = Array((FileManager.default.temporaryDirectory.path + "/tapejson-cli-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw POSIXError(call: "mkdtemp", code: errno) }
    let directory = String(cString: made)
    defer {
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) {
            for entry in entries { unlink(directory + "/" + entry) }
        }
        rmdir(directory)
    }
    return try body(directory)
}

/// A temporary file holding `bytes`, removed after `body`.
func withTemporaryFile<R>(_ bytes: [UInt8], name: String = "input.json", _ body: (String) throws -> R) throws -> R {
    try withTemporaryDirectory { directory in
        let path = directory + "/" + name
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw POSIXError(call: "open \(path)", code: errno) }
        writeAll(fd, bytes)
        close(fd)
        return try body(path)
    }
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

/// Where a child's standard input, output or error goes.
enum Sink {
    /// A path, opened for reading (standard input) or writing (created, truncated), such as /dev/full.
    case path(String)
    /// An open descriptor of this process (a pipe's end, or a file at some offset), duplicated onto the
    /// child's, which shares its position.
    case descriptor(Int32)
    /// Closed (`>&-`).
    case closed
}

/// Starts `executable` (the `tapejson` built next to this bundle when nil) with `arguments` and its
/// three standard descriptors as given.
func spawn(_ arguments: [String], stdin: Sink = .path("/dev/null"), stdout: Sink, stderr: Sink,
           executable: String? = nil) throws -> pid_t {
    _ = Tool.ignoreSIGPIPE
    let tool = try #require(Tool.path, "tapejson not found next to \(CommandLine.arguments.first ?? "?")")
    let program = executable ?? tool
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (fd, sink) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
        switch sink {
        case .path(let path):
            let flags = fd == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
            posix_spawn_file_actions_addopen(&actions, fd, path, flags, 0o644)
        case .descriptor(let open): posix_spawn_file_actions_adddup2(&actions, open, fd)
        case .closed: posix_spawn_file_actions_addclose(&actions, fd)
        }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    sigaddset(&defaults, SIGXFSZ)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    // And none blocked: the test's thread (a pool thread) may block some, and a blocked SIGXFSZ or
    // SIGPIPE would hide what the child does about them.
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let spawned = Tool.spawnLock.withLock { posix_spawn(&pid, program, &actions, &attributes, argv, environ) }
    guard spawned == 0 else { throw POSIXError(call: "posix_spawn", code: spawned) }
    return pid
}

/// How a child ended.
struct Ending {
    var status: Int32
    /// The signal that ended it, 0 if none (the watchdog's SIGKILL counts).
    var signal: Int32
    var stderr: String

    /// The lines of stderr saying that output could not be written.
    var writeErrors: [Substring] { stderr.split(separator: "\n").filter { $0.contains("cannot write to") } }
}

/// Waits for `pid`, killing it after `watchdog` seconds (a hang then fails the test as a signal).
func wait(_ pid: pid_t, stderrPath: String, watchdog: Double = 60) throws -> Ending {
    var status: Int32 = 0
    let deadline = Date().addingTimeInterval(watchdog)
    while waitpid(pid, &status, WNOHANG) == 0 {
        if Date() > deadline {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            break
        }
        usleep(1000)
    }
    let signal = status & 0x7F
    return Ending(status: signal == 0 ? (status >> 8) & 0xFF : -1, signal: signal,
                  stderr: String(decoding: try readFile(stderrPath), as: UTF8.self))
}

/// A pipe whose ends are close-on-exec (made under `Tool.spawnLock`, so that no child spawned meanwhile
/// inherits them): hand an end to one child with a `Sink.descriptor`.
func makePipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    let made = Tool.spawnLock.withLock { () -> Bool in
        guard pipe(&ends) == 0 else { return false }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return true
    }
    guard made else { throw POSIXError(call: "pipe", code: errno) }
    return (ends[0], ends[1])
}
