import ShatterCore

extension SoftwareRenderer {
    /// Runs `PointSpriteProgram`: the vertex stage once per point, then the fragments in bands of rows.
    func draw(_ batch: PointSpriteBatch, into target: Framebuffer, guardBand: GuardBand) throws {
        let program = PointSpriteProgram(batch: batch, clipScale: guardBand.clipScale)
        let setup = PointSetup(framebufferWidth: guardBand.framebufferWidth,
                               framebufferHeight: guardBand.framebufferHeight, pointSize: batch.pointSize)
        let count = batch.grid.count
        // Vertex stage once per point, in parallel; Int32.min marks a discarded point.
        var centres = [SIMD2<Int32>](repeating: SIMD2(.min, .min), count: count)
        batch.grid.attributes.withUnsafeBufferPointer { attributes in
            centres.withUnsafeMutableBufferPointer { out in
                let shared = SharedMutableBuffer(base: out)
                let chunks = min(count, threads * 4)
                parallelChunks(chunks) { chunk in
                    for i in chunkRange(chunk, of: chunks, total: count) {
                        let a = i * PointGrid.stride
                        let clip = program.vertex(centre: SIMD2(attributes[a], attributes[a + 1]),
                                                  motion: SIMD2(attributes[a + 4], attributes[a + 5]))
                        if let centre = setup.snappedCentre(clip: clip) { shared.base[i] = centre }
                    }
                }
            }
        }
        // Fragment stage in bands of image rows; inside a band points go in draw order, so later
        // points overwrite earlier ones exactly as the GPU's in-order blending does.
        let g = guardBand.pixels, width = target.width, height = target.height
        let topRow = guardBand.framebufferHeight - 1 - g  // framebuffer row (y up) of image row 0
        batch.texture.withSampler(filter: batch.filter) { sampler in
            batch.grid.attributes.withUnsafeBufferPointer { attributes in
                centres.withUnsafeBufferPointer { centres in
                    let bandCount = bands(for: height)
                    parallelChunks(bandCount) { band in
                        let rows = chunkRange(band, of: bandCount, total: height)
                        for i in 0..<count {
                            let centre = centres[i]
                            if centre.x == .min { continue }
                            let js = setup.coveredPixels(centre.y)
                            // Image rows covered, clipped to this band.
                            let firstRow = max(topRow - (js.upperBound - 1), rows.lowerBound)
                            let endRow = min(topRow - js.lowerBound + 1, rows.upperBound)
                            if firstRow >= endRow { continue }
                            let ic = setup.coveredPixels(centre.x)
                            let firstColumn = max(ic.lowerBound - g, 0), endColumn = min(ic.upperBound - g, width)
                            if firstColumn >= endColumn { continue }
                            let a = i * PointGrid.stride
                            let uvOrigin = SIMD2(attributes[a + 2], attributes[a + 3])
                            for row in firstRow..<endRow {
                                let j = topRow - row
                                for column in firstColumn..<endColumn {
                                    let pc = setup.pointCoord(i: column + g, j: j, centre: centre)
                                    let color = program.fragment(pc: pc, uvOrigin: uvOrigin, snapshot: sampler)
                                    target.store(color, at: (row * width + column) * 4, blend: batch.blend)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
