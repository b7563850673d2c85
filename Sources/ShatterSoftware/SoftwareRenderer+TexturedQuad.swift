import ShatterCore

extension SoftwareRenderer {
    /// Runs `TexturedQuadProgram` over the pixels the rectangle covers, in bands of rows.
    func draw(_ quad: TexturedQuad, into target: Framebuffer) throws {
        let program = TexturedQuadProgram(quad: quad)
        let columns = TexturedQuadProgram.coveredPixels(start: quad.rect.x, length: quad.rect.width, limit: target.width)
        let rows = TexturedQuadProgram.coveredPixels(start: quad.rect.y, length: quad.rect.height, limit: target.height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        quad.texture.withSampler(filter: quad.filter) { sampler in
            let bandCount = bands(for: rows.count)
            parallelChunks(bandCount) { band in
                for local in chunkRange(band, of: bandCount, total: rows.count) {
                    let y = rows.lowerBound + local
                    for x in columns {
                        let color = program.fragment(uv: program.uv(x: x, y: y), texture: sampler)
                        target.store(color, at: (y * target.width + x) * 4, blend: quad.blend)
                    }
                }
            }
        }
    }
}
