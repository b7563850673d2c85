/// Where a textured quad lands and which texel each of its pixels reads, in integers, shared by the GL
/// program (`Shaders/textured_quad.*`) and its CPU twin, so that no written byte depends on what GLES
/// leaves to an implementation (`texture()`'s filter weights, `v_uv`'s interpolation, where an edge near
/// a pixel centre falls):
/// - the covered pixels are decided here, once: those whose centres lie in [x, x + w) × [y, y + h) (the
///   top-left rule), and the GL quad is drawn on exactly their bounds, whole pixels, so any rasteriser
///   covers the same ones;
/// - each axis addresses texels linearly in 1/65536 texel from the first covered pixel: `base + k·step`,
///   with the bilinear filter's first texel centre at 0, then rounded to the filter's 1/256 texel
///   (`TextureSampler.fixedTap(_:size:)` on the CPU, the fragment program's `filterTap` on GL). A texture drawn
///   1:1 on whole pixels reads every texel at its centre (weight 0); a stretched one follows the ideal
///   mapping to within half a 1/65536 texel a pixel (a texture of 2 texels over 2,048 pixels is exact).
public struct TexturedQuadRaster: Sendable, Equatable {
    /// The covered image pixels (y down), before clipping to the image.
    public let columns: Range<Int>
    public let rows: Range<Int>
    /// The first covered pixel's texel position (x, y), 1/65536 texel, less half a texel.
    public let base: SIMD2<Int32>
    /// Texel position per pixel, 1/65536 texel.
    public let step: SIMD2<Int32>

    public init(rect: PixelRect, textureWidth: Int, textureHeight: Int) {
        (columns, rows) = Self.coveredPixels(of: rect)
        func axis(_ first: Int, _ start: Float, _ length: Float, _ size: Int) -> (Int32, Int32) {
            guard length > 0 else { return (0, 0) }
            let scale = Double(size) / Double(length)
            let base = ((Double(first) + 0.5 - Double(start)) * scale - 0.5) * 65536
            return (Self.clampedInt32(base.rounded()), Self.clampedInt32((65536 * scale).rounded()))
        }
        let x = axis(columns.lowerBound, rect.x, rect.width, textureWidth)
        let y = axis(rows.lowerBound, rect.y, rect.height, textureHeight)
        base = SIMD2(x.0, y.0)
        step = SIMD2(x.1, y.1)
    }

    /// The texel positions of image pixel (x, y), 1/65536 texel (see ``base``).
    @inline(__always)
    public func position(x: Int, y: Int) -> SIMD2<Int32> {
        SIMD2(
            base.x &+ Int32(truncatingIfNeeded: x - columns.lowerBound) &* step.x,
            base.y &+ Int32(truncatingIfNeeded: y - rows.lowerBound) &* step.y)
    }

    /// ``position(x:y:)`` rounded to the filter's 1/256 texel (halves up): what the taps take.
    @inline(__always)
    public func filterPosition(x: Int, y: Int) -> SIMD2<Int32> {
        (position(x: x, y: y) &+ 128) &>> 8
    }

    /// The pixel columns and rows whose centres `rect` covers: what GL draws and what its twins fill.
    public static func coveredPixels(of rect: PixelRect) -> (columns: Range<Int>, rows: Range<Int>) {
        (coveredPixels(start: rect.x, length: rect.width), coveredPixels(start: rect.y, length: rect.height))
    }

    /// Pixel columns (or rows) whose centres lie in [start, start + length).
    public static func coveredPixels(start: Float, length: Float) -> Range<Int> {
        guard start.isFinite, length.isFinite, length > 0 else { return 0..<0 }
        let first = Int(clamping: Int64(max(min((start - 0.5).rounded(.up), 1e9), -1e9)))
        let end = Int(clamping: Int64(max(min((start + length - 0.5).rounded(.up), 1e9), -1e9)))
        return first..<max(first, end)
    }

    private static func clampedInt32(_ value: Double) -> Int32 {
        Int32(max(min(value, Double(Int32.max)), Double(Int32.min)))
    }
}
