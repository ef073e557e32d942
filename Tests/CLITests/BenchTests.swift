import Foundation
import Testing

// `tapejson bench` is the README's first command. These tests check what it reports and how, on tiny
// inputs and very short runs; they never look at the timings themselves (a debug build on a shared
// machine says nothing about speed).

@Suite("bench")
struct BenchTests {
    /// The rows of `tapejson bench --json`, parsed.
    private func benchJSON(_ arguments: [String]) throws -> (object: [String: Any], rows: [[String: Any]]) {
        let result = try tapejson(["bench", "--json"] + arguments, watchdog: 300)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rows = try #require(object["results"] as? [[String: Any]])
        return (object, rows)
    }

    @Test("--files: every comparison has a fastest-run ratio, a median ratio and the runs behind them")
    func filesAsJSON() throws {
        let path = Paths.corpus.appendingPathComponent("github_events.json").path
        let (object, rows) = try benchJSON(["--files", path, "--rounds", "2", "--sample-time", "0.002"])
        #expect((object["machine"] as? String)?.contains("simdjson kernel: ") == true)
        #expect((object["simdjson_kernel"] as? String)?.isEmpty == false)
        // Both benchmarks pin the allocator's state before measuring, and say so.
        #expect((object["allocator"] as? String)?.contains("malloc") == true)
        let operations = Set(rows.compactMap { $0["operation"] as? String })
        #expect(operations.isSuperset(of: ["parse to tape vs native simdjson", "parse to tape vs JSONSerialization",
                                           "parse + event walk vs native parse",
                                           "TapeJSONSerialization vs JSONSerialization",
                                           "decode Array<GitHubEvent>",
                                           "(limit) decode Array<GitHubEvent>: parse + event walk + a String per string value vs JSONDecoder"]))
        for row in rows {
            #expect(row["file"] as? String == "github_events.json")
            for key in ["ratio", "median_ratio", "tapejson_mb_per_s", "baseline_mb_per_s"] {
                let value = try #require(row[key] as? Double, "\(key) in \(row)")
                #expect(value.isFinite && value > 0, "\(key) in \(row)")
            }
            // Two rounds, at least one run of each workload per round, every run timed on its own.
            #expect((row["tapejson_runs"] as? Int ?? 0) >= 2)
            #expect((row["baseline_runs"] as? Int ?? 0) >= 2)
        }
    }

    @Test("a workload whose run takes under 0.05 s runs at least three times per round, whatever --sample-time")
    func shortRunsRunThreeTimes() throws {
        let path = Paths.corpus.appendingPathComponent("github_events.json").path
        // A sample time far below one run: without the floor, every workload would run once per round.
        let (_, rows) = try benchJSON(["--files", path, "--rounds", "1", "--sample-time", "0.000001"])
        // Parsing 65 KB to a tape, in simdjson or through the shim, takes well under 0.05 s in any build
        // (the decode rows may not, in a debug build under AddressSanitizer).
        let parse = try #require(rows.first { $0["operation"] as? String == "parse to tape vs native simdjson" })
        #expect(parse["tapejson_runs"] as? Int == 3, "\(parse)")
        #expect(parse["baseline_runs"] as? Int == 3, "\(parse)")
    }

    @Test("the table names the machine, the statistic and both ratios")
    func table() throws {
        let path = Paths.corpus.appendingPathComponent("github_events.json").path
        let result = try tapejson(["bench", "--files", path, "--rounds", "1", "--sample-time", "0.001"], watchdog: 300)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("TapeJSON bench — ") == true)
        #expect(lines.first?.contains("simdjson kernel: ") == true)
        #expect(result.stdout.contains("fastest run of each workload"))
        #expect(lines.dropFirst().first?.hasPrefix("allocator: ") == true)
        let header = try #require(lines.first { $0.hasPrefix("file ") })
        #expect(header.contains("ratio") && header.contains("median ratio"))
        #expect(lines.contains { $0.hasPrefix("github_events.json") && $0.contains("decode Array<GitHubEvent>") })
    }

    @Test("--lines-only: the JSON Lines rows over generated logs")
    func linesOnly() throws {
        let (_, rows) = try benchJSON(["--lines-only", "--log-size", "200000", "--rounds", "1", "--sample-time", "0.001"])
        let operations = Set(rows.compactMap { $0["operation"] as? String })
        #expect(operations.contains("JSON Lines count vs native parse_many"))
        #expect(operations.contains("JSON Lines decode LogLine vs JSONDecoder per line"))
        #expect(operations.contains("JSON Lines forEach + line.decode(LogLine) vs decode(_:using:)"))
        // The decodes' limits: parse, event walk and a String per string value, no model.
        #expect(operations.contains("(limit) JSON Lines decode LogLine: parse + event walk + a String per string value vs JSONDecoder per line"))
        #expect(operations.contains { $0.hasPrefix("(limit) decode per call: LogLine, ") })
        // The machine's own ceiling for the workers' row: independent passes on as many threads.
        #expect(operations.contains { $0.hasPrefix("(ceiling) ") && $0.hasSuffix(" independent LogLine passes vs 1") })
        // Items at a pointer: the same records in an envelope (1 and 2 jobs), and an array of small numbers.
        #expect(operations.contains("items /Records count vs the same records as JSON Lines, 1 job"))
        #expect(operations.contains("items /Records count vs the same records as JSON Lines, 2 jobs"))
        #expect(operations.contains("items '' count, 2 jobs vs native parse of the whole array"))
        // Compressed logs: counted as `lines --count` counts them, against the decompressor alone and plain input.
        for format in ["gzip", "zstd"] {
            #expect(operations.contains("JSON Lines count, \(format) input vs the decompressor alone"))
            #expect(operations.contains("JSON Lines count, \(format) input vs plain input"))
        }
        // JSON Patch on every line, against counting the lines (and against jq -c when it is installed).
        #expect(operations.contains("JSON Patch per line (replace + remove) vs counting the lines, 1 job"))
        #expect(rows.allSatisfy { ($0["file"] as? String).map { $0.hasPrefix("gen-logs") || $0.hasSuffix(" small numbers") } == true })
        #expect(rows.allSatisfy { ($0["ratio"] as? Double).map { $0.isFinite && $0 > 0 } == true })
    }

    /// `tapejson bench ARGUMENTS` with the load average read from a file holding `loadavg`.
    private func benchUnderLoad(_ loadavg: String, _ arguments: [String]) throws -> Ending {
        try withTemporaryDirectory { directory in
            let loadPath = directory + "/loadavg"
            try Data(loadavg.utf8).write(to: URL(fileURLWithPath: loadPath))
            let tool = try #require(Tool.path)
            let stdoutPath = directory + "/stdout", stderrPath = directory + "/stderr"
            let pid = try spawn(["TAPEJSON_LOADAVG_FILE=\(loadPath)", tool, "bench"] + arguments,
                                stdout: .path(stdoutPath), stderr: .path(stderrPath), executable: "/usr/bin/env")
            var ending = try wait(pid, stderrPath: stderrPath, watchdog: 300)
            ending.stderr = String(decoding: try readFile(stdoutPath), as: UTF8.self) + "\n--- stderr\n" + ending.stderr
            return ending
        }
    }

    @Test("the header gives the load average; a busy machine is warned about on stderr and in the header")
    func loadAverage() throws {
        let path = Paths.corpus.appendingPathComponent("github_events.json").path
        let arguments = ["--files", path, "--rounds", "1", "--sample-time", "0.001", "--only", "parse to tape vs native"]
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let idle = try benchUnderLoad("0.00 0.01 0.05 1/200 12345\n", arguments)
        #expect(idle.status == 0, "\(idle.stderr)")
        #expect(idle.stderr.contains("\nload average before the run: 0.00, 0.01, 0.05 (1, 5, 15 min; \(cores) cores)\n"), "\(idle.stderr)")
        #expect(!idle.stderr.contains("busy"))
        let busy = try benchUnderLoad("\(cores).50 1.00 0.50 3/200 12345\n", arguments)
        #expect(busy.status == 0, "\(busy.stderr)")
        #expect(busy.stderr.contains("load average before the run: \(cores).50, 1.00, 0.50 (1, 5, 15 min; \(cores) cores) — busy: "),
                "\(busy.stderr)")
        #expect(busy.stderr.contains("tapejson: warning: the machine is busy (load average \(cores).50 over the last minute on \(cores) cores)"))
        // The real /proc/loadavg: the line is there, whatever the load.
        let real = try tapejson(["bench"] + arguments, watchdog: 300)
        #expect(real.stdout.split(separator: "\n").dropFirst(2).first?.hasPrefix("load average before the run: ") == true,
                "\(real.stdout)")
        let json = try benchJSON(Array(arguments.dropFirst(0)))
        #expect((json.object["load_average"] as? [Double])?.count == 3)
    }

    @Test("a missing file or bad options are usage errors (exit 2)")
    func usageErrors() throws {
        let missing = try tapejson(["bench", "--files", "/nonexistent/tapejson-bench.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/tapejson-bench.json"))
        #expect(try tapejson(["bench", "--rounds", "0"]).status == 2)
        #expect(try tapejson(["bench", "--lines-only", "--log-size", "0"]).status == 2)
    }
}
