import CLanes

/// Bilinear filtering of RGBA8 texels in 8-bit fixed point, two channels per 32-bit word, with
/// weights in 1/256: how llvmpipe filters unorm8 textures, and what `point_sprite.frag` computes
/// explicitly (integer lerps, `(a·(256 − w) + b·w + 128) >> 8` per channel), so every GPU gives the
/// same bytes. With a weight of 0 it returns the texel exactly.
enum FixedPointBilinear {
    /// Blends `a` toward `b` by `w`/256 on the 0x00FF00FF lanes of both words.
    @inline(__always)
    static func lerpLanes(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        ((a &* (256 &- w) &+ b &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
    }

    /// The four texels blended by horizontal weight `wx` and vertical weight `wy` (0…256 each).
    @inline(__always)
    static func blend(_ t00: UInt32, _ t10: UInt32, _ t01: UInt32, _ t11: UInt32, wx: UInt32, wy: UInt32) -> UInt32 {
        let mask: UInt32 = 0x00FF_00FF
        let topRB = lerpLanes(t00 & mask, t10 & mask, wx)
        let topGA = lerpLanes(t00 >> 8 & mask, t10 >> 8 & mask, wx)
        let bottomRB = lerpLanes(t01 & mask, t11 & mask, wx)
        let bottomGA = lerpLanes(t01 >> 8 & mask, t11 >> 8 & mask, wx)
        return lerpLanes(topRB, bottomRB, wy) | lerpLanes(topGA, bottomGA, wy) << 8
    }
}

extension FixedPointBilinear {
    /// ``blend(_:_:_:_:wx:wy:)`` for eight pixels, on 16-bit channels (CLanes): the same integers.
    @inline(__always)
    static func blend(
        _ t00: SIMD8<UInt32>, _ t10: SIMD8<UInt32>, _ t01: SIMD8<UInt32>, _ t11: SIMD8<UInt32>,
        wx: SIMD8<UInt32>, wy: SIMD8<UInt32>
    ) -> SIMD8<UInt32> {
        shatter_lanes_bilinear(t00, t10, t01, t11, wx, wy)
    }
}
