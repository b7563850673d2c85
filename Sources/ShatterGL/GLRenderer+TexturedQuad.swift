import CShatterGL
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// `Shaders/textured_quad.frag` over `covering_quad.vert`: a texture stretched over a pixel rectangle,
    /// drawn on the whole pixels ``TexturedQuadRaster`` covers and filtered in integers in the fragment program.
    func draw(_ quad: TexturedQuad, guardBand: GuardBand, used: inout Set<ObjectIdentifier>) throws {
        let image = quad.texture.image
        let raster = TexturedQuadRaster(rect: quad.rect, textureWidth: image.width, textureHeight: image.height)
        guard !raster.columns.isEmpty, !raster.rows.isEmpty else { return }
        let program = try use(.texturedQuad)
        // The program filters by hand (texelFetch): the texture's own filter is never used.
        try bind(quad.texture, filter: .nearest, used: &used)
        glUniform1i(try program.location("u_texture"), 0)
        glUniform1i(try program.location("u_linear"), quad.filter == .linear ? 1 : 0)
        glUniform1f(try program.location("u_opacity"), quad.opacity)
        glUniform2i(
            try program.location("u_fragOrigin"), GLint(guardBand.pixels), GLint(guardBand.pixels + guardBand.height - 1))
        glUniform2i(try program.location("u_first"), GLint(raster.columns.lowerBound), GLint(raster.rows.lowerBound))
        glUniform2i(try program.location("u_base"), raster.base.x, raster.base.y)
        glUniform2i(try program.location("u_step"), raster.step.x, raster.step.y)
        setBlend(quad.blend)
        try drawWholePixels(program, columns: raster.columns, rows: raster.rows, guardBand: guardBand)
    }
}
