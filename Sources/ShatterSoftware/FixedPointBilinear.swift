import CLanes

/// Bilinear filtering of RGBA8 texels in 8-bit fixed point, two channels per 32-bit word: the fast
/// path for point sprites, whose taps (texels and weights) are computed by the float twin and only
/// the blend is done in integers. Bit for bit it is llvmpipe's unorm8 lerp applied per channel
/// (weights rounded to 1/256, each lerp rounded to 8 bits). It differs from blending in float by at
/// most 1 per channel but where the roundings pile up (2, about once in a million random taps; none
/// in whole renders; `TwinEquivalenceTests`); with a weight of 0 it returns the texel exactly, so a
/// sprite on a texel-aligned position is a copy.
enum FixedPointBilinear {
    /// A float weight in [0, 1] as 0…256.
    @inline(__always)
    static func weight(_ value: Float) -> UInt32 {
        UInt32(value * 256 + 0.5)
    }

    /// Blends `a` toward `b` by `w`/256 on the 0x00FF00FF lanes of both words.
    @inline(__always)
    static func lerpLanes(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        ((a &* (256 &- w) &+ b &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
    }

    /// The four texels blended by horizontal weight `wx` and vertical weight `wy` (0…256 each).
    @inline(__always)
    static func blend(_ t00: UInt32, _ t10: UInt32, _ t01: UInt32, _ t11: UInt32, wx: UInt32, wy: UInt32) -> UInt32 {
        let mask: UInt32 = 0x00FF_00FF
        let topRB = lerpLanes(t00 & mask, t10 & mask, wx), topGA = lerpLanes(t00 >> 8 & mask, t10 >> 8 & mask, wx)
        let bottomRB = lerpLanes(t01 & mask, t11 & mask, wx), bottomGA = lerpLanes(t01 >> 8 & mask, t11 >> 8 & mask, wx)
        return lerpLanes(topRB, bottomRB, wy) | lerpLanes(topGA, bottomGA, wy) << 8
    }
}

extension FixedPointBilinear {
    /// ``blend(_:_:_:_:wx:wy:)`` for eight pixels, on 16-bit channels (CLanes): the same integers.
    @inline(__always)
    static func blend(_ t00: SIMD8<UInt32>, _ t10: SIMD8<UInt32>, _ t01: SIMD8<UInt32>, _ t11: SIMD8<UInt32>,
                      wx: SIMD8<UInt32>, wy: SIMD8<UInt32>) -> SIMD8<UInt32> {
        shatter_lanes_bilinear(t00, t10, t01, t11, wx, wy)
    }
}
