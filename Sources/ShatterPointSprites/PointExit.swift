/// When a falling point has surely left the clip volume through its bottom, never to come back: the
/// vertex stage skips a block of eight once all of them have. Culling only, so no pixel changes.
///
/// With a < 0 and a negative speed limit, y(t) = y₀ + fall(t) only decreases. The time is worked out
/// in Double for a threshold 10⁻³ below clip y = −1; a Float evaluation of y at any later instant
/// errs by some 10⁻⁶ of |y|, far less than the point's distance below −1 then, so the vertex
/// program would find it outside the clip volume too.
enum PointExit {
    static let margin = 1e-3

    /// The time after which the point's clip y stays below −1, or +∞ if it may not (a rising or
    /// resting point, or an odd speed limit).
    static func time(centreY: Float, acceleration: Float, maxFallSpeed: Float, clipScaleY: Float) -> Float {
        guard acceleration < 0, maxFallSpeed < 0, clipScaleY > 0, centreY.isFinite else { return .infinity }
        let a = Double(acceleration)
        let limitSpeed = Double(maxFallSpeed)
        let drop = -(1 + margin) / Double(clipScaleY) - Double(centreY)  // the fall that takes it there
        guard drop < 0 else { return 0 }
        let limitTime = limitSpeed / a
        var t = (2 * drop / a).squareRoot()
        if t > limitTime {
            t = limitTime + (drop - 0.5 * a * limitTime * limitTime) / limitSpeed
        }
        return Float(t).nextUp
    }
}
