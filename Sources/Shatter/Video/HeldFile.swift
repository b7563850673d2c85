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
/// A file is held by the path Shatter was given for as long as its holder keeps the value (a clip's
/// reader, a sound folder), and ``ToolPath/plainFile(_:)`` gives a held path's descriptor. Where `/proc`
/// is missing the name is given as before.
final class HeldFile: Sendable, Equatable {
    let path: String
    let fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    static func == (a: HeldFile, b: HeldFile) -> Bool { a.path == b.path }

    /// A weak hold: the registry never keeps a file open that its holder let go of.
    private struct Weak: @unchecked Sendable {
        weak var file: HeldFile?
    }

    private static let held = Locked<[String: Weak]>([:])
    /// Files Shatter made and holds until ``release(_:)`` (the `--video` temporary).
    private static let adopted = Locked<[String: HeldFile]>([:])

    /// Whether a tool can open this process's descriptors by `/proc/<pid>/fd/<n>`.
    private static let procAvailable: Bool = access("/proc/\(getpid())/fd", R_OK) == 0

    /// What ffmpeg is given for the file: its descriptor through `/proc`.
    var argument: String { "file:/proc/\(getpid())/fd/\(fd)" }

    /// Opens the file at `path` for reading and holds it while the value lives, when it is a plain file
    /// (a link to one is read through), without waiting on a FIFO; nil for anything else (the caller then
    /// refuses it in its own words). A path held already gives the same value.
    static func hold(_ path: String) -> HeldFile? {
        held.withLock { files in
            if let file = files[path]?.file { return file }
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            var status = stat()
            guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                close(fd)
                return nil
            }
            let file = HeldFile(path: path, fd: fd)
            files = files.filter { $0.value.file != nil }
            files[path] = Weak(file: file)
            return file
        }
    }

    /// Holds `fd` (a file Shatter made, open for writing) as `path` until ``release(_:)``; the
    /// descriptor is the holder's to close from then on.
    static func adopt(_ fd: Int32, as path: String) {
        adopted.withLock { $0[path] = HeldFile(path: path, fd: fd) }
    }

    /// Lets go of an adopted `path` (its descriptor closes once no tool start is using it).
    static func release(_ path: String) {
        _ = adopted.withLock { $0.removeValue(forKey: path) }
    }

    /// The held file for `path`, if any and if tools can reach it through `/proc`.
    static func named(_ path: String) -> HeldFile? {
        guard procAvailable else { return nil }
        return adopted.withLock { $0[path] } ?? held.withLock { $0[path]?.file }
    }
}
