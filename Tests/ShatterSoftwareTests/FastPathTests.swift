import Testing
import ShatterCore
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
                image[x, y] = RGBA8(r: min(a, UInt8(b & 255)), g: min(a, UInt8(b >> 8 & 255)), b: min(a, UInt8(b >> 16 & 255)), a: a)
            }
        }
        return image
    }

    @Test(arguments: [TextureFilter.linear, .nearest], [(0, 0), (7, -3), (-5, 11)])
    func aOneToOneTextureCopyEqualsTheProgram(filter: TextureFilter, offset: (Int, Int)) throws {
        let texture = Texture(image: Self.noise(333, 217, seed: 4))
        let quad = TexturedQuad(texture: texture, rect: PixelRect(x: Float(offset.0), y: Float(offset.1), width: 333, height: 217),
                                filter: filter)
        #expect(SoftwareRenderer.isPixelExactCopy(quad))
        let list = DisplayList(width: 341, height: 229, clearColor: RGBA8(r: 1, g: 2, b: 3, a: 4), commands: [.texturedQuad(quad)])
        var slow = SoftwareRenderer()
        slow.usesFastPaths = false
        #expect(try SoftwareRenderer().render(list) == slow.render(list))
    }

    @Test func renderingIntoAReusedImageGivesTheSameBytes() throws {
        let texture = Texture(image: Self.noise(64, 48, seed: 9))
        let quad = TexturedQuad(texture: texture, rect: PixelRect(x: 3.5, y: -2.25, width: 50, height: 40), opacity: 0.7,
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
