import Foundation
import ShatterCompare
import ShatterCore
import ShatterDigest
import ShatterPNG
import ShatterTesting
import SnapshotTesting

extension Snapshotting where Value == Image, Format == Image {
    /// Records a Shatter `Image` as a PNG and compares later renders with it by `rule`, not byte for
    /// byte, so a GPU's rounding does not fail a test while a misplaced sprite does.
    ///
    /// ```swift
    /// import ShatterSnapshotTesting
    /// assertSnapshot(of: frame, as: .fuzzy(.parity))
    /// ```
    public static func fuzzy(_ rule: FuzzyRule) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .fuzzy(rule))
    }
}

extension Diffing where Value == Image {
    /// PNG on disk; a failure message with the rule's reasons and figures, and expected / actual / diff
    /// PNGs in `SNAPSHOT_ARTIFACTS` (or the temporary folder), also attached where Xcode shows them.
    public static func fuzzy(_ rule: FuzzyRule) -> Diffing {
        .diff(
            toData: { image in Data((try? PNGEncoder.encode(image, options: PNGWriteOptions(compressionLevel: 9))) ?? []) },
            // A reference that is not a readable PNG becomes a 0×0 image, which fails as a size mismatch.
            fromData: { data in (try? PNGDecoder.decode(data: [UInt8](data), name: "snapshot")) ?? Image(width: 0, height: 0) },
            diffV2: { reference, actual in
                let stem = artifactsFolder() + "/" + String(SHA256Hex.of(actual.pixels).prefix(16))
                do {
                    try FuzzyCheck.check(actual, matches: reference, rule: rule, label: "the snapshot", artifactStem: stem)
                    return nil
                } catch let mismatch as FuzzyMismatch {
                    let attachments = mismatch.artifacts.compactMap { path in
                        (try? PNGDecoder.fileBytes(path: path)).map {
                            DiffAttachment.data(Data($0), name: (path as NSString).lastPathComponent)
                        }
                    }
                    return (mismatch.description + "\nRule: " + rule.sentence, attachments)
                } catch {
                    return ("the snapshot could not be compared: \(error)", [])
                }
            })
    }

    private static func artifactsFolder() -> String {
        let base = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        return (base.hasSuffix("/") ? base : base + "/") + "shatter-fuzzy"
    }
}
