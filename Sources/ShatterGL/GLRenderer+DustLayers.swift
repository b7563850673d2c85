import CShatterGL
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// `Shaders/dust_layers.*`: the Thanos dust's layers, composited in the program, blended once
    /// source-over. The per-layer poses go in a uniform buffer made for this draw (a few KiB).
    func draw(_ stack: DustLayerStack, guardBand: GuardBand, used: inout Set<ObjectIdentifier>) throws {
        let program = try use(.dustLayers)
        // Both are read with texelFetch (exact texels; the program filters by hand).
        try bind(stack.snapshot, filter: .nearest, unit: 0, used: &used)
        try bind(stack.assignment, filter: .nearest, unit: 1, used: &used)
        glUniform1i(program.location("u_snapshot"), 0)
        glUniform1i(program.location("u_assignment"), 1)
        let b = stack.bounds
        glUniform4f(program.location("u_bounds"), b.x, b.y, b.width, b.height)
        glUniform2f(program.location("u_viewSize"), Float(guardBand.width), Float(guardBand.height))
        glUniform2f(program.location("u_inverseViewSize"), 1 / Float(guardBand.width), 1 / Float(guardBand.height))
        glUniform2f(program.location("u_clipScale"), guardBand.clipScale.x, guardBand.clipScale.y)
        glUniform1f(program.location("u_guard"), Float(guardBand.pixels))
        glUniform2f(program.location("u_anchor"), stack.anchor.x, stack.anchor.y)
        let texelScale = stack.texelScale(viewWidth: guardBand.width, viewHeight: guardBand.height)
        glUniform2f(program.location("u_texelScale"), texelScale.x, texelScale.y)
        glUniform1i(program.location("u_layerCount"), GLint(stack.layers.count))

        // The block is always backed whole (510 vec4), whatever the layer count.
        var poses = [Float](repeating: 0, count: DustLayerStack.maximumLayers * 8)
        for (i, layer) in stack.layers.enumerated() { poses.replaceSubrange(i * 8..<i * 8 + 8, with: layer.packed) }
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        defer { glDeleteBuffers(1, &buffer) }
        glBindBuffer(GLenum(GL_UNIFORM_BUFFER), buffer)
        glBufferData(GLenum(GL_UNIFORM_BUFFER), poses.count * MemoryLayout<Float>.size, poses, GLenum(GL_STREAM_DRAW))
        glUniformBlockBinding(program.name, glGetUniformBlockIndex(program.name, "DustLayers"), 0)
        glBindBufferBase(GLenum(GL_UNIFORM_BUFFER), 0, buffer)

        setBlend(.sourceOver)
        glBindVertexArray(unitQuad)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        glBindVertexArray(0)
        glBindBufferBase(GLenum(GL_UNIFORM_BUFFER), 0, 0)
    }
}
