#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file with POSIX calls so each failure maps to its own ``PNGError`` case.
enum FileReader {
    static func readAll(path: String) throws(PNGError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw openError(path: path, errno: errno) }
        defer { close(fd) }

        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .ioFailed(path: path, operation: "stat", reason: describe(errno)) }
        // open(2) succeeds on a directory with O_RDONLY; the read would then fail with EISDIR.
        guard info.st_mode & S_IFMT != S_IFDIR else { throw .isDirectory(path: path) }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, Int(info.st_size)))  // a hint only: the file may grow or be a pipe
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                bytes.append(contentsOf: chunk[0..<n])
            } else if n == 0 {
                return bytes
            } else if errno != EINTR {
                let code = errno
                if code == EISDIR { throw .isDirectory(path: path) }
                throw .ioFailed(path: path, operation: "read", reason: describe(code))
            }
        }
    }

    /// Sorts open(2)'s errno into missing / unreadable / directory / other.
    static func openError(path: String, errno code: Int32) -> PNGError {
        switch code {
        case ENOENT, ENOTDIR: return .fileNotFound(path: path)
        case EACCES, EPERM: return .notReadable(path: path, reason: describe(code))
        case EISDIR: return .isDirectory(path: path)
        default: return .ioFailed(path: path, operation: "open", reason: describe(code))
        }
    }
}

/// `strerror` as a Swift string ("Permission denied").
func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
}
