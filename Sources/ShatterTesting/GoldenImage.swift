import Foundation
import ShatterCompare
import ShatterCore
import ShatterPNG

/// Golden-image tests without a snapshot library: an image against a PNG checked in beside the test,
/// judged by a `FuzzyRule` (by default `FuzzyRule.parity`, the rule Shatter holds GPU and CPU to).
///
/// On failure `name.expected.png`, `name.actual.png` and `name.diff.png` are written beside the golden
/// `name.png` (and removed again once it passes). With `SHATTER_RECORD_GOLDENS=1` in the environment, a
/// golden that is missing or no longer matches is (re)written instead, and the check passes.
///
/// ```swift
/// @Test func splashHalfway() throws {
///     let frame = try SoftwareRenderer().render(UberSplash().displayList(at: 0.5))
///     try assertMatchesGolden(frame, named: "splash-0.5")   // Goldens/splash-0.5.png beside this file
/// }
/// ```
public enum GoldenImage {
    /// The environment variable that turns recording on (any value but empty, `0` or `false`).
    public static let recordVariable = "SHATTER_RECORD_GOLDENS"

    public enum Outcome: Sendable, Equatable {
        /// The golden was there and the image passes the rule against it.
        case matched
        /// The golden was written from the image (recording was on).
        case recorded
    }

    /// Whether `SHATTER_RECORD_GOLDENS` asks to record.
    public static var recording: Bool {
        guard let value = ProcessInfo.processInfo.environment[recordVariable] else { return false }
        return !["", "0", "false", "no"].contains(value.lowercased())
    }

    /// Checks `image` against the golden PNG at `path` (see the type's description).
    @discardableResult
    public static func check(
        _ image: Image, golden path: String, rule: FuzzyRule = .parity,
        record: Bool = GoldenImage.recording
    ) throws -> Outcome {
        let stem = path.hasSuffix(".png") ? String(path.dropLast(4)) : path
        let label = (path as NSString).lastPathComponent
        guard FileManager.default.fileExists(atPath: path) else {
            if record { return try recordGolden(image, to: path, stem: stem) }
            let written = try FuzzyCheck.writeArtifacts([("actual", image)], stem: stem)
            throw GoldenImageError.missing(path: path, actual: written[0])
        }
        do {
            try FuzzyCheck.check(image, matches: try PNGDecoder.read(path: path), rule: rule, label: label, artifactStem: stem)
        } catch is FuzzyMismatch where record {
            return try recordGolden(image, to: path, stem: stem)
        }
        removeArtifacts(stem: stem)
        return .matched
    }

    private static func recordGolden(_ image: Image, to path: String, stem: String) throws -> Outcome {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        // Maximum compression: goldens are checked in.
        try PNGEncoder.write(image, to: path, options: PNGWriteOptions(compressionLevel: 9))
        removeArtifacts(stem: stem)
        return .recorded
    }

    private static func removeArtifacts(stem: String) {
        for artifact in FuzzyCheck.artifactPaths(stem: stem) { try? FileManager.default.removeItem(atPath: artifact) }
    }
}

/// Checks `image` against `Goldens/<name>.png` in the folder of the test file that calls it; see
/// ``GoldenImage``.
@discardableResult
public func assertMatchesGolden(
    _ image: Image, named name: String, rule: FuzzyRule = .parity,
    filePath: StaticString = #filePath
) throws -> GoldenImage.Outcome {
    let folder = ("\(filePath)" as NSString).deletingLastPathComponent
    return try GoldenImage.check(image, golden: folder + "/Goldens/" + name + ".png", rule: rule)
}

/// Why a golden check could not compare at all.
public enum GoldenImageError: Error, CustomStringConvertible, Equatable {
    /// No golden file; the image was written to `actual` for a look.
    case missing(path: String, actual: String)

    public var description: String {
        switch self {
        case .missing(let path, let actual):
            return "no golden image at \(path); set \(GoldenImage.recordVariable)=1 to record it "
                + "(the image is in \(actual))"
        }
    }
}
