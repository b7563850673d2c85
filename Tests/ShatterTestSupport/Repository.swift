import Foundation

/// The repository's root folder, for tests that run its scripts or read its files.
public enum Repository {
    public static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}
