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
            // Read in place, a field at a time, rather than copying the 256-byte block.
            let point = lanes.baseAddress! + block
            let clip = program.vertex(point.pointee)
            let centre = setup.snappedCentres(x: clip.x, y: clip.y)
            var drawn = centre.visible.bits
            if onePixel {
                // The one pixel each covers: its column and row in the image.
                let column = setup.firstCoveredPixels(centre.x)
                let rowUp = setup.firstCoveredPixels(centre.y)
                let imageColumn = column &- guardBand
                let imageRow = top &- rowUp
                drawn &=
                    ((imageColumn .>= zero) .& (imageColumn .< imageWidth) .& (imageRow .>= zero) .& (imageRow .< imageHeight))
                    .bits
                if drawn == 0 {
                    xs.storeBytes(of: nothing, toByteOffset: block * 32, as: SIMD8<Int32>.self)
                    continue
                }
                let color = shade(
                    column: column, rowUp: rowUp, centre: centre, u: point.pointee.u, v: point.pointee.v, program: program,
                    sampler: sampler)
                count(drawn: drawn, rows: imageRow, into: counts)
                let pixel = (imageRow &<< SIMD8(repeating: 16)) | imageColumn
                xs.storeBytes(
                    of: pixel.replacing(with: nothing, where: .!PointSpriteProgram.mask(drawn)), toByteOffset: block * 32,
                    as: SIMD8<Int32>.self)
                ys.storeBytes(of: color, toByteOffset: block * 32, as: SIMD8<UInt32>.self)
                continue
            }
            if twoByTwo {
                shadeTwoByTwo(
                    block: block, centre: centre, u: point.pointee.u, v: point.pointee.v, program: program, sampler: sampler,
                    counts: counts)
                continue
            }
            var x = centre.x
            xs.storeBytes(of: x, toByteOffset: block * 32, as: SIMD8<Int32>.self)
            ys.storeBytes(of: centre.y, toByteOffset: block * 32, as: SIMD8<Int32>.self)
            forEachSetLane(drawn) { lane in
                let i = block &* 8 &+ lane
                if rows(centreY: buffers.y[i]).isEmpty || columns(centreX: buffers.x[i]).isEmpty {
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

    /// Counts the drawn sprites (lanes set in `drawn`, upper image rows `rows`) in their bands: at once
    /// when all lie in one band, as the eight neighbours of a block mostly do (counting lane by lane
    /// chained eight dependent increments of one counter in memory). With `rowsBelow` 1 each sprite
    /// also covers the row below its own (a 2 × 2 sprite); rows outside the image are not counted.
    @inline(__always)
    func count(drawn: UInt32, rows: SIMD8<Int32>, rowsBelow: Int = 0, into counts: UnsafeMutablePointer<Int>) {
        guard drawn != 0 else { return }
        let mask = PointSpriteProgram.mask(drawn)
        let lowest = Int(shatter_lanes_min(rows.replacing(with: .max, where: .!mask)))
        let highest = Int(shatter_lanes_max(rows.replacing(with: .min, where: .!mask)))
        let all = bands(upperRow: lowest, rowsBelow: highest - lowest + rowsBelow)
        if all.count == 1 {
            counts[all.lowerBound] &+= drawn.nonzeroBitCount
            return
        }
        forEachSetLane(drawn) { lane in
            for band in bands(upperRow: Int(rows[lane]), rowsBelow: rowsBelow) { counts[band] &+= 1 }
        }
    }

    /// The colors of eight one-pixel sprites: the fragment program at the pixel each covers (framebuffer
    /// column `column`, row `rowUp` counted from the bottom), blended in fixed point as sprites are.
    @inline(__always)
    private func shade(
        column: SIMD8<Int32>, rowUp: SIMD8<Int32>, centre: (x: SIMD8<Int32>, y: SIMD8<Int32>, visible: SIMDMask<SIMD8<Int32>>),
        u: SIMD8<Float>, v: SIMD8<Float>, program: PointSpriteProgram, sampler: TextureSampler
    ) -> SIMD8<UInt32> {
        let pcX = setup.pointCoordX(i: column, centre: centre.x)
        let pcY = setup.pointCoordY(j: rowUp, centre: centre.y)
        let columnTaps = program.columnTaps(pcX: pcX, u: u, snapshot: sampler)
        let rowTaps = program.rowTaps(pcY: pcY, v: v, snapshot: sampler)
        return sampler.blend(columnTaps, rowTaps)
    }
}
