import Foundation
import Testing

// `tapejson patch`: one document from a file or standard input, inline and file patches, --merge,
// --lines and --items under each error policy, --jobs and --shard, compressed input, exit statuses,
// and a full device.

@Suite("patch")
struct PatchCommandTests {
    static let document = "{ \"a\": 1.0E2, \"s\": \"caf\\u00e9 \\/\",\n  \"list\": [ 1, 2 ], \"big\": 123456789012345678901234567890 }\n"
    static let replaceAndRemove = #"[{"op":"replace","path":"/a","value": [ true ]},{"op":"remove","path":"/list/0"}]"#
    static let patched = "{ \"a\": [true], \"s\": \"caf\\u00e9 \\/\",\n  \"list\": [ 2 ], \"big\": 123456789012345678901234567890 }\n"

    // MARK: - One document

    @Test("a file, patched inline, keeps every untouched byte")
    func fileWithInlinePatch() throws {
        try withTemporaryFile(Array(Self.document.utf8)) { path in
            let result = try tapejson(["patch", Self.replaceAndRemove, path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == Self.patched)
            #expect(result.stderr.isEmpty)
        }
    }

    @Test("standard input ('-' or none), the patch from a file")
    func standardInputWithPatchFile() throws {
        try withTemporaryFile(Array(Self.replaceAndRemove.utf8), name: "patch.json") { patchPath in
            for arguments in [["patch", patchPath], ["patch", patchPath, "-"]] {
                let result = try tapejson(arguments, stdin: Array(Self.document.utf8))
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout == Self.patched)
            }
        }
    }

    @Test("--merge applies an RFC 7396 merge patch")
    func mergePatch() throws {
        let result = try tapejson(["patch", "--merge", #"{"s": null, "list": {"n": 1, "x": null}, "new": "v"}"#],
                                  stdin: Array(Self.document.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "{ \"a\": 1.0E2, \"list\": {\"n\":1}, \"big\": 123456789012345678901234567890,\"new\":\"v\" }\n")
    }

    @Test("a failed operation is status 1, naming the operation and pointer, with nothing written")
    func failedOperation() throws {
        let result = try tapejson(["patch", #"[{"op":"remove","path":"/s"},{"op":"test","path":"/a","value":99}]"#],
                                  stdin: Array(Self.document.utf8))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "tapejson: -: operation 1 (test) at '/a': the value is not equal to the one given\n")
    }

    @Test("a document that is not JSON is status 1, located")
    func invalidDocument() throws {
        let result = try tapejson(["patch", "[]"], stdin: Array("{\"a\": [1,}".utf8))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("-:1:"), "\(result.stderr)")
    }

    @Test("a malformed patch, a missing file or bad options are status 2")
    func usageErrors() throws {
        let malformed = try tapejson(["patch", #"[{"op":"add","path":"/a"}]"#], stdin: Array("{}".utf8))
        #expect(malformed.status == 2)
        #expect(malformed.stderr == "tapejson: the patch: operation 0 (add), member 'value': missing\n")
        let notJSON = try tapejson(["patch", "no-such-patch-file"], stdin: Array("{}".utf8))
        #expect(notJSON.status == 2 && !notJSON.stderr.isEmpty)
        let missing = try tapejson(["patch", "[]", "/no/such/file.json"])
        #expect(missing.status == 2 && !missing.stderr.isEmpty)
        let jobs = try tapejson(["patch", "--jobs", "2", "[]"], stdin: Array("{}".utf8))
        #expect(jobs.status == 2)
        let both = try tapejson(["patch", "--lines", "--items", "", "[]"], stdin: Array("{}".utf8))
        #expect(both.status == 2)
    }

    // MARK: - Lines and items

    static let lines = "{\"a\":1,\"b\":\"x\"}\n{\"a\":\n{\"b\":2}\n{\"b\": 3, \"a\" : 4 }\n"
    static let linePatch = #"[{"op":"replace","path":"/a","value":0},{"op":"remove","path":"/b"}]"#

    @Test("--lines under --on-error fail stops at the first bad line, status 1")
    func linesFail() throws {
        let result = try tapejson(["patch", "--lines", Self.linePatch], stdin: Array(Self.lines.utf8))
        #expect(result.status == 1)
        #expect(result.stdout == "{\"a\":0}\n")
        #expect(result.stderrLines.first == "-:2:6: unexpected end of input near '{\"a\":'", "\(result.stderr)")
    }

    @Test("--lines under skip and report: a line that is not JSON and a line whose patch fails both go through the policy")
    func linesSkipAndReport() throws {
        for policy in ["skip", "report"] {
            let result = try tapejson(["patch", "--lines", "--on-error", policy, "--jobs", "2", Self.linePatch],
                                      stdin: Array(Self.lines.utf8))
            #expect(result.status == (policy == "skip" ? 0 : 1), "\(policy): \(result.stderr)")
            #expect(result.stdout == "{\"a\":0}\n{\"a\" : 0 }\n")
            let reported = result.stderrLines.filter { $0.hasPrefix("-:") }
            #expect(reported == (policy == "skip" ? [] : ["-:2:6: unexpected end of input near '{\"a\":'",
                                                         "-:3:1: operation 0 (replace) at '/a': no member 'a'"]), "\(result.stderr)")
            #expect(result.stderrLines.last?.contains("4 lines, 2 valid, 2 invalid, 2 written") == true, "\(result.stderr)")
        }
    }

