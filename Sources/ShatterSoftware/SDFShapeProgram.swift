import ShatterCore

/// Swift twin of `Shaders/sdf_shape.frag` (vertex stage: `Shaders/covering_quad.vert`, see
/// ``CoveringQuad``): the same names, the same float operations in the same order.
struct SDFShapeProgram {
    let u_kind: Int32
    let u_toLocal: PixelMap
    let u_shape: SIMD4<Float>
    let u_pixelsPerUnit: Float
    let u_color: SIMD4<Float>
    let u_maskToLocal: PixelMap
    let u_mask: SIMD4<Float>

    init(shape: SDFShape) {
        u_kind = shape.kindIndex
        u_toLocal = shape.toLocal
        u_shape = shape.parameters
        u_pixelsPerUnit = shape.pixelsPerUnit
        u_color = shape.color
        if let mask = shape.mask {
            u_maskToLocal = mask.toLocal
            u_mask = SIMD4(mask.halfSize.x, mask.halfSize.y, mask.radius, mask.pixelsPerUnit)
        } else {
            u_maskToLocal = .identity
            u_mask = .zero
        }
    }

    @inline(__always)
    static func length(_ v: SIMD2<Float>) -> Float { (v.x * v.x + v.y * v.y).squareRoot() }

    @inline(__always)
    static func sign(_ v: Float) -> Float { v > 0 ? 1 : (v < 0 ? -1 : 0) }

    /// A sector of a disk of radius r, symmetric about +y, with c = (sin, cos) of its half-angle.
    @inline(__always)
    static func pieDistance(_ p: SIMD2<Float>, _ c: SIMD2<Float>, _ r: Float) -> Float {
        let p = SIMD2(abs(p.x), p.y)
        let l = length(p) - r
        let m = length(p - c * min(max(p.x * c.x + p.y * c.y, 0), r))
        return max(l, m * sign(c.y * p.x - c.x * p.y))
    }

    @inline(__always)
    static func boxDistance(_ p: SIMD2<Float>, _ halfSize: SIMD2<Float>, _ r: Float) -> Float {
        let q = SIMD2(abs(p.x), abs(p.y)) - halfSize + r
        return length(SIMD2(max(q.x, 0), max(q.y, 0))) + min(max(q.x, q.y), 0) - r
    }

    @inline(__always)
    static func coverage(_ d: Float) -> Float { min(max(0.5 - d, 0), 1) }

    /// The color at pixel centre `pixel`, or nil where the shader discards.
    @inline(__always)
    func fragment(pixel: SIMD2<Float>) -> SIMD4<Float>? {
        let p = u_toLocal.apply(pixel)
        let d = u_kind == 0 ? Self.pieDistance(p, SIMD2(u_shape.y, u_shape.z), u_shape.x)
                            : Self.boxDistance(p, SIMD2(u_shape.x, u_shape.y), u_shape.z)
        var alpha = Self.coverage(d * u_pixelsPerUnit)
        if u_mask.w > 0 {
            let m = u_maskToLocal.apply(pixel)
            alpha = alpha * Self.coverage(Self.boxDistance(m, SIMD2(u_mask.x, u_mask.y), u_mask.z) * u_mask.w)
        }
        if alpha <= 0 {
            return nil
        }
        return u_color * alpha
    }
}
