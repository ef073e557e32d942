import Foundation
import TapeJSON

/// One measured operation on one input: what it does, which library does it, the bytes it processes per
/// run, and how to time one run of it (returning its elapsed seconds).
public struct Workload {
    let file: String
    let operation: String
    let library: String
    let bytes: Int
    let timedRun: () throws -> Double

    /// A workload timed around a Swift closure.
    init(file: String, operation: String, library: String, bytes: Int, run: @escaping () throws -> Void) {
        self.init(file: file, operation: operation, library: library, bytes: bytes, timed: {
            let start = ContinuousClock.now
            try run()
            return seconds(ContinuousClock.now - start)
        })
    }

    /// A workload that times itself (the native C++ reference loops, whose clock leaves out setting up
    /// the parser): `timed` makes one run and returns its seconds.
    static func selfTimed(file: String, operation: String, library: String, bytes: Int,
                          timed: @escaping () throws -> Double) -> Workload {
        Workload(file: file, operation: operation, library: library, bytes: bytes, timed: timed)
    }

    private init(file: String, operation: String, library: String, bytes: Int, timed: @escaping () throws -> Double) {
        self.file = file
        self.operation = operation
        self.library = library
        self.bytes = bytes
        self.timedRun = timed
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

/// A TapeJSON workload and what it is compared with (indexes into the measured workloads).
public struct Comparison {
    /// The input's name.
    public let file: String
    /// What the row compares.
    public let operation: String
    let subject: Int
    let baseline: Int
}

/// The samples of one workload: the elapsed seconds of every single run, and the process's CPU seconds
/// (user + system, all threads) per run, one figure per round.
struct Samples {
    var secondsPerRun: [Double] = []
    var cpuSecondsPerRun: [Double] = []

    /// The fastest run: what the operation costs when nothing else on the machine gets in its way.
    var best: Double { secondsPerRun.min() ?? .nan }
    var median: Double { Samples.median(secondsPerRun) }
    /// The run a quarter of the way from the fastest (nearest rank), as package-benchmark's p25.
    var lowerQuartile: Double {
        let sorted = secondsPerRun.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[max(0, Int((Double(sorted.count) * 0.25).rounded(.up)) - 1)]
    }
    var cpuMedian: Double { Samples.median(cpuSecondsPerRun) }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}

/// The figures of a bench run, per workload (seconds per run).
public struct BenchFigures {
    /// The fastest single run. The headline statistic: on a shared or virtual machine, other tenants
    /// only ever slow a run down, so the fastest run is the most repeatable estimate of an operation's
    /// own cost (two runs of the bench agree on it far better than on medians). It is what the Benchmarks
    /// package reports as p0.
    var best: [Double]
    /// The run a quarter of the way from the fastest (the Benchmarks package's p25).
    var lowerQuartile: [Double]
    /// The median single run (the Benchmarks package's p50).
    var median: [Double]
    /// CPU seconds (user + system, all threads of the process) per run, the median over rounds: on a
    /// shared machine, what a run costs independently of whether other processes left the cores free.
    var cpuSeconds: [Double]
    /// How many runs each figure was taken from.
    var runs: [Int]
}

/// CPU seconds (user + system) this process has used so far, all threads together.
func processCPUSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
}

/// Times workloads by interleaving them: every round runs each workload for about `sampleTime` seconds,
/// timing every run on its own, so drift in the machine's speed hits all of them alike. Figures are the
/// fastest run and the median run of each workload over all rounds.
public struct BenchHarness {
    var rounds: Int
    var sampleTime: Double
    var progress: (String) -> Void

    /// A harness running `rounds` rounds of about `sampleTime` seconds per workload, telling `progress`
    /// what it runs.
    public init(rounds: Int, sampleTime: Double, progress: @escaping (String) -> Void) {
        self.rounds = rounds
        self.sampleTime = sampleTime
        self.progress = progress
    }

    /// A workload whose run is shorter than this gets at least two runs per round...
    static let shortRun = 0.15
    /// ...and at least three when it is shorter than this.
    static let veryShortRun = 0.05

    /// How many runs of `work` make up its turn in a round: about `sampleTime` seconds of runs, and at
    /// least two or three when one run is shorter than `shortRun` or `veryShortRun`. The workloads that
    /// take longer than `sampleTime` would otherwise get one run per round, and their fastest run, the
    /// figure the table shows, would rest on as few runs as there are rounds: Foundation's slower rows,
    /// TapeJSON's JSON Lines rows and its serialization of number-heavy files. Runs in a row also see the
    /// allocator as the previous run of the same work left it, as a program repeating one task does.
    func calibrate(_ work: Workload) throws -> Int {
        var iterations = 1
        while true {
            let seconds = try time(work, iterations: iterations).reduce(0, +)
            if seconds >= sampleTime / 4 || iterations >= 1 << 20 {
                let perRun = max(seconds, 1e-9) / Double(iterations)
                let runs = Int((sampleTime / perRun).rounded())
                return max(perRun < Self.veryShortRun ? 3 : perRun < Self.shortRun ? 2 : 1, runs)
            }
            iterations *= 4
        }
    }

