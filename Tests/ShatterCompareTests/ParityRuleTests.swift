import ShatterCompare
import ShatterCore
import Testing

/// The parity rule and its nearest-filtering variant, on a 100×100 frame (10,000 pixels).
@Suite struct ParityRuleTests {
    static let grey = Image(width: 100, height: 100, fill: RGBA8(r: 100, g: 100, b: 100, a: 255))

    /// `count` pixels turned from grey to `color`.
    static func frame(changing count: Int, to color: RGBA8) throws -> ImageDifference {
        var actual = grey
        for i in 0..<count { actual[i % 100, i / 100] = color }
        return try ImageDifference(expected: grey, actual: actual)
    }

    @Test func parityIsTheDefaultRule() {
        #expect(FuzzyRule() == .parity)
        #expect(FuzzyRule.parity == FuzzyRule(channelDelta: 1, budget: .precision(0.999), pixelDeltaThreshold: 32))
    }

    @Test func aWholeTexelApartOnTwoPixelsFailsParityButNotTheNearestVariant() throws {
        let tie = try Self.frame(changing: 2, to: RGBA8(r: 255, g: 255, b: 255, a: 255))  // a neighbouring texel
        #expect(!tie.verdict(.parity).passed)
        #expect(tie.verdict(.nearestFilteringParity).passed)
    }

    @Test func theNearestVariantKeepsParitysBudget() throws {
        let small = try Self.frame(changing: 10, to: RGBA8(r: 103, g: 100, b: 100, a: 255))  // 0.1%: within the budget
        #expect(small.verdict(.parity).passed && small.verdict(.nearestFilteringParity).passed)
        let many = try Self.frame(changing: 11, to: RGBA8(r: 103, g: 100, b: 100, a: 255))  // 0.11%: over it
        #expect(!many.verdict(.parity).passed && !many.verdict(.nearestFilteringParity).passed)
    }
}
