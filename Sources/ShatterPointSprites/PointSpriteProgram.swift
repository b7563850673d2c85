import ShatterCore

/// The shattered transition's motion, evaluated on the CPU for both backends (as the original's CPU
/// updates positions and its vertex function only places them): the GL renderer uploads the centres
/// this gives (``PointMotionStage``), so no GPU arithmetic decides where a piece is. The fragment
/// program's twin (`Shaders/point_sprite.frag`), integers only, reads the CPU renderer's texture
/// sampler, so it extends this in ShatterSoftware (PointSpriteProgram+Fragment.swift).
package struct PointSpriteProgram {
    // Uniforms, as the GL backend sets them.
    package let u_time: Float
    package let u_clipScale: SIMD2<Float>
    package let u_physics: SIMD3<Float>
    package let u_steps: Int32
    package let u_stepSeconds: Float

    package init(batch: PointSpriteBatch, clipScale: SIMD2<Float>) {
        u_time = batch.time
        u_clipScale = clipScale
        u_physics = SIMD3(batch.physics.maxFallSpeed, batch.physics.restitution, batch.physics.stopSpeed)
        (u_steps, u_stepSeconds) = batch.motion.uniforms
    }

    /// Vertical offset: v = max(a·t, vmax), integrated in closed form (the squares grouped so that every
    /// path through the motion stage and the C kernel rounds them alike).
    @inline(__always)
    func fallOffset(_ acceleration: Float, _ t: Float) -> Float {
        if acceleration >= 0 {
            return 0
        }
        let limitTime = u_physics.x / acceleration
        if t <= limitTime {
            return 0.5 * acceleration * (t * t)
        }
        return 0.5 * acceleration * (limitTime * limitTime) + u_physics.x * (t - limitTime)
    }

    /// Horizontal position with the walls at |x| = 1: each hit keeps `restitution` of the speed, reversed.
    @inline(__always)
    func driftPosition(_ x: Float, _ speed: Float, _ t: Float) -> Float {
        var x = x
        var speed = speed
        var t = t
        for _ in 0..<16 {
            if speed == 0 {
                break
            }
            let wall: Float = speed > 0 ? 1 : -1
            let hitTime = max((wall - x) / speed, 0)
            if hitTime >= t {
                break
            }
            x = x + speed * hitTime
            t = t - hitTime
            speed = -u_physics.y * speed
            if abs(speed) < u_physics.z {
                speed = 0
            }
        }
        return x + speed * t
    }

    /// The original's update, `u_steps` times, in the order of its per-frame loop (BrokenGlassEffect's
    /// CPU update): the piece's position, NDC.
    @inline(__always)
    func steppedPosition(centre: SIMD2<Float>, motion: SIMD2<Float>) -> SIMD2<Float> {
        var xSpeed = motion.x
        var ySpeed: Float = 0
        var translateX: Float = 0
        var translateY: Float = 0
        for _ in 0..<Int(u_steps) {
            ySpeed += u_stepSeconds * motion.y
            if ySpeed < u_physics.x {
                ySpeed = u_physics.x
            }
            translateX += u_stepSeconds * xSpeed
            translateY += u_stepSeconds * ySpeed
            let realX = translateX + centre.x
            if realX <= -1 || realX >= 1 {
                xSpeed = -xSpeed * u_physics.y
                if abs(xSpeed) < u_physics.z {
                    xSpeed = 0
                }
            }
        }
        return SIMD2(translateX + centre.x, translateY + centre.y)
    }

    /// `gl_Position.xy` of a stepped piece (`u_steps >= 0`): outside the clip volume when its centre
    /// is off screen, as the original's GPU (no guard band) drops it.
    @inline(__always)
    func steppedVertex(centre: SIMD2<Float>, motion: SIMD2<Float>) -> SIMD2<Float> {
        let position = steppedPosition(centre: centre, motion: motion)
        if abs(position.x) > 1 || abs(position.y) > 1 {
            return SIMD2(2, 2)
        }
        return SIMD2(position.x * u_clipScale.x, position.y * u_clipScale.y)
    }

    /// The two quotients the vertex program divides for at every instant, which depend on the point
    /// alone: the time its fall reaches the speed limit, and the time of its first wall hit. The CPU
    /// renderer computes them once per point; ``vertex(centre:motion:invariants:)`` then gives exactly
    /// ``vertex(centre:motion:)``'s result without the divisions.
    @inline(__always)
    func invariants(centre: SIMD2<Float>, motion: SIMD2<Float>) -> SIMD2<Float> {
        let speed = motion.x
        let acceleration = motion.y
        let limitTime = acceleration < 0 ? u_physics.x / acceleration : .infinity
        var firstHit = Float.infinity
        if speed != 0 {
            let wall: Float = speed > 0 ? 1 : -1
            firstHit = max((wall - centre.x) / speed, 0)
        }
        return SIMD2(limitTime, firstHit)
    }

    /// ``vertex(centre:motion:)`` with the point's ``invariants(centre:motion:)`` precomputed.
    @inline(__always)
    func vertex(centre: SIMD2<Float>, motion: SIMD2<Float>, invariants: SIMD2<Float>) -> SIMD2<Float> {
        let t = u_time
        let acceleration = motion.y
        let limitTime = invariants.x
        // Before the first wall hit the loop in driftPosition stops at once: x + speed·t.
        let x = invariants.y >= t ? centre.x + motion.x * t : driftPosition(centre.x, motion.x, t)
        let fall: Float
        if acceleration >= 0 {
            fall = 0
        } else if t <= limitTime {
            fall = 0.5 * acceleration * (t * t)
        } else {
            fall = 0.5 * acceleration * (limitTime * limitTime) + u_physics.x * (t - limitTime)
        }
        let y = centre.y + fall
        return SIMD2(x * u_clipScale.x, y * u_clipScale.y)
    }

    /// `gl_Position.xy` for one point (w = 1).
    @inline(__always)
    package func vertex(centre: SIMD2<Float>, motion: SIMD2<Float>) -> SIMD2<Float> {
        if u_steps >= 0 {
            return steppedVertex(centre: centre, motion: motion)
        }
        let x = driftPosition(centre.x, motion.x, u_time)
        let y = centre.y + fallOffset(motion.y, u_time)
        return SIMD2(x * u_clipScale.x, y * u_clipScale.y)
    }
}
