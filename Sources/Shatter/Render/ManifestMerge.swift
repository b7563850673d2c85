import Foundation
import Glibc

/// Joins the manifests of a sharded render (`shatter manifest merge`): one manifest listing every
/// frame, with the frames no shard wrote and the frames or jobs that disagree.
public struct ManifestMerge: Sendable {
    /// The joined manifest; its entries' `file` is the shard's folder joined to the file name.
    public let merged: FrameManifest
    /// Frames of the job that no manifest lists, or whose file is gone.
    public let missing: [Int]
    /// One line per disagreement: jobs that differ, a frame two shards rendered differently.
    public let conflicts: [String]
    /// Each renderer the shards name, with the first shard that names it, when there is more than one
    /// (GL on llvmpipe and on NVIDIA, or GL and the CPU renderer, may differ by a level here and there).
    public let renderers: [Renderer]
    /// Whether shards of different renderers were accepted.
    public let allowsMixedRenderers: Bool

    public struct Renderer: Sendable, Equatable {
        public let backend: String
        public let renderer: String
        /// The GL driver's version, where the shard's manifest records one.
        public let driver: String?
        public let folder: String

        /// The renderer, with the driver's version where one is recorded.
        public var rendererAndDriver: String { driver.map { "\(renderer), \($0)" } ?? renderer }
    }

    /// Shards of more than one renderer that were not allowed to mix.
    public var hasMixedRenderers: Bool { renderers.count > 1 && !allowsMixedRenderers }

    public var isComplete: Bool { missing.isEmpty && conflicts.isEmpty && !hasMixedRenderers }

    /// Reads each folder's manifest (with its journal) and joins them. With `verify`, each listed
    /// PNG is hashed and compared with the manifest, so a frame overwritten by another render is
    /// reported rather than trusted.
    public static func merge(folders: [String], verify: Bool = true, allowMixedRenderers: Bool = false) throws -> ManifestMerge {
        var shards: [(folder: String, manifest: FrameManifest)] = []
        for folder in folders {
            guard let manifest = try FrameManifest.read(folder: folder) else { throw ManifestError.missing(folder: folder) }
            shards.append((folder, manifest))
        }
        return merge(shards, allowMixedRenderers: allowMixedRenderers) { path, entry in
            guard verify else {
                switch FileKind(path: path) {
                case .regular: return .present
                case .missing: return .missing
                case .directory, .other: return .notARegularFile
                }
            }
            return FrameFileHash.check(path: path, entry: entry)
        }
    }

    /// Joins manifests read from `folder`s; `fileExists` checks that each listed frame is still there.
    /// Shards must name one renderer (the CPU renderer counts as one whatever its thread count: its
    /// pixels do not depend on it), unless `allowMixedRenderers`.
    public static func merge(
        _ shards: [(folder: String, manifest: FrameManifest)], allowMixedRenderers: Bool = false,
        fileExists: (String) -> Bool
    ) -> ManifestMerge {
        merge(shards, allowMixedRenderers: allowMixedRenderers) { path, _ in fileExists(path) ? .present : .missing }
    }

