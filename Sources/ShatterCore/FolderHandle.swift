#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way Shatter opens a file it writes for itself inside a folder: a folder's lock, its
/// journal, a temporary frame or manifest, a report, a golden frame.
///
/// The folder is opened once, by the path the user named (links in that path are the user's choice and
/// are followed); every file in it is then reached with `openat`/`renameat`/`unlinkat` relative to that
/// descriptor, so a folder swapped for a link mid-run keeps receiving nothing: writes go on landing in the
/// folder that was opened, and ``isStillAtPath`` tells the caller the path now names another one.
///
/// A file is opened only if it is a regular file with one name, or is created there: never through a
/// symbolic link (`O_NOFOLLOW`; a link planted in a cloned repository's golden folder would otherwise get
/// the render's pid or journal written into its target, or a file created wherever a dangling link
/// points), never waiting on a FIFO nobody reads (`O_NONBLOCK`, then `fstat`), never a device, and
/// exclusively (`O_EXCL`) where the file must be new. Anything else is refused with an ``OwnFileError``
/// that names the file and says to remove it.
///
/// ```swift
/// let folder = try FolderHandle(path: "out")
/// let fd = try folder.open(".shatter.lock", .existingOrNew)   // refused if a link, FIFO or device
/// ```
public final class FolderHandle: Sendable {
    /// The folder as the caller named it (less a trailing slash), for messages.
    public let path: String
    /// The folder's own descriptor (`O_DIRECTORY`), closed when the handle goes.
    public let fd: Int32

    /// How ``open(_:_:readable:)`` treats a name that already exists.
    public enum Creation: Sendable {
        /// The file must not exist yet (`O_EXCL`): a temporary, a journal started afresh.
        case new
        /// A regular file with one name already there is opened as it is (not truncated); else it is created.
        case existingOrNew
    }

    /// What is at a name in the folder, links not followed.
    public enum Kind: Equatable, Sendable {
        case missing
        /// A regular file, and how many names (hard links) it has.
        case regular(names: Int)
        case directory
        case symbolicLink
        case fifo
        case characterDevice
        case blockDevice
        case socket

        public var isRegular: Bool {
            if case .regular = self { return true }
            return false
        }

        /// "a symbolic link", "a FIFO", …: what a refusal calls it.
        public var words: String {
            switch self {
            case .missing: return "missing"
            case .regular(let names): return names == 1 ? "a file" : "a file with \(names) names (hard links)"
            case .directory: return "a folder"
            case .symbolicLink: return "a symbolic link"
            case .fifo: return "a FIFO"
            case .characterDevice: return "a character device"
            case .blockDevice: return "a block device"
            case .socket: return "a socket"
            }
        }
    }

    /// Opens the folder at `path` ("" is the working folder).
    public init(path: String) throws(OwnFileError) {
        self.path = path
        // O_PATH: the descriptor names the folder without needing to list it (a write-only folder works).
        let fd = systemOpen(path.isEmpty ? "." : path, openPath | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw OwnFileError(path: path, problem: .system(operation: "open the folder", code: errno)) }
        self.fd = fd
    }

    deinit { close(fd) }

    /// `DIR/name`, as messages print it.
    public func filePath(_ name: String) -> String {
        path.isEmpty || path == "." ? name : path == "/" ? "/" + name : path + "/" + name
    }

    /// What is at `name`, links not followed.
    public func kind(of name: String) -> Kind {
        var status = stat()
        guard fstatat(fd, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return .missing }
        return Self.kind(status)
    }

