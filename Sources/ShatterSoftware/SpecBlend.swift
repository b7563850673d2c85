/// Fixed-function blending into an 8-bit unorm channel as GLES 3.0 states it, not as one GL happens
/// to do it: §4.1.7 blends "as if carried out in floating point" (source and factors clamped to
/// [0, 1] for a fixed-point buffer, the destination read as k/255), and §2.1.6.2 converts the result
/// to 8 bits by rounding to nearest (the preferred of the two allowed neighbours). The twin takes the
/// exact real result and rounds it to nearest, ties to even, as it stores unblended colors.
/// GLs may land one level either side of this (fixed-point blend units, the source converted to
/// 8 bits first); `docs/parity.md` ("Blending") derives the slack the parity rule allows for it.
enum SpecBlend {
    /// One pixel: `ONE, ONE_MINUS_SRC_ALPHA` (source-over), or with `screen` `ONE, ONE_MINUS_SRC_COLOR`
    /// on the colors, of `source` over the packed destination word (R in the low byte).
    @inline(__always)
    static func pixel(_ source: SIMD4<Float>, over destination: UInt32, screen: Bool) -> UInt32 {
        let alpha = clamped(source.w)
        var out: UInt32 = 0
        for c in 0..<4 {
            let s = clamped(source[c])
            out |= channel(s, over: destination >> (8 * c) & 0xFF, factor: screen ? s : alpha) << (8 * c)
        }
        return out
    }

    /// A source or factor as the blend takes it: clamped to [0, 1], NaN as 0.
    @inline(__always)
    static func clamped(_ value: Float) -> Float { value > 0 ? min(value, 1) : 0 }

    /// round(255·s + d·(1 − f)), rounded to nearest with ties to even, clamped to 255, for s and f in
    /// [0, 1]: in `Double` first, where 255·s is exact and the rest is off by under 2⁻⁴³ of a level,
    /// so the rounding is the exact result's wherever the sum lies further than 2⁻³⁰ from a half
    /// level; the few that do not take ``exactChannel(source:destination:factor:)``.
    @inline(__always)
    static func channel(_ s: Float, over d: UInt32, factor f: Float) -> UInt32 {
        let x = Double(s) * 255 + Double(d) * (1 - Double(f))
        let nearest = x.rounded(.toNearestOrEven)
        let offset = x - nearest
        guard offset < 0.5 - 0x1p-30, offset > -0.5 + 0x1p-30 else {
            return exactChannel(source: fixed(s), destination: d, factor: fixed(f))
        }
        return UInt32(min(nearest, 255))
    }

    /// Fixed-point scale: every channel and factor is held as an integer count of 2⁻⁶³.
    private static let scale: Double = 0x1p63

    /// A float in [0, 1] (NaN as 0) as an integer count of 2⁻⁶³. Exact for 0 and every value of at
    /// least 2⁻⁴⁰ (a Float's 24 bits then end at or above 2⁻⁶³); smaller values lose the bits below
    /// 2⁻⁶³, which can move the blend's result by less than 2⁻⁵⁴ of a level.
    @inline(__always)
    static func fixed(_ value: Float) -> UInt64 {
        UInt64(Double(clamped(value)) * scale)
    }

    /// round(255·s + d·(1 − f)) for source s and factor f (as ``fixed(_:)``) and destination byte d,
    /// exactly, rounded to nearest with ties to even, clamped to 255: one channel of `ONE,
    /// ONE_MINUS_…` blending. In 2⁻⁶³ units every term is an integer, so the sum is exact in 128 bits
    /// (below 2⁷³) and the rounding is integer arithmetic.
    @inline(__always)
    static func exactChannel(source s: UInt64, destination d: UInt32, factor f: UInt64) -> UInt32 {
        let one: UInt64 = 1 << 63
        let sum = UInt128(s) &* 255 &+ UInt128(d) &* UInt128(one &- f)
        let whole = sum >> 63
        let rest = UInt64(truncatingIfNeeded: sum) & (one &- 1)
        let half = one >> 1
        let up: UInt128 = rest > half || (rest == half && whole & 1 == 1) ? 1 : 0
        return UInt32(min(whole &+ up, 255))
    }
}
