import Foundation
import Testing

// Every subcommand reads gzip and zstd input, recognised by its magic bytes (the files here have no
// .gz/.zst name), from a path and from standard input, and prints what it prints for the plain file.
// Compressed data cut short or with a flipped byte is an I/O error (status 2) whose message names the
// input and the compressed data. Fixtures are made at run time by /bin/gzip and /usr/bin/zstd.

/// `count` log lines, every one valid.
private func logLines(_ count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    for k in 0..<count {
        let pad = String(repeating: "y", count: (k * 31) % 53)
        bytes += Array(#"{"seq":\#(k),"level":"\#(k % 4 == 0 ? "WARN" : "INFO")","msg":"m\#(k) ü \#(pad)","ok":\#(k % 2 == 0)}"#.utf8)
        bytes.append(0x0A)
    }
    return bytes
}

private let lineCount = 6_000
private let plainLines = logLines(lineCount)
private let plainDocument: [UInt8] = {
    var bytes = Array(#"{"meta":{"n":1},"Records":["#.utf8)
    for (k, line) in plainLines.split(separator: 0x0A).enumerated() {
        if k > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes += line
    }
    return bytes + Array("]}\n".utf8)
}()

/// `bytes` through `tool arguments` (standard input to standard output), by posix_spawn.
private func filter(_ tool: String, _ arguments: [String], _ bytes: [UInt8]) throws -> [UInt8] {
    try withTemporaryFile(bytes, name: "plain") { path in
        let directory = (path as NSString).deletingLastPathComponent
        let out = directory + "/packed"
        let err = directory + "/err"
        let pid = try spawn(arguments, stdin: .path(path), stdout: .path(out), stderr: .path(err), executable: tool)
        let ending = try wait(pid, stderrPath: err)
        #expect(ending.status == 0, "\(tool) failed: \(ending.stderr)")
        return try readFile(out)
    }
}

enum CompressedPacking: String, CaseIterable, CustomTestStringConvertible {
    case gzip, gzipMembers, zstd, zstdFrames

    var testDescription: String { rawValue }
    var format: String { rawValue.hasPrefix("gzip") ? "gzip" : "zstd" }

    private func one(_ bytes: [UInt8]) throws -> [UInt8] {
        format == "gzip" ? try filter("/bin/gzip", ["-c", "-n"], bytes) : try filter("/usr/bin/zstd", ["-c", "-q"], bytes)
    }

    /// `plain` packed this way; members and frames split it inside a line.
    func pack(_ plain: [UInt8]) throws -> [UInt8] {
        switch self {
        case .gzip, .zstd: return try one(plain)
        case .gzipMembers, .zstdFrames:
            let cut = plain.count / 2 + 3
            return try one(Array(plain[..<cut])) + one(Array(plain[cut...]))
        }
    }

    /// A byte inside the first member's or frame's compressed blocks.
    func flipOffset(_ plain: [UInt8], packed: [UInt8]) throws -> Int {
        switch self {
        case .gzip, .zstd: return packed.count / 2
        case .gzipMembers, .zstdFrames: return try one(Array(plain[..<(plain.count / 2 + 3)])).count / 2
        }
    }
}

/// Writes `files` (name, bytes) into a temporary directory and runs `body` with their paths.
private func withFiles<R>(_ files: [(String, [UInt8])], _ body: ([String]) throws -> R) throws -> R {
    try withTemporaryDirectory { directory in
        var paths: [String] = []
        for (name, bytes) in files {
            let path = directory + "/" + name
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw POSIXError(call: "open \(path)", code: errno) }
            writeAll(fd, bytes)
            close(fd)
            paths.append(path)
        }
        return try body(paths)
    }
}

@Suite("Compressed input through every subcommand")
struct CompressedInputCLITests {
    @Test("lines, validate, fmt, events, paths: the same output as for the plain input, from a path and from stdin",
          arguments: CompressedPacking.allCases)
    func sameOutput(packing: CompressedPacking) throws {
        let packedLines = try packing.pack(plainLines)
        let packedDocument = try packing.pack(plainDocument)
        try withFiles([("plain.ndjson", plainLines), ("plain.json", plainDocument),
                       ("app.log.1", packedLines), ("trail", packedDocument)]) { paths in
            let (plainPath, plainDocPath, path, docPath) = (paths[0], paths[1], paths[2], paths[3])
            for jobs in ["1", "2"] {
                let counted = try tapejson(["lines", "--count", "--quiet", "--jobs", jobs, path])
                #expect(counted.status == 0 && counted.stdout == "\(lineCount)\n", "\(counted.stderr)")
                let piped = try tapejson(["lines", "--count", "--quiet", "--jobs", jobs, "-"], stdin: packedLines)
                #expect(piped.status == 0 && piped.stdout == "\(lineCount)\n", "\(piped.stderr)")
                let items = try tapejson(["lines", "--items", "/Records", "--count", "--quiet", "--jobs", jobs, docPath])
                #expect(items.status == 0 && items.stdout == "\(lineCount)\n", "\(items.stderr)")
            }
            let printed = try tapejson(["lines", "--quiet", path])
            #expect(printed.status == 0 && printed.stdout == String(decoding: plainLines, as: UTF8.self))
            let fields = try tapejson(["lines", "--quiet", "--fields", "seq", "--where", "level=WARN", "-"], stdin: packedLines)
            #expect(fields.status == 0 && fields.stdout.split(separator: "\n").count == lineCount / 4)

            for arguments in [["validate", "--lines"], ["validate"]] {
                let target = arguments.count == 2 ? path : docPath
                let packed = arguments.count == 2 ? packedLines : packedDocument
                let result = try tapejson(arguments + [target])
                #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result.stderr)")
                let fromStdin = try tapejson(arguments + ["-"], stdin: packed)
                #expect(fromStdin.status == 0 && fromStdin.stderr.isEmpty, "\(arguments) -: \(fromStdin.stderr)")
            }

            // Each command's output for the compressed input equals its output for the plain one.
            let commands: [([String], Bool)] = [
                (["fmt"], false), (["fmt", "--stream"], false), (["fmt", "--sort-keys"], false), (["fmt", "--lines"], true),
                (["events"], false), (["events", "--lines"], true), (["paths"], false), (["paths", "--lines"], true),
            ]
            for (command, readsLines) in commands {
                let expected = try tapejson(command + [readsLines ? plainPath : plainDocPath])
                #expect(expected.status == 0)
                let fromPath = try tapejson(command + [readsLines ? path : docPath])
                #expect(fromPath.status == 0, "\(command): \(fromPath.stderr)")
                #expect(fromPath.stdout == expected.stdout, "\(command) from a path")
                let fromStdin = try tapejson(command + ["-"], stdin: readsLines ? packedLines : packedDocument)
                #expect(fromStdin.status == 0, "\(command) -: \(fromStdin.stderr)")
                #expect(fromStdin.stdout == expected.stdout, "\(command) from stdin")
            }
        }
    }

    @Test("cut short or with a flipped byte: status 2 and a message naming the input and the compressed data",
          arguments: CompressedPacking.allCases, ["truncated", "flipped"])
    func damaged(packing: CompressedPacking, damage: String) throws {
        let packedLines = try packing.pack(plainLines)
        let packedDocument = try packing.pack(plainDocument)
        func spoil(_ packed: [UInt8], _ plain: [UInt8]) throws -> [UInt8] {
            if damage == "truncated" { return Array(packed[..<(packed.count / 2)]) }
            var bad = packed
            bad[try packing.flipOffset(plain, packed: packed)] ^= 0x55
            return bad
        }
        let badLines = try spoil(packedLines, plainLines)
        let badDocument = try spoil(packedDocument, plainDocument)
        let phrase = damage == "truncated" ? "\(packing.format) data ends early (truncated)" : "\(packing.format) data is corrupt"
        try withFiles([("app.log.1", badLines), ("trail", badDocument)]) { paths in
            let (path, docPath) = (paths[0], paths[1])
            func expectIOError(_ result: RunResult, _ name: String, _ what: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
                #expect(result.status == 2, "\(what): status \(result.status)", sourceLocation: sourceLocation)
                #expect(result.stderr.contains("tapejson: \(name): \(phrase)"), "\(what): \(result.stderr)",
                        sourceLocation: sourceLocation)
                #expect(result.stderr.contains("decompressed output reached byte"), "\(what): \(result.stderr)",
                        sourceLocation: sourceLocation)
                #expect(!result.signaled, sourceLocation: sourceLocation)
            }
            for jobs in ["1", "2"] {
                for policy in ["skip", "report", "fail"] where damage == "truncated" || policy == "skip" {
                    expectIOError(try tapejson(["lines", "--count", "--on-error", policy, "--jobs", jobs, path]), path,
                                  "lines --on-error \(policy) --jobs \(jobs)")
                }
                expectIOError(try tapejson(["lines", "--count", "--on-error", "skip", "--jobs", jobs, "-"], stdin: badLines),
                              "-", "lines - --jobs \(jobs)")
                // A flipped byte may decompress to a broken envelope, which stops the item reader before
                // the data's own check (a stopped stream, not this test's concern); cut short, it cannot.
                if damage == "truncated" {
                    expectIOError(try tapejson(["lines", "--items", "/Records", "--count", "--on-error", "skip", "--jobs", jobs,
                                                docPath]), docPath, "lines --items --jobs \(jobs)")
                }
            }
            for command in [["validate", "--lines"], ["fmt", "--lines"], ["events", "--lines"], ["paths", "--lines"]] {
                expectIOError(try tapejson(command + [path]), path, "\(command)")
                expectIOError(try tapejson(command + ["-"], stdin: badLines), "-", "\(command) -")
            }
            // One document: a flipped byte may decompress to bad JSON that the streaming commands see
            // first (status 1, a JSON error); cut short, the data ends before the document does.
            for command in [["validate"], ["fmt"], ["fmt", "--stream"], ["events"], ["paths"]] {
                let readsWhole = command == ["fmt"]
                if damage == "truncated" || readsWhole {
                    expectIOError(try tapejson(command + [docPath]), docPath, "\(command)")
                    expectIOError(try tapejson(command + ["-"], stdin: badDocument), "-", "\(command) -")
                } else {
                    let result = try tapejson(command + [docPath])
                    #expect(result.status == 1 || result.status == 2, "\(command): \(result.status) \(result.stderr)")
                    #expect(result.stderr.contains(docPath))
                }
            }
        }
    }

    @Test("--shard on compressed input is an error (status 2) that says why")
    func shard() throws {
        let packed = try CompressedPacking.gzip.pack(plainLines)
        try withFiles([("app.log.gz", packed)]) { paths in
            for arguments in [["lines", "--count", "--shard", "0/2", paths[0]],
                              ["lines", "--items", "", "--count", "--shard", "1/2", paths[0]]] {
                let result = try tapejson(arguments)
                #expect(result.status == 2)
                #expect(result.stderr.contains("\(paths[0]): the input is gzip-compressed and cannot be split into shards"),
                        "\(result.stderr)")
            }
        }
    }
}