    /// Opens `name` for writing (and reading, when `readable`), by the type's rules. The descriptor is
    /// blocking again when returned; the caller closes it.
    public func open(_ name: String, _ creation: Creation, readable: Bool = false) throws(OwnFileError) -> Int32 {
        // Looked at before opening, so a device or a FIFO is refused without being opened at all.
        if creation == .existingOrNew { try refuseUnlessReplaceable(name, hardLinks: false) }
        var flags = (readable ? O_RDWR : O_WRONLY) | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        if creation == .new { flags |= O_EXCL }
        // A temporary is created under the registry's lock, so a stop that sweeps them never misses one.
        let create = { openat(self.fd, name, flags, 0o644) }
        let file = creation == .new && Self.isTemporary(name) ? Self.registerTemporary(name, in: self, create: create) : create()
        guard file >= 0 else {
            let code = errno
            // ELOOP (a link, O_NOFOLLOW), ENXIO (a FIFO nobody reads), EEXIST: say what is there.
            // A regular file there is a name clash for `.new` (the caller may pick another name).
            let found = kind(of: name)
            if found != .missing, !found.isRegular {
                throw OwnFileError(path: filePath(name), problem: .notOwn(found))
            }
            throw OwnFileError(path: filePath(name), problem: .system(operation: "open", code: code))
        }
        var status = stat()
        guard fstat(file, &status) == 0 else {
            let code = errno
            close(file)
            throw OwnFileError(path: filePath(name), problem: .system(operation: "stat", code: code))
        }
        // Checked again on what was opened: the name may have been swapped since the look above.
        let opened = Self.kind(status)
        guard opened == .regular(names: 1) else {
            close(file)
            throw OwnFileError(path: filePath(name), problem: .notOwn(opened))
        }
        _ = fcntl(file, F_SETFL, fcntl(file, F_GETFL) & ~O_NONBLOCK)
        return file
    }

    /// Refuses `name` unless nothing is there or a regular file is (which a rename may replace: the
    /// rename replaces the name, never writes through it). With `hardLinks` false, a regular file with
    /// other names is refused too, for a file opened in place (its other names would see the writes).
    public func refuseUnlessReplaceable(_ name: String, hardLinks: Bool = true) throws(OwnFileError) {
        switch kind(of: name) {
        case .missing, .regular(names: 1): return
        case .regular where hardLinks: return
        case let other: throw OwnFileError(path: filePath(name), problem: .notOwn(other))
        }
    }

    /// `renameat` within the folder; the errno on failure.
    public func rename(_ from: String, to: String) -> Int32? {
        Self.settleTemporary(from, in: self) { renameat(fd, from, fd, to) == 0 ? nil : errno }
    }

    /// `unlinkat` within the folder: removes the name (a link itself, never its target).
    @discardableResult
    public func remove(_ name: String) -> Bool {
        Self.settleTemporary(name, in: self) { unlinkat(fd, name, 0) == 0 }
    }

    /// Whether ``path`` still names the folder this handle opened (false once it was moved, removed or
    /// swapped for a link to another folder).
    public var isStillAtPath: Bool {
        var opened = stat()
        var named = stat()
        return fstat(fd, &opened) == 0 && stat(path.isEmpty ? "." : path, &named) == 0
            && opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }

    private static func kind(_ status: stat) -> Kind {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular(names: Int(status.st_nlink))
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        case S_IFIFO: return .fifo
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        default: return .socket
        }
    }
}

/// Linux's O_PATH (`fcntl.h`: 010000000), which Swift's Glibc module does not bring in.
private let openPath: Int32 = 0o10000000

/// open(2), which ``FolderHandle/open(_:_:readable:)`` hides by name.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

/// A file Shatter would write for itself, refused: what is at its name is not a file Shatter made, or
/// the system said no.
public struct OwnFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        /// Something other than a regular file with one name is there.
        case notOwn(FolderHandle.Kind)
        /// A system call failed (`code` is errno).
        case system(operation: String, code: Int32)
    }

    public let path: String
    public let problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    public var description: String {
        switch problem {
        case .notOwn(let kind):
            return "\(path) is \(kind.words), not a file Shatter made; Shatter writes its own files only as "
                + "plain files, so remove it (or choose another folder) and run again"
        case .system(let operation, let code):
            return "cannot \(operation) \(path): \(String(cString: strerror(code)))"
        }
    }
}
