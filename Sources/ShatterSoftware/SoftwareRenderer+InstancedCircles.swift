import ShatterCore

extension SoftwareRenderer {
    /// Runs `InstancedCircleProgram` for every instance in `gl_InstanceID` order (blending is
    /// order-independent only up to 8-bit rounding, so the order is GL's), each over the pixels whose
    /// centres lie in its bounding square, in bands of rows.
    func draw(_ batch: InstancedCircleBatch, into target: Framebuffer) {
        let program = InstancedCircleProgram(batch: batch)
        for instanceID in 0..<max(batch.count, 0) {
            let instance = program.vertex(instanceID: instanceID)
            let corner = instance.v_circleCentre - instance.halfSide
            let side = instance.halfSide * 2
            let columns = TexturedQuadProgram.coveredPixels(start: corner.x, length: side, limit: target.width)
            let rows = TexturedQuadProgram.coveredPixels(start: corner.y, length: side, limit: target.height)
            guard !columns.isEmpty, !rows.isEmpty else { continue }
            let bandCount = bands(for: rows.count)
            parallelChunks(bandCount) { band in
                for local in chunkRange(band, of: bandCount, total: rows.count) {
                    let y = rows.lowerBound + local
                    for x in columns {
                        if let color = program.fragment(x: x, y: y, instance: instance) {
                            target.store(color, at: (y * target.width + x) * 4, blend: batch.blend)
                        }
                    }
                }
            }
        }
    }
}
