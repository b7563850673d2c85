/// What an update refuses before anything in the golden folder changes: manifests it cannot honour
/// without removing a golden frame it does not replace.
extension FolderUpdate {
    /// A new folder whose manifest lists a frame whose file is not there as a regular file (missing,
    /// a link, a FIFO, a folder): copying that manifest would list a frame the update had removed.
    /// (A golden frame that is missing is simply written again.)
    static func refuseAbsentFrames(_ new: FrameFolder) throws {
        guard new.absentFiles.isEmpty else {
            throw FolderComparisonError.listedFramesAbsent(path: new.path, files: new.absentFiles)
        }
    }

    /// A manifest naming one file for two frames: replacing or removing one frame's file would take
    /// the other frame with it.
    static func refuseSharedFiles(_ folder: FrameFolder) throws {
        var frameOf: [String: Int] = [:]
        for frame in folder.manifest?.frames ?? [] {
            if let other = frameOf.updateValue(frame.index, forKey: frame.file) {
                throw FolderComparisonError.sharedFrameFile(
                    path: folder.path, file: frame.file, frames: [other, frame.index].sorted())
            }
        }
    }
}
