import ShatterCore

extension SoftwareRenderer {
    /// Replacing sprites in closed-form motion go eight points at a time with every shortcut
    /// (``drawInLanes(_:into:guardBand:background:)``); the rest, and the tests' references, point by
    /// point. `background`, a 1:1 copy under the sprites, is drawn first (by the lanes, band by band).
    func draw(_ batch: PointSpriteBatch, into target: Framebuffer, guardBand: GuardBand, background: TexturedQuad? = nil)
        throws
    {
        try batch.motion.validate()
        if shortcuts.isSuperset(of: [.exact, .pointLanes]), batch.blend == .replace, batch.motion.uniforms.steps < 0 {
            drawInLanes(batch, into: target, guardBand: guardBand, background: background)
        } else {
            if let background { try draw(background, into: target) }
            drawPointByPoint(batch, into: target, guardBand: guardBand)
        }
    }

    /// Runs `PointSpriteProgram` point by point: the vertex stage once per point (in parallel chunks, which also sort
    /// the points into the row bands they touch), then the fragments band by band. Inside a band points
    /// go in draw order, so later points overwrite earlier ones exactly as the GPU's in-order blending
    /// does. A sprite's texture taps are computed once per column and once per row; without the exact
    /// shortcuts, each point runs the whole vertex program and each pixel the fragment program as written.
    func drawPointByPoint(_ batch: PointSpriteBatch, into target: Framebuffer, guardBand: GuardBand) {
        let program = PointSpriteProgram(batch: batch, clipScale: guardBand.clipScale)
        let setup = PointSetup(
            framebufferWidth: guardBand.framebufferWidth,
            framebufferHeight: guardBand.framebufferHeight, pointSize: batch.pointSize)
        let count = batch.grid.count
        let height = target.height
        let g = guardBand.pixels
        let topRow = guardBand.framebufferHeight - 1 - g  // framebuffer row (y up) of image row 0
        let bandCount = bands(for: height)
        let chunks = max(1, min(count, threads * 4))

        // Vertex stage: each chunk of points lists, per band, the visible points it holds.
        var centres = [SIMD2<Int32>](repeating: .zero, count: count)
        var binned = [[[Int32]]](repeating: [], count: chunks)
        // The closed form's per-point quotients (with the exact shortcuts; the eight-lane path keeps
        // them per grid); stepped pieces need none.
        let stepped = program.u_steps >= 0
        let hoisted = shortcuts.contains(.exact) && !stepped
        // Which band each image row belongs to, looked up rather than divided for every point.
        let bandOfRow = (0..<height).map { Self.band(of: $0, bands: bandCount, height: height) }
        batch.grid.attributes.withUnsafeBufferPointer { attributes in
            centres.withUnsafeMutableBufferPointer { out in
                binned.withUnsafeMutableBufferPointer { bins in
                    let sharedCentres = SharedMutableBuffer(base: out)
                    let sharedBins = SharedMutableBuffer(base: bins)
                    parallelChunks(chunks) { chunk in
                        var lists = [[Int32]](repeating: [], count: bandCount)
                        for i in chunkRange(chunk, of: chunks, total: count) {
                            let a = i * PointGrid.stride
                            let start = SIMD2(attributes[a], attributes[a + 1])
                            let motion = SIMD2(attributes[a + 4], attributes[a + 5])
                            let clip =
                                stepped
                                ? program.steppedVertex(centre: start, motion: motion)
                                : hoisted
                                    ? program.vertex(
                                        centre: start, motion: motion,
                                        invariants: program.invariants(centre: start, motion: motion))
                                    : program.vertex(centre: start, motion: motion)
                            guard let centre = setup.snappedCentre(clip: clip) else { continue }
                            sharedCentres.base[i] = centre
                            let js = setup.coveredPixels(centre.y)
                            let firstRow = max(topRow - (js.upperBound - 1), 0)
                            let endRow = min(topRow - js.lowerBound + 1, height)
                            guard firstRow < endRow else { continue }
                            for band in bandOfRow[firstRow]...bandOfRow[endRow - 1] {
                                lists[band].append(Int32(i))
                            }
                        }
                        sharedBins.base[chunk] = lists
                    }
                }
            }
        }

        // Fragment stage, band by band. Replacing sprites store the filtered word as it is.
        let width = target.width
        // The fragment is the shader's 8-bit fixed-point filter: a whole RGBA8 word, stored as is when it
        // replaces, blended otherwise.
        let replaces = batch.blend == .replace
        let literal = !hoisted
        batch.texture.withSampler(filter: batch.filter) { sampler in
            batch.grid.attributes.withUnsafeBufferPointer { attributes in
                centres.withUnsafeBufferPointer { centres in
                    parallelChunks(bandCount) { band in
                        let rows = chunkRange(band, of: bandCount, total: height)
                        // One tap per sprite column, in a scratch buffer reused by every sprite of the band.
                        do {
                            var columnTaps = [TextureSampler.Tap](
                                repeating: TextureSampler.Tap(first: 0, second: 0, weight: 0), count: setup.maximumSpan)
                            for chunk in 0..<chunks {
                                for point in binned[chunk][band] {
                                    let i = Int(point)
                                    let centre = centres[i]
                                    let js = setup.coveredPixels(centre.y)
                                    let ic = setup.coveredPixels(centre.x)
                                    let firstRow = max(topRow - (js.upperBound - 1), rows.lowerBound)
                                    let endRow = min(topRow - js.lowerBound + 1, rows.upperBound)
                                    let firstColumn = max(ic.lowerBound - g, 0)
                                    let endColumn = min(ic.upperBound - g, width)
                                    if firstRow >= endRow || firstColumn >= endColumn { continue }
                                    let a = i * PointGrid.stride
                                    let uvOrigin = SIMD2(attributes[a + 2], attributes[a + 3])
                                    let spriteColumns = endColumn - firstColumn
                                    if literal {
                                        for row in firstRow..<endRow {
                                            for column in firstColumn..<endColumn {
                                                let pc = setup.pointCoord(i: column + g, j: topRow - row, centre: centre)
                                                let word = program.fragment(pc: pc, uvOrigin: uvOrigin, snapshot: sampler)
                                                let offset = (row * width + column) * 4
                                                if replaces {
                                                    target.storeWord(word, at: offset)
                                                } else {
                                                    target.store(Framebuffer.unpack(word), at: offset, blend: batch.blend)
                                                }
                                            }
                                        }
                                        continue
                                    }
                                    for k in 0..<spriteColumns {
                                        let pc = setup.pointCoord(i: firstColumn + k + g, j: 0, centre: centre)
                                        columnTaps[k] = program.columnTap(pcX: pc.x, uvOrigin: uvOrigin, snapshot: sampler)
                                    }
                                    for row in firstRow..<endRow {
                                        let pc = setup.pointCoord(i: 0, j: topRow - row, centre: centre)
                                        let rowTap = program.rowTap(pcY: pc.y, uvOrigin: uvOrigin, snapshot: sampler)
                                        let offset = (row * width + firstColumn) * 4
                                        if replaces {
                                            // The fast path: the fragment's word, stored without a float round trip.
                                            for k in 0..<spriteColumns {
                                                target.storeWord(sampler.filtered(columnTaps[k], rowTap), at: offset + k * 4)
                                            }
                                        } else {
                                            for k in 0..<spriteColumns {
                                                target.store(
                                                    Framebuffer.unpack(sampler.filtered(columnTaps[k], rowTap)),
                                                    at: offset + k * 4, blend: batch.blend)
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The band holding image row `row` when `height` rows are split into `bands` (as `chunkRange` does).
    @inline(__always)
    static func band(of row: Int, bands: Int, height: Int) -> Int {
        var band = row * bands / height
        // chunkRange's bounds are floor(height·k / bands); step to the band that really holds the row.
        while band > 0 && row < height * band / bands { band -= 1 }
        while band + 1 < bands && row >= height * (band + 1) / bands { band += 1 }
        return band
    }
}
