import Foundation
import Glibc

/// A file Shatter opened itself and hands to ffmpeg and ffprobe by its descriptor, as
/// `/proc/<pid>/fd/<n>`, never by its name: the file checked is the file read or written, whatever
/// the name comes to mean meanwhile. A sound checked as a plain file and then swapped for a FIFO would
/// otherwise keep ffmpeg waiting for ever; a `--video` temporary swept by the next render while an
/// orphaned ffmpeg had yet to open it would be made again; and a relative clip in a working folder
/// deeper than `PATH_MAX` would reach ffmpeg as another file (the absolute path it was given
/// could not be spelled).
///
/// Files are held by the path Shatter was given, for as long as the process may start a tool on them,
/// and ``ToolPath/plainFile(_:)`` gives a held path's descriptor. Where `/proc` is missing the name is
/// given as before.
final class HeldFile: Sendable {
    let path: String
    let fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    private static let held = Locked<[String: HeldFile]>([:])

    /// Whether a tool can open this process's descriptors by `/proc/<pid>/fd/<n>`.
    private static let procAvailable: Bool = access("/proc/\(getpid())/fd", R_OK) == 0

    /// What ffmpeg is given for the file: its descriptor through `/proc`.
    var argument: String { "file:/proc/\(getpid())/fd/\(fd)" }

    /// Opens the file at `path` for reading and holds it, when it is a plain file (a link to one is
    /// read through), without waiting on a FIFO; false for anything else (the caller then refuses it
    /// in its own words). A path already held stays held as it was.
    @discardableResult
    static func hold(_ path: String) -> Bool {
        guard procAvailable else { return isRegular(path) }
        if held.withLock({ $0[path] }) != nil { return true }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return false
        }
        held.withLock { $0[path] = HeldFile(path: path, fd: fd) }
        return true
    }

    /// Holds `fd` (a file Shatter made, open for writing) as `path` until ``release(_:)``; the
    /// descriptor is the holder's to close from then on.
    static func adopt(_ fd: Int32, as path: String) {
        guard procAvailable else {
            close(fd)
            return
        }
        held.withLock { $0[path] = HeldFile(path: path, fd: fd) }
    }

    /// Lets go of `path` (its descriptor closes once no tool start is using it).
    static func release(_ path: String) {
        _ = held.withLock { $0.removeValue(forKey: path) }
    }

    /// The held file for `path`, if any.
    static func named(_ path: String) -> HeldFile? { held.withLock { $0[path] } }

    private static func isRegular(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}