    @Test("--lines --shard patches its shard of a file; --quiet drops the summary")
    func linesShard() throws {
        var text = ""
        for k in 0..<1000 { text += "{\"k\":\(k),\"drop\":true}\n" }
        try withTemporaryFile(Array(text.utf8), name: "in.ndjson") { path in
            var outputs = ""
            for shard in 0..<3 {
                let result = try tapejson(["patch", "--lines", "--quiet", "--shard", "\(shard)/3", #"[{"op":"remove","path":"/drop"}]"#, path])
                #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
                outputs += result.stdout
            }
            #expect(outputs == text.replacingOccurrences(of: ",\"drop\":true", with: ""))
        }
    }

    @Test("--items patches each item of a document, one line each")
    func items() throws {
        let document = "{\"Records\": [\n  {\"id\": 1, \"n\": 1.50},\n  {\"id\": 2,\n   \"n\": 2}\n]}"
        let result = try tapejson(["patch", "--items", "/Records", "--merge", #"{"id": null, "ok": true}"#],
                                  stdin: Array(document.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "{\"n\":1.50,\"ok\":true}\n{\"n\":2,\"ok\":true}\n")
    }

    @Test("--lines reads compressed input", arguments: [CompressedPacking.gzip, .zstd])
    func compressed(_ packing: CompressedPacking) throws {
        try withTemporaryFile(try packing.pack(Array(Self.lines.utf8)), name: "in.ndjson.packed") { path in
            let result = try tapejson(["patch", "--lines", "--on-error", "skip", Self.linePatch, path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "{\"a\":0}\n{\"a\" : 0 }\n")
        }
    }

    // MARK: - Output that cannot be written

    @Test("a full device is status 2 with one clear message, never a signal",
          arguments: [["patch", "[]"], ["patch", "--lines", "[]"], ["patch", "--merge", "--lines", "--jobs", "2", "{}"]])
    func fullDevice(_ arguments: [String]) throws {
        var text = ""
        for k in 0..<40_000 { text += "{\"k\":\(k),\"text\":\"some words to fill the output\"}\n" }
        let input = arguments.contains("--lines") ? text : "[" + String(repeating: "1,", count: 100_000) + "1]"
        try withTemporaryFile(Array(input.utf8)) { path in
            try withTemporaryDirectory { directory in
                let stderrPath = directory + "/stderr"
                let pid = try spawn(arguments + [path], stdout: .path("/dev/full"), stderr: .path(stderrPath))
                let ending = try wait(pid, stderrPath: stderrPath)
                #expect(ending.signal == 0, "\(ending.stderr)")
                #expect(ending.status == 2, "\(ending.stderr)")
                #expect(ending.writeErrors.map(String.init) == ["tapejson: cannot write to standard output: " + String(cString: strerror(ENOSPC))],
                        "\(ending.stderr)")
            }
        }
    }
}
