import Foundation

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
        public let folder: String
    }

    /// Shards of more than one renderer that were not allowed to mix.
    public var hasMixedRenderers: Bool { renderers.count > 1 && !allowsMixedRenderers }

    public var isComplete: Bool { missing.isEmpty && conflicts.isEmpty && !hasMixedRenderers }

    /// Reads `folder/manifest.json` for each folder and joins them.
    public static func merge(folders: [String], allowMixedRenderers: Bool = false) throws -> ManifestMerge {
        var shards: [(folder: String, manifest: FrameManifest)] = []
        for folder in folders {
            let path = folder + "/" + FrameManifest.fileName
            guard let manifest = try FrameManifest.read(path: path) else {
                throw FrameManifest.Problem(description: "\(folder) has no \(FrameManifest.fileName); is it a render's --out folder?")
            }
            shards.append((folder, manifest))
        }
        return merge(shards, allowMixedRenderers: allowMixedRenderers, fileExists: { FileManager.default.fileExists(atPath: $0) })
    }

    /// Joins manifests read from `folder`s; `fileExists` checks that each listed frame is still there.
    /// Shards must name one renderer (the CPU renderer counts as one whatever its thread count: its
    /// pixels do not depend on it), unless `allowMixedRenderers`.
    public static func merge(_ shards: [(folder: String, manifest: FrameManifest)], allowMixedRenderers: Bool = false,
                             fileExists: (String) -> Bool) -> ManifestMerge {
        precondition(!shards.isEmpty, "merge needs at least one manifest")
        let first = shards[0]
        var conflicts: [String] = []
        var byIndex: [Int: (folder: String, entry: FrameManifest.Entry)] = [:]
        var absent: Set<Int> = []
        for (folder, manifest) in shards {
            if let difference = first.manifest.jobDifference(from: manifest, ignoringBackend: true) {
                conflicts.append("\(folder) is another render than \(first.folder): \(difference)")
                continue
            }
            for entry in manifest.frames {
                let path = folder + "/" + entry.file
                if let earlier = byIndex[entry.index] {
                    if earlier.entry.sha256 != entry.sha256 {
                        conflicts.append("frame \(entry.index) differs: \(earlier.entry.file) "
                                         + "sha256 \(earlier.entry.sha256.prefix(12))… vs \(path) \(entry.sha256.prefix(12))…")
                    }
                    continue
                }
                guard fileExists(path) else {
                    absent.insert(entry.index)
                    continue
                }
                absent.remove(entry.index)
                byIndex[entry.index] = (folder, FrameManifest.Entry(index: entry.index, file: path, sha256: entry.sha256,
                                                                    pngSHA256: entry.pngSHA256))
            }
        }
        var renderers: [Renderer] = []
        for (folder, manifest) in shards where !renderers.contains(where: { sameRenderer($0, manifest) }) {
            renderers.append(Renderer(backend: manifest.backend, renderer: manifest.renderer, folder: folder))
        }
        var merged = first.manifest
        merged.shard = nil
        merged.backend = unique(shards.map(\.manifest.backend)).joined(separator: "+")
        merged.renderer = unique(shards.map(\.manifest.renderer)).joined(separator: "; ")
        merged.frames = byIndex.keys.sorted().map { byIndex[$0]!.entry }
        let missing = merged.expectedFrames.filter { byIndex[$0] == nil }
        return ManifestMerge(merged: merged, missing: missing, conflicts: conflicts, renderers: renderers.count > 1 ? renderers : [],
                             allowsMixedRenderers: allowMixedRenderers)
    }

    private static func sameRenderer(_ known: Renderer, _ manifest: FrameManifest) -> Bool {
        known.backend == manifest.backend && (known.backend == "cpu" || known.renderer == manifest.renderer)
    }

    private static func unique(_ values: [String]) -> [String] {
        values.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    }

    /// `3, 5-9, 12`: frame indices as short ranges.
    public static func describe(_ frames: [Int]) -> String {
        var parts: [String] = []
        var start: Int?, previous: Int?
        for frame in frames.sorted() + [Int.min] {
            if let p = previous, frame == p + 1 { previous = frame; continue }
            if let s = start, let p = previous { parts.append(s == p ? "\(s)" : "\(s)-\(p)") }
            start = frame
            previous = frame
        }
        return parts.joined(separator: ", ")
    }
}
