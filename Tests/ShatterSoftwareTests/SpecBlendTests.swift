import ShatterCore
import ShatterTestSupport
import Testing

@testable import ShatterSoftware

/// The twin's blend is GLES's, exactly: 255·s + d·(1 − f) in exact rational arithmetic, rounded to
/// nearest with ties to even (docs/parity.md, "Blending").
@Suite struct SpecBlendTests {
    /// A float as an exact rational m·2^e (m an integer).
    static func rational(_ value: Float) -> (m: Int, e: Int) {
        guard value != 0 else { return (0, 0) }
        return (Int(value.significandBitPattern | (1 << 23)), Int(value.exponent) - 23)
    }

    /// round(255·s + d·(1 − f)) by exact rationals over the common power of two, clamped to 255.
    static func exact(source s: Float, destination d: Int, factor f: Float) -> Int {
        let (ms, es) = rational(s)
        let (mf, ef) = rational(f)
        let e = min(es, ef, 0)  // everything as integers times 2^e
        precondition(e >= -54, "outside this reference's exact range (Int)")
        let unit = 1 << -e
        let numerator = 255 * (ms << (es - e)) + d * (unit - (mf << (ef - e)))
        let whole = numerator >> -e
        let rest = numerator - (whole << -e)
        let twice = 2 * rest
        let rounded = twice > unit || (twice == unit && whole % 2 == 1) ? whole + 1 : whole
        return min(rounded, 255)
    }

    /// The renderer's blend of one channel (the Double path, or the integer one near a half level).
    static func twin(_ s: Float, _ d: Int, _ f: Float) -> Int {
        Int(SpecBlend.channel(SpecBlend.clamped(s), over: UInt32(d), factor: SpecBlend.clamped(f)))
    }

    /// The integer path alone.
    static func integer(_ s: Float, _ d: Int, _ f: Float) -> Int {
        Int(SpecBlend.exactChannel(source: SpecBlend.fixed(s), destination: UInt32(d), factor: SpecBlend.fixed(f)))
    }

    /// Whether the renderer's path (and the integer path, when asked) give the exact result.
    static func agrees(_ s: Float, _ d: Int, _ f: Float, integerPath: Bool = true) -> Bool {
        let expected = exact(source: s, destination: d, factor: f)
        return twin(s, d, f) == expected && (!integerPath || integer(s, d, f) == expected)
    }

    /// Every source byte, factor byte and destination byte (k/255 each): 2²⁴ blends by the renderer's
    /// path, and by the integer path for the destinations at and next to the ends and the middle.
    @Test func everyEightBitBlendIsTheExactResultRoundedToNearestEven() {
        let levels = (0...255).map { Float($0) / 255 }
        let integerChecked: Set = [0, 1, 127, 128, 254, 255]
        var wrong = [(Int, Int, Int)]()
        for s in 0...255 {
            for f in 0...255 {
                for d in 0...255 where !Self.agrees(levels[s], d, levels[f], integerPath: integerChecked.contains(d)) {
                    wrong.append((s, f, d))
                }
            }
        }
        #expect(wrong.isEmpty, "first (source, factor, destination) bytes that differ: \(wrong.prefix(5))")
    }

    /// Float colors a fragment program gives (coverage times a color), down to 2⁻³⁰, and the ties.
    @Test func arbitraryFloatsAndTiesAreExact() {
        var rng = SplitMix64(seed: 29)
        for _ in 0..<200_000 {
            let bits = rng.next()
            let f = Float(bits & 0xFF_FFFF) / Float(1 << 24)
            let s = min(1, Float(bits >> 24 & 0xFF_FFFF) / Float(1 << 24) * (bits & (1 << 50) == 0 ? 1 : 0x1p-6))
            let d = Int(bits >> 56)
            #expect(Self.agrees(s, d, f), "s \(s) d \(d) f \(f)")
        }
        // 63.75 + 253·0.75 = 253.5 and 0.5·255 = 127.5: ties go to even; 252.75 rounds up.
        #expect(Self.twin(0.25, 253, 0.25) == 254 && Self.twin(0.5, 0, 0.5) == 128)
        #expect(Self.twin(0.25, 252, 0.25) == 253 && Self.integer(0.25, 253, 0.25) == 254)
        #expect(Self.twin(1, 255, 0) == 255 && Self.twin(.nan, 7, .nan) == 7 && Self.twin(-1, 9, 2) == 0)
        // A pixel: screen takes each color as its own factor, source-over the alpha.
        let over = SpecBlend.pixel(SIMD4(0.25, 0.5, 0, 0.5), over: 0xFF80_40FD, screen: false)
        #expect(over == UInt32(Self.twin(0.25, 0xFD, 0.5)) | UInt32(Self.twin(0.5, 0x40, 0.5)) << 8 | 0x40 << 16 | 0xFF << 24)
        let screened = SpecBlend.pixel(SIMD4(0.25, 0.5, 0, 0.5), over: 0xFF80_40FD, screen: true)
        #expect(
            screened == UInt32(Self.twin(0.25, 0xFD, 0.25)) | UInt32(Self.twin(0.5, 0x40, 0.5)) << 8 | 0x80 << 16 | 0xFF << 24)
    }

    /// A pixel's blended fragments are counted only when asked, and only where a blend landed.
    @Test func theRendererCountsBlendedFragmentsPerPixel() throws {
        let circle = InstancedCircleBatch(
            count: 3, centre: SIMD2(10, 10), circleCentre: .zero, radius: 3, angleStep: 0,
            instanceColor: SIMD3(0.2, 0.4, 0.6), blend: .screen)
        let list = DisplayList(width: 20, height: 20, clearColor: .opaqueBlack, commands: [.instancedCircles(circle)])
        let (image, blends) = try SoftwareRenderer().renderCountingBlends(list)
        #expect(image == (try SoftwareRenderer().render(list)))
        let counts = try #require(blends)
        #expect(counts[10, 10] == 3 && counts[0, 0] == 0)
    }
}
