import ShatterCompare
import ShatterCore
import ShatterEffects
import Testing

@testable import ShatterSoftware

/// The CPU renderer's shortcuts must give exactly the bytes of running the programs pixel by pixel.
@Suite struct SoftwareRendererFastPathTests {
    static func noise(_ width: Int, _ height: Int, seed: UInt64) -> Image {
        var image = Image(width: width, height: height)
        let rng = CounterRNG(seed: seed, stream: .dust)
        for y in 0..<height {
            for x in 0..<width {
                let b = rng.bits(index: UInt64(y * width + x), draw: 0)
                let a = UInt8(b >> 24 & 255)
                // Premultiplied: no channel above alpha.
                image[x, y] = RGBA8(
                    r: min(a, UInt8(b & 255)), g: min(a, UInt8(b >> 8 & 255)), b: min(a, UInt8(b >> 16 & 255)), a: a)
            }
        }
        return image
    }

    @Test(arguments: [TextureFilter.linear, .nearest], [(0, 0), (7, -3), (-5, 11)])
    func aOneToOneTextureCopyEqualsTheProgram(filter: TextureFilter, offset: (Int, Int)) throws {
        let texture = Texture(image: Self.noise(333, 217, seed: 4))
        let quad = TexturedQuad(
            texture: texture, rect: PixelRect(x: Float(offset.0), y: Float(offset.1), width: 333, height: 217),
            filter: filter)
        #expect(SoftwareRenderer.isPixelExactCopy(quad))
        let list = DisplayList(
            width: 341, height: 229, clearColor: RGBA8(r: 1, g: 2, b: 3, a: 4), commands: [.texturedQuad(quad)])
        var slow = SoftwareRenderer()
        slow.shortcuts = []
        #expect(try SoftwareRenderer().render(list) == slow.render(list))
    }

    @Test func renderingIntoAReusedImageGivesTheSameBytes() throws {
        let texture = Texture(image: Self.noise(64, 48, seed: 9))
        let quad = TexturedQuad(
            texture: texture, rect: PixelRect(x: 3.5, y: -2.25, width: 50, height: 40), opacity: 0.7,
            blend: .sourceOver)
        let list = DisplayList(width: 64, height: 48, clearColor: .opaqueWhite, commands: [.texturedQuad(quad)])
        var reused = Self.noise(64, 48, seed: 1)
        try SoftwareRenderer().render(list, into: &reused)
        #expect(reused == (try SoftwareRenderer().render(list)))
    }

    @Test func bandsMatchTheChunksTheyAreDrawnIn() {
        for height in [1, 7, 100, 1080] {
            for bands in [1, 3, 8, min(height, 13)] {
                for row in 0..<height {
                    let band = SoftwareRenderer.band(of: row, bands: bands, height: height)
                    #expect(chunkRange(band, of: bands, total: height).contains(row))
                }
            }
        }
    }
}

/// Replacing sprites store the program's fixed-point word directly; that must give exactly the bytes
/// of storing it through the general (float, blending) path.
@Suite struct FixedPointSpriteTests {
    @Test(arguments: [1.0, 2.0, 5.0], [0.0, 0.37, 0.81])
    func theReplacingFastPathEqualsTheGeneralPath(pointSize: Double, time: Double) throws {
        let snapshot = SoftwareRendererFastPathTests.noise(97, 61, seed: 12)
        let effect = try ShatteredTransition(
            from: Texture(image: snapshot), to: Texture(image: Image(width: 1, height: 1, fill: .opaqueBlack)),
            parameters: .init(width: 97, height: 61, pointSize: pointSize, seed: 7))
        var exact = SoftwareRenderer()
        exact.shortcuts = []
        let list = effect.displayList(at: time)
        let d = try ImageDifference(expected: exact.render(list), actual: SoftwareRenderer().render(list))
        #expect(d.largestChannelDifference == 0, "\(d)")
    }

    @Test func fixedPointBlendOfEqualTexelsIsThatTexel() {
        let texel: UInt32 = 0x80_40_20_10
        for w in [0, 1, 128, 255, 256] as [UInt32] {
            #expect(FixedPointBilinear.blend(texel, texel, texel, texel, wx: w, wy: 256 - w) == texel)
        }
        // Halfway between 0 and 255 rounds to 128 in every channel.
        #expect(FixedPointBilinear.blend(0, 0xFFFF_FFFF, 0, 0xFFFF_FFFF, wx: 128, wy: 0) == 0x8080_8080)
    }
}
