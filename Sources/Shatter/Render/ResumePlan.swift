import Foundation

/// What a resumed render may keep from an earlier run into the same folder: the frames its manifest
/// (with its journal) lists under the name their index implies, whose PNG is still there byte for byte.
public enum ResumePlan {
    /// The entries of `folder`'s manifest that `job` can keep. No manifest: nothing to keep. A
    /// manifest of a different job is an error rather than a silent re-render, since the user
    /// probably pointed the render at the wrong folder.
    public static func keptFrames(in folder: String, for job: FrameManifest) throws -> [FrameManifest.Entry] {
        guard let earlier = try FrameManifest.read(folder: folder) else { return [] }
        try check(earlier, in: folder, for: job)
        return keptFrames(in: folder, earlier: earlier, for: job)
    }

    /// Refuses a folder whose manifest is another job, or the same job written by another Shatter or
    /// another renderer: frames of two versions or two GPUs would mix under one manifest's name, and a
    /// merge could no longer tell them apart.
    static func check(_ earlier: FrameManifest, in folder: String, for job: FrameManifest) throws {
        if let difference = job.jobDifference(from: earlier) ?? droppedByShard(earlier, job) {
            throw ManifestError.differentRender(folder: folder, difference: difference)
        }
        if let difference = job.makerDifference(from: earlier) {
            throw ManifestError.otherMaker(folder: folder, difference: difference)
        }
    }

    /// Where `job`'s shard would drop frames `earlier` holds (a whole render resumed as shard 0/2, or
    /// shard 1/2 resumed into shard 0/2's folder): the resumed manifest lists only its shard's frames,
    /// so the others would leave the manifest while their files stay. A shard resumed as the whole
    /// render keeps every frame, and is allowed.
    private static func droppedByShard(_ earlier: FrameManifest, _ job: FrameManifest) -> String? {
        guard earlier.shard != job.shard, let shard = job.shard,
            let outside = earlier.frames.first(where: { !shard.contains($0.index) })
        else { return nil }
        return "shard \(earlier.shard?.label ?? "none, the whole render") vs \(shard.label), which would drop its frame "
            + "\(outside.index)"
    }

    /// The entries of `earlier` (already known to be the same job) whose PNG still matches.
    static func keptFrames(in folder: String, earlier: FrameManifest, for job: FrameManifest) -> [FrameManifest.Entry] {
        let wanted = job.shard.map { shard in { (index: Int) in shard.contains(index) } } ?? { _ in true }
        return earlier.frames.filter { entry in
            // The name must be the one the index implies: a hand-edited entry pointing at another
            // frame's file would otherwise keep a frame that is not on disk.
            guard (job.range.first...job.range.last).contains(entry.index), wanted(entry.index),
                entry.file == OutputDirectory.frameName(entry.index)
            else { return false }
            return FrameFileHash.check(path: folder + "/" + entry.file, entry: entry) == .present
        }
    }

    /// Listed frames of this job whose name now holds a link, FIFO or device count as changed and are
    /// rendered again (docs/robustness.md): the name is removed first (the node itself, never what a link
    /// points to), because the frame writer refuses to replace anything but a plain file.
    static func clearReplacedFrames(in folder: FolderHandle, earlier: FrameManifest, for job: FrameManifest) {
        let wanted = job.shard.map { shard in { (index: Int) in shard.contains(index) } } ?? { _ in true }
        for entry in earlier.frames
        where (job.range.first...job.range.last).contains(entry.index) && wanted(entry.index)
            && entry.file == OutputDirectory.frameName(entry.index)
        {
            switch folder.kind(of: entry.file) {
            case .missing, .regular, .directory: continue
            default: folder.remove(entry.file)
            }
        }
    }
}
