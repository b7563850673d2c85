import Foundation
import Glibc

/// The one writer for a command's output files (a contact sheet, a merged manifest, a probe or bench
/// report, a chart, a video): what is at the path decides how it is written, and every output is
/// checked before any work is done, so a long render never ends in "cannot write" or in a clobbered
/// input.
///
/// - nothing there, or a regular file: written to a temporary sibling and renamed over it (atomic);
///   a link to a regular file replaces the file it points to and stays a link (``replacedFile(_:)``);
/// - a FIFO or a character device (`/dev/null`, a terminal, `/dev/stdout`): written through, never
///   replaced; a FIFO nobody reads is refused rather than waited on;
/// - a folder, a socket, a block device or a link to nothing: refused;
/// - a file the same command reads (an input clip, a shard's own manifest), a path inside a folder it
///   reads (``checkApart(_:option:from:)``), or a render folder's own file (`manifest.json`,
///   `frame-00003.png`): refused.
///
/// ```swift
/// try OutputFile.check([("--json", "report.json")], inputs: ["shard-0/manifest.json"], folders: ["shard-0"])
/// try OutputFile.write(bytes, to: "report.json")
/// ```
public enum OutputFile {
    /// Checks each `(option, path)` before work starts: see the type's rules. `inputs` are files the
    /// command reads; `folders` are render folders whose own files are not outputs; the options in
    /// `regularOnly` (a video's) must name a regular file, as ``check(_:option:regularOnly:)`` says.
    public static func check(
        _ outputs: [(option: String, path: String)], inputs: [String] = [], folders: [String] = [],
        regularOnly: Set<String> = []
    ) throws {
        var seen: [String: String] = [:]
        for (option, path) in outputs {
            try check(path, option: option, regularOnly: regularOnly.contains(option))
            let key = canonical(path)
            if let earlier = seen[key] {
                throw OutputFileError.givenTwice(path: path, options: [earlier, option])
            }
            seen[key] = option
            try checkApart(path, option: option, from: inputs)
            let name = (key as NSString).lastPathComponent
            let parent = (key as NSString).deletingLastPathComponent
            for folder in folders where canonical(folder) == parent && isRenderFile(name) {
                throw OutputFileError.isRenderFile(path: path, option: option, folder: folder)
            }
        }
    }

    /// The one check of an output against what its command reads, for every command: refused when it
    /// is an input (one file by device and inode, links followed, or one resolved path) or lies inside
    /// an input folder (a `--dirs` folder, a folder of clip frames), where writing would change what
    /// is read. For outputs whose other checks must wait (a JUnit file in a report folder not made yet).
    public static func checkApart(_ path: String, option: String, from inputs: [String]) throws {
        let key = canonical(path)
        for input in inputs {
            if sameFile(path, input) || key == canonical(input) {
                throw OutputFileError.isInput(path: path, option: option, input: input)
            }
            if Kind(input) == .directory, key.hasPrefix(canonical(input) + "/") || hasAncestor(path, sameAs: input) {
                throw OutputFileError.insideInput(path: path, option: option, folder: input)
            }
        }
    }

