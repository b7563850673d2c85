import CLanes
import ShatterPointSprites

/// The binned fragment stage in C (`binned_sprites.h`), as the renderer holds it: one twin's entry
/// point, resolved once when first asked for, like `SmallSpriteKernel`. It draws exactly the bytes of
/// ``PointFrame/drawSprites(_:band:points:)``, the Swift reference, which runs when the renderer's
/// shortcuts leave out ``SoftwareRenderer/Shortcuts/binnedKernel``.
struct BinnedSpriteKernel: @unchecked Sendable {  // a C function pointer, immutable
    let entryPoints: shatter_binned_kernel
    /// Which twin: "AVX2" or "baseline".
    let name: String

    private init(avx2: Bool) {
        entryPoints = shatter_binned_kernel_for(avx2 ? 1 : 0)
        name = avx2 ? "AVX2" : "baseline"
    }

    /// The twin for any x86-64.
    static let baseline = BinnedSpriteKernel(avx2: false)
    /// The AVX2 twin where this processor has AVX2 and FMA, else the baseline's.
    static let native = BinnedSpriteKernel(avx2: BuildTarget.processorRunsAVX2)

    /// Draws the sprites of list entries `entries`, in order, on image rows `rows` (one band) only.
    @inline(__always)
    func drawSprites(_ frame: UnsafePointer<shatter_binned_frame>, entries: Range<Int>, rows: Range<Int>) {
        entryPoints.sprites(frame, entries.lowerBound, entries.upperBound, Int32(rows.lowerBound), Int32(rows.upperBound))
    }
}

extension PointFrame {
    /// The C stage's view of this frame: the points' origins and centres, the binned list, the raster,
    /// where the image lies in the framebuffer, and the snapshot.
    func binnedFrame(_ points: Points) -> shatter_binned_frame {
        let raster = setup.raster
        return shatter_binned_frame(
            lanes: UnsafeRawPointer(points.vertices.lanes.baseAddress), x: buffers.x, y: buffers.y,
            list: buffers.list, coverage: raster.coverage, eighths: raster.tiling.eighths,
            columns: Int32(clamping: raster.tiling.columns), stepX: raster.step.x, stepY: raster.step.y,
            nearest: points.sampler.filter == .nearest ? 1 : 0, guardBand: Int32(g), topRow: Int32(topRow),
            width: Int32(width), height: Int32(height), target: UnsafeMutableRawPointer(target.bytes.baseAddress),
            texels: points.sampler.words, textureWidth: Int32(points.sampler.width),
            textureHeight: Int32(points.sampler.height))
    }
}
