import Foundation

/// A GPU-vs-CPU (or golden-vs-new) comparison run: feed it frame pairs, and it judges each by a
/// `FuzzyRule`, keeps the images of failing frames (or all), and writes `report.json`, a filmstrip and
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
    /// Whether some frame was judged per blended fragment (the report then says so).
    public private(set) var countedBlends = false
    /// The diff pictures' colors (the page's legend is drawn from the same rule).
    private let palette: DiffPalette
    private var strip = FilmstripSample(limit: 12)
    /// The page that replays the compared effect in the browser, written beside the report as
    /// `preview.html` and linked from its page, or why there is none (said there in one line).
    public var preview: PreviewPage?

    public enum PreviewPage {
        case page(html: String)
        case unavailable(reason: String)
    }

    /// The preview page's name in the folder.
    public static let previewFile = "preview.html"
    private let thumbnailWidth = 160

    /// Held while the session lives, so two comparisons never write one folder.
    private let lock: FolderLock

    /// Takes the folder for this comparison. An earlier report of the same `subject` alone there
    /// (recognised by its `report.json`, see `contents(of:ownOutputs:)`) is replaced, as a rerun's
    /// should be; another comparison's report, or anything else, is refused, so no report is lost
    /// unasked, unless `replacing` says to remove any report's files (only those) and leave the rest.
    /// With no `subject`, any earlier report is taken for this comparison's. `ownOutputs` are paths
    /// this run writes, such as its JUnit file, which may lie in the folder.
    public init(
        rule: FuzzyRule, folder: String, subject: String? = nil, keepAll: Bool = false, replacing: Bool = false,
        ownOutputs: [String] = []
    ) throws {
        self.rule = rule
        self.folder = try OutputDirectory(folder)
        self.keepAll = keepAll
        palette = DiffPalette(rule: rule)
        let folder = self.folder.path
        lock = try FolderLock(self.folder.handle)
        // A killed comparison's temporaries (`.diff-00003.png.tmp-<pid>-…`) are not a report of anyone's.
        OutputDirectory.removeStaleTemporaries(in: folder) { Self.isReportFileName(String($0)) }
        let own = Set(ownOutputs.filter { Self.sameFolder($0, folder) }.map { ($0 as NSString).lastPathComponent })
        switch Self.contents(of: folder, ownOutputs: own) {
        case .empty: break
        case .earlierReport(let files, let earlier) where earlier == subject || subject == nil || replacing:
            for name in files { unlink(folder + "/" + name) }
        case .earlierReport(_, let earlier):
            throw OutputFolderError.holdsAnotherComparison(path: folder, subject: earlier)
        case .cutShort(let files):
            for name in files { unlink(folder + "/" + name) }
        case .other(let example):
            guard replacing else { throw OutputFolderError.holdsOtherFiles(path: folder, example: example) }
            for name in Self.reportFiles(in: folder) { unlink(folder + "/" + name) }
        }
    }

    /// The files a comparison writes: report.json, index.html, filmstrip.png, preview.html, and expected-,
    /// actual-, diff-, mask-NNNNN.png.
    static func reportFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter(isReportFileName).sorted()
    }

    /// Whether a comparison may write a file of this name.
    public static func isReportFileName(_ name: String) -> Bool {
        ["report.json", "index.html", "filmstrip.png", previewFile].contains(name)
            || (["expected-", "actual-", "diff-", "mask-"].contains { name.hasPrefix($0) } && name.hasSuffix(".png"))
    }

    /// Compares one pair of an animation's frames; see `add(_:expected:actual:)`.
    @discardableResult
    public mutating func add(frame index: Int, time: Double, expected: Image, actual: Image) throws -> CompareReport.Frame {
        try add(CompareReport.Frame.Label(index: index, time: time), expected: expected, actual: actual)
    }

    /// Compares one pair and records its figures and verdict; writes its images when it fails (or with
    /// keepAll). Images of different sizes are a failing frame with that reason, not an error. With
    /// `blends` (counted by the renderer of `expected`), the figures are per blended fragment
    /// (`ImageDifference`).
    @discardableResult
    public mutating func add(
        _ label: CompareReport.Frame.Label, expected: Image, actual: Image, blends: BlendCounts? = nil
    ) throws -> CompareReport.Frame {
        let stem = String(format: "%05d", label.index ?? frames.count)
        guard expected.width == actual.width, expected.height == actual.height else {
            let files = try write([("expected", expected), ("actual", actual)], stem: stem)
            return record(
                .sizeMismatch(
                    label, expected: .init(width: expected.width, height: expected.height),
                    actual: .init(width: actual.width, height: actual.height), files: files))
        }
        let difference = try ImageDifference(
            expected: expected, actual: actual, ignoredBorder: rule.ignoredBorder, blends: blends)
        if blends != nil { countedBlends = true }
        guard difference.pixelCount > 0 else {
            throw CompareError.nothingCompared(width: expected.width, height: expected.height, ignoredBorder: rule.ignoredBorder)
        }
        let passed = difference.verdict(rule).passed
        var files: [String: String] = [:]
        if !passed || keepAll {
            files = try write(
                [
                    ("expected", expected), ("actual", actual), ("diff", difference.overlay(palette: palette)),
                    ("mask", difference.mask(beyond: rule.channelDelta)),
                ], stem: stem)
        }
        let frame = record(CompareReport.Frame(label, difference: difference, rule: rule, files: files))
        if strip.wants(passed: passed) {
            let small = ContactSheet.downscale(expected, toWidth: thumbnailWidth)
            let identical = difference.largestChannelDifference == 0
            strip.add(
                FilmstripSample.Entry(
                    title: label.index.map { "#\($0)" } ?? label.name ?? "image", passed: passed, expected: small,
                    actual: identical ? small : ContactSheet.downscale(actual, toWidth: thumbnailWidth),
                    diff: difference.overlayThumbnail(over: small, palette: palette)))
        }
        return frame
    }

    /// Records a pair whose raw-pixel and file hashes agree: identical, with no image decoded.
    public mutating func addIdenticalByHash(_ label: CompareReport.Frame.Label) {
        record(.identicalByHash(label))
    }

    /// Records a frame present on one side only (`.missing` or `.extra`), with the reason in words.
    public mutating func addUnpaired(_ label: CompareReport.Frame.Label, verdict: CompareReport.Frame.Verdict, reason: String) {
        record(.unpaired(label, verdict: verdict, reason: reason))
    }

    @discardableResult
    private mutating func record(_ frame: CompareReport.Frame) -> CompareReport.Frame {
        frames.append(frame)
        return frame
    }

    private func write(_ images: [(String, Image)], stem: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for (kind, image) in images {
            let file = "\(kind)-\(stem).png"
            try PNGEncoder.write(image, to: folder.path + "/" + file)
            files[kind] = file
        }
        return files
    }

    /// Writes `report.json`, `index.html`, (when any frame was decoded) `filmstrip.png` and (with a
    /// ``preview`` page) `preview.html`, and returns the report.
    public func finish(subject: String, expectedRenderer: String, actualRenderer: String, notes: [String] = []) throws
        -> CompareReport
    {
        var overview: String?
        if let sheet = strip.render(thumbnailWidth: thumbnailWidth) {
            overview = "filmstrip.png"
            try PNGEncoder.write(sheet, to: folder.path + "/filmstrip.png", options: PNGWriteOptions(compressionLevel: 6))
        }
        let report = CompareReport(
            subject: subject, expectedRenderer: expectedRenderer, actualRenderer: actualRenderer,
            rule: rule, frames: frames, notes: explainsBlends ? notes + [Self.blendNote] : notes, overview: overview,
            preview: writePreview())
        try Self.writeAtomically(report.jsonData(), to: folder.path + "/report.json")
        try Self.writeAtomically(Data(report.html().utf8), to: folder.path + "/index.html")
        return report
    }

    /// Whether the report says the deltas were per blended fragment: only where they were and some pixel
    /// differs at all. Where every frame is identical the slack allowed nothing and the note only puzzles.
    var explainsBlends: Bool { countedBlends && frames.contains { ($0.largestChannelDifference ?? 0) > 0 } }

    /// Writes ``preview``'s page, and says what the report links (or why it links nothing). A page that
    /// cannot be written is said so, not thrown: the preview never fails a comparison.
    private func writePreview() -> CompareReport.Preview? {
        switch preview {
        case nil: return nil
        case .unavailable(let reason): return .unavailable(reason)
        case .page(let html):
            do {
                try Self.writeAtomically(Data(html.utf8), to: folder.path + "/" + Self.previewFile)
                return .file(Self.previewFile)
            } catch {
                return .unavailable("\(Self.previewFile) could not be written: \(error)")
            }
        }
    }

    /// What a report judged per blended fragment says about it.
    public static let blendNote =
        "differences are per blended fragment: a pixel that received n blended fragments may differ by "
        + "the channel delta × max(1, n), the slack GLES allows fixed-function blending (docs/parity.md)"

    static func writeAtomically(_ data: Data, to path: String) throws {
        // AtomicFile, not Data.write(options: .atomic): a report's names get the folder's own-file rules.
        try AtomicFile.write(Array(data), to: path)
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
