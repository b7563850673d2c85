import CShatterGL
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// `Shaders/point_sprite.*`: the shattered transition's pieces, one `GL_POINTS` draw.
    func draw(_ batch: PointSpriteBatch, guardBand: GuardBand, used: inout Set<ObjectIdentifier>) throws {
        // GLES clamps point sizes silently; Shatter refuses instead, so GL and CPU never disagree.
        guard info.pointSizeRange.contains(batch.pointSize) else {
            throw GLError.pointSizeOutOfRange(requested: batch.pointSize, supported: info.pointSizeRange)
        }
        try batch.motion.validate()
        let program = try use(.pointSprite)
        // The shader filters by hand (texelFetch): the texture's own filter is never used.
        try bind(batch.texture, filter: .nearest, used: &used)
        glUniform1i(try program.location("u_snapshot"), 0)
        glUniform1i(try program.location("u_linear"), batch.filter == .linear ? 1 : 0)
        glUniform1f(try program.location("u_time"), batch.time)
        glUniform1f(try program.location("u_pointSize"), batch.pointSize)
        glUniform2f(try program.location("u_clipScale"), guardBand.clipScale.x, guardBand.clipScale.y)
        glUniform3f(
            try program.location("u_physics"), batch.physics.maxFallSpeed, batch.physics.restitution,
            batch.physics.stopSpeed)
        let steps = batch.motion.uniforms
        glUniform1i(try program.location("u_steps"), steps.steps)
        glUniform1f(try program.location("u_stepSeconds"), steps.stepSeconds)
        glUniform2f(try program.location("u_texcoordScale"), batch.texcoordScale.x, batch.texcoordScale.y)
        setBlend(batch.blend)
        glBindVertexArray(vertexArray(for: batch.grid, used: &used))
        glDrawArrays(GLenum(GL_POINTS), 0, GLsizei(batch.grid.count))
        glBindVertexArray(0)
    }
}
