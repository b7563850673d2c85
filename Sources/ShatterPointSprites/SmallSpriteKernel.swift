import CLanes
import ShatterCore

/// The small-sprite kernel (`small_sprites.h`) as the renderers hold it: one tier's entry points,
/// resolved once per process (as Skia's SkOpts resolves its function table), never a flag passed on
/// every call. Here its vertex stage (the motion and the set-up), which both backends run;
/// the CPU renderer extends it with the drawing (PointFrame+Kernel.swift).
package struct SmallSpriteKernel: TierTwin, @unchecked Sendable {  // C function pointers, immutable
    package let entryPoints: shatter_small_sprite_kernel
    /// Which twin: AVX-512 (one-pixel sprites two blocks at a time, sixteen lanes; the rest as the AVX2
    /// twin), AVX2 (eight lanes a block, with FMA) or baseline (any x86-64).
    package let tier: CPUTier

    package init(tier: CPUTier) {
        entryPoints = shatter_small_sprite_kernel_for(tier.c)
        self.tier = tier
    }

    /// Every tier's twin, resolved once per process.
    package static let tiers = TierTable<SmallSpriteKernel>()

    /// The motion and the set-up on block `block`: its centres (eighths of a pixel) and drawn lanes.
    @inline(__always)
    func centres(
        _ frame: UnsafePointer<shatter_small_sprite_frame>, _ block: Int, _ centres: UnsafeMutablePointer<shatter_point_centres>
    ) {
        entryPoints.centres(frame, block, centres)
    }

    /// The vertex program alone on block `block`: its eight clip positions.
    func clip(_ frame: UnsafePointer<shatter_small_sprite_frame>, _ block: Int) -> (x: [Float], y: [Float]) {
        var x = [Float](repeating: 0, count: 8)
        var y = [Float](repeating: 0, count: 8)
        entryPoints.clip(frame, block, &x, &y)
        return (x, y)
    }

    /// half + clip·half for eight lanes, as this twin's viewport transform rounds it.
    func viewport(_ clip: [Float], half: Float) -> [Float] {
        var result = [Float](repeating: 0, count: 8)
        entryPoints.viewport(clip, half, &result)
        return result
    }
}

extension shatter_small_sprite_frame {
    /// The kernel's frame for its vertex program and set-up, built here and, with what drawing needs
    /// (where the image lies in the framebuffer, each image row's band, the snapshot and its filter,
    /// where 2 × 2 sprites' colors go), by the CPU renderer (PointFrame+Kernel.swift): the points
    /// (`lanes`, one ``PointLanes`` per block, and per block the time after which all of them are
    /// gone), the program's uniforms and the set-up. A `separable` grid replaces `lanes` (and must
    /// outlive the frame).
    package init(
        lanes: UnsafePointer<PointLanes>?, goneAfter: UnsafePointer<Float>?, program: PointSpriteProgram, setup: PointSetup,
        separable: SeparableGrid? = nil
    ) {
        self.init(
            lanes: lanes, goneAfter: goneAfter, time: program.u_time,
            speedLimit: program.u_physics.x, restitution: program.u_physics.y, stopSpeed: program.u_physics.z,
            clipScaleX: program.u_clipScale.x, clipScaleY: program.u_clipScale.y,
            halfViewportX: setup.halfViewport.x, halfViewportY: setup.halfViewport.y, coverage: setup.raster.coverage,
            stepX: setup.raster.step.x, stepY: setup.raster.step.y, nearest: 0,
            guardBand: 0, topRow: 0, width: 0, height: 0, bandOfRow: nil, texels: nil, textureWidth: 0, textureHeight: 0,
            squareColors: nil, motion: separable.map { UnsafeRawPointer($0.motion.baseAddress!) },
            columnCentreX: separable?.columnCentreX.baseAddress, columnOriginX: separable?.columnOriginX.baseAddress,
            rowCentreY: separable?.rowCentreY.baseAddress, rowOriginY: separable?.rowOriginY.baseAddress,
            plainUntil: separable?.plainUntil.baseAddress, gridColumns: separable?.columns ?? 0)
    }
}
