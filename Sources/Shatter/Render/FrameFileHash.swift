import ShatterDigest
import ShatterPNG

/// What became of a frame file a manifest lists.
public enum FrameFileCheck: Sendable {
    case present
    case missing
    /// The file is there but its bytes no longer match the manifest's PNG hash.
    case changed
    /// Something else is at the path: a link, FIFO, device or folder. Only regular files count as frames.
    case notARegularFile
}

/// Whether a frame file is still what its manifest entry recorded (its `png` digest, by the algorithm the
/// entry names: XXH3-128, or SHA-256 in a manifest of format 1 or 2). The file is read with
/// `PNGDecoder.fileBytes(path:limits:)`'s bounds, so a frame replaced by a FIFO or a link to
/// `/dev/zero` counts as changed instead of hanging or filling memory; links are not followed (a frame
/// is a regular file in its folder).
enum FrameFileHash {
    /// Missing, present with the recorded bytes, or changed (other bytes, or no longer a readable PNG
    /// file within the limits).
    static func check(path: String, entry: FrameManifest.Entry) -> FrameFileCheck {
        switch FileKind(path: path) {
        case .missing: return .missing
        case .directory, .other: return .notARegularFile
        case .regular: break
        }
        do {
            return entry.png.matches(try PNGDecoder.fileBytes(path: path)) ? .present : .changed
        } catch .fileNotFound {
            return .missing
        } catch {
            return .changed
        }
    }
}
