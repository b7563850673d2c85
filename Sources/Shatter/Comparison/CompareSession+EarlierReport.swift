import Foundation

extension CompareSession {
    /// The files in `folder` that stand in the way of a new comparison, and what may be done with them.
    enum FolderContents: Equatable {
        /// Nothing there (or only this run's own outputs and lock).
        case empty
        /// Only an earlier comparison's report: its `report.json` and the files it lists or writes, and
        /// the subject it compared (what says whether it is this comparison's).
        case earlierReport(files: [String], subject: String)
        /// A comparison's report cut short (a full disk, a kill) before its `report.json` and `index.html`
        /// were written: only the files a comparison writes before those (each frame's images,
        /// `filmstrip.png`, `preview.html`). Nobody can read it, so any comparison replaces it.
        case cutShort(files: [String])
        /// Something else too; `example` is the first such file.
        case other(example: String)
    }

    /// Sorts `folder`'s entries: an earlier report is recognised by its `report.json` (one that decodes
    /// as a `CompareReport`) and the files it names (each frame's images, `filmstrip.png`,
    /// `preview.html`) or always writes (`index.html`). `ownOutputs` are names this run writes into the
    /// folder (a JUnit file).
    static func contents(of folder: String, ownOutputs: Set<String> = []) -> FolderContents {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0 != FolderLock.fileName && !ownOutputs.contains($0) }.sorted()
        guard !names.isEmpty else { return .empty }
        guard let report = earlierReport(in: folder) else {
            if names.allSatisfy({ isWrittenBeforeTheReport($0) && isRegularFile(folder + "/" + $0) }) {
                return .cutShort(files: names)
            }
            return .other(example: names.first { $0 != "report.json" } ?? names[0])
        }
        let listed = Set(
            ["report.json", "index.html"] + [report.overview, report.preview?.file].compactMap { $0 }
                + report.frames.flatMap { $0.files.values })
        if let stranger = names.first(where: { !listed.contains($0) || !isRegularFile(folder + "/" + $0) }) {
            return .other(example: stranger)
        }
        return .earlierReport(files: names, subject: report.subject)
    }

    /// Whether a comparison writes a file of this name before its `report.json`: `expected-`, `actual-`,
    /// `diff-` or `mask-` and a frame's five digits or more, `filmstrip.png`, `preview.html`.
    static func isWrittenBeforeTheReport(_ name: String) -> Bool {
        if name == "filmstrip.png" || name == previewFile { return true }
        guard name.hasSuffix(".png"), let dash = name.firstIndex(of: "-") else { return false }
        let digits = name[name.index(after: dash)..<name.index(name.endIndex, offsetBy: -4)]
        return ["expected", "actual", "diff", "mask"].contains(String(name[..<dash])) && digits.count >= 5
            && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }

    /// Whether `file` lies directly in `folder` (paths made absolute and tidied, links not followed).
    public static func sameFolder(_ file: String, _ folder: String) -> Bool {
        URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent().path
            == URL(fileURLWithPath: folder).standardizedFileURL.path
    }

    /// `folder/report.json` as a comparison's report; nil when missing or not one.
    private static func earlierReport(in folder: String) -> CompareReport? {
        guard isRegularFile(folder + "/report.json"),
            let data = FileManager.default.contents(atPath: folder + "/report.json")
        else { return nil }
        return try? JSONDecoder().decode(CompareReport.self, from: data)
    }

    /// A plain file, not a link, folder or device: only those are removed as a report's.
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}
