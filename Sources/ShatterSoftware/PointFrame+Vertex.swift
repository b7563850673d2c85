/// The vertex stage of ``SoftwareRenderer/drawInLanes(_:into:guardBand:background:)``: eight points at a time.
extension PointFrame {
    typealias Centres = (x: SIMD8<Int32>, y: SIMD8<Int32>, visible: SIMDMask<SIMD8<Int32>>)

    /// What every stage reads: the grid's points eight at a time, per block the time after which all
    /// of its points are out of sight, the program and the snapshot.
    struct Points {
        let lanes: UnsafeBufferPointer<PointLanes>
        let goneAfter: UnsafeBufferPointer<Float>
        let program: PointSpriteProgram
        let sampler: TextureSampler
    }

    /// The vertex program and the set-up on each block of chunk `chunk`: `visible` gets the block,
    /// its points and their snapped centres; `gone` gets the blocks whose points have all fallen out of
    /// sight, which are skipped.
    @inline(__always)
    func forEachBlock(
        chunk: Int, of points: Points, gone: (Int) -> Void, visible: (Int, UnsafePointer<PointLanes>, Centres) -> Void
    ) {
        for block in chunkRange(chunk, of: chunks, total: blocks) {
            if points.program.u_time > points.goneAfter[block] {
                gone(block)
                continue
            }
            // Read in place, a field at a time, rather than copying the 256-byte block.
            let point = points.lanes.baseAddress! + block
            let clip = points.program.vertex(point.pointee)
            visible(block, point, setup.snappedCentres(x: clip.x, y: clip.y))
        }
    }

    /// Runs the vertex program and the set-up on chunk `chunk`'s points (sprites larger than one pixel),
    /// stores what the later stages need of each and counts the points per band. `x` and `y` are the
    /// snapped centre; `x` is `Int32.min` for a point that draws nothing.
    func vertexStage(chunk: Int, points: Points) {
        let counts = buffers.counts + chunk * bandCount
        counts.initialize(repeating: 0, count: bandCount)
        let xs = UnsafeMutableRawPointer(buffers.x)
        let ys = UnsafeMutableRawPointer(buffers.y)
        let zero = SIMD8<Int32>.zero
        let nothing = SIMD8<Int32>(repeating: .min)
        forEachBlock(chunk: chunk, of: points) { block in
            xs.storeBytes(of: nothing, toByteOffset: block * 32, as: SIMD8<Int32>.self)
        } visible: { block, _, centre in
            var drawn = centre.visible.bits
            var x = centre.x
            xs.storeBytes(of: x, toByteOffset: block * 32, as: SIMD8<Int32>.self)
            ys.storeBytes(of: centre.y, toByteOffset: block * 32, as: SIMD8<Int32>.self)
            forEachSetLane(drawn) { lane in
                let i = block &* 8 &+ lane
                if rows(centreY: buffers.y[i]).isEmpty || columns(centreX: buffers.x[i]).isEmpty {
                    drawn &= ~(1 << lane)  // entirely in the guard band
                    return
                }
                for band in bands(centreY: buffers.y[i]) { counts[band] &+= 1 }
            }
            let kept = SIMD8(repeating: Int32(bitPattern: drawn)) & SIMD8(1, 2, 4, 8, 16, 32, 64, 128)
            x.replace(with: nothing, where: kept .== zero)
            xs.storeBytes(of: x, toByteOffset: block * 32, as: SIMD8<Int32>.self)
        }
    }
}
