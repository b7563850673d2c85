import ShatterCore

/// The grid last drawn as ``PointLanes``, with the per-point quotients of the vertex program
/// (`PointSpriteProgram.invariants`) and texel origins (`PointSpriteRaster.origin(ofPoint:attributes:)`) worked out, and for each block of eight the time all of them have
/// fallen out of sight (``PointExit``): an effect draws the same grid every frame, so this is done once.
/// Where the caller runs only the small-sprite kernel and the grid is separable (its bytes checked
/// point by point), a ``SeparableGrid`` instead of the lanes.
package final class PointInvariantCache: Sendable {
    package struct Lanes {
        /// Empty when `separable` holds the grid.
        package let lanes: [PointLanes]
        package let separable: SeparableGrid?
        /// Per block: after this time none of its points can be seen.
        package let goneAfter: [Float]
        package var blocks: Int { goneAfter.count }
    }

    private struct Entry {
        let grid: PointGrid  // held, so its identity cannot be reused by another grid
        let physics: PointPhysics
        let clipScale: SIMD2<Float>
        let raster: PointSpriteRaster
        let separableAllowed: Bool
        let lanes: Lanes
    }

    private let entry = Locked<Entry?>(nil)

    package init() {}

    /// `separableAllowed`: the caller reads the points through the kernel's vertex program only
    /// (closed-form motion; not the binned path's fragment stage, which reads ``PointLanes``).
    package func lanes(
        for batch: PointSpriteBatch, program: PointSpriteProgram, raster: PointSpriteRaster, threads: Int,
        separableAllowed: Bool = false
    ) -> Lanes {
        if let cached = entry.withLock({ $0 }), cached.grid === batch.grid, cached.physics == batch.physics,
            cached.clipScale == program.u_clipScale, cached.raster == raster, cached.separableAllowed == separableAllowed
        {
            return cached.lanes
        }
        entry.withLock { $0 = nil }  // let the old grid's lanes go before the new ones are made
        let result =
            (separableAllowed ? Self.separable(batch, program: program, raster: raster, threads: threads) : nil)
            ?? Self.full(batch, program: program, raster: raster, threads: threads)
        entry.withLock {
            $0 = Entry(
                grid: batch.grid, physics: batch.physics, clipScale: program.u_clipScale, raster: raster,
                separableAllowed: separableAllowed, lanes: result)
        }
        return result
    }

    /// The time after which point `a` (its first attribute's index) cannot be seen.
    @inline(__always)
    private static func exit(
        _ attributes: UnsafeBufferPointer<Float>, _ a: Int, batch: PointSpriteBatch, program: PointSpriteProgram
    )
        -> Float
    {
        PointExit.time(
            centreY: attributes[a + 1], acceleration: attributes[a + 5], maxFallSpeed: batch.physics.maxFallSpeed,
            clipScaleY: program.u_clipScale.y)
    }

    private static func full(_ batch: PointSpriteBatch, program: PointSpriteProgram, raster: PointSpriteRaster, threads: Int)
        -> Lanes
    {
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
                                    origin: raster.origin(ofPoint: block * 8 + lane, attributes: attributes),
                                    motion: motion, invariants: program.invariants(centre: centre, motion: motion))
                                gone.base[block] = max(gone.base[block], exit(attributes, a, batch: batch, program: program))
                            }
                        }
                    }
                }
            }
        }
        return Lanes(lanes: lanes, separable: nil, goneAfter: goneAfter)
    }

    /// The grid as a ``SeparableGrid``, or nil when some point's centre or uv origin is not its
    /// column's and its row's.
    private static func separable(
        _ batch: PointSpriteBatch, program: PointSpriteProgram, raster: PointSpriteRaster, threads: Int
    ) -> Lanes? {
        let count = batch.grid.count
        let blocks = (count + 7) / 8
        var goneAfter = [Float](repeating: 0, count: blocks)
        let grid = batch.grid.attributes.withUnsafeBufferPointer { attributes -> SeparableGrid? in
            guard let columns = SeparableGrid.columns(of: attributes, count: count) else { return nil }
            let grid = SeparableGrid(
                columns: columns, rows: count / columns, blocks: blocks, attributes: attributes, raster: raster)
            let chunks = max(1, min(blocks, threads * 4))
            let separable = Locked(true)
            goneAfter.withUnsafeMutableBufferPointer { gone in
                let gone = SharedMutableBuffer(base: gone)
                parallelChunks(chunks) { chunk in
                    for block in chunkRange(chunk, of: chunks, total: blocks) {
                        for lane in 0..<8 where block * 8 + lane < count {
                            let i = block * 8 + lane
                            guard grid.holds(point: i, of: attributes) else {
                                separable.withLock { $0 = false }
                                return
                            }
                            let a = i * PointGrid.stride
                            grid.motion[block].speed[lane] = attributes[a + 4]
                            grid.motion[block].acceleration[lane] = attributes[a + 5]
                            let times = program.invariants(
                                centre: SIMD2(attributes[a], attributes[a + 1]),
                                motion: SIMD2(attributes[a + 4], attributes[a + 5]))
                            // A NaN counts as −∞: below any frame's time.
                            let plain = times.x.isNaN || times.y.isNaN ? -.infinity : min(times.x, times.y)
                            grid.plainUntil[block] = min(grid.plainUntil[block], plain)
                            gone.base[block] = max(gone.base[block], exit(attributes, a, batch: batch, program: program))
                        }
                    }
                }
            }
            return separable.withLock { $0 } ? grid : nil
        }
        guard let grid else { return nil }
        return Lanes(lanes: [], separable: grid, goneAfter: goneAfter)
    }
}
