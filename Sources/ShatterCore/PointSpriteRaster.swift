/// The integer program that places a point sprite and addresses its texels, the same for the GL
/// backend (`Shaders/point_sprite.vert`/`.frag` compute it in GLSL integers) and every CPU path, so that
/// no written byte depends on what GLSL ES 3.00 leaves to the implementation (docs/parity.md, "Point
/// sprites").
///
/// Units: window coordinates of the guard-banded framebuffer, y up, pixel (i, j) = [i, i+1) × [j, j+1).
/// A point's centre arrives quantized to eighths of a pixel, `q` (the motion runs on the CPU for both
/// backends). Each piece has its own whole-pixel extent along each axis, its share of the screen
/// (``PieceTiling``: ⌊P⌋ or ⌈P⌉ for a size of P pixels), and covers that many pixels from
/// ``first(_:extent:)``. GL draws it as a point of ``coverage`` = ⌈P⌉ whole pixels whose edges lie on
/// pixel boundaries, its top-left pixel the piece's, and discards the fragments past the piece's extent:
/// `floor(gl_PointCoord · coverage)` names a pixel of the point exactly for any rasteriser error under
/// 1/2 px. At rest a piece's texels are exactly its pixels (the snapshot, copied); in motion its texel
/// positions move by the centre's eighths. Texel positions are in 1/256 texel, from a per-point origin
/// and a per-frame phase in exact eighths: bilinear weights are whole numbers of 1/256, the same in both
/// backends.
public struct PointSpriteRaster: Sendable, Equatable {
    /// The pieces' size in pixels (a multiple of 1/8): their spacing on the screen.
    public let size: Float
    /// The GL point's side in whole pixels, ⌈size⌉: the most any piece covers along an axis.
    public let coverage: Int32
    /// Which pixels each piece of the grid owns.
    public let tiling: PieceTiling
    /// Texel step from one pixel of the sprite to the next, in 1/256 texel (x right, y down the snapshot).
    public let step: SIMD2<Int32>
    /// Texels per pixel along each axis (the snapshot stretched to the screen), and the snapshot's size.
    let texelsPerPixel: SIMD2<Double>
    let textureHeight: Double
    let textureWidth: Double

    /// A centre the motion stage dropped (outside the clip volume): every visible centre is ≥ 0.
    public static let dropped: Int32 = -1

    /// The raster for `batch` drawing from its texture, its pieces as the batch's tiling says; throws
    /// ``PointSizeNotEighths`` for a tiling of no size or one of 2¹⁷ pixels or more.
    public init(_ batch: PointSpriteBatch) throws {
        let eighths = batch.tiling.eighths
        guard eighths > 0, eighths < 1 << 20 else { throw PointSizeNotEighths(size: batch.tiling.pixels) }
        let size = batch.tiling.pixels
        self.size = size
        tiling = batch.tiling
        coverage = (eighths + 7) >> 3
        textureWidth = Double(batch.texture.image.width)
        textureHeight = Double(batch.texture.image.height)
        let cellTexels = SIMD2(Double(batch.texcoordScale.x) * textureWidth, Double(batch.texcoordScale.y) * textureHeight)
        texelsPerPixel = cellTexels / Double(size)
        step = SIMD2(
            Int32((cellTexels.x * 256 / Double(size)).rounded()), Int32((cellTexels.y * 256 / Double(size)).rounded()))
    }

    /// Point `i`'s extent in pixels along x and y (its share of the screen).
    @inline(__always)
    public func extents(ofPoint i: Int) -> SIMD2<Int32> { tiling.extents(ofPoint: i) }

    /// The first pixel covered along one axis by a piece `extent` pixels wide centred at `q` eighths:
    /// ⌊q/8 − extent/2 + 1/2⌋ (at rest, when its centre is its share's, the share's first pixel).
    @inline(__always)
    public func first(_ q: Int32, extent: Int32) -> Int32 { (q &- 4 &* extent &+ 4) &>> 3 }

    /// The GL point's centre along x, in 1/16 pixel: its left edge is the piece's, `first + coverage/2`.
    @inline(__always)
    public func glCentreX(_ q: Int32, extent: Int32) -> Int32 { 16 &* first(q, extent: extent) &+ 8 &* coverage }

    /// Along y (up) the point's top edge is the piece's: `first + extent − coverage/2`, so that
    /// `gl_PointCoord`'s rows from the top are the piece's own.
    @inline(__always)
    public func glCentreY(_ q: Int32, extent: Int32) -> Int32 {
        16 &* (first(q, extent: extent) &+ extent) &- 8 &* coverage
    }

    /// A point's texel origin, in 1/256 texel: its share's centre in the snapshot minus half a texel (so
    /// that the integer part names the filter's first texel), x from the left, y from the top.
    /// `uvOrigin` is the grid's (the share's lower-left corner, v up), `extent` its size in pixels.
    public func origin(uvOrigin: SIMD2<Float>, extent: SIMD2<Int32>) -> SIMD2<Int32> {
        let half = SIMD2<Double>(Double(extent.x), Double(extent.y)) * texelsPerPixel / 2
        let x = (Double(uvOrigin.x) * textureWidth + half.x) * 256
        let y = (textureHeight - Double(uvOrigin.y) * textureHeight - half.y) * 256
        return SIMD2(Int32(x.rounded()) &- 128, Int32(y.rounded()) &- 128)
    }

    /// Grid point `i`'s texel origin, from its attributes (``PointGrid``).
    public func origin(ofPoint i: Int, attributes: UnsafeBufferPointer<Float>) -> SIMD2<Int32> {
        let a = i &* PointGrid.stride
        return origin(uvOrigin: SIMD2(attributes[a + 2], attributes[a + 3]), extent: extents(ofPoint: i))
    }

    /// The texel position (1/256 texel) of the sprite's pixel k = 0 along x (its leftmost column):
    /// the origin plus the phase, pixel centre minus true centre in eighths, scaled by the step.
    @inline(__always)
    public func baseX(origin: Int32, q: Int32, extent: Int32) -> Int32 {
        origin &+ (((8 &* first(q, extent: extent) &+ 4 &- q) &* step.x) &>> 3)
    }

    /// Along y, k = 0 is the sprite's top row (the snapshot's rows count down, window rows up).
    @inline(__always)
    public func baseY(origin: Int32, q: Int32, extent: Int32) -> Int32 {
        origin &+ (((q &- 8 &* (first(q, extent: extent) &+ extent) &+ 4) &* step.y) &>> 3)
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