    /// The elapsed seconds of each of `iterations` runs of `work`, timed one by one.
    func time(_ work: Workload, iterations: Int) throws -> [Double] {
        var runs: [Double] = []
        runs.reserveCapacity(iterations)
        for _ in 0..<iterations { runs.append(try work.timedRun()) }
        return runs
    }

    /// Measures every workload, interleaved, and returns the fastest and median seconds per run of each,
    /// with the median CPU seconds per run.
    public func measure(_ workloads: [Workload]) throws -> BenchFigures {
        var iterations: [Int] = []
        for (n, work) in workloads.enumerated() {
            progress("calibrating \(n + 1)/\(workloads.count): \(work.file) \(work.operation) (\(work.library))")
            iterations.append(try calibrate(work))
        }
        var samples = Array(repeating: Samples(), count: workloads.count)
        for round in 0..<rounds {
            for (n, work) in workloads.enumerated() {
                progress("round \(round + 1)/\(rounds), \(n + 1)/\(workloads.count): \(work.file) \(work.operation) (\(work.library))")
                let cpuBefore = processCPUSeconds()
                let runs = try time(work, iterations: iterations[n])
                let cpu = processCPUSeconds() - cpuBefore
                samples[n].secondsPerRun += runs
                samples[n].cpuSecondsPerRun.append(cpu / Double(iterations[n]))
            }
        }
        return BenchFigures(best: samples.map(\.best), lowerQuartile: samples.map(\.lowerQuartile),
                            median: samples.map(\.median),
                            cpuSeconds: samples.map(\.cpuMedian), runs: samples.map(\.secondsPerRun.count))
    }
}

/// Peak resident memory of this process so far, in bytes.
public func peakResidentBytes() -> Int {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #else
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)  // bytes on Darwin
    #endif
}

/// One line naming the machine, the simdjson kernel and the build: printed beside every figure.
public func machineLine() -> String {
    var cpu = "unknown CPU"
    if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
       let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
       let colon = line.firstIndex(of: ":") {
        cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    #if DEBUG
    let build = "DEBUG build (figures not meaningful: use -c release)"
    #else
    let build = "release build"
    #endif
    return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores; simdjson kernel: \(SIMDImplementation.name); \(build)"
}

/// The system's load average (`/proc/loadavg`), read before a benchmark starts: on a busy machine the
/// figures are low, the several-worker rows most of all (issue 26: "2 workers vs 1 worker 0.98x" on a
/// machine whose other tenants took the second core).
public struct LoadAverage {
    /// Runnable processes, averaged over the last minute.
    public let oneMinute: Double
    let fiveMinutes: Double
    let fifteenMinutes: Double
    /// The cores the figures are for.
    public let cores: Int

    /// Busy: more runnable processes over the last minute than half the cores.
    static let busyFraction = 0.5

    /// Read from `/proc/loadavg`, or from the file `TAPEJSON_LOADAVG_FILE` names (for tests); nil when
    /// neither can be read.
    public static func current(cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> LoadAverage? {
        let path = ProcessInfo.processInfo.environment["TAPEJSON_LOADAVG_FILE"] ?? "/proc/loadavg"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).prefix(3).compactMap { Double($0) }
        guard fields.count == 3 else { return nil }
        return LoadAverage(oneMinute: fields[0], fiveMinutes: fields[1], fifteenMinutes: fields[2], cores: max(1, cores))
    }

    /// Whether the machine was busy when the run started.
    public var isBusy: Bool { oneMinute > Self.busyFraction * Double(cores) }

    /// `load average before the run: 0.12, 0.30, 0.25 (1, 5, 15 min; 2 cores)`, and the warning when busy.
    var line: String {
        String(format: "load average before the run: %.2f, %.2f, %.2f (1, 5, 15 min; %d cores)",
               oneMinute, fiveMinutes, fifteenMinutes, cores) + (isBusy ? " — busy: " + busyAdvice : "")
    }

    /// What a busy machine means for the figures.
    public var busyAdvice: String {
        "other processes are running, so the figures (the several-worker rows most) will be low; rerun on an idle machine"
    }
}
