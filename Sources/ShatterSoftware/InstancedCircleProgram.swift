import ShatterCore

#if canImport(Glibc)
    import Glibc
#endif

/// Swift twin of `Shaders/instanced_circle.vert` and `Shaders/instanced_circle.frag`: the same uniforms,
/// the same per-instance and per-pixel arithmetic in the same order, in `Float`.
struct InstancedCircleProgram {
    let u_centre: SIMD2<Float>
    let u_circleCentre: SIMD2<Float>
    let u_radius: Float
    let u_rotation: Float
    let u_angleStep: Float
    let u_instanceColor: SIMD3<Float>
    let u_colorOffset: SIMD3<Float>
    let u_opacity: Float

    init(batch: InstancedCircleBatch) {
        u_centre = batch.centre
        u_circleCentre = batch.circleCentre
        u_radius = batch.radius
        u_rotation = batch.rotation
        u_angleStep = batch.angleStep
        u_instanceColor = batch.instanceColor
        u_colorOffset = batch.colorOffset
        u_opacity = batch.opacity
    }

    /// What the vertex program hands every fragment of one instance (its flat outputs), plus the
    /// bounding square the four corners span.
    struct Instance {
        let v_circleCentre: SIMD2<Float>
        let v_color: SIMD3<Float>
        let halfSide: Float
    }

    /// The vertex program for instance `instanceID` (`gl_InstanceID`).
    func vertex(instanceID: Int) -> Instance {
        let k = Float(instanceID)
        let angle = u_rotation + k * u_angleStep
        let c = cosf(angle)
        let s = sinf(angle)
        let centre =
            u_centre
            + SIMD2(
                c * u_circleCentre.x - s * u_circleCentre.y,
                s * u_circleCentre.x + c * u_circleCentre.y)
        let halfSide = u_radius + InstancedCircleBatch.margin
        let color = u_instanceColor + k * u_colorOffset
        return Instance(
            v_circleCentre: centre,
            v_color: color.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1)),
            halfSide: halfSide)
    }

    /// The fragment program at image pixel (x, y) (its centre at +0.5); nil where it discards.
    @inline(__always)
    func fragment(x: Int, y: Int, instance: Instance) -> SIMD4<Float>? {
        let pixel = SIMD2(Float(x) + 0.5, Float(y) + 0.5)
        let delta = pixel - instance.v_circleCentre
        let d = (delta.x * delta.x + delta.y * delta.y).squareRoot() - u_radius
        let coverage = min(max(0.5 - d, 0), 1)
        if coverage <= 0 {
            return nil
        }
        let alpha = coverage * u_opacity
        let rgb = instance.v_color * alpha
        return SIMD4(rgb.x, rgb.y, rgb.z, alpha)
    }
}
