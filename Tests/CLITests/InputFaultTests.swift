import Foundation
import Testing

// Faults on the input side of every reading command: a file truncated while `tapejson` reads it (log
// rotation: `truncate -s 0`, `: > file`), a line longer than the maximum document size, a standard input
// already partly read, a /proc file whose size reads as 0. Each gives a clear message and the documented
// exit status (2 for I/O, 1 for invalid input), never a signal.

/// `ExitStatus.usageOrIO` and `ExitStatus.invalid`, as documented in the help and the README.
private let ioStatus: Int32 = 2
private let invalidStatus: Int32 = 1

/// `count` lines of about 70 bytes; with `badEvery`, every such line is not JSON instead.
private func logLines(_ count: Int, badEvery: Int = 0) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count * 72)
    for k in 0..<count {
        if badEvery > 0 && k % badEvery == 0 {
            bytes += Array("this line is not JSON: \(k)\n".utf8)
        } else {
            bytes += Array(#"{"seq":\#(k),"level":"INFO","msg":"request served in \#(k % 97) ms"}"#.utf8) + [0x0A]
        }
    }
    return bytes
}

/// Runs `arguments` on a file of `bytes` whose output (standard output, or standard error with
/// `blockOnStderr`) goes into a pipe this test reads: once the first byte arrives (so the file is open
/// and being read), the file is truncated to 0, then the rest of the output is drained.
private func truncatedWhileRunning(_ arguments: [String], bytes: [UInt8], blockOnStderr: Bool = false) throws -> Ending {
    try withTemporaryDirectory { directory in
        let path = directory + "/app.ndjson"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let stderrPath = directory + "/stderr"
        let ends = try makePipe()
        let pid: pid_t
        do {
            pid = blockOnStderr
                ? try spawn(arguments + [path], stdout: .path("/dev/null"), stderr: .descriptor(ends.write))
                : try spawn(arguments + [path], stdout: .descriptor(ends.write), stderr: .path(stderrPath))
        } catch {
            close(ends.read)
            close(ends.write)
            throw error
        }
        close(ends.write)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var truncated = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(ends.read, $0.baseAddress!, truncated ? $0.count : 1) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            if blockOnStderr { output += buffer[..<n] }
            if !truncated {
                #expect(truncate(path, 0) == 0)
                truncated = true
            }
        }
        close(ends.read)
        var ending = try wait(pid, stderrPath: blockOnStderr ? "/dev/null" : stderrPath)
        if blockOnStderr { ending.stderr = String(decoding: output, as: UTF8.self) }
        #expect(truncated, "the command wrote nothing before it ended; stderr: \(ending.stderr.suffix(500))")
        return ending
    }
}

/// Expects the ending of a run whose input file shrank under it: the I/O status, no signal, and one
/// `tapejson: PATH: the file shrank ...` line.
private func expectShrank(_ ending: Ending, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(ending.signal == 0, "killed by signal \(ending.signal)", sourceLocation: sourceLocation)
    #expect(ending.status == ioStatus, "stderr ends: \(ending.stderr.suffix(300))", sourceLocation: sourceLocation)
    let messages = ending.stderr.split(separator: "\n").filter { $0.contains("the file shrank while it was read") }
    #expect(messages.count == 1, "stderr ends: \(ending.stderr.suffix(300))", sourceLocation: sourceLocation)
    #expect(messages.first?.hasPrefix("tapejson: /") == true, sourceLocation: sourceLocation)
    #expect(messages.first?.contains("reading stopped at byte") == true, sourceLocation: sourceLocation)
}

@Suite("input faults: a file truncated while tapejson reads it")
struct TruncatedInputCommandTests {
    // 24 MB: more than the 16 MiB a single-worker pass reads before it writes anything.
    @Test("lines, one worker and two", arguments: [1, 2])
    func lines(jobs: Int) throws {
        expectShrank(try truncatedWhileRunning(["lines", "--jobs", "\(jobs)"], bytes: logLines(340_000)))
    }

    @Test("lines --count --on-error report (blocked on its reports)")
    func linesCount() throws {
        let ending = try truncatedWhileRunning(["lines", "--count", "--on-error", "report", "--jobs", "1"],
                                               bytes: logLines(340_000, badEvery: 10), blockOnStderr: true)
        expectShrank(ending)
    }

    @Test("validate --lines (blocked on its reports)")
    func validateLines() throws {
        let ending = try truncatedWhileRunning(["validate", "--lines"], bytes: logLines(340_000, badEvery: 10),
                                               blockOnStderr: true)
        expectShrank(ending)
    }
}

