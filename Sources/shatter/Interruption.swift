import Glibc
import Shatter
import Synchronization

/// The signal that asked the render to stop (SIGINT from Ctrl-C, SIGTERM from a scheduler
/// preempting a job), 0 while none has. A plain atomic, because a signal handler may do no more.
private let requestedSignal = Atomic<Int32>(0)

/// The token every render of this process watches; the signal handler cancels it.
private let renderCancellation = CancellationToken()

/// Stopping a render cleanly: the first SIGINT or SIGTERM only cancels the render's token, which the
/// session reads between frames, so frames in flight are finished and no partial file is left; a
/// second one exits at once, for a user who really means it.
enum Interruption {
    /// Installs the handlers and returns the token they cancel. Call once, before rendering.
    static func install() -> CancellationToken {
        // Initialise both globals here, not in the handler (lazy initialisation is not signal-safe).
        _ = requestedSignal.load(ordering: .relaxed)
        let token = renderCancellation
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
            }
        }
        return token
    }

    /// The signal received, if any.
    static var receivedSignal: Int32? {
        let number = requestedSignal.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }
}
