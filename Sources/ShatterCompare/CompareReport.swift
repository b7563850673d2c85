import Foundation
import ShatterCore

/// Everything a comparison found, in the stable shape `report.json` has; ``html()`` is its page.
///
/// Schema 2 (``currentSchemaVersion``): a top-level `passed`, the rule with its sentence, counts by
/// verdict, and per frame a verdict (`identical`, `pass`, `fail`, `missing`, `extra`,
/// `size-mismatch`) with its reasons. `index` and `time` are present only where frames have them (not
/// for two loose images), and the figures only where pixels were compared.
public struct CompareReport: Codable, Sendable {
    public static let currentSchemaVersion = 2

    public let schemaVersion: Int
    public let passed: Bool
    public let subject: String
    public let expectedRenderer: String
    public let actualRenderer: String
    /// Facts about the two sides worth knowing before judging them ("backend cpu vs gl").
    public let notes: [String]
    public let rule: Rule
    public let counts: Counts
    public let ssimMethod: String
    /// The filmstrip's file name; nil when no frame's pixels were decoded (all matched by hash).
    public let overview: String?
    /// In the order they were compared (by frame index where there is one).
    public let frames: [Frame]
    /// The page beside the report that replays a compared effect in the browser, or why there is none;
    /// nil where nothing can be replayed (two images, two folders).
    public let preview: Preview?

    public init(
        subject: String, expectedRenderer: String, actualRenderer: String, rule: FuzzyRule, frames: [Frame],
        notes: [String] = [], overview: String? = nil, preview: Preview? = nil
    ) {
        schemaVersion = Self.currentSchemaVersion
        passed = frames.allSatisfy(\.passed)
        self.subject = subject
        self.expectedRenderer = expectedRenderer
        self.actualRenderer = actualRenderer
        self.notes = notes
        self.rule = Rule(rule)
        counts = Counts(frames)
        ssimMethod = ImageDifference.ssimMethod
        self.overview = overview
        self.frames = frames
        self.preview = preview
    }

    /// `{"file": "preview.html"}`, or `{"unavailable": "why"}`.
    public struct Preview: Codable, Sendable, Equatable {
        /// The page's file name in the report's folder.
        public let file: String?
        /// Why there is no page, in one line.
        public let unavailable: String?

        public static func file(_ name: String) -> Preview { Preview(file: name, unavailable: nil) }
        public static func unavailable(_ reason: String) -> Preview { Preview(file: nil, unavailable: reason) }
    }

    public var failingFrames: [Frame] { frames.filter { !$0.passed } }

    /// `report.json`'s bytes: pretty-printed, keys sorted.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var data = try encoder.encode(self)
        data.append(contentsOf: Array("\n".utf8))
        return data
    }

    /// Frames worst first: missing, extra and resized ones, then failing, then passing, then identical;
    /// within a verdict, the larger share of differing pixels (then the larger summed difference) first.
    public var framesWorstFirst: [Frame] {
        frames.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.verdict.rank != y.verdict.rank { return x.verdict.rank < y.verdict.rank }
            if (x.differingFraction ?? 0) != (y.differingFraction ?? 0) {
                return (x.differingFraction ?? 0) > (y.differingFraction ?? 0)
            }
            if (x.largestSummedDifference ?? 0) != (y.largestSummedDifference ?? 0) {
                return (x.largestSummedDifference ?? 0) > (y.largestSummedDifference ?? 0)
            }
            return a.offset < b.offset
        }.map(\.element)
    }

    public struct Rule: Codable, Sendable {
        public let channelDelta: Int
        public let maxDifferentPixels: Int?
        public let precision: Double?
        public let pixelDeltaThreshold: Int
        public let ignoredBorder: Int
        /// ``FuzzyRule/sentence``.
        public let sentence: String

        init(_ rule: FuzzyRule) {
            channelDelta = rule.channelDelta
            pixelDeltaThreshold = rule.pixelDeltaThreshold
            ignoredBorder = rule.ignoredBorder
            sentence = rule.sentence
            switch rule.budget {
            case .maxDifferentPixels(let n):
                maxDifferentPixels = n
                precision = nil
            case .precision(let p):
                maxDifferentPixels = nil
                precision = p
            }
        }

        /// The rule again, for drawing pictures of it.
        public var fuzzyRule: FuzzyRule {
            FuzzyRule(
                channelDelta: channelDelta,
                budget: maxDifferentPixels.map { .maxDifferentPixels($0) } ?? .precision(precision ?? 1),
                pixelDeltaThreshold: pixelDeltaThreshold, ignoredBorder: ignoredBorder)
        }
    }

    /// How many frames got each verdict.
    public struct Counts: Codable, Sendable, Equatable {
        public let frames: Int, passed: Int, failed: Int
        public let identical: Int, withinRule: Int, changed: Int, missing: Int, extra: Int, sizeMismatch: Int

        init(_ frames: [Frame]) {
            func count(_ verdict: Frame.Verdict) -> Int { frames.lazy.filter { $0.verdict == verdict }.count }
            self.frames = frames.count
            passed = frames.lazy.filter(\.passed).count
            failed = frames.count - passed
            identical = count(.identical)
            withinRule = count(.pass)
            changed = count(.fail)
            missing = count(.missing)
            extra = count(.extra)
            sizeMismatch = count(.sizeMismatch)
        }
    }

    public struct Box: Codable, Sendable, Equatable {
        public let x: Int, y: Int, width: Int, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    public struct Size: Codable, Sendable, Equatable, CustomStringConvertible {
        public let width: Int, height: Int
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
        public var description: String { "\(width)x\(height)" }
    }
}
