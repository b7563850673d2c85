import ShatterCore

/// Swift twin of `Shaders/textured_quad.frag` (over `Shaders/covering_quad.vert`): the quad covers the
/// whole pixels `TexturedQuadRaster` names, and each pixel reads the texture at the raster's integer
/// texel position, filtered in 8-bit fixed point, times the opacity.
struct TexturedQuadProgram {
    let raster: TexturedQuadRaster
    let u_opacity: Float

    init(quad: TexturedQuad) {
        raster = TexturedQuadRaster(
            rect: quad.rect, textureWidth: quad.texture.image.width, textureHeight: quad.texture.image.height)
        u_opacity = quad.opacity
    }

    /// The covered pixels clipped to an image of `width` × `height`.
    func clipped(width: Int, height: Int) -> (columns: Range<Int>, rows: Range<Int>) {
        (raster.columns.clamped(to: 0..<width), raster.rows.clamped(to: 0..<height))
    }

    /// The fragment at image pixel (x, y), as written: the taps of its texel position, then the filter.
    @inline(__always)
    func fragment(x: Int, y: Int, texture: TextureSampler) -> SIMD4<Float> {
        let position = raster.filterPosition(x: x, y: y)
        return fragment(
            texture.fixedTap(position.x, size: texture.width), texture.fixedTap(position.y, size: texture.height),
            texture: texture)
    }

    /// The same fragment from taps computed once per column and once per row (x's tap depends on x
    /// only, y's on y only).
    @inline(__always)
    func fragment(_ x: TextureSampler.Tap, _ y: TextureSampler.Tap, texture: TextureSampler) -> SIMD4<Float> {
        Framebuffer.unpack(texture.filtered(x, y)) * u_opacity
    }
}
