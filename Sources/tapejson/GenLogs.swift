import ArgumentParser
import Foundation
import SyntheticLogs
import TapeJSON

/// `tapejson gen-logs --size 256MB --seed S PATH`
struct GenLogs: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gen-logs",
        abstract: "Write deterministic synthetic application and access logs as JSON Lines.",
        discussion: """
            The same seed and size always give the same bytes. Lines mix ISO-8601 timestamps (UTC and \
            offsets) with epoch-millisecond integers, levels in two casings, services, messages with escapes \
            and non-ASCII text, nested http objects, arrays, nulls, 64-bit integers, and the user id under \
            the keys userId, user_id and UserID. The records follow the corpus's log schema (the LogLine \
            model of CorpusModels). Exit status: 0 done, 2 usage or I/O errors; output that cannot be \
            written (a full disk, a file size limit) gives 'tapejson: cannot write to PATH: REASON' on stderr \
            and status 2 (what was written stays). With '-' (standard output), a reader that stops early \
            (| head) ends the command quietly with status 0.
            """
    )

    @Option(name: .long, help: "Approximate output size: bytes, or a number with KB, MB or GB (powers of 1000).")
    var size: String = "256MB"

    @Option(name: .long, help: "Random seed.")
    var seed: UInt64 = 42

    @Argument(help: "The output file; '-' writes standard output.")
    var path: String

    func run() throws {
        guard let bytes = GenLogs.parseSize(size) else {
            throw ValidationError("--size must be a number of bytes, optionally with KB, MB or GB: got '\(size)'")
        }
        let toStandardOutput = path == "-"
        let destination = toStandardOutput ? StandardOutput.destination : path
        let fd: Int32 = toStandardOutput ? 1 : open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            Diagnostics.error("tapejson: \(path): \(String(cString: strerror(errno)))")
            throw ExitCode(ExitStatus.usageOrIO)
        }
        // A file is closed once, checked, at the end; on a failure it is closed by the `defer` (the
        // failure is what gets reported). Standard output is checked as the process exits (`terminate`).
        var fileOpen = !toStandardOutput
        defer { if fileOpen { close(fd) } }
        var generator = LogGenerator(seed: seed)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        var written = 0
        while written < bytes {
            let before = buffer.count
            generator.appendLine(to: &buffer)
            written += buffer.count - before
            if buffer.count >= 1 << 20 {
                try writeAll(fd, buffer, destination: destination)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try writeAll(fd, buffer, destination: destination)
        if fileOpen {
            fileOpen = false
            // Some file systems (NFS) report a failed write only here.
            if close(fd) != 0 && errno != EINTR { throw OutputError(destination: destination, code: errno) }
        }
    }

    /// `123`, `10KB`, `256MB`, `1GB` (decimal units; also KiB/MiB/GiB in powers of 1024).
    static func parseSize(_ text: String) -> Int? {
        let upper = text.uppercased().trimmingCharacters(in: .whitespaces)
        let units: [(String, Int)] = [("KIB", 1 << 10), ("MIB", 1 << 20), ("GIB", 1 << 30),
                                      ("KB", 1000), ("MB", 1_000_000), ("GB", 1_000_000_000), ("B", 1)]
        for (suffix, factor) in units where upper.hasSuffix(suffix) {
            guard let n = Double(upper.dropLast(suffix.count)), n >= 0 else { return nil }
            return Int(n * Double(factor))
        }
        guard let n = Int(upper), n >= 0 else { return nil }
        return n
    }
}
