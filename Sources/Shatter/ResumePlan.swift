import Foundation

/// What `--resume` may keep from an earlier run into the same folder: the frames its manifest
/// lists whose PNG is still there, byte for byte.
public enum ResumePlan {
    /// The entries of `folder`'s manifest that `job` can keep. No manifest: nothing to keep. A
    /// manifest of a different job is an error rather than a silent re-render, since the user
    /// probably pointed `--out` at the wrong folder.
    public static func keptFrames(in folder: String, for job: FrameManifest) throws -> [FrameManifest.Entry] {
        let path = folder + "/" + FrameManifest.fileName
        guard let earlier = try FrameManifest.read(path: path) else { return [] }
        if let difference = job.jobDifference(from: earlier) {
            throw FrameManifest.Problem(description: "cannot --resume into \(folder): its manifest is for another render "
                                        + "(\(difference)); use the same options or another --out")
        }
        let wanted = Set(job.expectedFrames)
        return earlier.frames.filter { entry in
            guard wanted.contains(entry.index), !entry.file.contains("/"),
                  let bytes = FileManager.default.contents(atPath: folder + "/" + entry.file) else { return false }
            return bytes.withUnsafeBytes { SHA256Hex.of($0) } == entry.pngSHA256
        }
    }
}
