import CShatterGL
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// Every draw of `list` run through its vertex program with transform feedback (core in GLES 3.0)
    /// and the rasteriser off: what each vertex program writes, bit for bit, with the uniforms and
    /// attributes `render` gives it. `shatter probe` compares these with the CPU twin's
    /// (`VertexProgramTwin`). While recording, the draws are recorded as one ``GLRecording/Capture``.
    public func vertexOutputs(of list: DisplayList) throws -> [VertexOutputs] {
        capturedOutputs = []
        recorder?.beginCapture()
        defer {
            capturedOutputs = nil
            recorder?.endCapture()
        }
        _ = try render(list)
        return capturedOutputs ?? []
    }

    /// The primitive kinds the renderer draws.
    enum Primitive {
        case points, triangleStrip
        var mode: GLenum { GLenum(self == .points ? GL_POINTS : GL_TRIANGLE_STRIP) }
    }

    /// Draws `count` vertices (`instances` times) with the current program; while capturing, records
    /// their outputs instead (as points: GLES 3.0 captures only whole primitives of the begun mode, and
    /// a vertex's outputs do not depend on the primitive).
    func drawArrays(_ primitive: Primitive, count: Int, instances: Int = 1) throws {
        guard capturedOutputs != nil, let source = currentProgram else {
            if let program = currentProgram {
                recorder?.draw(
                    program, blend: currentBlend, mode: primitive == .points ? "points" : "triangleStrip", count: count,
                    instances: instances)
            }
            glDrawArraysInstanced(primitive.mode, 0, GLsizei(count), GLsizei(instances))
            return
        }
        let outputs = source.vertexOutputs
        let words = outputs.reduce(0) { $0 + $1.components }
        let vertices = count * instances
        guard vertices > 0 else { return }
        recorder?.draw(source, blend: currentBlend, mode: "points", count: count, instances: instances)
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        defer { glDeleteBuffers(1, &buffer) }
        let bytes = vertices * words * 4
        glBindBuffer(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), buffer)
        glBufferData(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), bytes, nil, GLenum(GL_STREAM_READ))
        glBindBufferBase(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, buffer)
        glEnable(GLenum(GL_RASTERIZER_DISCARD))
        glBeginTransformFeedback(GLenum(GL_POINTS))
        glDrawArraysInstanced(GLenum(GL_POINTS), 0, GLsizei(count), GLsizei(instances))
        glEndTransformFeedback()
        glDisable(GLenum(GL_RASTERIZER_DISCARD))
        var captured = [UInt32](repeating: 0, count: vertices * words)
        guard let mapped = glMapBufferRange(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, bytes, GLbitfield(GL_MAP_READ_BIT))
        else {
            // Zeros would read as the GL's outputs: a capture that cannot be read is an error.
            let code = glGetError()
            glBindBufferBase(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, 0)
            throw GLError.call("glMapBufferRange (\(source.vertexFile)'s captured outputs)", code: code)
        }
        captured.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(start: mapped, count: bytes)) }
        _ = glUnmapBuffer(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER))
        // (Unbinding the indexed binding unbinds the generic one too, so only after the read.)
        glBindBufferBase(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, 0)
        try checkError("capturing \(source.vertexFile)'s outputs with transform feedback")
        capturedOutputs?.append(
            VertexOutputs(
                program: source.vertexFile, outputs: outputs,
                vertices: (0..<vertices).map { Array(captured[($0 * words)..<(($0 + 1) * words)]) }))
    }
}
extension GLRenderer: VertexCapturing {}
