import Testing

@testable import Shatter

/// The probe run on the CPU renderer reads back the rules the CPU renderer's code states; the GL tests
/// then only have to compare a GL's measurements with these.
@Suite struct RasterProbeTests {
    static let twin = Result { try RasterProbe().measure(SoftwareRenderer(threads: 2)) }

    @Test func aOnePixelPointCoversThePixelItsCentreIsIn() throws {
        let measured = try Self.twin.get()
        // The point-sprite program rounds a centre to eighths and covers whole pixels around it
        // (PointSpriteRaster): a one-pixel point on a pixel's left or lower boundary covers that pixel.
        #expect(measured.pointSnapX == 0 && measured.pointSnapY == 0)
        #expect(
            ProbeReport.describeSnap(measured.pointSnapX, measured.pointSnapY)
                == "the next pixel covered at the boundary itself (x and y)")
    }

    /// softpipe covers the next pixel at the boundary itself (a sweep result of 0), which once divided
    /// by zero; every value a GL can give is described in words.
    @Test(arguments: [nil, 0, -3, 1, 2, 3, 5, 7, 1024, Int.max])
    func everySnapMeasurementReadsAsWords(step: Int?) {
        let words = ProbeReport.describeSnap(step, step)
        #expect(!words.isEmpty && words.hasSuffix("(x and y)"))
        #expect(ProbeReport.describeSnap(0, 2) == "x: the next pixel covered at the boundary itself; y: 1/256 px, ties up")
    }

    @Test func spriteEdgesCoverPixelCentresInsideTheSquareLeftAndBottomInclusive() throws {
        let edges = try Self.twin.get().spriteEdges
        #expect(edges.count == RasterProbe.spriteSizes.count * RasterProbe.spriteOffsets.count)
        // A 1-px sprite on a pixel's corner (offset 0: centre at (8, 8)) covers one pixel: the one to
        // its right and above in GL's window coordinates (its centre rounded half up; GL's y runs up,
        // the image's down).
        #expect(edges[0] == [8, 8, 7, 7])
        // A 4-px sprite on a corner covers exactly 4×4 pixels.
        let four = RasterProbe.spriteSizes.firstIndex(of: 4)! * RasterProbe.spriteOffsets.count
        #expect(edges[four] == [6, 9, 6, 9])
    }

    @Test func storesAndBlendsRoundExactResultsHalfToEven() throws {
        let measured = try Self.twin.get()
        #expect(measured.colorStore == (0..<255).map { $0 % 2 == 0 ? $0 : $0 + 1 })
        // Source-over at opacity 0.25 over destination 253: exactly 63.75 + 253·0.75 = 253.5, a tie,
        // rounded to even (llvmpipe's 8-bit fixed point gives 253, within the level GLES allows).
        let row = RasterProbe.blendOpacities.firstIndex(of: 0.25)!
        #expect(measured.blendSourceOver[row][253] == 254)
        #expect(measured.blendSourceOver[row][252] == 253)  // 63.75 + 189 = 252.75
        #expect(measured.blendSourceOver[row][0] == 64 && measured.blendScreen[row][255] == 255)
    }

    @Test func textureFilteringUsesEightBitWeightsRoundedToNearest() throws {
        let ramp = try Self.twin.get().filterRamp
        #expect(ProbeReport.describeWeights(ramp) == "8-bit weights, rounded to nearest")
        #expect(ramp.first == 0 && ramp.last == 255)
    }

    /// Inside every sprite, the pixel k places right (down) of the first shows the texel k places right
    /// (down) of the first's: floor(gl_PointCoord · size) counts the sprite's pixels one by one.
    @Test func spritePixelsShowConsecutiveTexels() throws {
        let sprites = try Self.twin.get().pointCoordTexels
        #expect(sprites.count == RasterProbe.pointCoordSizes.count * RasterProbe.spriteOffsets.count)
        for (index, texels) in sprites.enumerated() {
            let size = RasterProbe.pointCoordSizes[index / RasterProbe.spriteOffsets.count]
            let whole = Int(size.rounded(.down))
            let covered = size - Float(whole) < 0.5 ? whole : whole + 1
            #expect(texels.count == 4 * covered * covered, "sprite \(index), \(size) px")
            var offsets = Set<[Int]>()
            for pixel in stride(from: 0, to: texels.count, by: 4) {
                offsets.insert([texels[pixel + 2] - texels[pixel], texels[pixel + 3] - texels[pixel + 1]])
            }
            #expect(offsets.count == 1, "sprite \(index), \(size) px: \(offsets)")
        }
    }
}
