extension CompareReport {
    /// One compared frame (or image): its verdict, why, and the figures behind it.
    public struct Frame: Codable, Sendable {
        public enum Verdict: String, Codable, Sendable {
            /// Every pixel equal (by the raw-pixel hashes, or compared).
            case identical
            /// Some pixels differ, within the rule.
            case pass
            /// Beyond the rule.
            case fail
            /// Expected but not there.
            case missing
            /// There but not expected.
            case extra
            /// The two images differ in size.
            case sizeMismatch = "size-mismatch"

            public var passed: Bool { self == .identical || self == .pass }

            /// Order on the page, worst first.
            var rank: Int {
                switch self {
                case .missing: 0
                case .extra: 1
                case .sizeMismatch: 2
                case .fail: 3
                case .pass: 4
                case .identical: 5
                }
            }
        }

        /// What a frame is called: its index and time where it belongs to an animation, its file name
        /// where it has one.
        public struct Label: Sendable, Equatable {
            public var index: Int?
            public var name: String?
            public var time: Double?
            public init(index: Int? = nil, name: String? = nil, time: Double? = nil) {
                self.index = index
                self.name = name
                self.time = time
            }
        }

        public let index: Int?
        public let name: String?
        public let time: Double?
        public let verdict: Verdict
        public let passed: Bool
        /// One line per broken condition; empty when passed.
        public let reasons: [String]
        /// The expected image's size, and the actual one's where it differs.
        public let size: Size?
        public private(set) var actualSize: Size?
        /// Whether the PNGs were decoded (false when the raw-pixel hashes settled it).
        public let decoded: Bool
        /// Pixels with some channel off by more than the rule's channel delta.
        public private(set) var differingPixels: Int?
        public private(set) var comparedPixels: Int?
        public private(set) var differingFraction: Double?
        public private(set) var largestChannelDifference: Int?
        public private(set) var largestChannelAt: ImageDifference.PixelLocation?
        public private(set) var largestSummedDifference: Int?
        public private(set) var largestSummedAt: ImageDifference.PixelLocation?
        /// Bounding box of the differing pixels.
        public private(set) var differenceBox: Box?
        /// dB over RGBA; null when the images are identical.
        public private(set) var psnr: Double?
        public private(set) var ssim: Double?
        /// The square worth zooming into: up to ``zoomSide`` px around the largest summed difference.
        public private(set) var zoom: Box?
        /// expected / actual / diff / mask PNG names in the report folder, for kept frames.
        public let files: [String: String]

        public var label: Label { Label(index: index, name: name, time: time) }

        /// The side of the zoom square, in image pixels (24, shown 8× on the page).
        public static let zoomSide = 24

        /// A `zoomSide` square centred on `point` as far as the image allows.
        static func zoomWindow(around point: ImageDifference.PixelLocation, width: Int, height: Int) -> Box {
            let w = min(zoomSide, width)
            let h = min(zoomSide, height)
            let x = min(max(0, point.x - w / 2), width - w)
            let y = min(max(0, point.y - h / 2), height - h)
            return Box(x: x, y: y, width: w, height: h)
        }

        /// One frame's figures and verdict under `rule`.
        public init(_ label: Label, difference: ImageDifference, rule: FuzzyRule, files: [String: String]) {
            let verdict = difference.verdict(rule)
            let box = difference.boundingBox(beyond: rule.channelDelta)
            let identical = difference.largestChannelDifference == 0
            self.init(
                label, verdict: identical ? .identical : verdict.passed ? .pass : .fail, reasons: verdict.reasons,
                size: Size(width: difference.width, height: difference.height), decoded: true, files: files)
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
            zoom = difference.largestSummedAt.map {
                Self.zoomWindow(around: $0, width: difference.width, height: difference.height)
            }
        }

        /// A frame whose two raw-pixel hashes agree: identical, without decoding either PNG.
        public static func identicalByHash(_ label: Label) -> Frame {
            var frame = Frame(label, verdict: .identical, reasons: [], size: nil, decoded: false, files: [:])
            frame.differingPixels = 0
            frame.differingFraction = 0
            frame.largestChannelDifference = 0
            frame.largestSummedDifference = 0
            frame.ssim = 1
            return frame
        }

        /// A frame on one side only (`.missing` or `.extra`), with the reason in words.
        public static func unpaired(_ label: Label, verdict: Verdict, reason: String) -> Frame {
            Frame(label, verdict: verdict, reasons: [reason], size: nil, decoded: false, files: [:])
        }

        /// Two images of different sizes: nothing to compare pixel by pixel.
        public static func sizeMismatch(_ label: Label, expected: Size, actual: Size, files: [String: String]) -> Frame {
            var frame = Frame(
                label, verdict: .sizeMismatch,
                reasons: ["the images differ in size: \(expected) expected, \(actual) actual"],
                size: expected, decoded: true, files: files)
            frame.actualSize = actual
            return frame
        }

        private init(_ label: Label, verdict: Verdict, reasons: [String], size: Size?, decoded: Bool, files: [String: String]) {
            index = label.index
            name = label.name
            time = label.time
            self.verdict = verdict
            passed = verdict.passed
            self.reasons = reasons
            self.size = size
            self.decoded = decoded
            self.files = files
        }
    }
}
