import Foundation
import Testing

// Output that cannot be written never crashes `tapejson` and is never silently lost: every command
// that writes reports `tapejson: cannot write to DESTINATION: REASON` on stderr and exits with the I/O
// status, whether the failure comes at the first 64 KiB flush, mid-stream (with `lines`' workers
// running) or at the final flush. A reader that closes its pipe early is not a failure: the command
// stops quietly with status 0. Children start with SIGPIPE and SIGXFSZ at their default (fatal)
// actions and unblocked, so that these tests see whether `tapejson` itself keeps them from killing it.

/// `ExitStatus.usageOrIO`, as documented in the help and the README.
private let ioStatus: Int32 = 2

/// The message for standard output on a full device.
private let fullStandardOutput = "tapejson: cannot write to standard output: " + String(cString: strerror(ENOSPC))

/// Runs `tapejson` with standard output sent to `stdout` and waits for it.
private func run(_ arguments: [String], stdout: Sink = .path("/dev/full"), watchdog: Double = 60) throws -> Ending {
    try withTemporaryDirectory { directory in
        let stderrPath = directory + "/stderr"
        let pid = try spawn(arguments, stdout: stdout, stderr: .path(stderrPath))
        return try wait(pid, stderrPath: stderrPath, watchdog: watchdog)
    }
}

/// Checks the ending of a run whose output could not be written: the I/O status, no signal, and one
/// clear message naming the destination.
private func expectWriteFailure(_ ending: Ending, message: String = fullStandardOutput,
                                sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(ending.signal == 0, "killed by signal \(ending.signal); stderr: \(ending.stderr)", sourceLocation: sourceLocation)
    #expect(ending.status == ioStatus, "stderr: \(ending.stderr)", sourceLocation: sourceLocation)
    #expect(ending.writeErrors == [Substring(message)], "stderr: \(ending.stderr)", sourceLocation: sourceLocation)
}

/// Test inputs, made here (no shared data).
private enum Inputs {
    /// A small JSON document (a few hundred bytes of events or paths: written at the final flush).
    static let smallDocument = Array(#"{"a":[1,-2,1.5,"x\ny",true,false,null],"b":{"c":{}},"é":"\u00e9"}"#.utf8)

    /// A JSON document whose events and paths run to megabytes (written while the walk goes on).
    static let largeDocument: [UInt8] = {
        var text = "["
        for k in 0..<40_000 {
            if k > 0 { text += "," }
            text += #"{"id":\#(k),"name":"item \#(k)","tags":["a","b"],"ok":true}"#
        }
        return Array((text + "]").utf8)
    }()

    /// JSON Lines of `count` records (about 90 bytes each).
    static func lines(_ count: Int) -> [UInt8] {
        var text = ""
        text.reserveCapacity(count * 96)
        for k in 0..<count {
            text += #"{"id":\#(k),"level":"\#(k % 7 == 0 ? "ERROR" : "INFO")","http":{"status":\#(200 + k % 5)},"msg":"line \#(k)"}"#
            text += "\n"
        }
        return Array(text.utf8)
    }

    static let fewLines = lines(20)
    /// Several megabytes: output far beyond a pipe's buffer and the 64 KiB flushes.
    static let manyLines = lines(80_000)
}

@Suite("write failures: events, paths, validate, --help")
struct WriteFailureDocumentTests {
    @Test("events to a full device: exit 2, the message, no signal", arguments: [false, true])
    func events(large: Bool) throws {
        try withTemporaryFile(large ? Inputs.largeDocument : Inputs.smallDocument) { path in
            expectWriteFailure(try run(["events", path]))
        }
    }

    @Test("paths to a full device: exit 2, the message, no signal", arguments: [false, true])
    func paths(large: Bool) throws {
        try withTemporaryFile(large ? Inputs.largeDocument : Inputs.smallDocument) { path in
            expectWriteFailure(try run(["paths", path]))
        }
    }

    @Test("events --lines and paths --lines to a full device: exit 2, the message, no signal",
          arguments: ["events", "paths"])
    func linesToAFullDevice(_ command: String) throws {
        try withTemporaryFile(Inputs.manyLines) { path in
            expectWriteFailure(try run([command, "--lines", path]))
        }
    }

