import CShatterGL
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// `Shaders/instanced_circle.*`: every copy of a replicated circle in one `glDrawArraysInstanced`,
    /// each copy's centre and color a per-instance attribute computed on the CPU
    /// (`InstancedCircleBatch.instances()`, the values the CPU twin draws).
    func draw(_ batch: InstancedCircleBatch, guardBand: GuardBand) throws {
        guard batch.count > 0 else { return }
        let program = try use(.instancedCircle)
        try setWindowMapping(program, guardBand)
        try setUniform(program, "u_fragOrigin", Float(guardBand.pixels), Float(guardBand.pixels + guardBand.height))
        try setUniform(program, "u_radius", batch.radius)
        try setUniform(program, "u_opacity", batch.opacity)
        setBlend(batch.blend)
        // The corners, then centre x, y and color r, g, b per instance, in a vertex array of this
        // draw's own (two draws a frame), so no other program's array changes.
        let corners: [GLfloat] = [0, 0, 1, 0, 0, 1, 1, 1]
        let attributes = corners + batch.instances().flatMap { [$0.centre.x, $0.centre.y, $0.color.x, $0.color.y, $0.color.z] }
        var vertexArray: GLuint = 0
        var buffer: GLuint = 0
        glGenVertexArrays(1, &vertexArray)
        glGenBuffers(1, &buffer)
        defer {
            glBindVertexArray(0)
            glDeleteBuffers(1, &buffer)
            glDeleteVertexArrays(1, &vertexArray)
        }
        glBindVertexArray(vertexArray)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(
            GLenum(GL_ARRAY_BUFFER), attributes.count * MemoryLayout<Float>.size, attributes, GLenum(GL_STREAM_DRAW))
        let float = MemoryLayout<Float>.size
        // (location, components, stride, first float, per instance): a_corner, a_circleCentre, a_color.
        let layout = [(0, 2, 2, 0, 0), (1, 2, 5, 8, 1), (2, 3, 5, 10, 1)]
        if let recorder {
            let blob = recorder.blob(of: attributes)
            recorder.attributes(
                layout.map {
                    .init(
                        location: $0.0, size: $0.1, type: "float", stride: $0.2 * float, offset: $0.3 * float, divisor: $0.4,
                        blob: blob)
                })
        }
        for (location, size, stride, offset, divisor) in layout {
            glEnableVertexAttribArray(GLuint(location))
            glVertexAttribPointer(
                GLuint(location), GLint(size), GLenum(GL_FLOAT), GLboolean(GL_FALSE), GLsizei(stride * float),
                UnsafeRawPointer(bitPattern: offset * float))
            glVertexAttribDivisor(GLuint(location), GLuint(divisor))
        }
        try drawArrays(.triangleStrip, count: 4, instances: batch.count)
    }
}
