import Foundation
import Glibc

/// Room for Foundation's `Process` to start ffmpeg and ffprobe. It asks the child to close every
/// descriptor the parent holds, and glibc refuses that (EBADF, "Bad file descriptor") for a descriptor
/// numbered at or above the soft open-file limit: one inherited before the limit was lowered, such as
/// bash's own 255 after `ulimit -n 200`. So before a tool starts, the soft limit is raised above the
/// highest open descriptor where the hard limit allows, and the start is refused in words where it
/// does not.
enum DescriptorRoom {
    /// RLIMIT_NOFILE as glibc's functions take it.
    private static let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)

    /// Raises the soft limit if a descriptor lies at or above it; throws where the hard limit is too low.
    static func make() throws(DescriptorLimitError) {
        var limit = rlimit()
        guard let highest = highestOpen(), getrlimit(openFiles, &limit) == 0, rlim_t(highest) >= limit.rlim_cur else {
            return
        }
        let needed = rlim_t(highest) + 1
        if needed <= limit.rlim_max {  // RLIM_INFINITY is rlim_t.max: always room
            limit.rlim_cur = needed
            if setrlimit(openFiles, &limit) == 0 { return }
        }
        throw DescriptorLimitError(descriptor: Int(highest), limit: Int(limit.rlim_cur))
    }

    /// The highest descriptor number open in this process, from `/proc/self/fd`; nil where it cannot
    /// be listed.
    private static func highestOpen() -> Int32? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }.max()
    }
}

/// A descriptor open at or above the open-file limit, which the hard limit keeps Shatter from raising:
/// no ffmpeg or ffprobe can be started.
public struct DescriptorLimitError: Error, CustomStringConvertible, Equatable {
    /// The highest open descriptor (inherited from the shell that started Shatter).
    public let descriptor: Int
    /// The open-file limit (`ulimit -n`).
    public let limit: Int

    public var description: String {
        "descriptor \(descriptor) is open but the open-file limit (ulimit -n) is \(limit), so ffmpeg and ffprobe "
            + "cannot be started; raise the limit above \(descriptor) (ulimit -n 1024) or close that descriptor"
    }
}
