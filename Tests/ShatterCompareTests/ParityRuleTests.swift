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

    /// Per blended fragment: a pixel that received n blended fragments may differ by n per channel
    /// (channelDelta × max(1, n)), one that received none by 1; without counts every pixel by 1.
    @Test func eachBlendedFragmentAllowsOneLevel() throws {
        var actual = Self.grey
        actual[0, 0] = RGBA8(r: 103, g: 100, b: 100, a: 255)  // 3 off, where 3 fragments blended
        actual[1, 0] = RGBA8(r: 100, g: 104, b: 100, a: 255)  // 4 off, where 3 fragments blended
        actual[2, 0] = RGBA8(r: 100, g: 100, b: 98, a: 255)  // 2 off, where none blended
        actual[3, 0] = RGBA8(r: 101, g: 100, b: 100, a: 255)  // 1 off, where none blended
        var blends = BlendCounts(width: 100, height: 100)
        blends.counts[0] = 3
        blends.counts[1] = 3
        let counted = try ImageDifference(expected: Self.grey, actual: actual, blends: blends)
        var beyond: [Int] = []
        counted.forEachDifferingPixel(beyond: FuzzyRule.parity.channelDelta) { x, _, _ in beyond.append(x) }
        #expect(beyond == [1, 2])
        #expect(counted.pixelsBeyond(1) == 2 && counted.largestChannelDifference == 2)
        let plain = try ImageDifference(expected: Self.grey, actual: actual)
        #expect(plain.pixelsBeyond(1) == 3 && plain.largestChannelDifference == 4)
        // The budget and the summed threshold are judged per fragment too: 20 pixels (0.2%) 40 off in
        // every channel where 40 fragments blended pass; without counts both conditions fail.
        var many = Self.grey
        var five = BlendCounts(width: 100, height: 100)
        for i in 0..<20 {
            many[i, 5] = RGBA8(r: 140, g: 140, b: 140, a: 215)
            five.counts[5 * 100 + i] = 40
        }
        #expect(try ImageDifference(expected: Self.grey, actual: many, blends: five).verdict(.parity).passed)
        let verdict = try ImageDifference(expected: Self.grey, actual: many).verdict(.parity)
        #expect(!verdict.passed && verdict.reasons.count == 2, "\(verdict.reasons)")
        #expect(throws: ImageDifference.SizeMismatch.self) {
            try ImageDifference(expected: Self.grey, actual: Self.grey, blends: BlendCounts(width: 2, height: 2))
        }
    }
}
