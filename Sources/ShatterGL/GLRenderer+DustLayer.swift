import CGLES3
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// `Shaders/dust_layer.*`: one Thanos-dust layer, source-over.
    func draw(_ layer: DustLayer, guardBand: GuardBand, used: inout Set<ObjectIdentifier>) throws {
        let program = try use(.dustLayer)
        // Both are read with texelFetch (exact texels; the program filters by hand).
        try bind(layer.snapshot, filter: .nearest, unit: 0, used: &used)
        try bind(layer.assignment, filter: .nearest, unit: 1, used: &used)
        glUniform1i(program.location("u_snapshot"), 0)
        glUniform1i(program.location("u_assignment"), 1)
        glUniform1i(program.location("u_layer"), GLint(layer.layer))
        let b = layer.bounds
        glUniform4f(program.location("u_bounds"), b.x, b.y, b.width, b.height)
        glUniform2f(program.location("u_viewSize"), Float(guardBand.width), Float(guardBand.height))
        glUniform2f(program.location("u_clipScale"), guardBand.clipScale.x, guardBand.clipScale.y)
        glUniform1f(program.location("u_guard"), Float(guardBand.pixels))
        glUniform2f(program.location("u_anchor"), layer.anchor.x, layer.anchor.y)
        glUniform2f(program.location("u_position"), layer.position.x, layer.position.y)
        glUniform2f(program.location("u_rotation"), layer.rotation.x, layer.rotation.y)
        let texelScale = layer.texelScale(viewWidth: guardBand.width, viewHeight: guardBand.height)
        glUniform2f(program.location("u_texelScale"), texelScale.x, texelScale.y)
        glUniform1f(program.location("u_opacity"), layer.opacity)
        setBlend(.sourceOver)
        glBindVertexArray(unitQuad)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        glBindVertexArray(0)
    }
}
