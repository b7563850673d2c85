import ShatterCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// write(2), named apart from ``AtomicFile/write(_:to:)``.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// Replaces a file all at once: write a temporary sibling, then rename(2) it over the target.
///
/// rename within one folder is atomic, so a reader (or a crash) sees either the old file or the
/// complete new one, never a half-written PNG. The temporary name starts with a dot and carries
/// the pid plus a random suffix so concurrent writers never share one. Both are reached through
/// `FolderHandle` (the folder's descriptor, `O_EXCL | O_NOFOLLOW`), and a target that is a link, a
/// FIFO or a device is refused rather than replaced, so nothing is written outside the folder.
public enum AtomicFile {
    /// Pieces `observe` sees: small enough to still be in cache when write(2) copies them.
    static let observedPiece = 256 * 1024

    /// Writes `bytes` to `path` atomically. `observe`, when given, sees every byte just before write(2)
    /// takes it, piece by piece and in order (a caller hashes the file's bytes as they pass instead of
    /// reading them again); the file then holds exactly the bytes observed, or is not there at all.
    public static func write(
        _ bytes: [UInt8], to path: String, observe: ((UnsafeRawBufferPointer) -> Void)? = nil
    ) throws(PNGError) {
        let slash = path.lastIndex(of: "/")
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        guard !base.isEmpty, base != ".", base != ".." else { throw .isDirectory(path: path) }
        let handle: FolderHandle
        do {
            handle = try FolderHandle(path: folder)
        } catch {
            guard case .system(_, let code) = error.problem else { throw .notOwnFile(error) }
            throw folderError(path: path, folder: folder, operation: "open", errno: code)
        }
        try write(bytes, name: base, in: handle, path: path, observe: observe)
    }

    /// ``write(_:to:observe:)`` for `name` in an open folder; `path` is what errors call the file.
    public static func write(
        _ bytes: [UInt8], name: String, in folder: FolderHandle, path: String? = nil,
        observe: ((UnsafeRawBufferPointer) -> Void)? = nil
    ) throws(PNGError) {
        let path = path ?? folder.filePath(name)
        switch folder.kind(of: name) {
        case .missing, .regular: break
        case .directory: throw .isDirectory(path: path)
        case let other: throw .notOwnFile(OwnFileError(path: path, problem: .notOwn(other)))
        }
        let (fd, temporary) = try createTemporary(name: name, in: folder, path: path)
        do throws(PNGError) {
            try writeAll(bytes, to: fd, path: path, observe: observe)
        } catch {
            close(fd)
            folder.remove(temporary)
            throw error
        }
        // close can be where a network or quota filesystem finally reports a failed write.
        guard close(fd) == 0 else {
            let code = errno
            folder.remove(temporary)
            throw writeError(path: path, operation: "close", errno: code)
        }
        if let code = folder.rename(temporary, to: name) {
            folder.remove(temporary)
            throw code == EISDIR
                ? .isDirectory(path: path)
                : folderError(path: path, folder: folder.path, operation: "rename", errno: code)
        }
    }

    /// Creates `<folder>/.<name>.tmp-<pid>-<random>` exclusively, retrying on a name clash.
    private static func createTemporary(name: String, in folder: FolderHandle, path: String) throws(PNGError) -> (
        Int32, String
    ) {
        var code: Int32 = EEXIST
        for _ in 0..<16 where code == EEXIST {
            let temporary = temporaryName(for: name)
            do {
                return (try folder.open(temporary, .new), temporary)
            } catch {
                // A link or FIFO at a fresh random name is someone's plant: another name is drawn.
                if case .system(_, let failure) = error.problem { code = failure } else { code = EEXIST }
            }
        }
        throw folderError(path: path, folder: folder.path, operation: "create", errno: code)
    }

    /// `.<name>.tmp-<pid>-<random hex>`: the form stale-temporary sweeps recognise.
    public static func temporaryName(for name: String) -> String {
        ".\(name).tmp-\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16))"
    }

    /// Sorts errno from creating or renaming a file in `folder`.
    private static func folderError(path: String, folder: String, operation: String, errno code: Int32) -> PNGError {
        switch code {
        case ENOENT, ENOTDIR: return .folderMissing(path: path, folder: folder)
        case EACCES, EPERM, EROFS: return .notWritable(path: path, folder: folder, reason: describe(code))
        default: return writeError(path: path, operation: operation, errno: code)
        }
    }

    /// write(2) until every byte is out, retrying short writes and EINTR; `observe` as in
    /// ``write(_:to:observe:)``.
    public static func writeAll(
        _ bytes: [UInt8], to fd: Int32, path: String, observe: ((UnsafeRawBufferPointer) -> Void)? = nil
    ) throws(PNGError) {
        var offset = 0
        var observed = 0
        while offset < bytes.count {
            // Without an observer the whole rest goes in one call; with one, a piece at a time, seen first.
            let end = observe == nil ? bytes.count : min(bytes.count, max(observed, offset + observedPiece))
            if let observe, end > observed {
                bytes.withUnsafeBytes { observe(UnsafeRawBufferPointer(rebasing: $0[observed..<end])) }
                observed = end
            }
            let n = bytes.withUnsafeBytes { raw in
                posixWrite(fd, raw.baseAddress! + offset, end - offset)
            }
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                // n == 0 cannot make progress; report it like the out-of-space it nearly always is.
                throw writeError(path: path, operation: "write", errno: n == 0 ? ENOSPC : errno)
            }
        }
    }

    private static func writeError(path: String, operation: String, errno code: Int32) -> PNGError {
        if code == ENOSPC || code == EDQUOT { return .diskFull(path: path, reason: describe(code)) }
        return .ioFailed(path: path, operation: operation, reason: describe(code))
    }
}
