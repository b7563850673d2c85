import CShatterGL
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// `Shaders/covering_quad.vert`: sets its uniforms and the fragment stage's pixel-centre ones
    /// (`u_viewSize`, `u_guard`), then draws `bounds` with the current program.
    func drawCoveringQuad(_ program: GLProgram, bounds: PixelRect, guardBand: GuardBand) throws {
        glUniform4f(try program.location("u_bounds"), bounds.x, bounds.y, bounds.width, bounds.height)
        glUniform2f(try program.location("u_viewSize"), Float(guardBand.width), Float(guardBand.height))
        glUniform2f(try program.location("u_inverseViewSize"), 1 / Float(guardBand.width), 1 / Float(guardBand.height))
        glUniform2f(try program.location("u_clipScale"), guardBand.clipScale.x, guardBand.clipScale.y)
        glUniform1f(try program.location("u_guard"), Float(guardBand.pixels))
        glBindVertexArray(unitQuad)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        glBindVertexArray(0)
    }

    /// Sets a `vec3` pair from a ``PixelMap``.
    func setMap(_ program: GLProgram, _ x: String, _ y: String, _ map: PixelMap) throws {
        glUniform3f(try program.location(x), map.row0.x, map.row0.y, map.row0.z)
        glUniform3f(try program.location(y), map.row1.x, map.row1.y, map.row1.z)
    }
}
