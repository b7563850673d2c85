import ShatterCore

/// The per-point quotients of the point-sprite vertex program (`PointSpriteProgram.invariants`), kept
/// for the grid last drawn: an effect draws the same grid every frame, so they are computed once.
final class PointInvariantCache: Sendable {
    private struct Entry {
        let grid: PointGrid  // held, so its identity cannot be reused by another grid
        let physics: PointPhysics
        let values: [SIMD2<Float>]
    }

    private let entry = Locked<Entry?>(nil)

    func values(for batch: PointSpriteBatch, program: PointSpriteProgram, threads: Int) -> [SIMD2<Float>] {
        if let cached = entry.withLock({ $0 }), cached.grid === batch.grid, cached.physics == batch.physics {
            return cached.values
        }
        let count = batch.grid.count
        var values = [SIMD2<Float>](repeating: .zero, count: count)
        batch.grid.attributes.withUnsafeBufferPointer { attributes in
            values.withUnsafeMutableBufferPointer { out in
                let shared = SharedMutableBuffer(base: out)
                let chunks = max(1, min(count, threads * 4))
                parallelChunks(chunks) { chunk in
                    for i in chunkRange(chunk, of: chunks, total: count) {
                        let a = i * PointGrid.stride
                        shared.base[i] = program.invariants(centre: SIMD2(attributes[a], attributes[a + 1]),
                                                            motion: SIMD2(attributes[a + 4], attributes[a + 5]))
                    }
                }
            }
        }
        entry.withLock { $0 = Entry(grid: batch.grid, physics: batch.physics, values: values) }
        return values
    }
}
