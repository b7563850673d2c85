import CLanes
import ShatterCore

/// The shattered transition's motion on the CPU, for the GL backend: the original's own architecture
/// (its CPU updates the pieces' positions, its Metal vertex function only places them). The GL renderer
/// uploads the centres this gives, so no GPU arithmetic (division precision, fused multiply-adds)
/// decides where a piece is, and `point_sprite.vert` is integers and exact products only. The same code
/// as the CPU renderer's vertex stage (`PointVertices.centres(ofBlock:setup:frame:scratch:)`), on the
/// same cached lanes, so both backends see the same centres.
public final class PointMotionStage: Sendable {
    private let invariants = PointInvariantCache()
    private let threads: Int

    public init(threads: Int? = nil) {
        self.threads = max(1, threads ?? AvailableCores.count)
    }

    /// Every point's centre in eighths of a pixel of `guardBand`'s framebuffer (window coordinates, y
    /// up), x and y interleaved, in `centres` (resized to two per point); `PointSpriteRaster.dropped`
    /// in x for a point outside the clip volume. `raster` is the batch's, which the caller built for its
    /// own draw (`PointSpriteRaster(batch)`), so one draw builds it once. Throws what the CPU renderer
    /// throws for the batch's motion (too many steps).
    public func centres(
        of batch: PointSpriteBatch, raster: PointSpriteRaster, guardBand: GuardBand, into centres: inout [Int32]
    ) throws {
        try batch.motion.validate()
        let program = PointSpriteProgram(batch: batch, clipScale: guardBand.clipScale)
        let setup = PointSetup(
            framebufferWidth: guardBand.framebufferWidth, framebufferHeight: guardBand.framebufferHeight, raster: raster)
        // Closed-form motion runs the kernel's vertex program alone, which reads a separable grid's tables.
        let grid = invariants.lanes(
            for: batch, program: program, raster: raster, threads: threads, separableAllowed: program.u_steps < 0)
        let count = batch.grid.count
        if centres.count != 2 * count { centres = [Int32](repeating: 0, count: 2 * count) }
        let blocks = grid.blocks
        // One thread is one chunk, run on the caller's thread with nothing allocated (a host's render
        // thread: the OBS transition); more are spread over Dispatch's threads.
        let chunks = threads == 1 ? 1 : max(1, min(blocks, threads * 4))
        grid.withVertices(program: program, kernel: SmallSpriteKernel.tiers.native) { lanes, goneAfter in
            shatter_small_sprite_frame(
                lanes: lanes, goneAfter: goneAfter, program: program, setup: setup, separable: grid.separable)
        } _: { vertices in
            centres.withUnsafeMutableBufferPointer { out in
                let out = SharedMutableBuffer(base: out)
                parallelChunks(chunks) { chunk in
                    var scratch = shatter_point_centres()
                    withUnsafePointer(to: vertices.kernelFrame) { frame in
                        for block in chunkRange(chunk, of: chunks, total: blocks) {
                            let found = vertices.centres(ofBlock: block, setup: setup, frame: frame, scratch: &scratch)
                            for lane in 0..<min(8, count - block * 8) {
                                let i = 2 * (block * 8 + lane)
                                let drawn = found.map { $0.visible & (1 << lane) != 0 } ?? false
                                out.base[i] = drawn ? found!.x[lane] : PointSpriteRaster.dropped
                                out.base[i + 1] = drawn ? found!.y[lane] : 0
                            }
                        }
                    }
                }
            }
        }
    }
}