    /// Joins manifests read from `folder`s; `check` says what became of each listed frame's file.
    public static func merge(
        _ shards: [(folder: String, manifest: FrameManifest)], allowMixedRenderers: Bool = false,
        check: (String, FrameManifest.Entry) -> FrameFileCheck
    ) -> ManifestMerge {
        precondition(!shards.isEmpty, "merge needs at least one manifest")
        let first = shards[0]
        var conflicts: [String] = []
        var byIndex: [Int: (folder: String, entry: FrameManifest.Entry)] = [:]
        var absent: Set<Int> = []
        for (given, manifest) in shards {
            // `shard-*/` from a shell glob: no `shard-0//frame-00000.png` in the merged paths.
            var folder = given
            while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
            if let difference = first.manifest.jobDifference(from: manifest, ignoringBackend: true) {
                conflicts.append("\(folder) is another render than \(first.folder): \(difference)")
                continue
            }
            for entry in manifest.frames {
                let path = folder + "/" + entry.file
                if let earlier = byIndex[entry.index] {
                    if earlier.entry.pixels != entry.pixels {
                        conflicts.append(
                            "frame \(entry.index) differs: \(earlier.entry.file) "
                                + "\(earlier.entry.pixels.text.prefix(21))… vs \(path) \(entry.pixels.text.prefix(21))…")
                    }
                    continue
                }
                switch check(path, entry) {
                case .present: break
                case .missing:
                    absent.insert(entry.index)
                    continue
                case .changed:
                    conflicts.append(
                        "frame \(entry.index): \(path) no longer matches its manifest (overwritten since it was rendered)")
                    continue
                case .notARegularFile:
                    conflicts.append(
                        "frame \(entry.index): \(path) is not a regular file (a link, FIFO, device or folder); "
                            + "only regular frame files are merged")
                    continue
                }
                absent.remove(entry.index)
                byIndex[entry.index] = (
                    folder,
                    FrameManifest.Entry(index: entry.index, file: path, pixels: entry.pixels, png: entry.png)
                )
            }
        }
        var renderers: [Renderer] = []
        for (folder, manifest) in shards where !renderers.contains(where: { sameRenderer($0, manifest) }) {
            renderers.append(
                Renderer(backend: manifest.backend, renderer: manifest.renderer, driver: manifest.driver, folder: folder))
        }
        var merged = first.manifest
        merged.shard = nil
        merged.backend = unique(shards.map(\.manifest.backend)).joined(separator: "+")
        merged.renderer = unique(shards.map(\.manifest.renderer)).joined(separator: "; ")
        let drivers = unique(shards.compactMap(\.manifest.driver))
        merged.driver = drivers.isEmpty ? nil : drivers.joined(separator: "; ")
        merged.frames = byIndex.keys.sorted().map { byIndex[$0]!.entry }
        let missing = merged.expectedFrames.filter { byIndex[$0] == nil }
        return ManifestMerge(
            merged: merged, missing: missing, conflicts: conflicts, renderers: renderers.count > 1 ? renderers : [],
            allowsMixedRenderers: allowMixedRenderers)
    }

    private static func sameRenderer(_ known: Renderer, _ manifest: FrameManifest) -> Bool {
        known.backend == manifest.backend
            && (known.backend == "cpu" || (known.renderer == manifest.renderer && known.driver == manifest.driver))
    }

    private static func unique(_ values: [String]) -> [String] {
        values.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    }

    /// `3, 5-9, 12`: frame indices as short ranges.
    /// Safe at `Int.max` (a crafted manifest's frame) and repeats a frame listed twice only once.
    public static func describe(_ frames: [Int]) -> String {
        var runs: [ClosedRange<Int>] = []
        for frame in frames.sorted() {
            if let run = runs.last, frame == run.upperBound || (run.upperBound < Int.max && frame == run.upperBound + 1) {
                runs[runs.count - 1] = run.lowerBound...frame
            } else {
                runs.append(frame...frame)
            }
        }
        return runs.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(
            separator: ", ")
    }
}

extension ManifestMerge {
    /// Gathers every merged frame into `folder` (hard links where the file system allows, copies
    /// elsewhere) with a manifest naming them there, so the shards become one frame sequence. The
    /// folder must be new or empty; frames are linked or copied under a temporary name and renamed.
    public func collect(into folder: String) throws {
        let output = try OutputDirectory(folder)
        let lock = try FolderLock(output.handle)
        defer { lock.release() }
        let present = ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []).filter {
            $0 != FolderLock.fileName
        }
        if let example = present.sorted().first {
            throw OutputFolderError.holdsUnclaimedFrames(path: output.path, count: present.count, example: example)
        }
        var collected = merged
        collected.frames = []
        for entry in merged.frames {
            let name = OutputDirectory.frameName(entry.index)
            let temporary = AtomicFile.temporaryName(for: name)
            // Checked again here: the merge may have been made long before, and a frame file replaced
            // by a link or a FIFO since must not be gathered (a copy would follow the link).
            guard FileKind(path: entry.file) == .regular else {
                throw OutputFolderError.cannotWriteFile(
                    path: output.path + "/" + name, reason: "\(entry.file) is no longer a regular file")
            }
            try output.handle.refuseUnlessReplaceable(name)
            if linkat(AT_FDCWD, entry.file, output.handle.fd, temporary, 0) == 0 {
                if let code = output.handle.rename(temporary, to: name) {
                    output.handle.remove(temporary)
                    throw OutputFolderError.cannotWriteFile(
                        path: output.path + "/" + name, reason: String(cString: strerror(code)))
                }
            } else {
                // Another file system (or one without hard links): a copy, read bounded like every frame.
                try AtomicFile.write(
                    try PNGDecoder.fileBytes(path: entry.file), name: name, in: output.handle, path: output.path + "/" + name)
            }
            collected.frames.append(
                FrameManifest.Entry(index: entry.index, file: name, pixels: entry.pixels, png: entry.png))
        }
        try AtomicFile.write(
            try collected.encoded(), name: FrameManifest.fileName, in: output.handle,
            path: output.path + "/" + FrameManifest.fileName)
    }
}