    @Test("a closed standard output is an I/O error too")
    func closedStandardOutput() throws {
        try withTemporaryFile(Inputs.smallDocument) { path in
            let ending = try run(["events", path], stdout: .closed)
            expectWriteFailure(ending, message: "tapejson: cannot write to standard output: " + String(cString: strerror(EBADF)))
        }
    }

    @Test("validate writes nothing to standard output: a full device changes nothing; a full stderr loses the messages, not the status")
    func validate() throws {
        try withTemporaryFile(Inputs.smallDocument) { path in
            let ending = try run(["validate", path])
            #expect(ending.signal == 0 && ending.status == 0, "stderr: \(ending.stderr)")
            #expect(ending.stderr.isEmpty)
        }
        try withTemporaryFile(Array("[1,".utf8)) { path in
            let ending = try run(["validate", path])
            #expect(ending.signal == 0 && ending.status == 1, "stderr: \(ending.stderr)")
            #expect(ending.stderr.hasPrefix(path + ":1:"))
            // Standard error itself full: nowhere to report, but the status still says invalid.
            let pid = try spawn(["validate", path], stdout: .path("/dev/null"), stderr: .path("/dev/full"))
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 1)
        }
    }

    @Test("--help to a full device", arguments: [["--help"], ["lines", "--help"]])
    func help(arguments: [String]) throws {
        expectWriteFailure(try run(arguments))
    }
}

@Suite("write failures: lines")
struct WriteFailureLinesTests {
    static let modes: [[String]] = [
        [],
        ["--fields", "id,http.status"],
        ["--fields", "id,level", "--format", "csv"],
        ["--fields", "id,level", "--format", "tsv"],
        ["--count"],
        ["--where", "level=ERROR"],
    ]

    @Test("lines to a full device, few lines (the final flush fails): exit 2, the message, no signal", arguments: modes)
    func fewLines(mode: [String]) throws {
        try withTemporaryFile(Inputs.fewLines, name: "few.ndjson") { path in
            expectWriteFailure(try run(["lines", path] + mode))
        }
    }

    @Test("lines to a full device, megabytes with 1 and 2 workers (a flush mid-stream fails)",
          arguments: modes.filter { $0 != ["--count"] }, [1, 2])
    func manyLines(mode: [String], jobs: Int) throws {
        try withTemporaryFile(Inputs.manyLines, name: "many.ndjson") { path in
            expectWriteFailure(try run(["lines", path, "--jobs", String(jobs)] + mode))
        }
    }

    @Test("lines --array (--items '') to a full device", arguments: [false, true])
    func array(large: Bool) throws {
        // The small document is an object: its member values are its items, written at the final flush.
        try withTemporaryFile(large ? Inputs.largeDocument : Inputs.smallDocument, name: "array.json") { path in
            expectWriteFailure(try run(["lines", "--array", path]))
        }
    }

    @Test("a reader that closes the pipe early ends lines quietly: status 0, no signal, nothing on stderr",
          arguments: [1, 2])
    func closedPipe(jobs: Int) throws {
        try withTemporaryFile(Inputs.manyLines, name: "many.ndjson") { path in
            let ending = try readPartlyThenClose(["lines", path, "--jobs", String(jobs)])
            #expect(ending.signal == 0, "killed by signal \(ending.signal); stderr: \(ending.stderr)")
            #expect(ending.status == 0, "stderr: \(ending.stderr)")
            // Not even the summary line: the command stopped at the closed pipe rather than running on.
            #expect(ending.stderr.isEmpty, "stderr: \(ending.stderr)")
        }
    }
}

/// Runs `tapejson` into a pipe, reads the first 16 KiB of its output, closes the pipe and waits.
private func readPartlyThenClose(_ arguments: [String]) throws -> Ending {
    try withTemporaryDirectory { directory in
        let stderrPath = directory + "/stderr"
        let made = try makePipe()
        let ends = [made.read, made.write]
        let pid: pid_t
        do {
            pid = try spawn(arguments, stdout: .descriptor(ends[1]), stderr: .path(stderrPath))
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[1])
        var received = 0
        var chunk = [UInt8](repeating: 0, count: 4096)
        while received < 16 << 10 {
            let n = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            received += n
        }
        close(ends[0])
        let ending = try wait(pid, stderrPath: stderrPath)
        #expect(received >= 16 << 10, "the command wrote only \(received) bytes")
        return ending
    }
}

