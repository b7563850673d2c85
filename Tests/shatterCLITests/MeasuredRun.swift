import Foundation
import Glibc
import ShatterTestSupport

/// A `shatter` run that cannot block the tests and reports what it cost: killed (with its process
/// group) after `limit` seconds, so a hang fails the test instead of stopping the suite, and measured
/// by GNU time (Tools/setup.sh installs it).
///
/// Not wait4(2) from here: a child of this large test process is spawned with vfork and exec, and
/// Linux carries the high-water mark of the memory it shared at exec into the child's own, so every
/// child would seem as large as the test runner. time(1) forks from a small process.
struct MeasuredRun {
    /// The exit status, or 128 + the signal that ended it.
    let status: Int32
    let stderr: String
    /// Peak resident memory in bytes.
    let peakResidentBytes: Int
    /// Minor page faults (pages the kernel mapped in and, for fresh memory, zeroed).
    let pageFaults: Int
    /// Whether it was still running after `limit` seconds and was killed.
    let timedOut: Bool

    var errorLines: [String] { stderr.split(whereSeparator: \.isNewline).map(String.init) }

    /// Runs `shatter arguments…`; with `stdinFrom`, its standard input is that shell command's output
    /// (e.g. `yes`), else /dev/null.
    static func shatter(_ arguments: [String], stdinFrom producer: String? = nil, limit: Double = 60) throws -> MeasuredRun {
        // sh runs the pipeline; "$0" "$@" passes the binary and arguments through unquoted-safe.
        let script = producer.map { "\($0) | \"$0\" \"$@\"" } ?? "exec \"$0\" \"$@\""
        return try spawn(["/bin/sh", "-c", script, CLIRun.binary] + arguments, limit: limit)
    }

    private static func spawn(_ command: [String], limit: Double) throws -> MeasuredRun {
        let stderrPath = NSTemporaryDirectory() + "shatter-measured-" + UUID().uuidString
        let memoryPath = stderrPath + "-rss"
        defer {
            unlink(stderrPath)
            unlink(memoryPath)
        }
        let argv = ["/usr/bin/time", "-f", "%M %R", "-o", memoryPath] + command

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Its own process group, so a timeout kills the pipeline's every process.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, environ)
        guard spawned == 0 else {
            throw SpawnFailed(description: "posix_spawn \(argv[0]): \(String(cString: strerror(spawned)))")
        }

        var status: Int32 = 0
        var timedOut = false
        let deadline = Date().addingTimeInterval(limit)
        while true {
            let reaped = waitpid(pid, &status, timedOut ? 0 : WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { throw SpawnFailed(description: "waitpid: \(String(cString: strerror(errno)))") }
            if reaped == 0 && Date() > deadline {
                kill(-pid, SIGKILL)
                timedOut = true
            } else if reaped == 0 {
                usleep(10_000)
            }
        }
        // Whatever else of the group is left (`yes` after shatter exited): nothing may outlive the test.
        kill(-pid, SIGKILL)

        let exited = status & 0x7f == 0
        let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        // time(1) writes "Command exited with non-zero status N" first when it did, then "KiB faults".
        let report = (try? String(contentsOfFile: memoryPath, encoding: .utf8)) ?? ""
        let figures = report.split(whereSeparator: \.isNewline).last.map { $0.split(separator: " ").compactMap { Int($0) } } ?? []
        return MeasuredRun(
            status: code, stderr: stderr, peakResidentBytes: (figures.first ?? 0) * 1024, pageFaults: figures.last ?? 0,
            timedOut: timedOut)
    }

    struct SpawnFailed: Error, CustomStringConvertible { let description: String }
}
