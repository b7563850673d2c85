import CShatterGL
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// `Shaders/textured_quad.*`: a texture stretched over a pixel rectangle.
    func draw(_ quad: TexturedQuad, guardBand: GuardBand, used: inout Set<ObjectIdentifier>) throws {
        let program = try use(.texturedQuad)
        try bind(quad.texture, filter: quad.filter, used: &used)
        glUniform1i(try program.location("u_texture"), 0)
        glUniform4f(try program.location("u_rect"), quad.rect.x, quad.rect.y, quad.rect.width, quad.rect.height)
        glUniform2f(try program.location("u_inverseViewSize"), 1 / Float(guardBand.width), 1 / Float(guardBand.height))
        glUniform2f(try program.location("u_clipScale"), guardBand.clipScale.x, guardBand.clipScale.y)
        glUniform1f(try program.location("u_opacity"), quad.opacity)
        setBlend(quad.blend)
        glBindVertexArray(unitQuad)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        glBindVertexArray(0)
    }
}