@Suite("input faults: lines over --max-document-size, standard input at an offset, /proc files")
struct OddInputCommandTests {
    /// `{"n":1}`, a line of 5,000 bytes, `{"n":3}`.
    static let withLongLine: [UInt8] = Array(#"{"n":1}"#.utf8) + [0x0A]
        + Array(#"{"s":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 4990) + Array(#""}"#.utf8) + [0x0A]
        + Array(#"{"n":3}"#.utf8) + [0x0A]

    @Test("lines: a line over the maximum is a bad line under each policy", arguments: ["fail", "skip", "report"])
    func linesTooLarge(policy: String) throws {
        try withTemporaryFile(Self.withLongLine, name: "long.ndjson") { path in
            let result = try tapejson(["lines", path, "--max-document-size", "1000", "--on-error", policy])
            #expect(!result.signaled)
            let message = "\(path):2:1: document too large"
            switch policy {
            case "fail":
                #expect(result.status == invalidStatus)
                #expect(result.stdout == #"{"n":1}"# + "\n")
                #expect(result.stderrLines.first?.hasPrefix(message) == true, "\(result.stderr)")
            case "skip":
                #expect(result.status == 0)
                #expect(result.stdout == #"{"n":1}"# + "\n" + #"{"n":3}"# + "\n")
                #expect(result.stderr.contains("3 lines, 2 valid, 1 invalid"))
            default:
                #expect(result.status == invalidStatus)
                #expect(result.stdout == #"{"n":1}"# + "\n" + #"{"n":3}"# + "\n")
                #expect(result.stderrLines.first?.hasPrefix(message) == true, "\(result.stderr)")
            }
        }
    }

    @Test("validate --lines: a line over the maximum, from a file and from a pipe")
    func validateTooLarge() throws {
        try withTemporaryFile(Self.withLongLine, name: "long.ndjson") { path in
            let fromFile = try tapejson(["validate", "--lines", "--max-document-size", "1000", path])
            #expect(fromFile.status == invalidStatus && !fromFile.signaled)
            #expect(fromFile.stderrLines == [Substring("\(path):2:1: document too large (byte 8) near '{\"s\":\"xxxxxxxxxxxxxxxxxx'")])
        }
        let fromPipe = try tapejson(["validate", "--lines", "--max-document-size", "1000", "-"], stdin: Self.withLongLine)
        #expect(fromPipe.status == invalidStatus && !fromPipe.signaled)
        #expect(fromPipe.stderrLines.first?.hasPrefix("-:2:1: document too large") == true)
    }

    @Test("validate --lines accepts a byte order mark, as lines does")
    func validateLinesByteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8) + [0x0A] + Array("[2]\n".utf8)
        try withTemporaryFile(bytes, name: "bom.ndjson") { path in
            let result = try tapejson(["validate", "--lines", path])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        }
        let piped = try tapejson(["validate", "--lines", "-"], stdin: bytes)
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")
    }

    /// Runs `arguments` with standard input on a file of `prefix + rest`, positioned after `prefix`
    /// (`{ read -r x; tapejson ... -; } < file`).
    private func withInputAfter(_ prefix: [UInt8], _ rest: [UInt8], _ arguments: [String]) throws -> Ending {
        try withTemporaryDirectory { directory in
            let path = directory + "/input"
            try Data(prefix + rest).write(to: URL(fileURLWithPath: path))
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw POSIXError(call: "open", code: errno) }
            defer { close(fd) }
            #expect(lseek(fd, off_t(prefix.count), SEEK_SET) == off_t(prefix.count))
            let stdoutPath = directory + "/stdout", stderrPath = directory + "/stderr"
            let pid = try spawn(arguments, stdin: .descriptor(fd), stdout: .path(stdoutPath), stderr: .path(stderrPath))
            var ending = try wait(pid, stderrPath: stderrPath)
            ending.stderr += String(decoding: try readFile(stdoutPath), as: UTF8.self)
            return ending
        }
    }

    @Test("validate, events, lines and validate --lines read standard input from where it stands",
          arguments: [["validate", "-"], ["events", "-"], ["lines", "--count", "-"], ["validate", "--lines", "-"]])
    func standardInputAtOffset(arguments: [String]) throws {
        let ending = try withInputAfter(Array("a first line someone else read\n".utf8), Array(#"{"a":[1,2]}"#.utf8) + [0x0A],
                                        arguments)
        #expect(ending.signal == 0)
        #expect(ending.status == 0, "output: \(ending.stderr)")
    }

    #if os(Linux)
    @Test("a /proc file whose size reads as 0 is read to its end",
          arguments: [["validate"], ["validate", "--lines"], ["events"], ["lines", "--count"]])
    func procFile(arguments: [String]) throws {
        let result = try tapejson(arguments + ["/proc/sys/kernel/pid_max"])
        #expect(result.status == 0 && !result.signaled, "\(result.stderr)")
        if arguments == ["lines", "--count"] { #expect(result.stdout == "1\n") }
        if arguments == ["events"] { #expect(result.stdout.hasPrefix("int ")) }
    }
    #endif

    @Test("lines --array reports the bytes of the whole array in its summary")
    func arraySummaryBytes() throws {
        // 2,000,005 bytes: elements with spaces and line breaks between them, which count too.
        var bytes = Array("[\n".utf8)
        for k in 0..<100_000 {
            let element = (k == 0 ? "" : ",\n") + #"  {"k": \#(k % 10)}"#
            bytes += Array(element.utf8)
        }
        bytes += Array("\n]\n".utf8)
        try withTemporaryFile(bytes, name: "array.json") { path in
            let result = try tapejson(["lines", "--array", "--count", path])
            #expect(result.status == 0)
            let megabytes = String(format: "%.1f MB", Double(bytes.count) / 1e6)
            #expect(result.stderr.contains(megabytes), "\(result.stderr) (expected \(megabytes))")
        }
    }
}
