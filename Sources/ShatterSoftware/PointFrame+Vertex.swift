import CLanes

/// The vertex stage of ``SoftwareRenderer/drawInLanes(_:into:guardBand:background:)``: eight points at a time.
extension PointFrame {
    /// Eight centres in eighths of a pixel, and the lanes drawn (bit k for lane k).
    typealias Centres = (x: SIMD8<Int32>, y: SIMD8<Int32>, visible: UInt32)

    /// What every stage reads: the grid's points eight at a time, per block the time after which all
    /// of its points are out of sight, the program and the snapshot; the same for the C kernel
    /// (`small_sprites.h`, which also runs the vertex program and the set-up for the binned path), and
    /// the kernel's twin this renderer runs.
    struct Points {
        let lanes: UnsafeBufferPointer<PointLanes>
        let goneAfter: UnsafeBufferPointer<Float>
        let program: PointSpriteProgram
        let sampler: TextureSampler
        let kernelFrame: shatter_small_sprite_frame
        let kernel: SmallSpriteKernel
    }

    /// The motion and the set-up on each block of chunk `chunk`: `visible` gets the block, its points
    /// and their centres (eighths of a pixel); `gone` gets the blocks whose points have all fallen out
    /// of sight, which are skipped.
    @inline(__always)
    func forEachBlock(
        chunk: Int, of points: Points, gone: (Int) -> Void, visible: (Int, UnsafePointer<PointLanes>, Centres) -> Void
    ) {
        var scratch = shatter_point_centres()
        withUnsafePointer(to: points.kernelFrame) { frame in
            for block in chunkRange(chunk, of: chunks, total: blocks) {
                if let centres = points.centres(ofBlock: block, setup: setup, frame: frame, scratch: &scratch) {
                    visible(block, points.lanes.baseAddress! + block, centres)
                } else {
                    gone(block)
                }
            }
        }
    }

    /// Runs the vertex program and the set-up on chunk `chunk`'s points (the binned path),
    /// stores what the later stages need of each and counts the points per band. `x` and `y` are the
    /// centre in eighths of a pixel; `x` is `Int32.min` for a point that draws nothing.
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
            var drawn = centre.visible
            var x = centre.x
            xs.storeBytes(of: x, toByteOffset: block * 32, as: SIMD8<Int32>.self)
            ys.storeBytes(of: centre.y, toByteOffset: block * 32, as: SIMD8<Int32>.self)
            forEachSetLane(drawn) { lane in
                let i = block &* 8 &+ lane
                let extent = setup.raster.extents(ofPoint: i)
                if rows(centreY: buffers.y[i], extent: extent.y).isEmpty
                    || columns(centreX: buffers.x[i], extent: extent.x).isEmpty
                {
                    drawn &= ~(1 << lane)  // entirely in the guard band (or a piece with no pixels)
                    return
                }
                for band in bands(centreY: buffers.y[i], extent: extent.y) { counts[band] &+= 1 }
            }
            let kept = SIMD8(repeating: Int32(bitPattern: drawn)) & SIMD8(1, 2, 4, 8, 16, 32, 64, 128)
            x.replace(with: nothing, where: kept .== zero)
            xs.storeBytes(of: x, toByteOffset: block * 32, as: SIMD8<Int32>.self)
        }
    }
}

extension PointFrame.Points {
    /// Block `block`'s centres (eighths of a pixel) and drawn lanes, or nil when all of its points have
    /// fallen out of sight (closed form only). Closed-form motion runs the kernel's vertex program;
    /// stepped motion (`u_steps >= 0`, which has no closed form to skip blocks by) the program's, point by
    /// point (padding lanes, whose centre is NaN, are never drawn).
    @inline(__always)
    func centres(
        ofBlock block: Int, setup: PointSetup, frame: UnsafePointer<shatter_small_sprite_frame>,
        scratch: inout shatter_point_centres
    ) -> PointFrame.Centres? {
        if program.u_steps >= 0 {
            let point = lanes[block]
            var centres: PointFrame.Centres = (.zero, .zero, 0)
            for lane in 0..<8 {
                let clip = program.steppedVertex(
                    centre: SIMD2(point.centreX[lane], point.centreY[lane]),
                    motion: SIMD2(point.speed[lane], point.acceleration[lane]))
                guard let centre = setup.centre(clip: clip) else { continue }
                centres.x[lane] = centre.x
                centres.y[lane] = centre.y
                centres.visible |= 1 << lane
            }
            return centres
        }
        if program.u_time > goneAfter[block] { return nil }
        kernel.centres(frame, block, &scratch)
        let centres = withUnsafeBytes(of: &scratch) { bytes in
            (x: bytes.load(as: SIMD8<Int32>.self), y: bytes.load(fromByteOffset: 32, as: SIMD8<Int32>.self))
        }
        return (centres.x, centres.y, scratch.visible)
    }
}
