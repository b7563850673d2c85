import Foundation

/// What a resumed render may keep from an earlier run into the same folder: the frames its manifest
/// lists whose PNG is still there, byte for byte.
public enum ResumePlan {
    /// The entries of `folder`'s manifest that `job` can keep. No manifest: nothing to keep. A
    /// manifest of a different job is an error rather than a silent re-render, since the user
    /// probably pointed the render at the wrong folder.
    public static func keptFrames(in folder: String, for job: FrameManifest) throws -> [FrameManifest.Entry] {
        let path = folder + "/" + FrameManifest.fileName
        guard let earlier = try FrameManifest.read(path: path) else { return [] }
        if let difference = job.jobDifference(from: earlier) {
            throw ManifestError.differentRender(folder: folder, difference: difference)
        }
        let wanted = Set(job.expectedFrames)
        return earlier.frames.filter { entry in
            // The name must be the one the index implies: a hand-edited entry pointing at another
            // frame's file would otherwise keep a frame that is not on disk.
            guard wanted.contains(entry.index), entry.file == OutputDirectory.frameName(entry.index),
                  let bytes = FileManager.default.contents(atPath: folder + "/" + entry.file) else { return false }
            return SHA256.hash(Array(bytes)).hex == entry.pngSHA256
        }
    }
}
