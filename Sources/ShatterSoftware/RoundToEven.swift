/// Rounds to a whole number, to nearest with ties to even, as the GPU's conversions do (and SSE's
/// cvtps2dq, which llvmpipe uses). Adding and taking away 1.5·2⁵² in double precision leaves exactly
/// that rounding for any float, with no libm call (Swift's `.toNearestOrEven` becomes one on a
/// baseline x86-64 target, too slow per sprite).
@inline(__always)
func roundedToEven(_ value: Float) -> Float {
    let magic = 6_755_399_441_055_744.0
    return Float((Double(value) + magic) - magic)
}
