import ShatterCore

/// When two renderings count as the same: Skia Gold's fuzzy matching rule.
///
/// A pixel *differs* when any channel differs by more than ``channelDelta``. A frame fails when too
/// many pixels differ (more than ``Budget/maxDifferentPixels(_:)``, or a smaller share than
/// ``Budget/precision(_:)`` match), or when any pixel's summed RGBA difference exceeds
/// ``pixelDeltaThreshold``.
///
/// ```swift
/// let verdict = difference.verdict(FuzzyRule(budget: .maxDifferentPixels(10)))
/// if !verdict.passed { print(verdict.reasons) }
/// ```
public struct FuzzyRule: Sendable, Equatable {
    public enum Budget: Sendable, Equatable {
        /// At most this many differing pixels.
        case maxDifferentPixels(Int)
        /// At least this share (0…1) of compared pixels must not differ.
        case precision(Double)
    }

    public var channelDelta: Int
    public var budget: Budget
    public var pixelDeltaThreshold: Int
    /// Pixels this close to an edge are not compared.
    public var ignoredBorder: Int

    /// The rule Shatter holds its GL backend to against the CPU reference, everywhere: `shatter
    /// compare`'s defaults and every GL parity test. A pixel differs beyond 1 per channel (8-bit
    /// rounding may go either way on a GPU); 99.9% of pixels must match; no pixel's summed RGBA
    /// difference may exceed 8·4 (a misplaced sprite or a wrong texel shows at once). Where the
    /// comparison knows how many blended fragments each pixel received (`BlendCounts`: GL against
    /// the CPU renderer on an effect), each delta is per blended fragment, so a pixel may differ by
    /// channelDelta × max(1, count): GLES lets every fixed-function blend land one level either side
    /// of the exact result, and an error already in the destination is carried on scaled by at most 1
    /// (docs/parity.md, "Blending").
    public static let parity = FuzzyRule(channelDelta: 1, budget: .precision(0.999), pixelDeltaThreshold: 32, ignoredBorder: 0)

    /// ``parity`` for textures sampled with nearest filtering: the same budget, no limit on how far
    /// the differing pixels are apart. Where a pixel centre maps exactly onto the edge between two
    /// texels (a sprite centred on a whole pixel gives u·width = 133.0), a GPU and the CPU twin may
    /// land one ulp apart on either side (llvmpipe interpolates gl_PointCoord from a plane equation;
    /// the twin evaluates it directly) and show neighbouring texels, any amount apart. At the default
    /// 375×667 with 2-point pieces that is up to 0.034% of a frame's pixels; the summed threshold
    /// would fail most frames for it. (`shatter compare … --pixel-delta-threshold 1020` applies it.)
    public static let nearestFilteringParity = FuzzyRule(
        channelDelta: parity.channelDelta, budget: parity.budget,
        pixelDeltaThreshold: 4 * 255, ignoredBorder: parity.ignoredBorder)

    /// Anything left out is ``parity``'s.
    public init(
        channelDelta: Int = parity.channelDelta, budget: Budget = parity.budget,
        pixelDeltaThreshold: Int = parity.pixelDeltaThreshold, ignoredBorder: Int = parity.ignoredBorder
    ) {
        self.channelDelta = channelDelta
        self.budget = budget
        self.pixelDeltaThreshold = pixelDeltaThreshold
        self.ignoredBorder = ignoredBorder
    }

    public struct Verdict: Sendable, Equatable {
        public let passed: Bool
        /// One line per broken condition; empty when passed.
        public let reasons: [String]
    }
}

extension ImageDifference {
    /// Judges this difference by `rule` (the rule's border must match the one this was computed with).
    public func verdict(_ rule: FuzzyRule) -> FuzzyRule.Verdict {
        var reasons = [String]()
        let unit = blends == nil ? "" : " per blended fragment"
        let differing = pixelsBeyond(rule.channelDelta)
        switch rule.budget {
        case .maxDifferentPixels(let limit) where differing > limit:
            reasons.append("\(differing) pixels differ by more than \(rule.channelDelta)\(unit), over the limit of \(limit)")
        case .precision(let share) where fractionWithin(rule.channelDelta) < share:
            reasons.append(
                "\(Self.percent(fractionWithin(rule.channelDelta))) of pixels match within \(rule.channelDelta)\(unit), "
                    + "under the required \(Self.percent(share))")
        default:
            break
        }
        if largestSummedDifference > rule.pixelDeltaThreshold {
            let at = largestSummedAt.map { " at (\($0.x), \($0.y))" } ?? ""
            reasons.append(
                "a pixel's summed RGBA difference\(unit) is \(largestSummedDifference)\(at), "
                    + "over the threshold \(rule.pixelDeltaThreshold)")
        }
        return FuzzyRule.Verdict(passed: reasons.isEmpty, reasons: reasons)
    }

    /// A share as a percentage with up to four decimals: 0.9999123 → "99.9912%".
    static func percent(_ share: Double) -> String {
        "\((share * 1_000_000).rounded() / 10_000)%"
    }
}