    /// One output's own check: its kind, then its folder. `regularOnly` refuses FIFOs and devices too
    /// (a video's container needs a file it can seek in and rename into place).
    public static func check(_ path: String, option: String, regularOnly: Bool = false) throws {
        switch Kind(path) {
        case .directory: throw OutputFileError.refused(path: path, option: option, kind: "a folder")
        case .danglingLink: throw OutputFileError.refused(path: path, option: option, kind: "a link to nothing")
        case .socket: throw OutputFileError.refused(path: path, option: option, kind: "a socket")
        case .blockDevice: throw OutputFileError.refused(path: path, option: option, kind: "a block device")
        case .fifo where regularOnly, .characterDevice where regularOnly:
            throw OutputFileError.refused(path: path, option: option, kind: "not a regular file")
        case .fifo, .characterDevice: return
        case .missing, .regular: break
        }
        let folder = (replacedFile(path) as NSString).deletingLastPathComponent
        guard access(folder.isEmpty ? "." : folder, W_OK | X_OK) == 0 else {
            throw OutputFolderError.cannotWriteFile(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Writes `bytes` to `path` by the type's rules.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        switch Kind(path) {
        case .directory, .socket, .blockDevice, .danglingLink: try check(path, option: "output")
        case .fifo, .characterDevice: try writeThrough(bytes, to: path)
        case .missing: try AtomicFile.write(bytes, to: path)
        case .regular:
            var status = stat()
            // Standard output or error sent to a file (`/dev/stdout`): the shell holds that file open,
            // so it is written through rather than replaced by a file nobody reads.
            if stat(path, &status) == 0, [STDOUT_FILENO, STDERR_FILENO].contains(where: { isOpen($0, as: status) }) {
                return try writeThrough(bytes, to: path)
            }
            try AtomicFile.write(bytes, to: replacedFile(path))
        }
    }

    /// The file a write to `path` replaces: for a link, the file it names (the link stays a link,
    /// pointing at the new file, as a user who linked an output elsewhere expects); else `path`.
    /// Every atomic writer (this one, a video's) renames its temporary over this path.
    public static func replacedFile(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return path }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// Opens what is there without creating or truncating a file (a FIFO without blocking, so one
    /// nobody reads is refused) and writes everything.
    private static func writeThrough(_ bytes: [UInt8], to path: String) throws {
        let fd = try openThrough(path)
        defer { close(fd) }
        try AtomicFile.writeAll(bytes, to: fd, path: path)
    }

    private static func openThrough(_ path: String) throws -> Int32 {
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = errno == ENXIO ? "it is a FIFO nothing reads from" : String(cString: strerror(errno))
            throw OutputFolderError.cannotWriteFile(path: path, reason: reason)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// ``write(_:to:)`` for a manifest written as its entries come (`produce` appends them), so a merged
    /// manifest is never held whole: by the same rules, a file replaced only once it is complete.
    static func writeManifest(header: FrameManifest, to path: String, produce: (inout ManifestFile.Writer) throws -> Void)
        throws
    {
        switch Kind(path) {
        case .directory, .socket, .blockDevice, .danglingLink: try check(path, option: "output")
        case .fifo, .characterDevice: try writeManifestThrough(header: header, to: path, produce: produce)
        case .missing: try ManifestFile.write(header: header, to: path, produce: produce)
        case .regular:
            var status = stat()
            if stat(path, &status) == 0, [STDOUT_FILENO, STDERR_FILENO].contains(where: { isOpen($0, as: status) }) {
                return try writeManifestThrough(header: header, to: path, produce: produce)
            }
            try ManifestFile.write(header: header, to: replacedFile(path), produce: produce)
        }
    }

    private static func writeManifestThrough(
        header: FrameManifest, to path: String, produce: (inout ManifestFile.Writer) throws -> Void
    ) throws {
        let fd = try openThrough(path)
        defer { close(fd) }
        try ManifestFile.write(header: header, to: fd, path: path, produce: produce)
    }

    private static func isOpen(_ fd: Int32, as status: stat) -> Bool {
        var open = stat()
        return fstat(fd, &open) == 0 && open.st_dev == status.st_dev && open.st_ino == status.st_ino
    }

    /// Whether a folder above `path` is `folder` by device and inode: what a path resolved as text misses
    /// when its file is not there yet (`alias/x.xml` with `alias` a link to the folder) or when it
    /// goes through a bind mount of it.
    private static func hasAncestor(_ path: String, sameAs folder: String) -> Bool {
        var target = stat()
        guard stat(folder, &target) == 0 else { return false }
        var above = (URL(fileURLWithPath: path).standardizedFileURL.path as NSString).deletingLastPathComponent
        while true {
            var status = stat()
            if stat(above, &status) == 0, status.st_dev == target.st_dev, status.st_ino == target.st_ino { return true }
            let parent = (above as NSString).deletingLastPathComponent
            if parent == above || parent.isEmpty { return false }
            above = parent
        }
    }

    /// Both paths name one existing file (links followed).
    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat()
        var y = stat()
        return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    /// The path made absolute, with links in its folders resolved where they exist.
    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// A name a render folder keeps for itself.
    private static func isRenderFile(_ name: String) -> Bool {
        [FrameManifest.fileName, FrameManifest.journalName, FolderLock.fileName].contains(name)
            || FrameManifest.index(of: name) != nil
    }

    /// What is at a path, links followed.
    enum Kind {
        case missing, danglingLink, regular, directory, fifo, characterDevice, blockDevice, socket

        init(_ path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else {
                self = lstat(path, &status) == 0 ? .danglingLink : .missing
                return
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: self = .directory
            case S_IFIFO: self = .fifo
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFSOCK: self = .socket
            default: self = .regular
            }
        }
    }
}

/// An output path a command refuses before doing any work.
public enum OutputFileError: Error, CustomStringConvertible, Equatable {
    /// A folder, socket or block device (or, for a video, anything but a regular file).
    case refused(path: String, option: String, kind: String)
    /// The path is a file the same command reads.
    case isInput(path: String, option: String, input: String)
    /// The path lies inside a folder the same command reads.
    case insideInput(path: String, option: String, folder: String)
    /// The path is a render folder's own file (its manifest, a frame).
    case isRenderFile(path: String, option: String, folder: String)
    /// Two outputs of one command name one file.
    case givenTwice(path: String, options: [String])

    public var description: String {
        switch self {
        case .refused(let path, let option, let kind): return "\(option) \(path): it is \(kind); give a file path"
        case .isInput(let path, let option, let input):
            return "\(option) \(path) is \(input == path ? "an input" : "the input \(input)") of this command; "
                + "give another output path"
        case .insideInput(let path, let option, let folder):
            return "\(option) \(path) is inside \(folder), an input folder of this command; give a path outside it"
        case .isRenderFile(let path, let option, let folder):
            return "\(option) \(path) is a file of the render folder \(folder); give a path outside it"
        case .givenTwice(let path, let options):
            return "\(options.joined(separator: " and ")) both name \(path); give each its own path"
        }
    }
}
