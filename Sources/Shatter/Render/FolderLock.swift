import Glibc

/// One writer per output folder: an exclusive `flock` on `DIR/.shatter.lock`, held for a whole render,
/// so a second render into the same folder fails at once instead of mixing its frames with the first's.
/// The file holds the holder's pid, so the refusal can name it. Released (and the file removed) by
/// ``release()`` or when the process ends, however it ends.
public final class FolderLock {
    public static let fileName = ".shatter.lock"
    public let path: String
    private var fd: Int32

    /// Takes the lock or throws ``OutputFolderError/busy(path:holder:)`` without waiting.
    public init(folder: String) throws(OutputFolderError) {
        path = folder + "/" + Self.fileName
        // Another render may remove the file between our open and our flock (it does so on release);
        // a lock on a removed file protects nothing, so retry until the locked file is the one at `path`.
        for _ in 0..<100 {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw .cannotWriteFile(path: path, reason: OutputDirectory.lastError()) }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                let holder = Self.readPID(fd)
                close(fd)
                if code == EWOULDBLOCK { throw .busy(path: folder, holder: holder) }
                throw .cannotWriteFile(path: path, reason: String(cString: strerror(code)))
            }
            var opened = stat()
            var named = stat()
            if fstat(fd, &opened) == 0, stat(path, &named) == 0, opened.st_ino == named.st_ino, opened.st_dev == named.st_dev {
                self.fd = fd
                let pid = Array("\(getpid())\n".utf8)
                _ = ftruncate(fd, 0)
                _ = pwrite(fd, pid, pid.count, 0)
                return
            }
            close(fd)
        }
        throw .busy(path: folder, holder: nil)
    }

    deinit { release() }

    /// Removes the lock file, then lets go of the lock (in that order, so no one can lock the old file
    /// after we stop holding it and believe they own the folder).
    public func release() {
        guard fd >= 0 else { return }
        unlink(path)
        close(fd)
        fd = -1
    }

    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = pread(fd, &buffer, buffer.count, 0)
        guard n > 0 else { return nil }
        return Int32(String(decoding: buffer[..<n].filter { (48...57).contains($0) }, as: UTF8.self))
    }
}
