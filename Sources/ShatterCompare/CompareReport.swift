import ShatterCore
import Foundation

/// Everything a comparison found, in the stable shape `report.json` has, and the `index.html` view.
public struct CompareReport: Codable, Sendable {
    public let subject: String
    public let expectedRenderer: String
    public let actualRenderer: String
    public let rule: Rule
    public let ssimMethod: String
    public let frames: [Frame]

    public init(subject: String, expectedRenderer: String, actualRenderer: String, rule: FuzzyRule, frames: [Frame]) {
        self.subject = subject
        self.expectedRenderer = expectedRenderer
        self.actualRenderer = actualRenderer
        self.rule = Rule(rule)
        self.ssimMethod = ImageDifference.ssimMethod
        self.frames = frames
    }

    public var passed: Bool { frames.allSatisfy(\.passed) }
    public var failingFrames: [Frame] { frames.filter { !$0.passed } }

    public struct Rule: Codable, Sendable {
        public let channelDelta: Int
        public let maxDifferentPixels: Int?
        public let precision: Double?
        public let pixelDeltaThreshold: Int
        public let ignoredBorder: Int

        init(_ rule: FuzzyRule) {
            channelDelta = rule.channelDelta
            pixelDeltaThreshold = rule.pixelDeltaThreshold
            ignoredBorder = rule.ignoredBorder
            switch rule.budget {
            case .maxDifferentPixels(let n): maxDifferentPixels = n; precision = nil
            case .precision(let p): maxDifferentPixels = nil; precision = p
            }
        }
    }

    public struct Box: Codable, Sendable, Equatable {
        public let x: Int, y: Int, width: Int, height: Int
    }

    public struct Frame: Codable, Sendable {
        public let index: Int
        public let time: Double
        public let passed: Bool
        public let reasons: [String]
        /// Pixels with some channel off by more than the rule's channel delta.
        public let differingPixels: Int
        public let comparedPixels: Int
        public let differingFraction: Double
        public let largestChannelDifference: Int
        public let largestChannelAt: ImageDifference.PixelLocation?
        public let largestSummedDifference: Int
        public let largestSummedAt: ImageDifference.PixelLocation?
        /// Bounding box of the differing pixels.
        public let differenceBox: Box?
        /// dB over RGBA; null when the images are identical.
        public let psnr: Double?
        public let ssim: Double
        /// expected / actual / diff / mask PNG names in the report folder, for kept frames.
        public let files: [String: String]

        /// One frame's figures and verdict under `rule`.
        public init(index: Int, time: Double, difference: ImageDifference, rule: FuzzyRule, files: [String: String]) {
            let verdict = difference.verdict(rule)
            let box = difference.boundingBox(beyond: rule.channelDelta)
            self.index = index
            self.time = time
            passed = verdict.passed
            reasons = verdict.reasons
            differingPixels = difference.pixelsBeyond(rule.channelDelta)
            comparedPixels = difference.pixelCount
            differingFraction = 1 - difference.fractionWithin(rule.channelDelta)
            largestChannelDifference = difference.largestChannelDifference
            largestChannelAt = difference.largestChannelAt
            largestSummedDifference = difference.largestSummedDifference
            largestSummedAt = difference.largestSummedAt
            differenceBox = box.map { Box(x: Int($0.x), y: Int($0.y), width: Int($0.width), height: Int($0.height)) }
            psnr = difference.psnr
            ssim = difference.ssim()
            self.files = files
        }
    }

    /// `report.json`'s bytes: pretty-printed, keys sorted.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var data = try encoder.encode(self)
        data.append(contentsOf: Array("\n".utf8))
        return data
    }

    /// A page that shows the filmstrip, the rule and one row per frame with its figures and images.
    public func html() -> String {
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let budget = rule.maxDifferentPixels.map { "at most \($0) differing pixels" }
            ?? "at least \((rule.precision ?? 1) * 100)% of pixels matching"
        var rows = ""
        for frame in frames {
            let images = ["expected", "actual", "diff", "mask"].compactMap { kind in
                frame.files[kind].map { "<a href=\"\(escape($0))\"><img src=\"\(escape($0))\" alt=\"\(kind)\" title=\"\(kind)\"></a>" }
            }.joined()
            let psnr = frame.psnr.map { String(format: "%.2f dB", $0) } ?? "identical"
            rows += """
                <tr class="\(frame.passed ? "pass" : "fail")"><td>\(frame.index)</td><td>\(String(format: "%.4f", frame.time))</td>\
                <td>\(frame.passed ? "pass" : "FAIL")</td><td>\(frame.differingPixels) (\(String(format: "%.4f", frame.differingFraction * 100))%)</td>\
                <td>\(frame.largestChannelDifference)\(frame.largestChannelAt.map { " at (\($0.x), \($0.y))" } ?? "")</td>\
                <td>\(frame.largestSummedDifference)</td><td>\(frame.differenceBox.map { "\($0.x),\($0.y) \($0.width)×\($0.height)" } ?? "–")</td>\
                <td>\(psnr)</td><td>\(String(format: "%.5f", frame.ssim))</td><td>\(escape(frame.reasons.joined(separator: "; ")))</td><td class="images">\(images)</td></tr>

                """
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>shatter compare \(escape(subject))</title>
            <style>
            body { font: 14px system-ui, sans-serif; margin: 24px; color: #222; }
            h1 { font-size: 20px; } .verdict { font-weight: bold; color: \(passed ? "#17803d" : "#b42318"); }
            table { border-collapse: collapse; margin-top: 16px; } td, th { border: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; }
            tr.fail { background: #fde8e8; } .images img { height: 120px; margin-right: 4px; image-rendering: pixelated; }
            .filmstrip { max-width: 100%; border: 1px solid #ddd; }
            </style></head><body>
            <h1>shatter compare \(escape(subject))</h1>
            <p class="verdict">\(passed ? "PASS" : "FAIL"): \(frames.count - failingFrames.count) of \(frames.count) frames pass</p>
            <p>Expected: \(escape(expectedRenderer))<br>Actual: \(escape(actualRenderer))</p>
            <p>Rule: a pixel differs when a channel differs by more than \(rule.channelDelta); a frame fails with more \
            than allowed (\(budget)) or any pixel's summed RGBA difference over \(rule.pixelDeltaThreshold)\
            \(rule.ignoredBorder > 0 ? "; \(rule.ignoredBorder) px border ignored" : "").<br>Perceptual score: \(escape(ssimMethod)).</p>
            <p><img class="filmstrip" src="filmstrip.png" alt="filmstrip: expected over actual over diff"></p>
            <table><tr><th>frame</th><th>t (s)</th><th>result</th><th>differing px</th><th>largest channel Δ</th>\
            <th>largest summed Δ</th><th>diff box</th><th>PSNR</th><th>SSIM</th><th>why</th><th>images</th></tr>
            \(rows)</table>
            <p><a href="report.json">report.json</a></p>
            </body></html>

            """
    }
}
