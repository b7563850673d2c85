/// The vertex program for eight points at once. Each lane does exactly the IEEE operations of
/// ``PointSpriteProgram/vertex(centre:motion:invariants:)``, in the same order and grouping (Swift
/// never fuses a multiply and an add on its own), so every lane's result is the scalar's, bit for bit.
extension PointSpriteProgram {
    /// `gl_Position.xy` of eight points.
    @inline(__always)
    func vertex(_ p: borrowing PointLanes) -> (x: SIMD8<Float>, y: SIMD8<Float>) {
        let t = SIMD8<Float>(repeating: u_time)
        var x = p.centreX + p.speed * t
        let bounced = (.!(p.firstHit .>= t)).bits
        if bounced != 0 {
            x = drift(centreX: p.centreX, speed: p.speed, firstHit: p.firstHit, bounced: bounced, t: t, unbounced: x)
        }
        let a = p.acceleration
        let limit = p.limitTime
        let accelerating = 0.5 * a * (t * t)
        let limited = 0.5 * a * (limit * limit) + u_physics.x * (t - limit)
        let fall = accelerating.replacing(with: limited, where: .!(t .<= limit)).replacing(
            with: 0, where: a .>= SIMD8<Float>.zero)
        let y = p.centreY + fall
        return (x * u_clipScale.x, y * u_clipScale.y)
    }

    /// ``driftPosition(_:_:_:)`` for the lanes past their first wall hit (`bounced`), the others kept
    /// from `unbounced`. The loop's first pass hits the wall at the point's `firstHit` and its second
    /// pass ends it unless there is a second hit before `t`; those two passes run on all lanes at
    /// once, and only a lane with a second hit takes the whole loop.
    /// It takes only the lanes it reads: passing the whole 256-byte block to this call, which is not
    /// inlined, copied the block for every block of points.
    @inline(never)
    func drift(
        centreX: SIMD8<Float>, speed pointSpeed: SIMD8<Float>, firstHit: SIMD8<Float>, bounced: UInt32, t: SIMD8<Float>,
        unbounced: SIMD8<Float>
    ) -> SIMD8<Float> {
        // First pass, to the wall.
        let x = centreX + pointSpeed * firstHit
        let left = t - firstHit
        var speed = SIMD8<Float>(repeating: -u_physics.y) * pointSpeed
        let stop = SIMD8<Float>(repeating: u_physics.z)
        let zero = SIMD8<Float>.zero
        speed.replace(with: zero, where: (speed .< stop) .& (speed .> -stop))  // abs(speed) < stop
        // Second pass: stopped, or no second hit before the time left.
        let wall = SIMD8<Float>(repeating: -1).replacing(with: 1, where: speed .> zero)
        // max(hit, 0) ≥ left is hit ≥ left here: left > 0, since firstHit < t.
        let secondHit = (wall - x) / speed
        let ended = (speed .== zero) .| (secondHit .>= left)
        var result = (x + speed * left).replacing(with: unbounced, where: .!Self.mask(bounced))
        forEachSetLane(bounced & ~ended.bits) { lane in
            result[lane] = driftPosition(centreX[lane], pointSpeed[lane], u_time)
        }
        return result
    }

    /// The lanes whose bits are set.
    @inline(__always)
    static func mask(_ bits: UInt32) -> SIMDMask<SIMD8<Int32>> {
        (SIMD8(repeating: Int32(bitPattern: bits)) & SIMD8(1, 2, 4, 8, 16, 32, 64, 128)) .!= SIMD8<Int32>.zero
    }

    /// ``columnTap(pcX:uvOrigin:snapshot:)`` for eight fragments.
    @inline(__always)
    func columnTaps(pcX: SIMD8<Float>, u: SIMD8<Float>, snapshot: TextureSampler) -> TextureSampler.Taps {
        snapshot.taps(columnCoordinates(pcX: pcX, u: u), size: snapshot.width)
    }

    /// ``rowTap(pcY:uvOrigin:snapshot:)`` for eight fragments.
    @inline(__always)
    func rowTaps(pcY: SIMD8<Float>, v: SIMD8<Float>, snapshot: TextureSampler) -> TextureSampler.Taps {
        snapshot.taps(rowCoordinates(pcY: pcY, v: v), size: snapshot.height)
    }

    /// The snapshot's u of eight fragments (the shader's `uv.x`).
    @inline(__always)
    func columnCoordinates(pcX: SIMD8<Float>, u: SIMD8<Float>) -> SIMD8<Float> { u + pcX * u_texcoordScale.x }

    /// The snapshot's row coordinate, top first, of eight fragments (the shader's `1.0 - uv.y`).
    @inline(__always)
    func rowCoordinates(pcY: SIMD8<Float>, v: SIMD8<Float>) -> SIMD8<Float> { 1 - (v + (1 - pcY) * u_texcoordScale.y) }
}
