/// Eight points' constants side by side (the grid's centre, texel origin (`PointSpriteRaster.origin(ofPoint:attributes:)`)
/// and motion, and the two
/// quotients of ``PointSpriteProgram/invariants(centre:motion:)``), so the vertex program runs on
/// eight at once.
/// Lanes past the grid's end hold a point that is never visible (its centre is NaN).
package struct PointLanes {
    package var centreX: SIMD8<Float>
    package var centreY: SIMD8<Float>
    package var originX: SIMD8<Int32>
    package var originY: SIMD8<Int32>
    package var speed: SIMD8<Float>
    package var acceleration: SIMD8<Float>
    package var limitTime: SIMD8<Float>
    package var firstHit: SIMD8<Float>

    static let padding = PointLanes(
        centreX: .init(repeating: .nan), centreY: .zero, originX: .zero, originY: .zero, speed: .zero,
        acceleration: .zero, limitTime: .init(repeating: .infinity),
        firstHit: .init(repeating: .infinity))

    /// Sets lane `lane` to one point.
    mutating func set(_ lane: Int, centre: SIMD2<Float>, origin: SIMD2<Int32>, motion: SIMD2<Float>, invariants: SIMD2<Float>) {
        centreX[lane] = centre.x
        centreY[lane] = centre.y
        originX[lane] = origin.x
        originY[lane] = origin.y
        speed[lane] = motion.x
        acceleration[lane] = motion.y
        limitTime[lane] = invariants.x
        firstHit[lane] = invariants.y
    }
}

/// A separable grid's motion, eight points side by side (`shatter_point_motion`): the kernel reads the
/// centre and texel origin from ``SeparableGrid``'s column and row tables and works the two quotients
/// out again each frame, so a point streams 8 bytes instead of ``PointLanes``' 32 (the small-sprite
/// path is memory bound). Lanes past the grid's end hold no motion.
struct PointMotionLanes {
    var speed = SIMD8<Float>.zero
    var acceleration = SIMD8<Float>.zero
}
