import Foundation

/// `--video FILE` keeps what is already there as `--out DIR` keeps an earlier render: a video made
/// earlier is replaced only when asked, so a rerun with a forgotten name never loses one.
enum ExistingVideo {
    /// Refuses a `path` that exists unless `overwrite`; checked with the other outputs, before any
    /// clip is read or frame rendered.
    static func check(_ path: String, overwrite: Bool) throws {
        guard !overwrite, FileManager.default.fileExists(atPath: path) else { return }
        throw CLIFailure(description: "--video \(path) already exists; add --overwrite to replace it, or give another file")
    }
}
