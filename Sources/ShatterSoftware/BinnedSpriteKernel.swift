import CLanes
import ShatterCore
import ShatterPointSprites

/// The binned fragment stage in C (`binned_sprites.h`), as the renderer holds it: one tier's entry
/// point, resolved once per process, like `SmallSpriteKernel`. It draws exactly the bytes of
/// ``PointFrame/drawSprites(_:band:points:)``, the Swift reference, which runs when the renderer's
/// shortcuts leave out ``SoftwareRenderer/Shortcuts/binnedKernel``.
struct BinnedSpriteKernel: TierTwin, @unchecked Sendable {  // a C function pointer, immutable
    let entryPoints: shatter_binned_kernel
    /// Which tier's twin (the AVX-512 tier runs the AVX2 twin).
    let tier: CPUTier

    init(tier: CPUTier) {
        entryPoints = shatter_binned_kernel_for(tier.c)
        self.tier = tier
    }

    /// Every tier's twin, resolved once per process.
    static let tiers = TierTable<BinnedSpriteKernel>()

    /// Draws the sprites of list entries `entries`, in order, on image rows `rows` (one band) only.
    /// Returns whether every texel it read had alpha 255.
    @inline(__always) @discardableResult
    func drawSprites(_ frame: UnsafePointer<shatter_binned_frame>, entries: Range<Int>, rows: Range<Int>) -> Bool {
        entryPoints.sprites(frame, entries.lowerBound, entries.upperBound, Int32(rows.lowerBound), Int32(rows.upperBound))
            != 0
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
