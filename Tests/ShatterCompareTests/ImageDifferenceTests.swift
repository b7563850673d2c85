import Glibc
import ShatterCore
import Testing

@testable import ShatterCompare

@Suite struct ImageDifferenceTests {
    let grey = Image(width: 10, height: 10, fill: RGBA8(r: 100, g: 100, b: 100, a: 255))

    func changed(_ pixels: [(Int, Int, RGBA8)]) -> Image {
        var image = grey
        for (x, y, color) in pixels { image[x, y] = color }
        return image
    }

    @Test func identicalImagesDifferNowhere() throws {
        let d = try ImageDifference(expected: grey, actual: grey)
        #expect(d.pixelsBeyond(0) == 0 && d.largestChannelDifference == 0 && d.largestSummedDifference == 0)
        #expect(d.psnr == nil && d.boundingBox(beyond: 0) == nil)
        #expect(d.ssim() == 1)
        #expect(d.verdict(FuzzyRule(budget: .maxDifferentPixels(0), pixelDeltaThreshold: 0)).passed)
    }

    @Test(arguments: [(1, 0, 1, true), (2, 1, 2, false), (255, 1, 255, false)])
    func onePixelOffBy(delta: Int, beyondDefault: Int, summed: Int, passesDefault: Bool) throws {
        let d = try ImageDifference(
            expected: grey, actual: changed([(3, 4, RGBA8(r: UInt8(100 + min(delta, 155)), g: 100, b: 100, a: 255))]))
        let expectedDelta = min(delta, 155)
        #expect(d.pixelsBeyond(0) == 1)
        #expect(d.pixelsBeyond(1) == beyondDefault)
        #expect(d.largestChannelDifference == expectedDelta)
        #expect(d.largestChannelAt == .init(x: 3, y: 4))
        #expect(d.largestSummedDifference == expectedDelta)
        #expect(d.boundingBox(beyond: 0) == PixelRect(x: 3, y: 4, width: 1, height: 1))
        // One pixel in 100 is 99% matching: the default 99.9% fails unless the pixel is within 1.
        #expect(d.verdict(FuzzyRule()).passed == passesDefault)
        #expect(d.verdict(FuzzyRule(budget: .maxDifferentPixels(1), pixelDeltaThreshold: 255)).passed)
    }

    @Test func channelDifferenceIsTheLargestAndSummedAddsAllFour() throws {
        let d = try ImageDifference(expected: grey, actual: changed([(0, 0, RGBA8(r: 110, g: 90, b: 103, a: 250))]))
        #expect(d.largestChannelDifference == 10)
        #expect(d.largestSummedDifference == 10 + 10 + 3 + 5)
        #expect(d.verdict(FuzzyRule(budget: .maxDifferentPixels(1), pixelDeltaThreshold: 27)).reasons.count == 1)
        #expect(d.verdict(FuzzyRule(budget: .maxDifferentPixels(1), pixelDeltaThreshold: 28)).passed)
    }

    @Test func aShiftedEdgeDiffersAlongOneColumn() throws {
        // A vertical black/white edge moved right by one pixel: exactly one column of 10 pixels differs.
        func edge(at column: Int) -> Image {
            var image = Image(width: 10, height: 10, fill: .opaqueBlack)
            for y in 0..<10 { for x in column..<10 { image[x, y] = .opaqueWhite } }
            return image
        }
        let d = try ImageDifference(expected: edge(at: 5), actual: edge(at: 6))
        #expect(d.pixelsBeyond(1) == 10)
        #expect(d.largestChannelDifference == 255 && d.largestSummedDifference == 3 * 255)
        #expect(d.boundingBox(beyond: 1) == PixelRect(x: 5, y: 0, width: 1, height: 10))
        // 10 pixels × 3 channels off by 255, over 100 pixels × 4 channels.
        let meanSquare: Double = 10 * 3 * 255 * 255 / 400
        let psnr = try #require(d.psnr)
        #expect(abs(psnr - 10 * log10(255 * 255 / meanSquare)) < 1e-9)
        #expect(d.ssim() < 0.99)
    }

    @Test func alphaOnlyDifferencesCount() throws {
        let d = try ImageDifference(expected: grey, actual: changed([(9, 9, RGBA8(r: 100, g: 100, b: 100, a: 200))]))
        #expect(d.pixelsBeyond(1) == 1 && d.largestChannelDifference == 55)
        #expect(d.heatMap()[9, 9] != .opaqueBlack && d.heatMap()[0, 0] == .opaqueBlack)
        #expect(d.mask(beyond: 1)[9, 9] == .opaqueWhite)
    }

    @Test func budgetsAtTheirBoundaries() throws {
        let three = changed([(1, 1, .opaqueWhite), (2, 2, .opaqueWhite), (3, 3, .opaqueWhite)])
        let d = try ImageDifference(expected: grey, actual: three)
        let loose = 1000
        #expect(d.verdict(FuzzyRule(budget: .maxDifferentPixels(3), pixelDeltaThreshold: loose)).passed)
        #expect(!d.verdict(FuzzyRule(budget: .maxDifferentPixels(2), pixelDeltaThreshold: loose)).passed)
        #expect(d.verdict(FuzzyRule(budget: .precision(0.97), pixelDeltaThreshold: loose)).passed)
        #expect(!d.verdict(FuzzyRule(budget: .precision(0.971), pixelDeltaThreshold: loose)).passed)
        // Channel delta: the three pixels differ by 155, so a tolerance of 155 forgives them.
        #expect(d.verdict(FuzzyRule(channelDelta: 155, budget: .maxDifferentPixels(0), pixelDeltaThreshold: loose)).passed)
        #expect(!d.verdict(FuzzyRule(channelDelta: 154, budget: .maxDifferentPixels(0), pixelDeltaThreshold: loose)).passed)
    }

    @Test func theIgnoredBorderIsLeftOut() throws {
        let edgeOnly = changed([(0, 5, .opaqueWhite), (9, 0, .opaqueWhite)])
        let d = try ImageDifference(expected: grey, actual: edgeOnly, ignoredBorder: 1)
        #expect(d.pixelCount == 64 && d.pixelsBeyond(0) == 0)
        #expect(try ImageDifference(expected: grey, actual: edgeOnly).pixelsBeyond(0) == 2)
    }

    @Test func differentSizesAreAClearError() {
        #expect {
            try ImageDifference(expected: Image(width: 2, height: 2), actual: Image(width: 2, height: 3))
        } throws: { error in
            "\(error)" == "images differ in size: 2x2 expected, 2x3 actual"
        }
    }
}
