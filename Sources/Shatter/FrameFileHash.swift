import ShatterDigest
import ShatterPNG

/// The SHA-256 of a frame file's bytes, as manifests record it (`pngSHA256`). The file is read with
/// ``PNGDecoder/fileBytes(path:limits:)``'s bounds, so a frame replaced by a FIFO or a link to
/// `/dev/zero` is refused instead of hanging or filling memory.
enum FrameFileHash {
    /// What became of a listed frame: missing, or its bytes' hash (nil when it is there but cannot be a
    /// frame: not a PNG, too large, unreadable).
    enum Found: Equatable {
        case missing
        case present(sha256: String?)
    }

    static func of(path: String) -> Found {
        do {
            let bytes = try PNGDecoder.fileBytes(path: path)
            return .present(sha256: SHA256Hex.of(bytes))
        } catch .fileNotFound {
            return .missing
        } catch {
            return .present(sha256: nil)
        }
    }

    /// Whether the file at `path` is there with exactly the bytes `entry` recorded.
    static func matches(path: String, entry: FrameManifest.Entry) -> Bool {
        of(path: path) == .present(sha256: entry.pngSHA256)
    }
}
