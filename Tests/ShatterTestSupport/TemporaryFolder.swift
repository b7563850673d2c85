import Foundation

/// A fresh folder under the system's temporary directory for one test, removed with everything in it
/// when the value goes away (at the end of the test that made it), so test runs leave nothing behind.
///
/// ```swift
/// let folder = try TemporaryFolder()
/// let png = try folder.write(bytes, to: "input.png")
/// ```
public final class TemporaryFolder: Sendable {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "shatter-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` inside the folder (nothing is created).
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `name` inside the folder and returns its path.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String) throws -> String {
        let target = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// Every entry of `folder` (this folder when nil), sorted, hidden ones included; empty when it
    /// does not exist.
    public func allContents(of folder: String? = nil) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder ?? path)) ?? []).sorted()
    }
}

/// Where a failing test leaves the images a reader needs to see why (expected, actual, diff): one
/// folder per process and kind under the temporary directory, kept after the run on purpose.
public enum FailureArtifacts {
    public static func folder(_ kind: String) throws -> String {
        let folder = NSTemporaryDirectory() + "shatter-\(kind)-failures-\(ProcessInfo.processInfo.processIdentifier)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `label` with everything but letters and digits turned into `_`, safe as a file name.
    public static func fileName(_ label: String) -> String {
        String(label.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
