import Glibc

/// The fewest open files Shatter starts with. A render holds a few dozen descriptors at once (its
/// folder, lock, journal and temporary frame, Foundation's pipes and wake-up sockets for ffmpeg and
/// ffprobe, EGL's driver files); under a soft `ulimit -n` of 8–20 one of them failed wherever it
/// happened to be opened, as a SIGILL inside Foundation, its raw "Bad file descriptor" line, or a
/// "cannot read manifest.json" that named the wrong problem (issue 48, L8). So the soft limit is raised
/// to ``minimum`` as the process starts, where the hard limit allows, and the run is refused in one line
/// where it does not.
public enum OpenFileFloor {
    /// About twice what the hungriest probe needed (`render shatter --from a.mp4 --to b.mp4 --video`, both
    /// clips with sound: 33; a `join` of two: 32; `--video` from stills: 24), so a driver or a Foundation
    /// release that holds a few more still fits. A limit already above it is left as it is.
    public static let minimum = 64

    /// RLIMIT_NOFILE as glibc's functions take it.
    private static let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)

    /// Raises a soft limit below ``minimum`` to it; throws where the hard limit is below it too.
    public static func raise() throws(OpenFileLimitError) {
        var limit = rlimit()
        guard getrlimit(openFiles, &limit) == 0, limit.rlim_cur < rlim_t(minimum) else { return }
        // RLIM_INFINITY is rlim_t.max: always room.
        if limit.rlim_max >= rlim_t(minimum) {
            limit.rlim_cur = rlim_t(minimum)
            if setrlimit(openFiles, &limit) == 0 { return }
        }
        throw OpenFileLimitError(soft: Int(limit.rlim_cur), hard: Int(limit.rlim_max))
    }
}

/// An open-file limit below ``OpenFileFloor/minimum`` that cannot be raised.
public struct OpenFileLimitError: Error, CustomStringConvertible, Equatable {
    public let soft: Int
    public let hard: Int

    public var description: String {
        "the open-file limit (ulimit -n) is \(soft) and cannot be raised past \(hard); Shatter needs "
            + "\(OpenFileFloor.minimum) open files: start it from a shell with a higher limit (ulimit -n 1024)"
    }
}
