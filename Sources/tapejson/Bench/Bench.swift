import ArgumentParser
import BenchRunner
import BenchmarkEnvironment
import Foundation
import SyntheticLogs
import TapeJSON

/// `tapejson bench`: TapeJSON against Foundation (and native simdjson) on the same inputs, in one process.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare TapeJSON with JSONSerialization, JSONDecoder and native simdjson.",
        discussion: """
            By default runs one row per workload family (typed decode and encode, the generated path, \
            untyped parse on twitter.json; JSON Lines, items, patch and gzip input on 4 MB of generated \
            logs), in about a minute; --full runs every row over the whole corpus bundled in the project \
            (./Corpus) and 16 MB of logs. Workloads are \
            interleaved (every round runs each of them for --sample-time seconds, and at least twice when \
            a run takes under 0.15 s, three times under 0.05 s) and every run is timed on its own; the table shows the fastest run of each workload (the most repeatable figure on a \
            shared machine) and the ratio of the median runs beside it. The header gives the load average \
            before the run (/proc/loadavg), and a warning goes to stderr when it is above half the cores: \
            figures from a busy machine are low. Build with \
            `swift build -c release` and compare only ratios from one run. \
            Exit status: 0 done, 2 usage or I/O errors.
            """ + " " + ExitStatus.outputFailures
    )

    @Option(name: .long, help: "The bundled corpus directory.")
    var corpus: String = "Corpus"

    @Option(name: .long, parsing: .upToNextOption, help: "Benchmark these JSON files instead of the corpus.")
    var files: [String] = []

    @Option(name: .long, help: "Interleaved rounds (every round runs each workload for --sample-time seconds; default 5 for the quick run, 9 with --full, --files, --only or --lines-only).")
    var rounds: Int?

    @Option(name: .long, help: "Seconds each workload runs per round (at least two runs when one takes under 0.15 s, three under 0.05 s).")
    var sampleTime: Double = 0.02

    @Option(name: .long, help: "Bytes of generated JSON Lines logs to benchmark (0 to leave them out; default 4 MB, 16 MB with --full).")
    var logSize: Int?

    @Flag(name: .long, help: "Run every row (every corpus file, the ceiling and limit rows, every JSON Lines form); by default one row per workload family runs, in about a minute.")
    var full = false

    @Option(name: .long, help: "Run only the rows whose operation contains this text (case-insensitive), e.g. \"encode\" or \"data(withJSONObject\".")
    var only: String?

    @Flag(name: .long, help: "Print the results as JSON on stdout.")
    var json = false

    @Flag(name: .long, help: "Run only the JSON Lines rows (generated logs of --log-size bytes), not the corpus.")
    var linesOnly = false

    /// Whether this run is the quick default: one row per workload family (no --full, --files or --only).
    var isQuick: Bool { !full && files.isEmpty && only == nil && !linesOnly }

    /// The rounds: as given, else 5 for the quick run (its fastest runs settle within 5 rounds, and
    /// `make bench` stays within two minutes, build included) or 9.
    var roundCount: Int { rounds ?? (isQuick ? 5 : 9) }

    /// The generated logs' size: as given, else 16 MB (--full, --lines-only) or 4 MB (the quick run).
    var logBytes: Int { logSize ?? (isQuick ? 4_000_000 : 16_000_000) }

    func validate() throws {
        guard roundCount >= 1 else { throw ValidationError("--rounds must be at least 1") }
        guard sampleTime > 0 else { throw ValidationError("--sample-time must be positive") }
        if linesOnly && (logBytes <= 0 || !files.isEmpty) {
            throw ValidationError("--lines-only needs a positive --log-size and no --files")
        }
    }

    func run() throws {
        // Before anything allocates: Foundation's speed depends on the allocator's state (see
        // `AllocatorSettings`), which the Benchmarks package pins the same way.
        let allocator = AllocatorSettings.pinForBenchmarks()
        let inputs: [BenchInput]
        do {
            inputs = linesOnly ? [] : try files.isEmpty ? BenchInput.corpus(at: corpus, only: isQuick ? ["twitter.json"] : nil)
                : files.map { try BenchInput(path: $0) }
        } catch {
            Diagnostics.error("tapejson: \(error)")
            throw ExitCode(ExitStatus.usageOrIO)
        }
        var plan = BenchPlan(twins: .corpusTwins)
        for input in inputs { try plan.add(input) }
        if files.isEmpty && logBytes > 0 {
            // JSON Lines: logs generated in memory, deterministic (`tapejson gen-logs` writes the same).
            // The Benchmarks package reads the same generator's 16 MB.
            let logs = LogGenerator.logs(byteCount: logBytes, seed: 42)
            try plan.addLines(name: "gen-logs \(logBytes / 1_000_000)MB", bytes: logs)
        }
        if let only { plan.keepComparisons(containing: only) }
        if isQuick { plan.keepComparisons(where: BenchPlan.isQuickRow) }

        // The load before measuring: a busy machine is named in the header and warned about here.
        let load = LoadAverage.current()
        if let load, load.isBusy {
            Diagnostics.error(String(format: "tapejson: warning: the machine is busy (load average %.2f over the last minute on %d cores): ",
                                     load.oneMinute, load.cores) + load.busyAdvice)
        }
        let showProgress = isatty(2) == 1 && !json
        let harness = BenchHarness(rounds: roundCount, sampleTime: sampleTime) { message in
            if showProgress { Diagnostics.write("\r\u{1B}[K\(message)") }
        }
        let figures = try harness.measure(plan.workloads)
        if showProgress { Diagnostics.write("\r\u{1B}[K") }
        let report = BenchReport(plan: plan, figures: figures, machine: machineLine(), allocator: allocator, peakMemory: peakResidentBytes(), load: load)
        var out = StandardOutput()
        try out.write(json ? report.json() : report.table())
        try out.flush()
    }
}
