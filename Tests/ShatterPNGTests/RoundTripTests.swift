import ShatterCore
import ShatterTestSupport
import Testing

@testable import ShatterPNG

/// Encode → decode round trips through real libpng.
struct RoundTripTests {
    /// A random valid premultiplied image (color ≤ alpha), with plenty of alpha 0 and 255.
    static func randomImage(width: Int, height: Int, seed: UInt64) -> Image {
        var generator = SplitMix64(seed: seed)
        var image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let pick = generator.byte()
                let a: UInt8 = pick < 64 ? 0 : pick < 128 ? 255 : generator.byte()
                func c() -> UInt8 { a == 0 ? 0 : UInt8(Int(generator.byte()) * Int(a) / 255) }
                image[x, y] = RGBA8(r: c(), g: c(), b: c(), a: a)
            }
        }
        return image
    }

    @Test(
        "random premultiplied images survive encode → decode exactly, any level and filter",
        arguments: [0, 1, 6, 9], PNGFilter.allCases)
    func randomRoundTrip(level: Int, filter: PNGFilter) throws {
        let image = Self.randomImage(width: 37, height: 23, seed: UInt64(level * 10) + 1)
        let bytes = try PNGEncoder.encode(image, options: PNGWriteOptions(compressionLevel: level, filter: filter))
        #expect(Array(bytes.prefix(8)) == PNGHeader.signature)
        #expect(try PNGDecoder.decode(data: bytes, name: "roundtrip.png") == image)
    }

    @Test("every valid premultiplied (color, alpha) pair round-trips exactly")
    func exhaustiveRoundTrip() throws {
        // 32 896 pixels: for each alpha a, every color 0...a (the documented exactness claim).
        var pixels: [UInt8] = []
        for a in 0...255 {
            for c in 0...a { pixels += [UInt8(c), UInt8(a - c), UInt8(c / 2), UInt8(a)] }
        }
        // Alpha 0 with color 0 is the only valid transparent pixel, so only it is in the list.
        let image = Image(width: 257, height: 128, pixels: pixels)  // 257 × 128 = 32 896
        #expect(try PNGDecoder.decode(data: PNGEncoder.encode(image), name: "all.png") == image)
    }

    @Test("straight alpha written to the file is the rounded un-premultiplied color")
    func writesStraightAlpha() throws {
        // (100, 50, 25, 128) → (199, 100, 50, 128): round(c · 255 / 128); invalid color > alpha clamps
        // to 255; alpha 0 with color (not valid premultiplied) is written as 0, 0, 0, 0.
        let image = Image(width: 3, height: 1, pixels: [100, 50, 25, 128, 200, 0, 0, 100, 9, 9, 9, 0])
        let straight = Alpha.straightRGBA(image)
        #expect(straight == [199, 100, 50, 128, 255, 0, 0, 100, 0, 0, 0, 0])
        let decoded = try PNGDecoder.decode(data: PNGEncoder.encode(image), name: "straight.png")
        #expect(decoded[0, 0] == image[0, 0])
        #expect(decoded[2, 0] == .transparent)
    }

    @Test("an opaque background composites and writes RGB without alpha")
    func backgroundDropsAlpha() throws {
        let image = Image(width: 3, height: 1, pixels: [100, 50, 25, 128, 0, 0, 0, 0, 10, 20, 30, 255])
        let bytes = try PNGEncoder.encode(image, options: PNGWriteOptions(background: RGBA8(r: 255, g: 0, b: 100, a: 255)))
        #expect(bytes[25] == 2, "IHDR color type should be RGB (2)")
        let decoded = try PNGDecoder.decode(data: bytes, name: "rgb.png")
        // c' + round(bg · (255 − a) / 255): 255·127/255 = 127, 100·127/255 = 49.8 → 50.
        #expect(
            decoded.allPixels == [
                RGBA8(r: 227, g: 50, b: 75, a: 255), RGBA8(r: 255, g: 0, b: 100, a: 255),
                RGBA8(r: 10, g: 20, b: 30, a: 255),
            ])
    }

    @Test("higher levels give smaller files on a compressible frame")
    func levelsChangeSize() throws {
        var image = Image(width: 256, height: 64)
        for y in 0..<64 { for x in 0..<256 { image[x, y] = RGBA8(r: UInt8(x), g: UInt8(y * 4), b: 0, a: 255) } }
        let storedFile = try PNGEncoder.encode(image, options: PNGWriteOptions(compressionLevel: 0))
        let stored = storedFile.count
        let fast = try PNGEncoder.encode(image).count
        let small = try PNGEncoder.encode(image, options: PNGWriteOptions(compressionLevel: 9)).count
        #expect(storedFile[25] == 2)  // opaque: RGB, 3 bytes a pixel stored
        #expect(stored > image.width * image.height * 3)
        #expect(fast < stored / 4)
        #expect(small <= fast)
    }

    @Test("bad write options and images are refused with a typed error")
    func refusesBadOptions() {
        let image = Image(width: 1, height: 1, fill: .opaqueWhite)
        #expect(
            pngError { _ = try PNGEncoder.encode(image, options: PNGWriteOptions(compressionLevel: 10)) }
                == .invalidCompressionLevel(10))
        #expect(
            pngError { _ = try PNGEncoder.encode(image, options: PNGWriteOptions(compressionLevel: -1)) }
                == .invalidCompressionLevel(-1))
        let halfGray = RGBA8(r: 1, g: 1, b: 1, a: 128)
        #expect(
            pngError { _ = try PNGEncoder.encode(image, options: PNGWriteOptions(background: halfGray)) }
                == .backgroundNotOpaque(halfGray))
        guard case .invalidImage = pngError({ _ = try PNGEncoder.encode(Image(width: 0, height: 5)) }) else {
            Issue.record("a 0×5 image should be refused as invalidImage")
            return
        }
        var broken = image
        broken.pixels.removeLast()  // `pixels` is public and mutable: a wrong size must not crash
        guard case .invalidImage = pngError({ _ = try PNGEncoder.encode(broken) }) else {
            Issue.record("a short pixel buffer should be refused as invalidImage")
            return
        }
    }
}
