import Glibc
import ShatterCore

/// One writer per output folder: an exclusive `flock` on `DIR/.shatter.lock`, held for a whole render,
/// so a second render into the same folder fails at once instead of mixing its frames with the first's.
/// The file holds the holder's pid, so the refusal can name it. Released (and the file removed) by
/// ``release()`` or when the process ends, however it ends.
///
/// The lock file is opened through the folder's `FolderHandle`: a link, FIFO, device or hard-linked
/// file planted at its name (a cloned repository can carry a link) is refused in one line, never written
/// through. Once the lock is held, the folder's other own names (``ownNames``) are checked the same way,
/// so a planted `manifest.journal` is refused before any work starts.
public final class FolderLock {
    public static let fileName = ".shatter.lock"
    /// The files a render folder keeps for itself besides its frames: each must be missing or a plain file.
    public static let ownNames = [fileName, FrameManifest.fileName, FrameManifest.journalName]
    public let path: String
    private let folder: FolderHandle
    private var fd: Int32

    /// Takes the lock on the folder at `folder` (opened for the purpose).
    public convenience init(folder: String) throws {
        let handle: FolderHandle
        do {
            handle = try FolderHandle(path: OutputDirectory.withoutTrailingSlash(folder))
        } catch {
            throw OutputFolderError.cannotWriteFile(path: folder + "/" + Self.fileName, reason: error.description)
        }
        try self.init(handle)
    }

    /// Takes the lock or throws ``OutputFolderError/busy(path:holder:)`` without waiting; throws
    /// `OwnFileError` when the lock file, `manifest.json` or `manifest.journal` is not a plain file.
    public init(_ folder: FolderHandle) throws {
        self.folder = folder
        path = folder.filePath(Self.fileName)
        // Another render may remove the file between our open and our flock (it does so on release);
        // a lock on a removed file protects nothing, so retry until the locked file is the one named.
        for _ in 0..<100 {
            let fd = try folder.open(Self.fileName, .existingOrNew, readable: true)
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                let holder = Self.readPID(fd)
                close(fd)
                if code == EWOULDBLOCK { throw OutputFolderError.busy(path: folder.path, holder: holder) }
                throw OutputFolderError.cannotWriteFile(path: path, reason: String(cString: strerror(code)))
            }
            var opened = stat()
            var named = stat()
            if fstat(fd, &opened) == 0, fstatat(folder.fd, Self.fileName, &named, AT_SYMLINK_NOFOLLOW) == 0,
                opened.st_ino == named.st_ino, opened.st_dev == named.st_dev
            {
                self.fd = fd
                let pid = Array("\(getpid())\n".utf8)
                _ = ftruncate(fd, 0)
                _ = pwrite(fd, pid, pid.count, 0)
                // The other own names are looked at only now, under the lock, where no render of ours changes them.
                do {
                    for name in Self.ownNames.dropFirst() { try folder.refuseUnlessReplaceable(name, hardLinks: false) }
                } catch {
                    release()
                    throw error
                }
                return
            }
            close(fd)
        }
        throw OutputFolderError.busy(path: folder.path, holder: nil)
    }

    deinit { release() }

    /// Removes the lock file, then lets go of the lock (in that order, so no one can lock the old file
    /// after we stop holding it and believe they own the folder).
    public func release() {
        guard fd >= 0 else { return }
        folder.remove(Self.fileName)
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
