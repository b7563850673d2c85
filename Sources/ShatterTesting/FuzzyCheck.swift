import Foundation
import ShatterCompare
import ShatterCore
import ShatterPNG

/// An image judged against the expected one by a `FuzzyRule`, failing with everything a person
/// needs to see why: the broken conditions, the figures, and expected / actual / diff PNGs on disk.
/// No test framework is imported: a thrown ``FuzzyMismatch`` fails a Swift Testing `@Test` and an
/// XCTest `test…()` alike.
///
/// ```swift
/// try FuzzyCheck.check(gl, matches: cpu, rule: .parity, label: "splash t=0.5",
///                      artifactStem: FuzzyCheck.temporaryStem(folder: "parity", label: "splash t=0.5"))
/// ```
public enum FuzzyCheck {
    /// Returns the difference when `actual` passes `rule` against `expected`. Otherwise writes
    /// `<artifactStem>.expected.png`, `.actual.png` and `.diff.png` (the difference over a pale copy of the
    /// expected image, colored by size), creating the folder when needed, and throws ``FuzzyMismatch``.
    /// With `blends` (the CPU renderer's count for `expected`), the rule is applied per blended
    /// fragment (`ImageDifference`).
    @discardableResult
    public static func check(
        _ actual: Image, matches expected: Image, rule: FuzzyRule, label: String,
        artifactStem: String, blends: BlendCounts? = nil
    ) throws -> ImageDifference {
        guard expected.width == actual.width, expected.height == actual.height else {
            let reason =
                "the images differ in size: \(expected.width)x\(expected.height) expected, "
                + "\(actual.width)x\(actual.height) actual"
            let files = try writeArtifacts([("expected", expected), ("actual", actual)], stem: artifactStem)
            throw FuzzyMismatch(label: label, reasons: [reason], figures: nil, artifacts: files)
        }
        let difference = try ImageDifference(
            expected: expected, actual: actual, ignoredBorder: rule.ignoredBorder, blends: blends)
        let verdict = difference.verdict(rule)
        guard !verdict.passed else { return difference }
        let files = try writeArtifacts(
            [
                ("expected", expected), ("actual", actual),
                ("diff", difference.overlay(palette: DiffPalette(rule: rule))),
            ], stem: artifactStem)
        throw FuzzyMismatch(label: label, reasons: verdict.reasons, figures: difference.description, artifacts: files)
    }

    /// `<temporary folder>/shatter-<folder>-<pid>/<label as a file name>`, for artifacts of checks whose
    /// expected image is made on the fly (GPU against CPU) rather than read from a golden file.
    public static func temporaryStem(folder: String, label: String) -> String {
        NSTemporaryDirectory() + "shatter-\(folder)-\(getpid())/" + fileName(label)
    }

    /// A label as a file name: letters, digits, `.`, `-` and `_`; anything else becomes `_`.
    public static func fileName(_ label: String) -> String {
        String(label.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
    }

    /// The artifact names for `stem`, written or not.
    static func artifactPaths(stem: String) -> [String] {
        ["expected", "actual", "diff"].map { "\(stem).\($0).png" }
    }

    static func writeArtifacts(_ images: [(String, Image)], stem: String) throws -> [String] {
        let folder = (stem as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        // An empty image (an unreadable reference) has no picture to write.
        return try images.filter { $0.1.width > 0 && $0.1.height > 0 }.map { kind, image in
            let path = "\(stem).\(kind).png"
            try PNGEncoder.write(image, to: path)
            return path
        }
    }
}

/// An image that does not match its expected image: why, the figures, and where the pictures are.
public struct FuzzyMismatch: Error, CustomStringConvertible {
    public let label: String
    /// One line per condition of the rule the image breaks.
    public let reasons: [String]
    /// `ImageDifference`'s one-line summary; nil when the sizes differ.
    public let figures: String?
    /// The expected / actual / diff PNGs written.
    public let artifacts: [String]

    public var description: String {
        "\(label) does not match: \(reasons.joined(separator: "; "))" + (figures.map { " (\($0))" } ?? "")
            + "; see " + artifacts.joined(separator: ", ")
    }
}
