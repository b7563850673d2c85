import ShatterCore

/// The colors a difference picture paints a pixel in, by its largest channel difference, and the
/// legend that explains them. Bands, not a continuous ramp, so a person can read a level off the page:
/// blue for differences the rule tolerates, then yellow, orange and red as they grow.
///
/// ```swift
/// let palette = DiffPalette(rule: .parity)
/// palette.color(forDelta: 3)        // yellow: beyond the rule's 1, up to 8
/// palette.bands.map(\.label)        // ["1 (tolerated)", "2–8", "9–32", "33–255"]
/// ```
public struct DiffPalette: Sendable, Equatable {
    public struct Band: Sendable, Equatable {
        /// Largest channel differences `low...high` get `color`.
        public let low: Int, high: Int
        public let color: RGBA8
        /// Within the rule's channel delta: such a pixel does not count as differing.
        public let tolerated: Bool

        /// "1 (tolerated)", "2–8", "33–255".
        public var label: String {
            (low == high ? "\(low)" : "\(low)–\(high)") + (tolerated ? " (tolerated)" : "")
        }

        /// `#rrggbb`, for pages.
        public var hex: String { Self.hex(color) }

        static func hex(_ c: RGBA8) -> String {
            "#" + [c.r, c.g, c.b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }

    public let bands: [Band]
    /// Drawn over pixels the rule's ignored border leaves out.
    public let ignoredColor = RGBA8(r: 176, g: 190, b: 222, a: 255)
    public var ignoredHex: String { Band.hex(ignoredColor) }

    static let tolerated = RGBA8(r: 47, g: 111, b: 222, a: 255)
    /// Upper bounds of the differing bands and their colors: a step of one or two levels (rounding),
    /// up to a summed-threshold's worth per channel, and beyond.
    static let steps: [(high: Int, color: RGBA8)] = [
        (8, RGBA8(r: 240, g: 180, b: 0, a: 255)),
        (32, RGBA8(r: 245, g: 110, b: 20, a: 255)),
        (255, RGBA8(r: 215, g: 25, b: 28, a: 255)),
    ]

    public init(rule: FuzzyRule) {
        var bands = [Band]()
        let tolerance = min(255, max(0, rule.channelDelta))
        if tolerance > 0 { bands.append(Band(low: 1, high: tolerance, color: Self.tolerated, tolerated: true)) }
        for step in Self.steps where step.high > tolerance {
            bands.append(Band(low: (bands.last?.high ?? 0) + 1, high: step.high, color: step.color, tolerated: false))
        }
        self.bands = bands
    }

    /// The band color for a largest channel difference; nil for 0 (no difference).
    public func color(forDelta delta: Int) -> RGBA8? {
        guard delta > 0 else { return nil }
        return bands.first { delta <= $0.high }?.color ?? bands.last?.color
    }
}
