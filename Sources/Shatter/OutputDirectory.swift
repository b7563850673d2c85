import Glibc

/// The folder frames are written to: created when missing, refused when it is a file or cannot be
/// written, before any frame is rendered.
public struct OutputDirectory: Sendable {
    public let path: String

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    public init(_ path: String) throws {
        self.path = path
        try Self.createIfMissing(path)
        guard access(path, W_OK | X_OK) == 0 else {
            throw Problem(description: "cannot write into --out \(path): \(Self.lastError()); choose a writable folder")
        }
    }

    /// `DIR/frame-00012.png`.
    public func framePath(_ index: Int) -> String {
        let digits = String(index)
        return path + "/frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    private static func createIfMissing(_ path: String) throws {
        var status = stat()
        if stat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw Problem(description: "--out \(path) is a file, not a folder; give a folder path")
            }
            return
        }
        // Create parents first, like `mkdir -p`.
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            if stat(prefix, &status) == 0 {
                guard (status.st_mode & S_IFMT) == S_IFDIR else {
                    throw Problem(description: "cannot create --out \(path): \(prefix) is a file; give a folder path")
                }
                continue
            }
            guard mkdir(prefix, 0o755) == 0 || errno == EEXIST else {
                throw Problem(description: "cannot create --out \(path): \(lastError()); choose a writable folder")
            }
        }
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
