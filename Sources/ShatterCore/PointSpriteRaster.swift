/// The integer program that places a point sprite and addresses its texels, the same for the GL
/// backend (`Shaders/point_sprite.vert`/`.frag` compute it in GLSL integers) and every CPU path, so that
/// no written byte depends on what GLSL ES 3.00 leaves to the implementation (docs/parity.md, "Point
/// sprites").
///
/// Units: window coordinates of the guard-banded framebuffer, y up, pixel (i, j) = [i, i+1) × [j, j+1).
/// A point's centre arrives quantized to eighths of a pixel, `q` (the motion runs on the CPU for both
/// backends). Along each axis the sprite covers `coverage` pixels from ``first(_:)``, placed so that
/// its GL square of side `size` has every edge on a pixel boundary (whole sizes) or at least 1/4 px
/// from the nearest pixel centre: any rasteriser erring by less (softpipe's 4 sub-pixel bits and 1/8
/// px wide-point bias included) covers the same pixels, and `floor(gl_PointCoord · size)` names the
/// same pixel of the sprite. Texel positions are in 1/256 texel, from a per-point origin and a per-frame
/// phase in exact eighths: bilinear weights are whole numbers of 1/256, the same in both backends.
public struct PointSpriteRaster: Sendable, Equatable {
    /// The sprite's side in pixels (a multiple of 1/8).
    public let size: Float
    /// Pixels covered along each axis: ⌊size⌋, plus one when the fraction is at least 1/2.
    public let coverage: Int32
    /// Texel step from one pixel of the sprite to the next, in 1/256 texel (x right, y down the snapshot).
    public let step: SIMD2<Int32>
    /// The snapshot's span of one sprite in texels, and the snapshot's size.
    let cellTexels: SIMD2<Double>
    let textureHeight: Double
    let textureWidth: Double

    /// A centre the motion stage dropped (outside the clip volume): every visible centre is ≥ 0.
    public static let dropped: Int32 = -1

    /// The raster for `batch` drawing from its texture; throws ``PointSizeNotEighths`` unless the
    /// point size is a whole number of eighths of a pixel.
    public init(_ batch: PointSpriteBatch) throws {
        let size = batch.pointSize
        let eighths = size * 8
        guard size.isFinite, size > 0, eighths == eighths.rounded(), eighths < 0x1p20 else {
            throw PointSizeNotEighths(size: size)
        }
        self.size = size
        let whole = Int32(size.rounded(.down))
        coverage = size - Float(whole) < 0.5 ? whole : whole + 1
        textureWidth = Double(batch.texture.image.width)
        textureHeight = Double(batch.texture.image.height)
        cellTexels = SIMD2(Double(batch.texcoordScale.x) * textureWidth, Double(batch.texcoordScale.y) * textureHeight)
        step = SIMD2(
            Int32((cellTexels.x * 256 / Double(size)).rounded()), Int32((cellTexels.y * 256 / Double(size)).rounded()))
    }

    /// The first pixel covered along one axis by a sprite centred at `q` eighths: ⌊q/8 − n/2 + 1/2⌋.
    @inline(__always)
    public func first(_ q: Int32) -> Int32 { (q &- 4 &* coverage &+ 4) &>> 3 }

    /// The GL centre of the covered pixels, in 1/16 pixel: `first + n/2`, exact in float.
    @inline(__always)
    public func glCentre(_ q: Int32) -> Int32 { 16 &* first(q) &+ 8 &* coverage }

    /// A point's texel origin, in 1/256 texel: its cell's centre in the snapshot minus half a texel
    /// (so that the integer part names the filter's first texel), x from the left, y from the top.
    /// `uvOrigin` is the grid's (the cell's lower-left corner, v up).
    public func origin(uvOrigin: SIMD2<Float>) -> SIMD2<Int32> {
        let x = (Double(uvOrigin.x) * textureWidth + cellTexels.x / 2) * 256
        let y = (textureHeight - Double(uvOrigin.y) * textureHeight - cellTexels.y / 2) * 256
        return SIMD2(Int32(x.rounded()) &- 128, Int32(y.rounded()) &- 128)
    }

    /// The texel position (1/256 texel) of the sprite's pixel k = 0 along x (its leftmost column):
    /// the origin plus the phase, pixel centre minus true centre in eighths, scaled by the step.
    @inline(__always)
    public func baseX(origin: Int32, q: Int32) -> Int32 {
        origin &+ (((8 &* first(q) &+ 4 &- q) &* step.x) &>> 3)
    }

    /// Along y, k = 0 is the sprite's top row (the snapshot's rows count down, window rows up).
    @inline(__always)
    public func baseY(origin: Int32, q: Int32) -> Int32 {
        origin &+ (((q &- 8 &* (first(q) &+ coverage) &+ 4) &* step.y) &>> 3)
    }

    /// The smallest power of two holding `pixels`: the side of the point draw's viewport, so that
    /// window → NDC is a multiplication by a power of two (exact, fused or not).
    public static func viewportSide(_ pixels: Int) -> Int {
        var side = 1
        while side < pixels { side *= 2 }
        return side
    }

    /// A centre's window position (pixels) quantized to eighths, rounded to nearest: `w` ≥ 0 for any
    /// point inside the clip volume.
    @inline(__always)
    public static func quantize(_ w: Float) -> Int32 { Int32(w * 8 + 0.5) }
}

/// A point size the point-sprite program cannot place exactly: it must be a whole number of eighths of a
/// pixel (after the scale).
public struct PointSizeNotEighths: Error, CustomStringConvertible, Equatable {
    public let size: Float
    public init(size: Float) { self.size = size }
    public var description: String {
        "point sprites \(size) pixels wide cannot be placed exactly: use a point size whose pixel size (point size "
            + "× scale) is a positive multiple of 1/8 (0.125), e.g. \(((size * 8).rounded() / 8).clamped(0.125)) pixels"
    }
}

extension Float {
    fileprivate func clamped(_ low: Float) -> Float { Swift.max(self, low) }
}