@Suite("write failures: gen-logs and bench")
struct WriteFailureGenLogsBenchTests {
    @Test("gen-logs to a path on a full device names the path")
    func genLogsPath() throws {
        let ending = try run(["gen-logs", "--size", "1MB", "/dev/full"], stdout: .path("/dev/null"))
        expectWriteFailure(ending, message: "tapejson: cannot write to /dev/full: " + String(cString: strerror(ENOSPC)))
    }

    @Test("gen-logs - to a full standard output", arguments: ["10KB", "3MB"])
    func genLogsStandardOutput(size: String) throws {
        expectWriteFailure(try run(["gen-logs", "--size", size, "-"]))
    }

    @Test("gen-logs - into a pipe closed early: status 0, no signal, nothing on stderr")
    func genLogsClosedPipe() throws {
        let ending = try readPartlyThenClose(["gen-logs", "--size", "8MB", "-"])
        #expect(ending.signal == 0 && ending.status == 0, "signal \(ending.signal), status \(ending.status): \(ending.stderr)")
        #expect(ending.stderr.isEmpty)
    }

    @Test("gen-logs past the file size limit (a disk filling up): the error names the path, no SIGXFSZ")
    func genLogsFileSizeLimit() throws {
        let tool = try #require(Tool.path)
        try withTemporaryDirectory { directory in
            let output = directory + "/logs.ndjson"
            let stderrPath = directory + "/stderr"
            // `ulimit -f` counts blocks of 512 (POSIX shells) or 1024 bytes: a limit far under 2 MB either way.
            let pid = try spawn(["-c", #"ulimit -f 256 && exec "$0" "$@""#, tool, "gen-logs", "--size", "2MB", output],
                                stdout: .path("/dev/null"), stderr: .path(stderrPath), executable: "/bin/sh")
            let ending = try wait(pid, stderrPath: stderrPath)
            expectWriteFailure(ending, message: "tapejson: cannot write to \(output): " + String(cString: strerror(EFBIG)))
        }
    }

    @Test("bench to a full device, table and --json", arguments: [false, true])
    func bench(json: Bool) throws {
        try withTemporaryFile(Inputs.smallDocument, name: "small.json") { path in
            let ending = try run(["bench", "--files", path, "--rounds", "1", "--sample-time", "0.001"] + (json ? ["--json"] : []),
                                 watchdog: 300)
            expectWriteFailure(ending)
        }
    }
}

@Suite("write failures: fmt")
struct WriteFailureFmtTests {
    static let modes: [[String]] = [[], ["--compact"], ["--indent", "4"], ["--sort-keys"]]

    @Test("fmt of a document to a full device (final flush, and mid-stream): exit 2, the message, no signal",
          arguments: modes, [false, true])
    func document(mode: [String], large: Bool) throws {
        try withTemporaryFile(large ? Inputs.largeDocument : Inputs.smallDocument) { path in
            expectWriteFailure(try run(["fmt", path] + mode))
        }
    }

    @Test("fmt --stream to a full device (final flush, and mid-stream): exit 2, the message, no signal",
          arguments: [["--stream"], ["--stream", "--compact"], ["--stream", "--indent", "4"]], [false, true])
    func streamed(mode: [String], large: Bool) throws {
        try withTemporaryFile(large ? Inputs.largeDocument : Inputs.smallDocument) { path in
            expectWriteFailure(try run(["fmt", path] + mode))
        }
    }

    @Test("fmt --lines to a full device, few and many lines", arguments: [[], ["--sort-keys"]], [false, true])
    func lines(mode: [String], many: Bool) throws {
        try withTemporaryFile(many ? Inputs.manyLines : Inputs.fewLines, name: "lines.ndjson") { path in
            expectWriteFailure(try run(["fmt", "--lines", path] + mode))
        }
    }

    @Test("fmt to a closed standard output")
    func closedStandardOutput() throws {
        try withTemporaryFile(Inputs.smallDocument) { path in
            let ending = try run(["fmt", path], stdout: .closed)
            expectWriteFailure(ending, message: "tapejson: cannot write to standard output: " + String(cString: strerror(EBADF)))
        }
    }
}
