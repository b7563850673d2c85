import Testing

@testable import ShatterCore

/// ``StraightenTwin`` (the float lanes that straighten a frame) against ``Alpha/unpremultiply(_:_:)``,
/// the exact integer rounding: every (alpha, color) pair in each of the three color channels, at every
/// tier this processor runs, and every length's tail, in place and copied into another buffer.
@Suite struct AlphaStraightenTests {
    /// What the lanes must give: each color unpremultiplied, alpha 0 as (0, 0, 0, 0), alpha kept.
    static func expected(_ pixels: [UInt8]) -> [UInt8] {
        var out = pixels
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let a = pixels[i + 3]
            for k in 0..<3 { out[i + k] = a == 0 ? 0 : Alpha.unpremultiply(pixels[i + k], a) }
        }
        return out
    }

    /// Every (alpha, color) once in each channel, the other two channels other colors: 65,536 pixels.
    static let everyPair: [UInt8] = (0..<65536).flatMap { i -> [UInt8] in
        let a = UInt8(i >> 8)
        let c = UInt8(i & 255)
        return [c, 255 &- c, c &* 7 &+ 3, a]
    }

    @Test(arguments: CPUTier.runnable)
    func everyAlphaAndColorRoundsAsTheIntegerDivision(tier: CPUTier) {
        // The channels rotated, so that each (alpha, color) pair is met in red, green and blue.
        for rotation in 0..<3 {
            var pixels = Self.everyPair
            for i in stride(from: 0, to: pixels.count, by: 4) {
                let rgb = [pixels[i], pixels[i + 1], pixels[i + 2]]
                for k in 0..<3 { pixels[i + k] = rgb[(k + rotation) % 3] }
            }
            let want = Self.expected(pixels)
            var copied = [UInt8](repeating: 0xAA, count: pixels.count)
            pixels.withUnsafeBufferPointer { from in
                copied.withUnsafeMutableBufferPointer {
                    StraightenTwin.tiers[tier].copy(from.baseAddress!, into: $0.baseAddress!, count: from.count)
                }
            }
            let wrong = zip(copied, want).filter { $0 != $1 }.count
            #expect(wrong == 0, "\(tier), channels rotated by \(rotation), copied: \(wrong) bytes differ")
            pixels.withUnsafeMutableBufferPointer { StraightenTwin.tiers[tier].run($0.baseAddress!, count: $0.count) }
            #expect(pixels == want, "\(tier), channels rotated by \(rotation)")
        }
    }

    /// Lengths around the sixteen-pixel step: the tail is straightened, and no byte past `count` is written.
    @Test(arguments: CPUTier.runnable)
    func everyLengthStraightensItsPixelsAndNothingPast(tier: CPUTier) {
        for count in [1, 5, 15, 16, 17, 31, 32, 33, 47, 100] {
            let source = (0..<(count + 4) * 4).map { i -> UInt8 in
                i % 4 == 3 ? UInt8(truncatingIfNeeded: i &* 29 &+ 1) : UInt8(truncatingIfNeeded: i &* 13 &+ 5) / 2
            }
            var copied = [UInt8](repeating: 0xAA, count: source.count)
            source.withUnsafeBufferPointer { from in
                copied.withUnsafeMutableBufferPointer {
                    StraightenTwin.tiers[tier].copy(from.baseAddress!, into: $0.baseAddress!, count: count * 4)
                }
            }
            #expect(
                Array(copied[..<(count * 4)]) == Self.expected(Array(source[..<(count * 4)])), "\(tier), \(count) pixels copied")
            #expect(
                copied[(count * 4)...].allSatisfy { $0 == 0xAA }, "\(tier), \(count) pixels copied: bytes past the end written")
            var pixels = source
            pixels.withUnsafeMutableBufferPointer { StraightenTwin.tiers[tier].run($0.baseAddress!, count: count * 4) }
            #expect(Array(pixels[..<(count * 4)]) == Self.expected(Array(source[..<(count * 4)])), "\(tier), \(count) pixels")
            #expect(pixels[(count * 4)...] == source[(count * 4)...], "\(tier), \(count) pixels: bytes past the end written")
        }
    }

    /// Opaque pixels come out as they went in (a frame is mostly opaque, and its steps are skipped).
    @Test func opaquePixelsAreLeftAsTheyAre() {
        let source = (0..<1000 * 4).map { i -> UInt8 in i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: i &* 31) }
        var pixels = source
        pixels.withUnsafeMutableBufferPointer { Alpha.straightenInPlace($0.baseAddress!, count: $0.count) }
        #expect(pixels == source)
    }
}
