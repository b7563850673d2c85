import CLanes

/// The small-sprite kernel (`small_sprites.h`) as the renderers hold it: one twin's entry points,
/// resolved once when first asked for (as Skia's SkOpts resolves its function table), never a flag
/// passed on every call. Here its vertex stage (the motion and the set-up), which both backends run;
/// the CPU renderer extends it with the drawing (PointFrame+Kernel.swift).
package struct SmallSpriteKernel: @unchecked Sendable {  // C function pointers, immutable
    /// The kernel's twins, one C body compiled for each instruction set.
    package enum Twin: Int32 {
        /// Any x86-64 (SSE2).
        case baseline = 0
        /// AVX2 and FMA, eight lanes a block.
        case avx2 = 1
        /// AVX-512 (F, BW, VL, DQ): one-pixel sprites two blocks at a time, sixteen lanes; the rest as
        /// the AVX2 twin.
        case avx512 = 2

        var name: String {
            switch self {
            case .baseline: "baseline"
            case .avx2: "AVX2"
            case .avx512: "AVX-512"
            }
        }

        /// Whether this processor runs the twin.
        package var runsHere: Bool {
            switch self {
            case .baseline: true
            case .avx2: BuildTarget.processorRunsAVX2
            case .avx512: BuildTarget.processorRunsAVX512
            }
        }
    }

    package let entryPoints: shatter_small_sprite_kernel
    package let twin: Twin
    /// Which twin: "AVX-512", "AVX2" or "baseline".
    var name: String { twin.name }

    private init(_ twin: Twin) {
        entryPoints = shatter_small_sprite_kernel_for(twin.rawValue)
        self.twin = twin
    }

    /// The twin for any x86-64.
    package static let baseline = SmallSpriteKernel(.baseline)
    /// The AVX2 twin (only where ``Twin/runsHere``).
    package static let avx2 = SmallSpriteKernel(.avx2)
    /// The AVX-512 twin (only where ``Twin/runsHere``).
    static let avx512 = SmallSpriteKernel(.avx512)
    /// The widest twin this processor runs.
    package static let native = [avx512, avx2].first { $0.twin.runsHere } ?? baseline
    /// Every twin this processor runs, narrowest first.
    static let runnable = [baseline, avx2, avx512].filter { $0.twin.runsHere }

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
