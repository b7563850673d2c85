import ShatterDigest
import ShatterPNG

extension FrameFolder {
    /// The folder with each frame's file checked against its manifest's file digest (`png`): a
    /// manifest's pixel hash is a claim about a file, trusted only while the file is the one rendered.
    /// A frame whose file changed keeps its place but loses its pixel hash (it is then decoded and
    /// judged by its pixels) and is listed in ``changedFiles``. Files are read with the PNG bounds and
    /// hashed on every core; a folder without a manifest has nothing to confirm.
    public func confirmingFiles() -> FrameFolder {
        guard manifest != nil, !frames.isEmpty else { return self }
        let matches = concurrentMap(frames.count) { i in
            let frame = frames[i]
            let bytes = try? PNGDecoder.fileBytes(path: filePath(frame))
            guard let bytes, let png = frame.png else { return false }
            return png.matches(bytes)
        }
        var confirmed = self
        for (i, same) in matches.enumerated() where !same {
            confirmed.frames[i].pixels = nil
            confirmed.changedFiles.append(frames[i])
        }
        return confirmed
    }

    /// "golden/manifest.json no longer matches the files of frames 5, 7-9 (changed since rendered)…", or nil.
    public var changedFilesNote: String? {
        guard !changedFiles.isEmpty else { return nil }
        let indices = changedFiles.compactMap(\.index)
        let plural = indices.count == 1 ? "" : "s"
        return "\(path)/\(FrameManifest.fileName) no longer matches the file\(plural) of frame\(plural) "
            + "\(ManifestMerge.describe(indices)) (changed since rendered, e.g. \(filePath(changedFiles[0]))); "
            + "\(indices.count == 1 ? "it was" : "they were") judged by \(indices.count == 1 ? "its" : "their") pixels"
    }
}
