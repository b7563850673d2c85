import Testing

@testable import ShatterCore

/// The one-pass premultiply and the opaque-start scan a frei0r frame uses give what a copy then
/// `premultiplyInPlace` gives, at every length (whole groups of eight pixels, blocks of 32, tails).
@Suite struct AlphaPassTests {
    static let lengths = [1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 250]  // pixels

    /// Opaque straight pixels with detail, but for alpha `alpha` at pixel `translucent`.
    static func pixels(_ count: Int, translucent: Int?, alpha: UInt8) -> [UInt8] {
        var bytes = (0..<count * 4).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for i in 0..<count { bytes[i * 4 + 3] = 255 }
        if let translucent { bytes[translucent * 4 + 3] = alpha }
        return bytes
    }

    @Test(arguments: lengths)
    func theOpaqueStartEndsAtTheGroupOfTheFirstTranslucentPixel(_ count: Int) {
        #expect(Alpha.opaqueBytes(Self.pixels(count, translucent: nil, alpha: 0), count: count * 4) == count * 4)
        for at in 0..<count {
            let bytes = Self.pixels(count, translucent: at, alpha: 254)
            let start = Alpha.opaqueBytes(bytes, count: bytes.count)
            // Whole groups of eight before it, and none past it.
            #expect(start % 32 == 0 && start <= at * 4 && at * 4 - start < 32, "pixel \(at) of \(count): \(start)")
        }
    }

    @Test(arguments: lengths)
    func premultiplyingIntoIsACopyPremultipliedInPlace(_ count: Int) {
        for at in [nil] + Array(stride(from: 0, to: count, by: 3)) {
            for alpha: UInt8 in [0, 1, 128, 254] {
                let source = Self.pixels(count, translucent: at, alpha: alpha)
                var expected = source
                Alpha.premultiplyInPlace(&expected)
                var target = [UInt8](repeating: 0xAA, count: source.count)
                target.withUnsafeMutableBufferPointer { Alpha.premultiply(source, into: $0.baseAddress!, count: source.count) }
                #expect(target == expected, "pixel \(String(describing: at)) of \(count) at alpha \(alpha)")
            }
        }
    }
}
