import CLanes

/// The small-sprite kernel (`small_sprites.h`) as the renderer holds it: one twin's entry points,
/// resolved once when first asked for (as Skia's SkOpts resolves its function table), never a flag
/// passed on every call.
struct SmallSpriteKernel: @unchecked Sendable {  // C function pointers, immutable
    /// The kernel's twins, one C body compiled for each instruction set.
    enum Twin: Int32 {
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
        var runsHere: Bool {
            switch self {
            case .baseline: true
            case .avx2: BuildTarget.processorRunsAVX2
            case .avx512: BuildTarget.processorRunsAVX512
            }
        }
    }

    let entryPoints: shatter_small_sprite_kernel
    let twin: Twin
    /// Which twin: "AVX-512", "AVX2" or "baseline".
    var name: String { twin.name }

    private init(_ twin: Twin) {
        entryPoints = shatter_small_sprite_kernel_for(twin.rawValue)
        self.twin = twin
    }

    /// The twin for any x86-64.
    static let baseline = SmallSpriteKernel(.baseline)
    /// The AVX2 twin (only where ``Twin/runsHere``).
    static let avx2 = SmallSpriteKernel(.avx2)
    /// The AVX-512 twin (only where ``Twin/runsHere``).
    static let avx512 = SmallSpriteKernel(.avx512)
    /// The widest twin this processor runs.
    static let native = [avx512, avx2].first { $0.twin.runsHere } ?? baseline
    /// Every twin this processor runs, narrowest first.
    static let runnable = [baseline, avx2, avx512].filter { $0.twin.runsHere }

    /// The twin `shortcuts` allow: without `.avx2` the baseline's, without `.avx512` at most AVX2's.
    static func allowed(by shortcuts: SoftwareRenderer.Shortcuts) -> SmallSpriteKernel {
        guard shortcuts.contains(.avx2) else { return baseline }
        return shortcuts.contains(.avx512) ? native : (avx2.twin.runsHere ? avx2 : baseline)
    }

    /// Runs blocks `first ..< end` of `frame`, appending each drawn sprite to its bands' pages; returns
    /// how many blocks drew.
    @inline(__always)
    func blocks(
        _ frame: UnsafePointer<shatter_small_sprite_frame>, _ first: Int, _ end: Int,
        _ pages: UnsafeMutablePointer<shatter_page_writer>
    ) -> Int {
        entryPoints.blocks(frame, first, end, pages)
    }

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
    /// The kernel's frame, built here only: the points (`lanes`, one ``PointLanes`` per block, and per
    /// block the time after which all of them are gone), the program's uniforms, the set-up, where the
    /// image lies in the framebuffer (guard band, the framebuffer row of image row 0, size), each image
    /// row's band, the snapshot (and its filter), and where 2 × 2 sprites' colors go. The vertex
    /// program and the set-up read only the first four. A `separable` grid replaces `lanes` (and must
    /// outlive the frame).
    init(
        lanes: UnsafePointer<PointLanes>?, goneAfter: UnsafePointer<Float>?, program: PointSpriteProgram, setup: PointSetup,
        guardBand: Int = 0, topRow: Int = 0, width: Int = 0, height: Int = 0, bandOfRow: UnsafePointer<Int32>? = nil,
        sampler: TextureSampler? = nil, squareColors: UnsafeMutablePointer<UInt32>? = nil, separable: SeparableGrid? = nil
    ) {
        self.init(
            lanes: lanes, goneAfter: goneAfter, time: program.u_time,
            speedLimit: program.u_physics.x, restitution: program.u_physics.y, stopSpeed: program.u_physics.z,
            clipScaleX: program.u_clipScale.x, clipScaleY: program.u_clipScale.y,
            halfViewportX: setup.halfViewport.x, halfViewportY: setup.halfViewport.y, coverage: setup.raster.coverage,
            stepX: setup.raster.step.x, stepY: setup.raster.step.y, nearest: sampler?.filter == .nearest ? 1 : 0,
            guardBand: Int32(guardBand), topRow: Int32(topRow), width: Int32(width), height: Int32(height),
            bandOfRow: bandOfRow, texels: sampler?.words, textureWidth: Int32(sampler?.width ?? 0),
            textureHeight: Int32(sampler?.height ?? 0), squareColors: squareColors,
            motion: separable.map { UnsafeRawPointer($0.motion.baseAddress!) },
            columnCentreX: separable?.columnCentreX.baseAddress, columnOriginX: separable?.columnOriginX.baseAddress,
            rowCentreY: separable?.rowCentreY.baseAddress, rowOriginY: separable?.rowOriginY.baseAddress,
            plainUntil: separable?.plainUntil.baseAddress, gridColumns: separable?.columns ?? 0)
    }
}
