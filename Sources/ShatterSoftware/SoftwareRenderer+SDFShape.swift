import ShatterCore

extension SoftwareRenderer {
    /// Runs `SDFShapeProgram` over the shape's covering quad.
    func draw(_ shape: SDFShape, into target: Framebuffer) {
        let program = SDFShapeProgram(shape: shape)
        drawCoveringQuad(shape.bounds, into: target, blend: shape.blend) { program.fragment(pixel: $0) }
    }
}
