import ShatterCore

/// Swift twin of `Shaders/layer_quad.frag` (vertex stage: `Shaders/covering_quad.vert`, see
/// ``CoveringQuad``). Its hand-written bilinear filter is ``TextureSampler``'s linear mode, which
/// does the same float operations in the same order.
struct LayerQuadProgram {
    let u_toTexture: PixelMap
    let u_opacity: Float

    init(quad: LayerQuad) {
        u_toTexture = quad.toTexture
        u_opacity = quad.opacity
    }

    /// The color at pixel centre `pixel`, or nil where the shader discards (outside the layer).
    @inline(__always)
    func fragment(pixel: SIMD2<Float>, texture: TextureSampler) -> SIMD4<Float>? {
        let uv = u_toTexture.apply(pixel)
        if uv.x < 0 || uv.x > 1 || uv.y < 0 || uv.y > 1 {
            return nil
        }
        return texture.sample(uv.x, uv.y) * u_opacity
    }

    /// ``fragment(pixel:texture:)``, and with `skippingClear` also nil where the four texels are all 0
    /// (where the color would be exactly 0): the same taps, the same sample otherwise.
    @inline(__always)
    func fragment(pixel: SIMD2<Float>, texture: TextureSampler, skippingClear: Bool) -> SIMD4<Float>? {
        let uv = u_toTexture.apply(pixel)
        if uv.x < 0 || uv.x > 1 || uv.y < 0 || uv.y > 1 {
            return nil
        }
        let x = texture.tap(uv.x, size: texture.width)
        let y = texture.tap(uv.y, size: texture.height)
        if skippingClear && texture.isClear(x, y) {
            return nil
        }
        return texture.sample(x, y) * u_opacity
    }
}
