import Foundation
import Glibc

/// One side of a folder comparison: a render's folder, whose manifest (journal replayed) names the
/// frames and the SHA-256 of their raw pixels, or any folder of PNGs, whose `*.png` files are its
/// frames, by name.
public struct FrameFolder: Sendable {
    public struct Frame: Sendable, Equatable {
        /// From the manifest, or from a render's file name (`frame-00012.png` → 12); else nil.
        public let index: Int?
        /// The file's name in the folder.
        public let file: String
        /// SHA-256 of the raw RGBA pixels, from the manifest; nil without one.
        public let sha256: String?
    }

    public let path: String
    public let manifest: FrameManifest?
    /// The frames whose files are there, by index (manifest) or by name.
    public let frames: [Frame]
    /// Files the manifest lists that are not in the folder.
    public let absentFiles: [String]

    /// Reads the folder's manifest and lists its frames; nothing is decoded.
    public init(path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { throw FolderComparisonError.noSuchFolder(path: path) }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { throw FolderComparisonError.notAFolder(path: path) }
        self.path = path
        manifest = try FrameManifest.read(folder: path)
        if let manifest {
            let listed = manifest.frames.map { Frame(index: $0.index, file: $0.file, sha256: $0.sha256) }
            frames = listed.filter { access(path + "/" + $0.file, F_OK) == 0 }
            absentFiles = listed.filter { access(path + "/" + $0.file, F_OK) != 0 }.map(\.file)
        } else {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw FolderComparisonError.unreadableFolder(path: path, reason: error.localizedDescription)
            }
            // Temporary files of an atomic write start with a dot; they are never frames.
            frames = names.filter { $0.hasSuffix(".png") && !$0.hasPrefix(".") }.sorted()
                .map { Frame(index: FrameManifest.index(of: $0), file: $0, sha256: nil) }
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

    public var description: String {
        switch self {
        case .noSuchFolder(let path): return "the folder \(path) does not exist"
        case .notAFolder(let path): return "\(path) is a file, not a folder of frames"
        case .unreadableFolder(let path, let reason): return "cannot list the folder \(path): \(reason)"
        case .noFrames(let paths):
            return paths.count == 1
                ? "\(paths[0]) holds no PNG frame" : "neither \(paths.joined(separator: " nor ")) holds a PNG frame"
        }
    }
}
