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

    /// A sector of a disk of radius r, symmetric about +y, with c = (sin, cos) of its half-angle: the
    /// signed distance to its two straight edges alone (the rim is taken apart, in `pieCoverage`).
    @inline(__always)
    static func wedgeDistance(_ p: SIMD2<Float>, _ c: SIMD2<Float>, _ r: Float) -> Float {
        let p = SIMD2(abs(p.x), p.y)
        let m = length(p - c * min(max(p.x * c.x + p.y * c.y, 0), r))
        return m * sign(c.y * p.x - c.x * p.y)
    }

    @inline(__always)
    static func boxDistance(_ p: SIMD2<Float>, _ halfSize: SIMD2<Float>, _ r: Float) -> Float {
        let q = SIMD2(abs(p.x), abs(p.y)) - halfSize + r
        return length(SIMD2(max(q.x, 0), max(q.y, 0))) + min(max(q.x, q.y), 0) - r
    }

    /// The overlap of the pixel `[-0.5, 0.5]` with a band `[d, d + w]` (pixels): exactly
    /// `clamp(0.5 - d, 0, 1)` for `w >= 1`, less for thinner shapes (nothing at `w = 0`).
    @inline(__always)
    static func coverage(_ d: Float, _ w: Float) -> Float {
        min(max(min(0.5, d + w) - max(-0.5, d), 0), 1)
    }

    /// One minus the overlap of a hole of thickness `g` in a shape whose edge there is at `d`: exactly
    /// `clamp(0.5 - d, 0, 1)` for `g >= 1`, fully covered at `g = 0`.
    @inline(__always)
    static func holeCoverage(_ d: Float, _ g: Float) -> Float {
        min(max((0.5 + max(-0.5, -d)) + (0.5 - min(0.5, g - d)), 0), 1)
    }

    /// The pie: its rim, and the wedge between its edges, as wide as `2·|p|·sin a` at the pixel.
    @inline(__always)
    static func pieCoverage(_ p: SIMD2<Float>, _ c: SIMD2<Float>, _ r: Float, _ pixelsPerUnit: Float) -> Float {
        let rim = coverage((length(p) - r) * pixelsPerUnit, 2 * r * pixelsPerUnit)
        let d = wedgeDistance(p, c, r) * pixelsPerUnit
        let width = 2 * length(p) * c.x * pixelsPerUnit
        let wedge = c.y >= 0 ? coverage(d, width) : holeCoverage(d, width)
        return min(rim, wedge)
    }

    /// A rounded box is as thick as its shorter side; one shorter than a pixel both ways covers at
    /// most its area.
    @inline(__always)
    static func boxCoverage(_ p: SIMD2<Float>, _ halfSize: SIMD2<Float>, _ r: Float, _ pixelsPerUnit: Float) -> Float {
        let extent = 2 * halfSize * pixelsPerUnit
        let d = boxDistance(p, halfSize, r) * pixelsPerUnit
        return coverage(d, min(extent.x, extent.y)) * min(max(extent.x, extent.y), 1)
    }

    /// The color at pixel centre `pixel`, or nil where the shader discards.
    @inline(__always)
    func fragment(pixel: SIMD2<Float>) -> SIMD4<Float>? {
        let p = u_toLocal.apply(pixel)
        var alpha =
            u_kind == 0
            ? Self.pieCoverage(p, SIMD2(u_shape.y, u_shape.z), u_shape.x, u_pixelsPerUnit)
            : Self.boxCoverage(p, SIMD2(u_shape.x, u_shape.y), u_shape.z, u_pixelsPerUnit)
        if u_mask.w > 0 {
            let m = u_maskToLocal.apply(pixel)
            alpha = alpha * Self.boxCoverage(m, SIMD2(u_mask.x, u_mask.y), u_mask.z, u_mask.w)
        }
        if alpha <= 0 {
            return nil
        }
        return u_color * alpha
    }
}
