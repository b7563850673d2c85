import Foundation
import Glibc
import Shatter
import Synchronization

/// The signal that asked the run to stop (SIGINT from Ctrl-C, SIGTERM from a scheduler
/// preempting a job), 0 while none has. A plain atomic, because a signal handler may do no more.
private let requestedSignal = Atomic<Int32>(0)

/// What the run is doing, as ``Interruption/Phase``'s raw value; the watchdog reads it.
private let currentPhase = Atomic<Int>(Interruption.Phase.preparing.rawValue)

/// The token every render of this process watches; the signal handler cancels it.
private let renderCancellation = CancellationToken()

/// The pipe's write end the handler wakes the watchdog through (write(2) is all a handler may use).
private let wake = Atomic<Int64>(-1)

/// Stopping a run cleanly, and always: the first SIGINT or SIGTERM cancels the render's token, which the
/// session reads between frames, so frames in flight are finished and no partial file is left; a
/// second one exits at once, for a user who really means it.
///
/// A watchdog thread makes sure the first signal is enough even where the run cannot look at the token:
/// while preparing (probing clips and sounds, reading inputs), or in a render blocked on input that never
/// comes (a clip's frame that is a FIFO a stalled writer holds open). It stops the ffmpeg and ffprobe
/// children that read input, and if the run still has not come back it removes every temporary the
/// process has in progress (``FolderHandle/removeTemporariesAndExit(_:)``) and exits 128 + the signal
/// with one line: whole frames stay, nothing half-written does.
enum Interruption {
    /// What the run is doing when a signal comes, which decides how long the watchdog waits.
    enum Phase: Int {
        /// Nothing a stop must wait for: stop now.
        case preparing
        /// Rendering: the session finishes its frames in flight and returns; the watchdog waits
        /// ``renderGrace`` for that, then stops the children that read input, then waits as long again.
        case rendering
        /// Work that must not be left half done (`compare --update` making a golden folder equal to a
        /// render): the signal is honoured once it is over; the watchdog waits ``criticalGrace``.
        case critical
    }

    /// How long a render has to come back on its own before its input is cut, and again after.
    static let renderGrace: TimeInterval = 2
    /// How long work in a critical section has to end before it is abandoned.
    static let criticalGrace: TimeInterval = 60

    /// Installs the handlers and the watchdog, and returns the token they cancel. Call once, before
    /// any input is read; later calls return the same token.
    @discardableResult
    static func install() -> CancellationToken {
        // Initialise the globals here, not in the handler (lazy initialisation is not signal-safe).
        _ = requestedSignal.load(ordering: .relaxed)
        _ = currentPhase.load(ordering: .relaxed)
        let token = renderCancellation
        var ends: [Int32] = [0, 0]
        guard wake.load(ordering: .relaxed) < 0, pipe(&ends) == 0 else { return token }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }  // no child inherits them
        wake.store(Int64(ends[1]), ordering: .relaxed)
        let readEnd = ends[0]
        let watchdog = Thread { watch(readEnd) }
        watchdog.name = "shatter-interruption"
        watchdog.start()
        // A parent may hand down a mask that blocks them (Foundation's Process does), which would
        // leave the signal pending until exit; this thread takes them.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for number in [SIGINT, SIGTERM] {
            Glibc.signal(number) { number in
                let (exchanged, _) = requestedSignal.compareExchange(expected: 0, desired: number, ordering: .relaxed)
                if !exchanged {
                    // write(2) and a static string: all a handler may use. The frames already written
                    // are whole (atomic renames) and listed in the manifest's journal.
                    let message: StaticString = "\nshatter: stopped at once by a second signal; rerun with --resume to finish\n"
                    _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
                    _exit(128 + number)
                }
                renderCancellation.cancel()
                var byte: UInt8 = 1
                _ = write(Int32(truncatingIfNeeded: wake.load(ordering: .relaxed)), &byte, 1)
            }
        }
        return token
    }

    /// The signal received, if any.
    static var receivedSignal: Int32? {
        let number = requestedSignal.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// "SIGINT" or "SIGTERM".
    static func name(_ signal: Int32) -> String { signal == SIGINT ? "SIGINT" : "SIGTERM" }

    /// Runs `body` in `phase`, back to preparing after it.
    static func during<T>(_ phase: Phase, _ body: () throws -> T) rethrows -> T {
        currentPhase.store(phase.rawValue, ordering: .relaxed)
        defer { currentPhase.store(Phase.preparing.rawValue, ordering: .relaxed) }
        return try body()
    }

    /// The watchdog: waits for the first signal, then for the run to come back as its phase allows.
    private static func watch(_ readEnd: Int32) {
        var byte: UInt8 = 0
        while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
        let signal = receivedSignal ?? SIGTERM
        switch Phase(rawValue: currentPhase.load(ordering: .relaxed)) ?? .preparing {
        case .preparing:
            break
        case .rendering:
            if comesBack(within: renderGrace) { return }
            ChildProcesses.terminate([.input])
            if comesBack(within: renderGrace) { return }
        case .critical:
            if comesBack(within: criticalGrace) { return }
        }
        ChildProcesses.terminate()
        let line = "shatter: stopped by \(name(signal)) before finishing; nothing was left half-written\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        FolderHandle.removeTemporariesAndExit(128 + signal)
    }

    /// Whether the phase the signal came in ends within `seconds` (the run then reports the stop itself).
    private static func comesBack(within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if currentPhase.load(ordering: .relaxed) == Phase.preparing.rawValue { return true }
            usleep(10_000)
        }
        return false
    }
}
