import Foundation
import ShatterCore
import Testing

@testable import ShatterPNG

/// Level 1's encoder builds each band's Huffman code from a histogram of every eighth line, so a byte
/// that only lines it never sampled hold must still have a code: a file with such a line must decode to
/// its pixels, from either twin.
struct FastDeflateSamplingTests {
    /// A flat screen whose lines 5 and 37 (neither sampled: each band's are its lines 0, 8, 16 and 24)
    /// hold every byte value, and whose other lines filter to runs of zeros.
    static func image() -> Image {
        var image = Image(width: 86, height: 40)
        for y in 0..<40 {
            for x in 0..<86 {
                image[x, y] =
                    y == 5 || y == 37
                    ? RGBA8(r: UInt8(3 * x % 256), g: UInt8((3 * x + 1) % 256), b: UInt8((3 * x + 2) % 256), a: 255)
                    : RGBA8(r: 30, g: 60, b: 90, a: 255)
            }
        }
        return image
    }

    @Test(
        "bytes only in lines the histogram does not sample decode exactly, and every twin writes the same file",
        arguments: PNGFilter.allCases)
    func unsampledLinesDecode(filter: PNGFilter) throws {
        let image = Self.image()
        let png = try PNGEncoder.encode(image, options: PNGWriteOptions(filter: filter))
        #expect(try PNGDecoder.decode(data: png, name: "unsampled.png") == image)
        let baseline = FastDeflateTwinTests.stream(image, filter: filter, tier: .baseline)
        for tier in CPUTier.runnable {
            #expect(FastDeflateTwinTests.stream(image, filter: filter, tier: tier) == baseline, "\(tier)")
        }
    }
}
