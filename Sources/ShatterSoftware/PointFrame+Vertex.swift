import CLanes

/// The vertex stage of ``SoftwareRenderer/drawInLanes(_:into:guardBand:)``: eight points at a time.
extension PointFrame {
    /// Runs the vertex program and the set-up on chunk `chunk`'s points, stores what the later stages
    /// need of each and counts the points per band. `x` and `y` are the snapped centre; for a one-pixel
    /// sprite, its pixel (row << 16 | column) and its color. `x` is `Int32.min` for a point that draws
    /// nothing.
    /// Blocks whose points have all fallen out of sight (`goneAfter`) are skipped.
    func vertexStage(
        chunk: Int, lanes: UnsafeBufferPointer<PointLanes>, goneAfter: UnsafeBufferPointer<Float>,
        program: PointSpriteProgram, sampler: TextureSampler
    ) {
        let counts = buffers.counts + chunk * bandCount
        counts.initialize(repeating: 0, count: bandCount)
        let xs = UnsafeMutableRawPointer(buffers.x)
        let ys = UnsafeMutableRawPointer(buffers.y)
        let imageWidth = SIMD8<Int32>(repeating: Int32(width))
        let imageHeight = SIMD8<Int32>(repeating: Int32(height))
        let guardBand = SIMD8<Int32>(repeating: Int32(g))
        let top = SIMD8<Int32>(repeating: Int32(topRow))
        let zero = SIMD8<Int32>.zero
        let nothing = SIMD8<Int32>(repeating: .min)
        for block in chunkRange(chunk, of: chunks, total: blocks) {
            if program.u_time > goneAfter[block] {
                xs.storeBytes(of: nothing, toByteOffset: block * 32, as: SIMD8<Int32>.self)
                continue
            }
            let point = lanes[block]
            let clip = program.vertex(point)
            let centre = setup.snappedCentres(x: clip.x, y: clip.y)
            var x = centre.x
            var y = centre.y
            var drawn = centre.visible.bits
            if onePixel {
                // The one pixel each covers: its column and row in the image.
                let column = setup.firstCoveredPixels(centre.x)
                let rowUp = setup.firstCoveredPixels(centre.y)
                x = column &- guardBand
                y = top &- rowUp
                drawn &= ((x .>= zero) .& (x .< imageWidth) .& (y .>= zero) .& (y .< imageHeight)).bits
                if drawn != 0 {
                    y = unsafeBitCast(
                        shade(
                            column: column, rowUp: rowUp, centre: centre, point: point, program: program,
                            sampler: sampler), to: SIMD8<Int32>.self)
                }
                x = (top &- rowUp) &<< SIMD8(repeating: 16) | x
            }
            xs.storeBytes(of: x, toByteOffset: block * 32, as: SIMD8<Int32>.self)
            ys.storeBytes(of: y, toByteOffset: block * 32, as: SIMD8<Int32>.self)
            forEachSetLane(drawn) { lane in
                let i = block &* 8 &+ lane
                if !onePixel, rows(centreY: buffers.y[i]).isEmpty || columns(centreX: buffers.x[i]).isEmpty {
                    drawn &= ~(1 << lane)  // entirely in the guard band
                    return
                }
                for band in bands(x: buffers.x[i], y: buffers.y[i]) { counts[band] &+= 1 }
            }
            let kept = SIMD8(repeating: Int32(bitPattern: drawn)) & SIMD8(1, 2, 4, 8, 16, 32, 64, 128)
            x.replace(with: nothing, where: kept .== zero)
            xs.storeBytes(of: x, toByteOffset: block * 32, as: SIMD8<Int32>.self)
        }
    }

    /// The colors of eight one-pixel sprites: the fragment program at the pixel each covers (framebuffer
    /// column `column`, row `rowUp` counted from the bottom), blended in fixed point as sprites are.
    @inline(__always)
    private func shade(
        column: SIMD8<Int32>, rowUp: SIMD8<Int32>, centre: (x: SIMD8<Int32>, y: SIMD8<Int32>, visible: SIMDMask<SIMD8<Int32>>),
        point: PointLanes, program: PointSpriteProgram, sampler: TextureSampler
    ) -> SIMD8<UInt32> {
        let pcX = setup.pointCoordX(i: column, centre: centre.x)
        let pcY = setup.pointCoordY(j: rowUp, centre: centre.y)
        let columnTaps = program.columnTaps(pcX: pcX, u: point.u, snapshot: sampler)
        let rowTaps = program.rowTaps(pcY: pcY, v: point.v, snapshot: sampler)
        return sampler.blend(columnTaps, rowTaps)
    }
}
