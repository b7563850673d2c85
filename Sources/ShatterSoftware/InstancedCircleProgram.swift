import ShatterCore

/// Swift twin of `Shaders/instanced_circle.vert` and `Shaders/instanced_circle.frag`: the same uniforms
/// and per-instance attributes (`InstancedCircleBatch.instances()`, the values GL gets), the same
/// per-pixel arithmetic in the same order, in `Float`.
struct InstancedCircleProgram {
    let u_radius: Float
    let u_opacity: Float

    init(batch: InstancedCircleBatch) {
        u_radius = batch.radius
        u_opacity = batch.opacity
    }

    /// What the vertex program hands every fragment of one instance (its flat outputs), plus the
    /// bounding square the four corners span.
    struct Instance {
        let v_circleCentre: SIMD2<Float>
        let v_color: SIMD3<Float>
        let halfSide: Float
    }

    /// The vertex program for one instance's attributes (`a_circleCentre`, `a_color`).
    func vertex(_ attributes: InstancedCircleBatch.Instance) -> Instance {
        let halfSide = u_radius + InstancedCircleBatch.margin
        return Instance(v_circleCentre: attributes.centre, v_color: attributes.color, halfSide: halfSide)
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
