/// The fixed-function stage between a point's clip position and its fragments, as a GLES rasteriser
/// does it: clip test on the centre, viewport transform, snap to 1/256 pixel, the coverage square
/// (left and bottom edges inclusive), and `gl_PointCoord` at pixel centres with its upper-left origin.
///
/// Coordinates here are window coordinates of the guard-banded framebuffer, y up, with the pixel
/// offset removed: pixel (i, j) has its centre at (i, j) in these units, i.e. at (i + 0.5, j + 0.5)
/// in GL's window coordinates.
struct PointSetup {
    static let subpixelBits = 8
    static let subpixelOne = 1 << subpixelBits

    let halfViewport: SIMD2<Float>
    /// Sprite side in 1/256 pixel, at least one pixel.
    let fixedSize: Int
    let size: Float

    init(framebufferWidth: Int, framebufferHeight: Int, pointSize: Float) {
        halfViewport = SIMD2(Float(framebufferWidth) / 2, Float(framebufferHeight) / 2)
        size = pointSize
        fixedSize = max(Self.subpixelOne, Int(Self.snap(pointSize)))
    }

    /// Whether every sprite covers exactly one pixel (a point size of at most one pixel).
    var isOnePixel: Bool { fixedSize == Self.subpixelOne }

    /// The most pixels a sprite can cover along one axis.
    var maximumSpan: Int { fixedSize / Self.subpixelOne + 2 }

    /// A point's snapped centre, in 1/256 pixel, or nil when GLES discards it (centre outside the clip
    /// volume).
    @inline(__always)
    func snappedCentre(clip: SIMD2<Float>) -> SIMD2<Int32>? {
        guard abs(clip.x) <= 1, abs(clip.y) <= 1 else { return nil }
        // Viewport transform as one fused multiply-add, as llvmpipe's generated code does it.
        let window = halfViewport.addingProduct(clip, halfViewport) - 0.5
        return SIMD2(Self.snap(window.x), Self.snap(window.y))
    }

    /// Rounds to the 1/256 grid the way Mesa's `util_iround` does: add ±0.5 in float, then truncate
    /// (halves go away from zero, and the float addition decides near-halves).
    @inline(__always)
    static func snap(_ value: Float) -> Int32 {
        let scaled = value * Float(subpixelOne)
        return scaled >= 0 ? Int32(scaled + 0.5) : Int32(scaled - 0.5)
    }

    /// The pixels (half-open, in framebuffer pixels) a snapped centre covers along one axis.
    @inline(__always)
    func coveredPixels(_ centre: Int32) -> Range<Int> {
        let low = Int(centre) - fixedSize / 2
        let high = low + fixedSize
        let first = (low + Self.subpixelOne - 1) >> Self.subpixelBits
        let end = (high + Self.subpixelOne - 1) >> Self.subpixelBits
        return first..<end
    }

    /// `gl_PointCoord` for pixel (i, j) of a sprite centred at `centre` (1/256 pixel units).
    @inline(__always)
    func pointCoord(i: Int, j: Int, centre: SIMD2<Int32>) -> SIMD2<Float> {
        let cx = Float(centre.x) * (1 / Float(Self.subpixelOne))
        let cy = Float(centre.y) * (1 / Float(Self.subpixelOne))
        return SIMD2(0.5 + (Float(i) - cx) / size, 0.5 - (Float(j) - cy) / size)
    }
}
