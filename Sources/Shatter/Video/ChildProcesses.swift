import Foundation

/// The ffmpeg and ffprobe processes this process started that may still run, so that a stop reaches
/// them too: a scheduler's SIGTERM goes to Shatter alone, and an ffprobe checking a sound, or an ffmpeg
/// decoding a clip from a FIFO nobody writes, would otherwise run on after Shatter is gone, or keep it
/// waiting for ever.
public enum ChildProcesses {
    /// What a child is for: reading a user's input (a probe, a clip's decoder), which a stop may cut
    /// short, or writing the output (the video's encoder), which a stop lets finish unless it must end now.
    public enum Role: Sendable {
        case input, output
    }

    /// A weak hold: a child the code that started it has let go of is forgotten.
    private struct Entry: @unchecked Sendable {
        weak var process: Process?
        let role: Role
    }

    private static let started = Locked<[Entry]>([])

    /// Records `process`, started for `role`.
    static func add(_ process: Process, role: Role) {
        started.withLock { entries in
            entries.removeAll { $0.process?.isRunning != true }
            entries.append(Entry(process: process, role: role))
        }
    }

    /// Sends SIGTERM to every child of the given roles still running; returns how many it reached.
    @discardableResult
    public static func terminate(_ roles: Set<Role> = [.input, .output]) -> Int {
        let running = started.withLock { entries in
            entries.compactMap { entry in roles.contains(entry.role) ? entry.process : nil }.filter(\.isRunning)
        }
        for process in running { process.terminate() }
        return running.count
    }
}
