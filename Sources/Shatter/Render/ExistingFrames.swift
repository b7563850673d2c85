import Foundation

/// What a render does when its folder already holds frames or a manifest.
public enum ExistingFrames: Sendable, Equatable {
    /// Refuse a folder holding another render, or frame files no manifest describes; a folder holding
    /// this very render (same job and shard) is rendered again in place.
    case refuse
    /// Keep the frames an earlier run of the same job left (their PNG still matching the manifest) and
    /// render the rest; another render is refused.
    case resume
    /// Remove the earlier render's manifest and the frames it lists (nothing else), then render.
    case overwrite
}

extension ExistingFrames {
    /// Checks `folder` against `job` under this policy, clearing the old render for `.overwrite`; returns
    /// the frames a resume keeps.
    func prepare(_ folder: OutputDirectory, for job: FrameManifest) throws -> [FrameManifest.Entry] {
        let earlier = try FrameManifest.read(folder: folder.path)
        let claimed = Set(earlier?.frames.map(\.file) ?? [])
        let frameFiles = Self.frameFiles(in: folder.path)
        switch self {
        case .resume:
            guard let earlier else { return [] }
            try ResumePlan.check(earlier, in: folder.path, for: job)
            ResumePlan.clearReplacedFrames(in: folder.handle, earlier: earlier, for: job)
            return ResumePlan.keptFrames(in: folder.path, earlier: earlier, for: job)
        case .overwrite:
            for file in claimed where file == OutputDirectory.frameName(FrameManifest.index(of: file) ?? -1) {
                unlink(folder.path + "/" + file)
            }
            FrameManifest.remove(folder: folder.path)
            return []
        case .refuse:
            if let earlier {
                if let difference = job.jobDifference(from: earlier) ?? Self.shardDifference(job, earlier) {
                    throw OutputFolderError.holdsAnotherRender(path: folder.path, difference: difference)
                }
            }
            let unclaimed = frameFiles.filter { !claimed.contains($0) }
            if let example = unclaimed.first {
                throw OutputFolderError.holdsUnclaimedFrames(path: folder.path, count: unclaimed.count, example: example)
            }
            return []
        }
    }

    private static func shardDifference(_ job: FrameManifest, _ earlier: FrameManifest) -> String? {
        guard job.shard != earlier.shard else { return nil }
        return "shard \(earlier.shard?.label ?? "none") vs \(job.shard?.label ?? "none")"
    }

    /// `frame-NNNNN.png` files in `path`, sorted.
    static func frameFiles(in path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
            .filter { FrameManifest.index(of: $0) != nil }.sorted()
    }
}
