import Foundation
import ShatterCore
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
