import ShatterCore
import ShatterTestSupport
import Testing

@testable import ShatterPNG

/// Level 1's encoder over many shapes and kinds of content, read back by libpng: noise (stored
/// bands), flat fields (long zero runs across bands), sparse dots (short runs at every offset),
/// striped rows and gradients, RGBA and RGB, every filter, both twins. (Under Tools/checks/sanitize.sh the
/// C body runs with AddressSanitizer.)
struct FastEncoderRoundTripTests {
    static func image(width: Int, height: Int, kind: Int, generator: inout SplitMix64) -> Image {
        var image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let noise = generator.byte()
                let value: UInt8 =
                    switch kind {
                    case 0: noise
                    case 1: 90
                    case 2: noise % 13 == 0 ? noise : 0
                    case 3: y % 5 == 0 ? noise : 40
                    default: UInt8(truncatingIfNeeded: x * 3 + y)
                    }
                image[x, y] = RGBA8(r: value, g: value &+ UInt8(kind), b: value / 2, a: 255)
            }
        }
        return image
    }

    @Test("random shapes and contents round-trip through the fast encoder and libpng")
    func randomShapes() throws {
        var generator = SplitMix64(seed: 31)
        for trial in 0..<120 {
            let width = 1 + Int(generator.next() % (trial % 12 == 0 ? 900 : 120))
            let height = 1 + Int(generator.next() % 70)
            let kind = Int(generator.next() % 5)
            let image = Self.image(width: width, height: height, kind: kind, generator: &generator)
            let filter = PNGFilter.allCases[Int(generator.next() % UInt64(PNGFilter.allCases.count))]
            let background: RGBA8? = generator.next() % 2 == 0 ? nil : .opaqueWhite
            let bytes = try PNGEncoder.encode(image, options: PNGWriteOptions(filter: filter, background: background))
            let decoded = try PNGDecoder.decode(data: bytes, name: "trial-\(trial).png")
            #expect(decoded == image, "\(width)×\(height), kind \(kind), \(filter), background \(String(describing: background))")
        }
    }
}
