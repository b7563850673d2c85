import ShatterCore

/// The stage between a point's clip position and its pixels, as `Shaders/point_sprite.vert` states it
/// for every GL: clip test on the centre, viewport transform, the centre quantized to eighths of a
/// pixel, and the covered pixels of `PointSpriteRaster` (whose GL square has its edges away from
/// pixel centres, so no rasteriser's rounding changes them).
///
/// Coordinates here are window coordinates of the guard-banded framebuffer, y up: pixel (i, j) is
/// [i, i + 1) × [j, j + 1).
///
/// The CPU renderer's stages, in another module, place every point through ``centre(clip:)`` and
/// ``coveredPixels(_:extent:)``; a package function is never inlined there unless it is `@inlinable`
/// (with what it reads `@usableFromInline`), and a call per point cost `shatter bench` at point sizes
/// 3 and 16 some 3% more instructions (callgrind).
@usableFromInline package struct PointSetup {
    @usableFromInline package let halfViewport: SIMD2<Float>
    @usableFromInline package let raster: PointSpriteRaster

    package init(framebufferWidth: Int, framebufferHeight: Int, raster: PointSpriteRaster) {
        halfViewport = SIMD2(Float(framebufferWidth) / 2, Float(framebufferHeight) / 2)
        self.raster = raster
    }

    /// The most pixels a sprite covers along each axis (its GL point's side).
    package var coverage: Int { Int(raster.coverage) }

    /// Whether every sprite covers exactly one pixel.
    package var isOnePixel: Bool { raster.coverage == 1 && raster.tiling.isWhole }

    /// A point's centre in eighths of a pixel, or nil when it is dropped (centre outside the clip volume).
    @inlinable @inline(__always)
    package func centre(clip: SIMD2<Float>) -> SIMD2<Int32>? {
        guard abs(clip.x) <= 1, abs(clip.y) <= 1 else { return nil }
        // Viewport transform as one fused multiply-add (the C kernel rounds it the same way).
        let window = halfViewport.addingProduct(clip, halfViewport)
        return SIMD2(PointSpriteRaster.quantize(window.x), PointSpriteRaster.quantize(window.y))
    }

    /// The pixels (half-open, framebuffer pixels) a piece `extent` pixels wide centred at `q` (eighths)
    /// covers along one axis.
    @inlinable @inline(__always)
    package func coveredPixels(_ q: Int32, extent: Int32) -> Range<Int> {
        let first = Int(raster.first(q, extent: extent))
        return first..<first &+ Int(extent)
    }
}
