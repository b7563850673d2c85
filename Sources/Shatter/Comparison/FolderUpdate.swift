import Foundation
import Glibc

/// Makes a golden folder equal to a new render: frames the new folder has are copied in (each
/// written to a temporary name and renamed, so a reader sees the old file or the new one), its
/// manifest replaces the golden's, and golden frames the new folder lacks are removed. Frames whose
/// raw-pixel hashes (with both files confirmed against their manifests) or bytes already agree are left
/// alone. Only the golden folder's own frames are removed: files its manifest lists or, without one,
/// files named as renders name frames (`frame-00012.png`); a `logo.png` beside them stays. A new folder
/// whose files no longer match its manifest is refused before anything changes. The golden folder is
/// locked (``FolderLock``) while this runs, and created when missing.
///
/// ```swift
/// let summary = try FolderUpdate.run(golden: "Tests/Goldens/splash", new: "frames")
/// print(summary)   // "1 replaced, 0 added, 0 removed, 72 unchanged; manifest.json replaced"
/// ```
public enum FolderUpdate {
    public struct Summary: Sendable, Equatable, CustomStringConvertible {
        public var added: [String] = []
        public var replaced: [String] = []
        public var removed: [String] = []
        public var unchanged = 0
        public var manifest = ManifestChange.none
        /// Golden frames whose files no longer matched the golden manifest (so were compared by bytes).
        public var changedGolden: [Int] = []

        public enum ManifestChange: String, Sendable {
            case none, unchanged, written, replaced, removed
        }

        /// Whether the golden folder changed at all.
        public var changed: Bool {
            !added.isEmpty || !replaced.isEmpty || !removed.isEmpty || ![.none, .unchanged].contains(manifest)
        }

        public var description: String {
            var text = "\(replaced.count) replaced, \(added.count) added, \(removed.count) removed, \(unchanged) unchanged"
            switch manifest {
            case .written, .replaced, .removed: text += "; \(FrameManifest.fileName) \(manifest.rawValue)"
            case .none, .unchanged: break
            }
            if !changedGolden.isEmpty {
                text +=
                    "; golden frame\(changedGolden.count == 1 ? "" : "s") \(ManifestMerge.describe(changedGolden)) "
                    + "no longer matched \(changedGolden.count == 1 ? "its" : "their") manifest"
            }
            return text
        }
    }

    public static func run(golden: String, new: String) throws -> Summary {
        let source = try FrameFolder(path: new).confirmingFiles()
        guard !source.frames.isEmpty else { throw FolderComparisonError.noFrames(paths: [new]) }
        if !source.changedFiles.isEmpty {
            throw FolderComparisonError.changedSinceRendered(path: new, frames: source.changedFiles.compactMap(\.index))
        }
        try refuseAbsentFrames(source)
        try refuseSharedFiles(source)
        let goldenFolder = try OutputDirectory(golden).handle
        let lock = try FolderLock(goldenFolder)
        defer { lock.release() }
        let target = try FrameFolder(path: golden).confirmingFiles()
        try refuseSharedFiles(target)

        // A frame's place in GOLDEN holding a link, FIFO, device or folder is refused before anything
        // changes: the update replaces frames, never those.
        if let blocked = source.frames.first(where: { ![.missing, .regular].contains(FileKind(path: golden + "/" + $0.file)) }) {
            throw FolderComparisonError.notAFrameFile(path: golden + "/" + blocked.file)
        }
        var summary = Summary()
        summary.changedGolden = target.changedFiles.compactMap(\.index)
        var stale = [String]()
        for pair in FramePairing(expected: target, actual: source).pairs {
            guard let incoming = pair.actual else {
                if let old = pair.expected, target.manifest != nil || FrameManifest.index(of: old.file) != nil {
                    stale.append(old.file)
                }
                continue
            }
            if let old = pair.expected, old.file == incoming.file,
                try pair.identicalByHash || sameBytes(target.filePath(old), source.filePath(incoming))
            {
                summary.unchanged += 1
                continue
            }
            try AtomicFile.write(
                try bytes(of: source.filePath(incoming)), name: incoming.file, in: goldenFolder,
                path: golden + "/" + incoming.file)
            if let old = pair.expected {
                summary.replaced.append(incoming.file)
                if old.file != incoming.file { stale.append(old.file) }
            } else {
                summary.added.append(incoming.file)
            }
        }

        // The manifest goes in after the frames it lists and before stale frames go, so a reader never
        // finds a listed frame missing.
        if let manifest = source.manifest {
            summary.manifest = target.manifest == nil ? .written : target.manifest == manifest ? .unchanged : .replaced
            if summary.manifest != .unchanged {
                try AtomicFile.write(
                    try manifest.encoded(), name: FrameManifest.fileName, in: goldenFolder,
                    path: golden + "/" + FrameManifest.fileName)
            }
            goldenFolder.remove(FrameManifest.journalName)
        } else if target.manifest != nil {
            FrameManifest.remove(folder: golden)
            summary.manifest = .removed
        }
        // A file the new frames were just written to is never stale, whatever the old manifest said.
        let written = Set(source.frames.map(\.file))
        for file in stale where !written.contains(file) && unlink(golden + "/" + file) == 0 {
            summary.removed.append(file)
        }
        return summary
    }

    /// A frame's bytes, bounded like every PNG read (a FIFO or a link to `/dev/zero` is refused).
    private static func bytes(of path: String) throws -> [UInt8] {
        try PNGDecoder.fileBytes(path: path)
    }

    private static func sameBytes(_ a: String, _ b: String) throws -> Bool {
        try bytes(of: a) == bytes(of: b)
    }
}
