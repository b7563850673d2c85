import CLanes

/// `a·b + a` for eight lanes, rounded once as `Float.addingProduct` (an FMA) rounds it, with no FMA
/// instruction: a baseline x86-64 build would call `fmaf` once per lane instead. Made for the viewport
/// transform, `h + clip·h` with `h` half the framebuffer's side (a multiple of ½ below 2¹⁴).
///
/// There the product is exact in Double (24 + 24 significant bits) and so is the sum whenever
/// |clip| ≥ 2⁻¹⁴ or clip = 0: both are whole multiples of 2^(e−24), e = clip's exponent ≥ −14, below
/// 2⁵², which Double holds exactly. One rounding to Float then gives the FMA's result. The few lanes
/// outside that (a point within 2⁻¹⁴ of the centre line, or a larger `h`) take the scalar FMA.
@inline(__always)
func viewportFusedMultiplyAdd(_ clip: SIMD8<Float>, _ half: Float) -> SIMD8<Float> {
    var result = shatter_lanes_half_plus_product(clip, half)
    let tiny = SIMD8<Float>(repeating: 0x1p-14)
    let inexact =
        ((clip .< tiny) .& (clip .> -tiny) .& (clip .!= SIMD8<Float>.zero))
        .| (SIMD8<Float>(repeating: abs(half)) .>= SIMD8<Float>(repeating: 0x1p14))
    forEachSetLane(inexact.bits) { lane in result[lane] = half.addingProduct(clip[lane], half) }
    return result
}
