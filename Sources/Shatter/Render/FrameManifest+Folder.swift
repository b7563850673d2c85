import Foundation
import Glibc

extension FrameManifest {
    /// `manifest.journal`: the frames a render wrote since `manifest.json` was last rewritten, one JSON
    /// entry per line, appended as each frame lands (so recording a frame costs the same at frame
    /// 300,000 as at frame 1). A render folds it into `manifest.json` and removes it when it ends; a
    /// killed render leaves it, and readers replay it.
    public static let journalName = "manifest.journal"

    /// A folder's manifest with its journal replayed (later entries win, a torn last line is ignored);
    /// nil when the folder has no manifest. The journal is streamed in bounded memory
    /// (`replayJournal(_:into:)`), and the replayed manifest is validated again, so a crafted journal can neither fill memory nor slip an
    /// entry outside the render's range past the checks ``read(path:)`` makes. Every file named must be
    /// a plain name beside the manifest (``isPlainFrameName(_:)``), so no entry reaches outside it.
    public static func read(folder: String) throws -> FrameManifest? {
        let path = folder + "/" + fileName
        guard var manifest = try read(path: path) else { return nil }
        if let problem = manifest.folderProblem { throw ManifestError.invalid(path: path, detail: problem) }
        let journal = folder + "/" + journalName
        // No journal (a render that finished): no table of a million entries built for nothing.
        var status = stat()
        guard lstat(journal, &status) == 0 else { return manifest }
        var byIndex = Dictionary(manifest.frames.map { ($0.index, $0) }, uniquingKeysWith: { $1 })
        guard try replayJournal(journal, into: &byIndex) > 0 else { return manifest }
        manifest.frames = byIndex.keys.sorted().map { byIndex[$0]! }
        if let problem = manifest.problem ?? manifest.folderProblem {
            throw ManifestError.invalid(path: journal, detail: problem)
        }
        return manifest
    }

    /// Removes a folder's manifest and journal (not its frames).
    static func remove(folder: String) {
        unlink(folder + "/" + fileName)
        unlink(folder + "/" + journalName)
    }

    /// The frame index of a file named as renders name frames (`frame-00012.png` → 12), else nil.
    public static func index(of fileName: String) -> Int? {
        guard fileName.hasPrefix("frame-"), fileName.hasSuffix(".png") else { return nil }
        let digits = fileName.dropFirst(6).dropLast(4)
        guard digits.count >= 5, digits.count <= 12, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else {
            return nil
        }
        return Int(digits)
    }

    /// One entry as a journal line: the JSON of the entry, keys sorted, then a newline.
    static func journalLine(_ entry: Entry) -> [UInt8] {
        let digests = entry.digestFields.map { ",\"\($0.key)\":\"\($0.value)\"" }.joined()
        return Array("{\"file\":\"\(entry.file)\",\"index\":\(entry.index)\(digests)}\n".utf8)
    }
}
