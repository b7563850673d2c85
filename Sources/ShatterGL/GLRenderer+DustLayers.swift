import CShatterGL
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// `Shaders/dust_layers.frag` over the shared covering quad: the Thanos dust's layers, composited
    /// in the program, blended once source-over. The per-layer poses go in a uniform buffer made for
    /// this draw (8 KiB).
    func draw(_ stack: DustLayerStack, guardBand: GuardBand, used: inout Set<ObjectIdentifier>) throws {
        let program = try use(.dustLayers)
        // Both are read with texelFetch (exact texels; the program filters by hand).
        try bind(stack.snapshot, filter: .nearest, unit: 0, used: &used)
        try bind(stack.assignment, filter: .nearest, unit: 1, used: &used)
        glUniform1i(try program.location("u_snapshot"), 0)
        glUniform1i(try program.location("u_assignment"), 1)
        glUniform2f(try program.location("u_anchor"), stack.anchor.x, stack.anchor.y)
        let texelScale = stack.texelScale(viewWidth: guardBand.width, viewHeight: guardBand.height)
        glUniform2f(try program.location("u_texelScale"), texelScale.x, texelScale.y)
        glUniform1i(try program.location("u_layerCount"), GLint(stack.layers.count))

        // The block is always backed whole (every element the GLSL declares), whatever the layer count.
        var layers = [DustLayerUniform](repeating: DustLayerUniform(), count: DustLayerStack.maximumLayers)
        for (i, pose) in stack.layers.enumerated() { layers[i] = pose.uniform }
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        defer { glDeleteBuffers(1, &buffer) }
        glBindBuffer(GLenum(GL_UNIFORM_BUFFER), buffer)
        layers.withUnsafeBytes { bytes in
            glBufferData(GLenum(GL_UNIFORM_BUFFER), bytes.count, bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        glUniformBlockBinding(program.name, glGetUniformBlockIndex(program.name, "DustLayers"), 0)
        glBindBufferBase(GLenum(GL_UNIFORM_BUFFER), 0, buffer)

        setBlend(.sourceOver)
        try drawCoveringQuad(program, bounds: stack.bounds, guardBand: guardBand)
        glBindBufferBase(GLenum(GL_UNIFORM_BUFFER), 0, 0)
    }
}
