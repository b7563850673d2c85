import ShatterCore

/// The grid last drawn as ``PointLanes``, with the per-point quotients of the vertex program
/// (`PointSpriteProgram.invariants`) and texel origins (``PointSpriteRaster/origin(uvOrigin:)``) worked out, and for each block of eight the time all of them have
/// fallen out of sight (``PointExit``): an effect draws the same grid every frame, so this is done once.
final class PointInvariantCache: Sendable {
    struct Lanes {
        let lanes: [PointLanes]
        /// Per block: after this time none of its points can be seen.
        let goneAfter: [Float]
    }

    private struct Entry {
        let grid: PointGrid  // held, so its identity cannot be reused by another grid
        let physics: PointPhysics
        let clipScale: SIMD2<Float>
        let raster: PointSpriteRaster
        let lanes: Lanes
    }

    private let entry = Locked<Entry?>(nil)

    func lanes(for batch: PointSpriteBatch, program: PointSpriteProgram, raster: PointSpriteRaster, threads: Int) -> Lanes {
        if let cached = entry.withLock({ $0 }), cached.grid === batch.grid, cached.physics == batch.physics,
            cached.clipScale == program.u_clipScale, cached.raster == raster
        {
            return cached.lanes
        }
        entry.withLock { $0 = nil }  // let the old grid's lanes go before the new ones are made
        let count = batch.grid.count
        let blocks = (count + 7) / 8
        var lanes = [PointLanes](repeating: .padding, count: blocks)
        var goneAfter = [Float](repeating: 0, count: blocks)
        batch.grid.attributes.withUnsafeBufferPointer { attributes in
            lanes.withUnsafeMutableBufferPointer { out in
                goneAfter.withUnsafeMutableBufferPointer { gone in
                    let lanes = SharedMutableBuffer(base: out)
                    let gone = SharedMutableBuffer(base: gone)
                    let chunks = max(1, min(blocks, threads * 4))
                    parallelChunks(chunks) { chunk in
                        for block in chunkRange(chunk, of: chunks, total: blocks) {
                            for lane in 0..<8 where block * 8 + lane < count {
                                let a = (block * 8 + lane) * PointGrid.stride
                                let centre = SIMD2(attributes[a], attributes[a + 1])
                                let motion = SIMD2(attributes[a + 4], attributes[a + 5])
                                lanes.base[block].set(
                                    lane, centre: centre,
                                    origin: raster.origin(uvOrigin: SIMD2(attributes[a + 2], attributes[a + 3])),
                                    motion: motion, invariants: program.invariants(centre: centre, motion: motion))
                                gone.base[block] = max(
                                    gone.base[block],
                                    PointExit.time(
                                        centreY: centre.y, acceleration: motion.y, maxFallSpeed: batch.physics.maxFallSpeed,
                                        clipScaleY: program.u_clipScale.y))
                            }
                        }
                    }
                }
            }
        }
        let result = Lanes(lanes: lanes, goneAfter: goneAfter)
        entry.withLock {
            $0 = Entry(grid: batch.grid, physics: batch.physics, clipScale: program.u_clipScale, raster: raster, lanes: result)
        }
        return result
    }
}
