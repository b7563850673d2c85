import ShatterCore

/// Swift twin of `Shaders/textured_quad.vert` and `Shaders/textured_quad.frag`, with the rasteriser's
/// rule for an axis-aligned rectangle: a pixel is drawn when its centre lies in [x, x + w) × [y, y + h)
/// (top-left fill rule), and `v_uv` is interpolated linearly across it.
struct TexturedQuadProgram {
    let u_rect: SIMD4<Float>
    let u_opacity: Float

    init(quad: TexturedQuad) {
        u_rect = SIMD4(quad.rect.x, quad.rect.y, quad.rect.width, quad.rect.height)
        u_opacity = quad.opacity
    }

    /// Pixel columns (or rows) whose centres lie in [start, start + length).
    static func coveredPixels(start: Float, length: Float, limit: Int) -> Range<Int> {
        let first = Int((start - 0.5).rounded(.up))
        let end = Int((start + length - 0.5).rounded(.up))
        // Clamped at both ends, so a quad wholly off the image is an empty range, not a crash.
        let lower = min(max(first, 0), limit)
        return lower..<max(min(end, limit), lower)
    }

    /// `v_uv` at the centre of pixel (x, y).
    @inline(__always)
    func uv(x: Int, y: Int) -> SIMD2<Float> {
        SIMD2((Float(x) + 0.5 - u_rect.x) / u_rect.z, (Float(y) + 0.5 - u_rect.y) / u_rect.w)
    }

    /// `texture(u_texture, v_uv) * u_opacity` at one pixel, as written: `texture()`'s fixed-point taps
    /// of `uv`, then the 8-bit blend.
    @inline(__always)
    func fragment(uv: SIMD2<Float>, texture: TextureSampler) -> SIMD4<Float> {
        fragment(texture.filterTap(uv.x, size: texture.width), texture.filterTap(uv.y, size: texture.height), texture: texture)
    }

    /// The same fragment from ``TextureSampler/filterTap(_:size:)`` taps computed
    /// once per column and once per row (`uv.x` depends on x only, `uv.y` on y only).
    @inline(__always)
    func fragment(_ x: TextureSampler.Tap, _ y: TextureSampler.Tap, texture: TextureSampler) -> SIMD4<Float> {
        Framebuffer.unpack(texture.filtered(x, y)) * u_opacity
    }
}
