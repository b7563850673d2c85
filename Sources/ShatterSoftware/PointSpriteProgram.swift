import ShatterCore

/// Swift twin of `Shaders/point_sprite.vert` and `Shaders/point_sprite.frag`: the same names, the same
/// float operations in the same order, so both backends put every piece at the same place.
struct PointSpriteProgram {
    // Uniforms, as the GL backend sets them.
    let u_time: Float
    let u_pointSize: Float
    let u_clipScale: SIMD2<Float>
    let u_physics: SIMD3<Float>
    let u_texcoordScale: SIMD2<Float>

    init(batch: PointSpriteBatch, clipScale: SIMD2<Float>) {
        u_time = batch.time
        u_pointSize = batch.pointSize
        u_clipScale = clipScale
        u_physics = SIMD3(batch.physics.maxFallSpeed, batch.physics.restitution, batch.physics.stopSpeed)
        u_texcoordScale = batch.texcoordScale
    }

    /// Vertical offset: v = max(a·t, vmax), integrated; squares grouped as in the GLSL (see there).
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
        var x = x, speed = speed, t = t
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

    /// `gl_Position.xy` for one point (w = 1).
    @inline(__always)
    func vertex(centre: SIMD2<Float>, motion: SIMD2<Float>) -> SIMD2<Float> {
        let x = driftPosition(centre.x, motion.x, u_time)
        let y = centre.y + fallOffset(motion.y, u_time)
        return SIMD2(x * u_clipScale.x, y * u_clipScale.y)
    }

    /// The fragment colour at point coordinate `pc` (upper-left origin).
    @inline(__always)
    func fragment(pc: SIMD2<Float>, uvOrigin: SIMD2<Float>, snapshot: TextureSampler) -> SIMD4<Float> {
        let u = uvOrigin.x + pc.x * u_texcoordScale.x
        let v = uvOrigin.y + (1 - pc.y) * u_texcoordScale.y
        return snapshot.sample(u, 1 - v)
    }
}
