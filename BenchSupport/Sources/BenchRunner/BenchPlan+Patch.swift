import Foundation
import TapeJSON

extension BenchPlan {
    /// The patch every log line gets: one replace and one remove, the common ETL step.
    static let logPatch = #"[{"op":"replace","path":"/level","value":"WARN"},{"op":"remove","path":"/host"}]"#
    /// The same edit in jq.
    static let logPatchJQ = #".level = "WARN" | del(.host)"#

    /// JSON Patch over the generated logs as `tapejson patch --lines --jobs 1` runs it (the lines read,
    /// each patched into its own bytes with a newline, the output gathered 64 KiB at a time and dropped,
    /// as standard output would write it), against the same reader counting the lines (`lines --count
    /// --jobs 1`) and against `jq -c` doing the same edit on a file of the same bytes (a process of its
    /// own, its output to /dev/null; the row is left out when no jq is on the PATH).
    mutating func addPatch(name: String, logs: [UInt8], expected: Int) throws {
        let lines = JSONLines(bytes: logs)
        let patch = try JSONPatch(Self.logPatch)
        var patched = 0
        _ = try lines.map(jobs: 1, { line in try patch.apply(to: line) }, each: { _, _ in patched += 1 })
        guard patched == expected else {
            throw JSONInputError(path: name, reason: "the log patch applied to \(patched) of \(expected) lines")
        }
        let subject = add(Workload(file: name, operation: "patch --lines, replace + remove (1 job)", library: "TapeJSON",
                                   bytes: logs.count) {
            var output: [UInt8] = []
            output.reserveCapacity(1 << 16)
            _ = try lines.map(jobs: 1, { line in
                var bytes = try patch.apply(to: line)
                bytes.append(0x0A)
                return bytes
            }, each: { bytes, _ in
                output.append(contentsOf: bytes)
                if output.count >= 1 << 16 { output.removeAll(keepingCapacity: true) }
            })
        })
        let counted = add(Workload(file: name, operation: "count as lines --count does (1 job)", library: "TapeJSON JSON Lines",
                                   bytes: logs.count) {
            _ = try lines.map(jobs: 1, { _ in () }, each: { _, _ in })
        })
        comparisons.append(Comparison(file: name, operation: "JSON Patch per line (replace + remove) vs counting the lines, 1 job",
                                      subject: subject, baseline: counted))
        cpuReported += [subject, counted]
        guard let jq = Self.executableOnPath("jq") else { return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tapejson-bench-patch-\(getpid()).ndjson")
        try Data(logs).write(to: file)
        let viaJQ = add(.selfTimed(file: name, operation: "patch each line (replace + remove)", library: "jq -c", bytes: logs.count) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: jq)
            process.arguments = ["-c", Self.logPatchJQ, file.path]
            process.standardOutput = FileHandle.nullDevice
            let start = ContinuousClock.now
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw JSONInputError(path: name, reason: "jq failed") }
            return seconds(ContinuousClock.now - start)
        })
        comparisons.append(Comparison(file: name, operation: "JSON Patch per line (replace + remove), 1 job vs jq -c",
                                      subject: subject, baseline: viaJQ))
    }

    /// The first executable named `name` in a directory of `PATH`.
    static func executableOnPath(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
