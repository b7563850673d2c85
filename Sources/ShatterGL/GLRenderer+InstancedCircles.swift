import CShatterGL
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// `Shaders/instanced_circle.*`: every copy of a replicated circle in one `glDrawArraysInstanced`,
    /// `gl_InstanceID` choosing each copy's rotation and color.
    func draw(_ batch: InstancedCircleBatch, guardBand: GuardBand) throws {
        guard batch.count > 0 else { return }
        let program = try use(.instancedCircle)
        glUniform2f(try program.location("u_inverseViewSize"), 1 / Float(guardBand.width), 1 / Float(guardBand.height))
        glUniform2f(try program.location("u_clipScale"), guardBand.clipScale.x, guardBand.clipScale.y)
        glUniform2f(try program.location("u_fragOrigin"), Float(guardBand.pixels), Float(guardBand.pixels + guardBand.height))
        glUniform2f(try program.location("u_centre"), batch.centre.x, batch.centre.y)
        glUniform2f(try program.location("u_circleCentre"), batch.circleCentre.x, batch.circleCentre.y)
        glUniform1f(try program.location("u_radius"), batch.radius)
        glUniform1f(try program.location("u_rotation"), batch.rotation)
        glUniform1f(try program.location("u_angleStep"), batch.angleStep)
        glUniform3f(
            try program.location("u_instanceColor"), batch.instanceColor.x, batch.instanceColor.y,
            batch.instanceColor.z)
        glUniform3f(try program.location("u_colorOffset"), batch.colorOffset.x, batch.colorOffset.y, batch.colorOffset.z)
        glUniform1f(try program.location("u_opacity"), batch.opacity)
        setBlend(batch.blend)
        glBindVertexArray(unitQuad)
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(batch.count))
        glBindVertexArray(0)
    }
}
