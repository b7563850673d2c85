import Foundation

/// A GPU-vs-CPU (or golden-vs-new) comparison run: feed it frame pairs, and it judges each by a
/// ``FuzzyRule``, keeps the images of failing frames (or all), and writes `report.json`, a filmstrip and
/// `index.html` into a folder.
///
/// ```swift
/// var session = try CompareSession(rule: FuzzyRule(), folder: "compare")
/// try session.add(frame: 0, time: 0, expected: cpu, actual: gl)
/// let report = try session.finish(subject: "shatter", expectedRenderer: "cpu", actualRenderer: "gl")
/// ```
public struct CompareSession {
    public let rule: FuzzyRule
    public let folder: OutputDirectory
    /// Keep expected/actual/diff/mask PNGs for passing frames too.
    public var keepAll = false
    public private(set) var frames: [CompareReport.Frame] = []
    /// Thumbnails only, so memory stays small however many frames are compared.
    private var strip: [StripEntry] = []
    private let stripLimit = 12
    private let thumbnailWidth = 160

    /// Held while the session lives, so two comparisons never write one folder.
    private let lock: FolderLock

    /// Takes the folder for this comparison. A folder holding an earlier comparison's report is refused,
    /// unless `replacing` says to remove that report's files first (only those); other files stay.
    public init(rule: FuzzyRule, folder: String, keepAll: Bool = false, replacing: Bool = false) throws {
        self.rule = rule
        self.folder = try OutputDirectory(folder)
        self.keepAll = keepAll
        lock = try FolderLock(folder: folder)
        let earlier = Self.reportFiles(in: folder)
        if let example = earlier.first {
            guard replacing else {
                throw OutputFolderError.holdsEarlierReport(path: folder, example: example)
            }
            for name in earlier { unlink(folder + "/" + name) }
        }
    }

    /// The files a comparison writes: report.json, index.html, filmstrip.png, and expected-, actual-,
    /// diff-, mask-NNNNN.png.
    static func reportFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in
            ["report.json", "index.html", "filmstrip.png"].contains(name)
                || (["expected-", "actual-", "diff-", "mask-"].contains { name.hasPrefix($0) } && name.hasSuffix(".png"))
        }.sorted()
    }

    /// Compares one pair and records its figures; writes its images when it fails (or with keepAll).
    @discardableResult
    public mutating func add(frame index: Int, time: Double, expected: Image, actual: Image) throws -> CompareReport.Frame {
        let difference = try ImageDifference(expected: expected, actual: actual, ignoredBorder: rule.ignoredBorder)
        guard difference.pixelCount > 0 else {
            throw CompareError.nothingCompared(width: expected.width, height: expected.height, ignoredBorder: rule.ignoredBorder)
        }
        let verdict = difference.verdict(rule)
        var files: [String: String] = [:]
        if !verdict.passed || keepAll {
            let name = String(format: "%05d", index)
            let images = [("expected", expected), ("actual", actual), ("diff", difference.heatMap()),
                          ("mask", difference.mask(beyond: rule.channelDelta))]
            for (kind, image) in images {
                let file = "\(kind)-\(name).png"
                try PNGEncoder.write(image, to: folder.path + "/" + file)
                files[kind] = file
            }
        }
        let frame = CompareReport.Frame(index: index, time: time, difference: difference, rule: rule, files: files)
        frames.append(frame)
        strip.append(StripEntry(index: index, passed: verdict.passed,
                                expected: ContactSheet.downscale(expected, toWidth: thumbnailWidth),
                                actual: ContactSheet.downscale(actual, toWidth: thumbnailWidth),
                                diff: ContactSheet.downscale(difference.heatMap(), toWidth: thumbnailWidth)))
        return frame
    }

    /// Writes `report.json`, `filmstrip.png` and `index.html`, and returns the report.
    public func finish(subject: String, expectedRenderer: String, actualRenderer: String) throws -> CompareReport {
        let report = CompareReport(subject: subject, expectedRenderer: expectedRenderer, actualRenderer: actualRenderer,
                                   rule: rule, frames: frames)
        try PNGEncoder.write(filmstrip(), to: folder.path + "/filmstrip.png", options: PNGWriteOptions(compressionLevel: 6))
        try Self.writeAtomically(report.jsonData(), to: folder.path + "/report.json")
        try Self.writeAtomically(Data(report.html().utf8), to: folder.path + "/index.html")
        return report
    }

    /// Expected over actual over diff, for up to 12 frames spread over the run (failing ones first).
    private func filmstrip() -> Image {
        let failing = strip.filter { !$0.passed }
        let chosen = failing.isEmpty ? Self.spread(strip, count: stripLimit) : Array(failing.prefix(stripLimit))
        var sheet = ContactSheet(columns: max(1, chosen.count), thumbnailWidth: thumbnailWidth)
        for (kind, pick) in [("expected", \StripEntry.expected), ("actual", \.actual), ("diff", \.diff)] {
            for entry in chosen { sheet.add(entry[keyPath: pick], label: "\(kind) #\(entry.index)") }
        }
        return sheet.render()
    }

    private struct StripEntry {
        let index: Int
        let passed: Bool
        let expected: Image, actual: Image, diff: Image
    }

    private static func spread<T>(_ items: [T], count: Int) -> [T] {
        guard items.count > count else { return items }
        return (0..<count).map { items[$0 * (items.count - 1) / (count - 1)] }
    }

    static func writeAtomically(_ data: Data, to path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw OutputFolderError.cannotWriteFile(path: path, reason: error.localizedDescription)
        }
    }
}

/// Why a comparison cannot be judged.
public enum CompareError: Error, CustomStringConvertible, Equatable {
    /// The ignored border leaves no pixel to compare; such a comparison would pass whatever the images.
    case nothingCompared(width: Int, height: Int, ignoredBorder: Int)

    public var description: String {
        switch self {
        case .nothingCompared(let width, let height, let border):
            return "an ignored border of \(border) px leaves no pixel of the \(width)x\(height) images to compare"
        }
    }
}
