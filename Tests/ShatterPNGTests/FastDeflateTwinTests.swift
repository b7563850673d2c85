import Foundation
import ShatterCore
import ShatterTestSupport
import Testing

@testable import ShatterPNG

/// Level 1's encoder is one C body compiled once per tier; every twin the processor runs must write
/// the same stream, so a file does not depend on the machine that wrote it.
struct FastDeflateTwinTests {
    @Test(
        "every twin of the fast encoder writes the same bytes, and libpng decodes the file they make",
        arguments: PNGFilter.allCases)
    func twinsAgree(filter: PNGFilter) throws {
        // Noise over a flat field with a band boundary inside: literals, runs and stored bands.
        var image = RoundTripTests.randomImage(width: 300, height: 70, seed: 11)
        for y in 20..<50 { for x in 0..<300 { image[x, y] = RGBA8(r: 30, g: 60, b: 90, a: 255) } }
        let baseline = Self.stream(image, filter: filter, tier: .baseline)
        #expect(!baseline.isEmpty)
        for tier in CPUTier.runnable { #expect(baseline == Self.stream(image, filter: filter, tier: tier), "\(tier)") }
        // PNGEncoder's file holds that stream, and libpng decodes it to the image.
        let png = try PNGEncoder.encode(image, options: PNGWriteOptions(filter: filter))
        let idat = png.count - 12 - 4 - baseline.count  // the IDAT data sits before its CRC and IEND
        #expect(Array(png[idat..<idat + baseline.count]) == baseline)
        #expect(try PNGDecoder.decode(data: png, name: "twin.png") == image)
    }

    /// Translucent speckle over transparency, as the Thanos dust's frames are: every length of literal
    /// stretch between runs of zeros, and codes from 1 bit (a zero between close specks) to the
    /// 12-bit limit (rare bytes), so that the AVX-512 twin's steps of 32 bytes, its shorter last
    /// steps, and its quads of four 1-bit codes sharing a byte all come up.
    static func speckle(width: Int, height: Int, seed: UInt64) -> Image {
        var generator = SplitMix64(seed: seed)
        var image = Image(width: width, height: height)
        for y in 0..<height {
            let sparseness = 1 << (y % 7)  // one pixel in 1 … 64 is a speck, a different mix per row
            for x in 0..<width where Int(generator.byte()) % sparseness == 0 {
                let a = generator.byte() | 1
                let gray = UInt8(Int(generator.byte() % 4 * 60) * Int(a) / 255)  // a few grays: common bytes
                image[x, y] = RGBA8(r: gray, g: gray, b: generator.byte() < 8 ? a : gray, a: a)
            }
        }
        return image
    }

    @Test(
        "every twin writes the same bytes for translucent speckle (the dust's frames), and the file decodes to it",
        arguments: PNGFilter.allCases)
    func twinsAgreeOnSpeckle(filter: PNGFilter) throws {
        let image = Self.speckle(width: 613, height: 97, seed: 49)
        let baseline = Self.stream(image, filter: filter, tier: .baseline)
        #expect(!baseline.isEmpty)
        for tier in CPUTier.runnable { #expect(baseline == Self.stream(image, filter: filter, tier: tier), "\(tier)") }
        let png = try PNGEncoder.encode(image, options: PNGWriteOptions(filter: filter))
        #expect(try PNGDecoder.decode(data: png, name: "speckle.png") == image)
    }

    /// The level-1 IDAT stream (zlib) of `image` from one twin.
    static func stream(_ image: Image, filter: PNGFilter, tier: CPUTier) -> [UInt8] {
        let straight = Alpha.straightRGBA(image)
        let rowBytes = image.width * 4
        let bound = FastDeflate.bound(width: image.width, height: image.height, channels: 4)
        return [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            count = FastDeflate.tiers[tier].zlib(
                width: image.width, height: image.height, channels: 4, filter: filter, into: out.baseAddress!
            ) { y, row in
                straight.withUnsafeBufferPointer { row.update(from: $0.baseAddress! + y * rowBytes, count: rowBytes) }
                return true
            }
        }
    }
}
