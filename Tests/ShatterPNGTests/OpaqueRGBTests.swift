import CFastPNG
import ShatterCore
import ShatterTestSupport
import Testing

@testable import ShatterPNG

/// An opaque image is written as RGB (color type 2), an image with any translucent pixel as RGBA
/// (color type 6), and either decodes to the image's pixels.
struct OpaqueRGBTests {
    /// Noise, every pixel opaque, over a flat field, so that level 1 codes literals, runs and bands.
    static func opaqueImage(width: Int = 173, height: Int = 70) -> Image {
        var generator = SplitMix64(seed: 5)
        var image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] =
                    y < 40
                    ? RGBA8(r: generator.byte(), g: generator.byte(), b: generator.byte(), a: 255)
                    : RGBA8(r: 46, g: 139, b: 87, a: 255)
            }
        }
        return image
    }

    /// IHDR's color type byte.
    static func colorType(_ png: [UInt8]) -> UInt8 { png[25] }

    @Test("an opaque image is written as RGB and reads back as itself", arguments: [0, 1, 6, 9])
    func opaqueIsRGB(level: Int) throws {
        let image = Self.opaqueImage()
        let png = try PNGEncoder.encode(image, options: PNGWriteOptions(compressionLevel: level))
        #expect(Self.colorType(png) == 2)
        #expect(try PNGDecoder.decode(data: png, name: "opaque.png") == image)
        let rgba = try PNGEncoder.encode(image, options: PNGWriteOptions(compressionLevel: level, keepsOpaqueAlpha: true))
        #expect(Self.colorType(rgba) == 6)
        #expect(try PNGDecoder.decode(data: rgba, name: "rgba.png") == image)
        if level > 0 { #expect(png.count < rgba.count, "RGB \(png.count) bytes, RGBA \(rgba.count)") }
    }

    @Test(
        "one translucent pixel anywhere keeps the alpha channel",
        arguments: [(0, 0), (172, 69), (90, 33), (1, 32), (172, 0)], [1, 9])
    func translucentIsRGBA(at: (x: Int, y: Int), level: Int) throws {
        var image = Self.opaqueImage()
        image[at.x, at.y] = RGBA8(r: 10, g: 20, b: 30, a: 254)
        let png = try PNGEncoder.encode(image, options: PNGWriteOptions(compressionLevel: level))
        #expect(Self.colorType(png) == 6)
        #expect(try PNGDecoder.decode(data: png, name: "translucent.png") == image)
    }

    @Test("an opaque image over a background is RGB either way")
    func background() throws {
        let image = Self.opaqueImage(width: 9, height: 4)
        for keep in [false, true] {
            let png = try PNGEncoder.encode(
                image, options: PNGWriteOptions(background: RGBA8(r: 0, g: 0, b: 0, a: 255), keepsOpaqueAlpha: keep))
            #expect(Self.colorType(png) == 2)
            #expect(try PNGDecoder.decode(data: png, name: "over.png") == image)
        }
    }

    @Test("every twin packs a row's colours and stops at its first translucent pixel")
    func twinsPackTheSame() {
        var generator = SplitMix64(seed: 9)
        for _ in 0..<2000 {
            let pixels = Int(generator.byte()) % 70
            var rgba = (0..<pixels * 4).map { _ in generator.byte() }
            let firstTranslucent = Int(generator.byte()) % (pixels + 8)  // ≥ pixels: none
            for i in 0..<pixels { rgba[4 * i + 3] = i == firstTranslucent ? generator.byte() & 0xfe : 255 }
            let opaque = min(firstTranslucent, pixels)
            let expected = (0..<opaque * 3).map { rgba[4 * ($0 / 3) + $0 % 3] }
            for tier in CPUTier.runnable {
                // A sentinel after the row: nothing may be written past its pixels' bytes.
                var rgb = [UInt8](repeating: 0xa5, count: pixels * 3 + 40)
                let packed = OpaqueRGB.tiers[tier].pack(rgba, pixels: pixels, into: &rgb)
                #expect(packed == opaque, "\(pixels) pixels, twin \(tier)")
                #expect(Array(rgb[0..<opaque * 3]) == expected, "\(pixels) pixels, twin \(tier)")
                #expect(rgb[(pixels * 3)...].allSatisfy { $0 == 0xa5 }, "\(pixels) pixels, twin \(tier)")
            }
        }
    }
}
