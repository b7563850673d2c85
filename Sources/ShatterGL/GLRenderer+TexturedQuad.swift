import CShatterGL
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// `Shaders/textured_quad.frag` over `covering_quad.vert`: a texture stretched over a pixel rectangle,
    /// drawn on the whole pixels `TexturedQuadRaster` covers and filtered in integers in the fragment program.
    func draw(_ quad: TexturedQuad, guardBand: GuardBand, used: inout Set<ObjectIdentifier>) throws {
        let image = quad.texture.image
        let raster = TexturedQuadRaster(rect: quad.rect, textureWidth: image.width, textureHeight: image.height)
        guard !raster.columns.isEmpty, !raster.rows.isEmpty else { return }
        let program = try use(.texturedQuad)
        // The program filters by hand (texelFetch): the texture's own filter is never used.
        try bind(quad.texture, filter: .nearest, used: &used)
        try setUniform(program, "u_texture", ints: 0)
        try setUniform(program, "u_linear", ints: quad.filter == .linear ? 1 : 0)
        try setUniform(program, "u_opacity", quad.opacity)
        try setUniform(program, "u_fragOrigin", ints: GLint(guardBand.pixels), GLint(guardBand.pixels + guardBand.height - 1))
        try setUniform(program, "u_first", ints: GLint(raster.columns.lowerBound), GLint(raster.rows.lowerBound))
        try setUniform(program, "u_base", ints: raster.base.x, raster.base.y)
        try setUniform(program, "u_step", ints: raster.step.x, raster.step.y)
        setBlend(quad.blend)
        try drawWholePixels(program, columns: raster.columns, rows: raster.rows, guardBand: guardBand)
    }
}
