import ShatterCompare
import ShatterCore
import ShatterEffects
import ShatterTestSupport
import Testing

@testable import ShatterSoftware

@Suite struct ShatterFrameTests {
    @Test(arguments: [
        (375, 667, 1.0, 2.0), (333, 517, 1.0, 1.0), (333, 517, 1.0, 4.0), (333, 517, 1.0, 16.0),
        (200, 120, 2.0, 2.0), (150, 90, 1.0, 1.5), (101, 67, 1.0, 3.0),
    ])
    func firstFrameIsTheSnapshotPixelForPixel(width: Int, height: Int, scale: Double, pointSize: Double) throws {
        let effect = try ShatterFixture.effect(width: width, height: height, scale: scale, pointSize: pointSize)
        let frame = try SoftwareRenderer().render(effect.displayList(at: 0))
        let difference = try ImageDifference(expected: effect.from.image, actual: frame)
        #expect(difference.pixelsBeyond(0) == 0, "\(difference)")
    }

    @Test func lastFrameShowsOnlyTheDestination() throws {
        let effect = try ShatterFixture.effect(width: 120, height: 200, pointSize: 2)
        let frame = try SoftwareRenderer().render(effect.displayList(at: 1.2))
        #expect(frame == effect.to.image)
    }

    @Test func midwayTheTopHasClearedAndPiecesDriftRight() throws {
        let effect = try ShatterFixture.effect(width: 200, height: 300, pointSize: 2)
        let frame = try SoftwareRenderer().render(effect.displayList(at: 0.5))
        let green = effect.to.image[0, 0]
        // Every point falls at least ½·3·0.5² = 0.375 NDC (56 points of 300): the top rows are clear.
        for y in 0..<50 { for x in 0..<200 { #expect(frame[x, y] == green) } }
        // Pieces still cover much of the lower part.
        var covered = 0
        for y in 150..<300 { for x in 0..<200 where frame[x, y] != green { covered += 1 } }
        #expect(covered > 200 * 150 / 3)
    }

    @Test func sameInputsGiveIdenticalBytesWhateverTheThreadCount() throws {
        let effect = try ShatterFixture.effect(width: 160, height: 240, pointSize: 2, seed: 5)
        let list = effect.displayList(at: 0.42)
        let one = try SoftwareRenderer(threads: 1).render(list)
        let four = try SoftwareRenderer(threads: 4).render(list)
        #expect(one == four)
        #expect(try SoftwareRenderer(threads: 4).render(list) == four)
    }

    @Test func aSpriteShowsItsTextureUprightThroughPointCoord() throws {
        // A 4×4 texture, one color per texel, shown by one 4-pixel sprite centred in an 8×8 image.
        let texels = SpriteFixture.gradient4x4
        let list = SpriteFixture.single(texture: texels, canvas: 8, size: 4, centre: SIMD2(0, 0))
        let frame = try SoftwareRenderer().render(list)
        for y in 0..<4 { for x in 0..<4 { #expect(frame[x + 2, y + 2] == texels[x, y]) } }
        #expect(frame[1, 1] == .transparent && frame[6, 6] == .transparent)
    }

    @Test func aSpriteStraddlingTheEdgeShowsItsVisiblePart() throws {
        let texels = Image(width: 1, height: 1, fill: .opaqueWhite)
        // Centre 0.5 px left of the image: GLES would discard it without the guard band; with it,
        // the part inside shows. A whole-sized sprite covers whole pixels, its centre rounded to a pixel
        // boundary (half up, PointSpriteRaster): columns −2…1, so columns 0 and 1 show.
        let list = SpriteFixture.single(texture: texels, canvas: 8, size: 4, centre: SIMD2(-1 - 0.5 / 4, 0))
        let frame = try SoftwareRenderer().render(list)
        for row in 2..<6 { #expect(frame[0, row] == .opaqueWhite && frame[1, row] == .opaqueWhite) }
        #expect(frame[2, 3] == .transparent && frame[0, 1] == .transparent && frame[0, 6] == .transparent)
    }
}
