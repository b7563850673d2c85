import Foundation
import Glibc

/// Joins the manifests of a sharded render (`shatter manifest merge`): one manifest listing every
/// frame, with the frames no shard wrote and the frames or jobs that disagree.
///
/// The shards' entries are merged in frame order as they stream past (``ManifestShards``), each joined
/// entry handed on at once, so a merge holds the shards' headers, a read buffer each, the runs of missing
/// frames and at most 1,000 conflicts' lines, never the frames (issue 48, M1).
public struct ManifestMerge: Sendable {
    /// The joined manifest; its entries' `file` is the shard's folder joined to the file name. A merge of
    /// folders (``ManifestShards/merge(verify:allowMixedRenderers:each:)``) hands its entries on instead
    /// and leaves `frames` empty: ``mergedCount`` says how many there were.
    public let merged: FrameManifest
    /// How many frames were joined.
    public let mergedCount: Int
    /// Frames of the job that no manifest lists, or whose file is gone, as runs in order.
    public let missingRuns: [ClosedRange<Int>]
    /// One line per disagreement: frames two shards rendered differently (in frame order; past the first
    /// 1,000, one line counts the rest), then jobs that differ.
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

    /// Frames of the job that no manifest lists, or whose file is gone.
    public var missing: [Int] { missingRuns.flatMap { Array($0) } }

    /// How many frames are missing.
    public var missingCount: Int { missingRuns.reduce(0) { $0 + $1.count } }

    /// Shards of more than one renderer that were not allowed to mix.
    public var hasMixedRenderers: Bool { renderers.count > 1 && !allowsMixedRenderers }

    public var isComplete: Bool { missingRuns.isEmpty && conflicts.isEmpty && !hasMixedRenderers }

    /// Joins manifests read from `folder`s; `fileExists` checks that each listed frame is still there.
    /// Shards must name one renderer (the CPU renderer counts as one whatever its thread count: its
    /// pixels do not depend on it), unless `allowMixedRenderers`.
    public static func merge(
        _ shards: [(folder: String, manifest: FrameManifest)], allowMixedRenderers: Bool = false,
        fileExists: (String) -> Bool
    ) -> ManifestMerge {
        merge(shards, allowMixedRenderers: allowMixedRenderers) { path, _ in fileExists(path) ? .present : .missing }
    }

    /// Joins manifests held in memory; `check` says what became of each listed frame's file. The joined
    /// entries are in ``merged``'s `frames`.
    public static func merge(
        _ shards: [(folder: String, manifest: FrameManifest)], allowMixedRenderers: Bool = false,
        check: (String, FrameManifest.Entry) -> FrameFileCheck
    ) -> ManifestMerge {
        let held = ManifestShards(shards.map { ManifestShard(folder: $0.folder, manifest: $0.manifest) })
        var frames: [FrameManifest.Entry] = []
        // Held entries are read without a file, and collecting them cannot fail.
        let result = try! held.merge(allowMixedRenderers: allowMixedRenderers, check: check) { frames.append($0) }
        var merged = result.merged
        merged.frames = frames
        return ManifestMerge(
            merged: merged, mergedCount: result.mergedCount, missingRuns: result.missingRuns, conflicts: result.conflicts,
            renderers: result.renderers, allowsMixedRenderers: result.allowsMixedRenderers)
    }

    /// `3, 5-9, 12`: runs of frames in order, as ``describe(_:)`` writes them.
    public static func describe(runs: [ClosedRange<Int>]) -> String {
        runs.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(
            separator: ", ")
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
        return describe(runs: runs)
    }
}
