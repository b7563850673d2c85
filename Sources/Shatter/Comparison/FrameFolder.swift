import Foundation
import Glibc
import ShatterDigest

/// One side of a folder comparison: a render's folder, whose manifest (journal replayed) names the
/// frames and the digests of their raw pixels, or any folder of PNGs, whose `*.png` files are its
/// frames, by name.
public struct FrameFolder: Sendable {
    public struct Frame: Sendable, Equatable {
        /// From the manifest, or from a render's file name (`frame-00012.png` → 12); else nil.
        public let index: Int?
        /// The file's name in the folder.
        public let file: String
        /// Digest of the raw RGBA pixels, from the manifest; nil without one, or once the file is found
        /// to differ from what the manifest recorded (``confirmingFiles()``).
        public internal(set) var pixels: Digest?
        /// Digest of the PNG file, from the manifest: what confirms the file is the one rendered.
        public let png: Digest?
    }

    public let path: String
    public let manifest: FrameManifest?
    /// The frames whose files are there, by index (manifest) or by name.
    public internal(set) var frames: [Frame]
    /// Files the manifest lists that are not in the folder (as regular files).
    public let absentFiles: [String]
    /// Frames whose file no longer has the bytes the manifest recorded, found by ``confirmingFiles()``.
    public internal(set) var changedFiles: [Frame] = []

    /// Reads the folder's manifest and lists its frames (regular files only); nothing is decoded.
    public init(path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { throw FolderComparisonError.noSuchFolder(path: path) }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { throw FolderComparisonError.notAFolder(path: path) }
        self.path = path
        manifest = try FrameManifest.read(folder: path)
        if let manifest {
            // Names are plain (``FrameManifest/read(folder:)`` checked them); links, FIFOs and devices
            // under those names are not frames.
            let listed = manifest.frames.map {
                Frame(index: $0.index, file: $0.file, pixels: $0.pixels, png: $0.png)
            }
            let isThere = listed.map { FileKind(path: path + "/" + $0.file) == .regular }
            frames = zip(listed, isThere).filter(\.1).map(\.0)
            absentFiles = zip(listed, isThere).filter { !$0.1 }.map(\.0.file)
        } else {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw FolderComparisonError.unreadableFolder(path: path, reason: error.localizedDescription)
            }
            // Temporary files of an atomic write start with a dot; they are never frames.
            frames = names.filter {
                $0.hasSuffix(".png") && !$0.hasPrefix(".") && FileKind(path: path + "/" + $0) == .regular
            }.sorted()
                .map { Frame(index: FrameManifest.index(of: $0), file: $0, pixels: nil, png: nil) }
            absentFiles = []
        }
    }

    /// "golden (shatter, cpu: Shatter CPU renderer (2 threads))", or "golden (no manifest)".
    public var summary: String {
        guard let manifest else { return "\(path) (no manifest)" }
        return "\(path) (\(manifest.effect), \(manifest.backend): \(manifest.renderer))"
    }

    public func filePath(_ frame: Frame) -> String { path + "/" + frame.file }
}

/// Why two folders cannot be compared, or one updated from the other.
public enum FolderComparisonError: Error, CustomStringConvertible, Equatable {
    case noSuchFolder(path: String)
    case notAFolder(path: String)
    case unreadableFolder(path: String, reason: String)
    /// Neither folder (or, to update from, the new one) holds a PNG frame.
    case noFrames(paths: [String])
    /// The new render's frame files no longer match its manifest: copying them with it would make the
    /// golden manifest lie.
    case changedSinceRendered(path: String, frames: [Int])
    /// Where a frame would be written, something other than a regular file is (a link, FIFO, folder).
    case notAFrameFile(path: String)
    /// The folder's manifest lists frames whose files are missing or not regular files.
    case listedFramesAbsent(path: String, files: [String])
    /// The folder's manifest names one file for two frames.
    case sharedFrameFile(path: String, file: String, frames: [Int])

    public var description: String {
        switch self {
        case .noSuchFolder(let path): return "the folder \(path) does not exist"
        case .notAFolder(let path): return "\(path) is a file, not a folder of frames"
        case .unreadableFolder(let path, let reason): return "cannot list the folder \(path): \(reason)"
        case .noFrames(let paths):
            return paths.count == 1
                ? "\(paths[0]) holds no PNG frame" : "neither \(paths.joined(separator: " nor ")) holds a PNG frame"
        case .notAFrameFile(let path):
            return "\(path) is not a regular file (a link, FIFO, device or folder); move it away to update that frame"
        case .listedFramesAbsent(let path, let files):
            let more = files.count > 1 ? " and \(files.count - 1) more" : ""
            return "\(path)/\(FrameManifest.fileName) lists \(FrameManifest.printable(files[0]))\(more), not there as "
                + "a regular file; nothing was updated: render that folder again (or put the frames back) first"
        case .sharedFrameFile(let path, let file, let frames):
            return "\(path)/\(FrameManifest.fileName) names \(FrameManifest.printable(file)) for frames "
                + "\(frames.map(String.init).joined(separator: " and ")); nothing was updated: render that folder "
                + "again, or remove its \(FrameManifest.fileName)"
        case .changedSinceRendered(let path, let frames):
            return "\(path)'s file\(frames.count == 1 ? "" : "s") of frame\(frames.count == 1 ? "" : "s") "
                + "\(ManifestMerge.describe(frames)) no longer match\(frames.count == 1 ? "es" : "") its \(FrameManifest.fileName) "
                + "(changed since rendered); render that folder again before recording it"
        }
    }
}
