import CLanes
import ShatterCore
import ShatterPointSprites

/// The vertex stage of ``SoftwareRenderer/drawInLanes(_:into:guardBand:background:)``: eight points at a time.
extension PointFrame {
    /// What every stage reads: the points as the vertex stage reads them (`PointVertices`: the grid
    /// eight at a time, the program, the kernel's frame, which also draws small sprites, and the
    /// kernel's twin this renderer runs), and the snapshot the fragment stages sample.
    struct Points {
        let vertices: PointVertices
        let sampler: TextureSampler
    }

    /// The motion and the set-up on each block of chunk `chunk`: `visible` gets the block, its points
    /// and their centres (eighths of a pixel); `gone` gets the blocks whose points have all fallen out
    /// of sight, which are skipped.
    @inline(__always)
    func forEachBlock(
        chunk: Int, of points: Points, gone: (Int) -> Void,
        visible: (Int, UnsafePointer<PointLanes>, PointVertices.Centres) -> Void
    ) {
        let vertices = points.vertices
        var scratch = shatter_point_centres()
        withUnsafePointer(to: vertices.kernelFrame) { frame in
            for block in chunkRange(chunk, of: chunks, total: blocks) {
                if let centres = vertices.centres(ofBlock: block, setup: setup, frame: frame, scratch: &scratch) {
                    visible(block, vertices.lanes.baseAddress! + block, centres)
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
