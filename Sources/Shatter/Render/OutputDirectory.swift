import Glibc
import ShatterCore

/// The folder frames are written to: created when missing, refused when it is a file or cannot be
/// written, before any frame is rendered.
public struct OutputDirectory: Sendable {
    public let path: String
    /// The folder's own descriptor: every file a render writes for itself is opened through it
    /// (`FolderHandle`), never through a link, and in this folder even if the path is swapped mid-run.
    public let handle: FolderHandle

    /// `path` is kept as given less any trailing slash, so the files it names print as `DIR/file`.
    public init(_ path: String) throws(OutputFolderError) {
        self.path = Self.withoutTrailingSlash(path)
        try Self.createIfMissing(path)
        guard access(path, W_OK | X_OK) == 0 else {
            throw .notWritable(path: path, reason: Self.lastError())
        }
        do {
            handle = try FolderHandle(path: self.path)
        } catch {
            throw .notWritable(path: path, reason: error.description)
        }
    }

    /// `DIR/frame-00012.png`.
    public func framePath(_ index: Int) -> String {
        path + "/" + Self.frameName(index)
    }

    /// `frame-00012.png`: at least five digits, so names sort in frame order up to 100,000 frames.
    public static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    private static func createIfMissing(_ path: String) throws(OutputFolderError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else { throw .isAFile(path: path) }
            return
        }
        // Create parents first, like `mkdir -p`.
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            if stat(prefix, &status) == 0 {
                guard (status.st_mode & S_IFMT) == S_IFDIR else { throw .parentIsAFile(path: path, parent: prefix) }
                continue
            }
            guard mkdir(prefix, 0o755) == 0 || errno == EEXIST else {
                throw .cannotCreate(path: path, reason: lastError())
            }
        }
    }

    /// `out/` and `out//` are `out`; `/` stays `/`.
    static func withoutTrailingSlash(_ path: String) -> String {
        var tidy = Substring(path)
        while tidy.count > 1, tidy.hasSuffix("/") { tidy = tidy.dropLast() }
        return String(tidy)
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}

/// Why an output folder, or a file in it, cannot be used.
public enum OutputFolderError: Error, CustomStringConvertible, Equatable {
    case isAFile(path: String)
    case parentIsAFile(path: String, parent: String)
    case cannotCreate(path: String, reason: String)
    case notWritable(path: String, reason: String)
    /// A report or manifest file could not be written.
    case cannotWriteFile(path: String, reason: String)
    /// Another process holds the folder's lock (its pid, when it could be read).
    case busy(path: String, holder: Int32?)
    /// The folder holds a render other than the one asked for; `difference` names the first thing
    /// that differs.
    case holdsAnotherRender(path: String, difference: String)
    /// The folder holds frame files no manifest there describes (`example` is one of them).
    case holdsUnclaimedFrames(path: String, count: Int, example: String)
    /// A comparison's folder holds files that are not an earlier comparison's report (`example` is one).
    case holdsOtherFiles(path: String, example: String)
    /// A comparison's folder holds the report of another comparison, of `subject`.
    case holdsAnotherComparison(path: String, subject: String)
    /// The path no longer names the folder a run opened (moved, removed, or swapped for a link).
    case replacedDuringRun(path: String)

    public var description: String {
        switch self {
        case .isAFile(let path): return "\(path) is a file, not a folder"
        case .parentIsAFile(let path, let parent): return "cannot create the folder \(path): \(parent) is a file"
        case .cannotCreate(let path, let reason): return "cannot create the folder \(path): \(reason)"
        case .notWritable(let path, let reason): return "cannot write into the folder \(path): \(reason)"
        case .cannotWriteFile(let path, let reason): return "cannot write \(path): \(reason)"
        case .busy(let path, let holder):
            return "\(path) is being written by another render" + (holder.map { " (process \($0))" } ?? "")
        case .holdsAnotherRender(let path, let difference): return "\(path) holds another render (\(difference))"
        case .holdsUnclaimedFrames(let path, let count, let example):
            return
                "\(path) holds \(count) frame file\(count == 1 ? "" : "s") (\(example)…) that no Shatter manifest there describes"
        case .holdsOtherFiles(let path, let example):
            return "\(path) holds files that are not an earlier comparison's report (\(example))"
        case .holdsAnotherComparison(let path, let subject):
            return "\(path) holds the report of another comparison (\(subject))"
        case .replacedDuringRun(let path):
            return "\(path) was moved or replaced while the render ran; the frames written so far are in the folder "
                + "it named at the start: put that folder back and rerun with --resume"
        }
    }
}
