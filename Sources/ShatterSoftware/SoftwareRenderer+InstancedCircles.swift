import ShatterCore

extension SoftwareRenderer {
    /// Runs `InstancedCircleProgram` for every instance in `gl_InstanceID` order (blending is
    /// order-independent only up to rounding, so the order is GL's), each over the pixels whose
    /// centres lie in its bounding square.
    func draw(_ batch: InstancedCircleBatch, into target: Framebuffer) {
        let program = InstancedCircleProgram(batch: batch)
        for attributes in batch.instances() {
            let instance = program.vertex(attributes)
            let corner = instance.v_circleCentre - instance.halfSide
            let side = instance.halfSide * 2
            let square = PixelRect(x: corner.x, y: corner.y, width: side, height: side)
            drawCoveringQuad(square, into: target, blend: batch.blend) { centre in
                program.fragment(x: Int(centre.x), y: Int(centre.y), instance: instance)
            }
        }
    }
}
