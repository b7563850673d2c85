import ShatterCore

/// The grid last drawn as ``PointLanes``, with the per-point quotients of the vertex program
/// (`PointSpriteProgram.invariants`) worked out, and for each block of eight the time all of them have
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
        let lanes: Lanes
    }

    private let entry = Locked<Entry?>(nil)

    private struct TapsEntry {
        let grid: PointGrid
        let key: TapsKey
        let taps: SmallSpriteTaps?
    }

    /// What besides the grid a ``SmallSpriteTaps`` depends on.
    private struct TapsKey: Equatable {
        let texcoordScale: SIMD2<Float>
        let spriteSize: Float
        let halfViewport: SIMD2<Float>
        let width: Int, height: Int
        let filter: TextureFilter
    }

    private let tapsEntry = Locked<TapsEntry?>(nil)

    /// The grid's ``SmallSpriteTaps`` for this draw, worked out once (nil where there is none).
    func smallSpriteTaps(for batch: PointSpriteBatch, program: PointSpriteProgram, setup: PointSetup) -> SmallSpriteTaps? {
        let image = batch.texture.image
        let key = TapsKey(
            texcoordScale: program.u_texcoordScale, spriteSize: setup.size, halfViewport: setup.halfViewport,
            width: image.width, height: image.height, filter: batch.filter)
        if let cached = tapsEntry.withLock({ $0 }), cached.grid === batch.grid, cached.key == key { return cached.taps }
        let taps = SmallSpriteTaps(
            grid: batch.grid, program: program, setup: setup, width: image.width, height: image.height, filter: batch.filter)
        tapsEntry.withLock { $0 = TapsEntry(grid: batch.grid, key: key, taps: taps) }
        return taps
    }

    func lanes(for batch: PointSpriteBatch, program: PointSpriteProgram, threads: Int) -> Lanes {
        if let cached = entry.withLock({ $0 }), cached.grid === batch.grid, cached.physics == batch.physics,
            cached.clipScale == program.u_clipScale
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
                                    lane, centre: centre, uvOrigin: SIMD2(attributes[a + 2], attributes[a + 3]),
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
        entry.withLock { $0 = Entry(grid: batch.grid, physics: batch.physics, clipScale: program.u_clipScale, lanes: result) }
        return result
    }
}
