import ArgumentParser
import TapeJSON

/// `tapejson`: validate, inspect and benchmark JSON with TapeJSON.
///
/// Exit codes: 0 success, 1 invalid input, 2 usage or I/O errors.
@main
struct TapeJSONCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tapejson",
        abstract: "Fast JSON validation, inspection and benchmarking on simdjson's tape.",
        discussion: "Exit status: 0 when every input is valid, 1 when any is invalid, 2 for usage or I/O errors "
            + "(output that cannot be written included: the error names it on stderr). A reader that stops early "
            + "(| head) ends a command quietly with status 0.",
        version: ToolVersion.current,
        subcommands: [Bench.self, Validate.self, Lines.self, Patch.self, Fmt.self, GenLogs.self, Events.self, Paths.self]
    )

    static func main() {
        // Writes to a closed pipe fail with EPIPE, and writes past the file size limit with EFBIG,
        // instead of killing the process: both are handled where output is written (`OutputError`).
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as OutputError {
            exitForOutputFailure(error)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help and --version
                var out = StandardOutput()
                do { try out.write(fullMessage(for: error) + "\n") } catch { exitForOutputFailure(error) }
                terminate(0)
            }
            if let exitCode = error as? ExitCode { terminate(exitCode.rawValue) }
            let message = fullMessage(for: error)
            if !message.isEmpty { Diagnostics.error(message) }
            terminate(ExitStatus.usageOrIO)
        }
        terminate(0)
    }
}

/// The version `tapejson --version` prints: the one place it is written (bump it with a release).
enum ToolVersion {
    static let current = "0.9.0"
}

/// The exit statuses every subcommand shares.
enum ExitStatus {
    static let invalid: Int32 = 1
    /// Usage errors, unreadable input, and output that cannot be written.
    static let usageOrIO: Int32 = 2

    /// For the help of commands that write: what a failure to write gives.
    static let outputFailures = """
        Output that cannot be written (a full disk, a closed descriptor) counts as an I/O error, \
        reported as 'tapejson: cannot write to standard output: REASON' on stderr. A reader that stops \
        early (| head) ends the command quietly with status 0.
        """
}
