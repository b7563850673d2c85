/// How a grid of pieces shares the screen's pixels: along each axis, piece i spans pixels
/// ⌊i·P + 1/2⌋ ..< ⌊(i + 1)·P + 1/2⌋ for a piece size of P pixels (a whole number of eighths), so
/// neighbouring pieces share their edges and every pixel belongs to exactly one piece, whatever P is.
/// Pieces are ⌊P⌋ or ⌈P⌉ pixels wide, alternating as a line-drawing algorithm's steps do; at a whole P
/// every piece is P wide and starts at i·P.
///
/// Integers only, so the effect that builds the grid, the GL backend's uploads and every CPU path
/// (and `binned_sprites.c`, `tile_start`) name the same pixels.
public struct PieceTiling: Sendable, Equatable {
    /// The piece size in eighths of a pixel, P·8.
    public let eighths: Int32
    /// Pieces per row: point i of the grid is column i % columns, row i / columns.
    public let columns: Int

    public init(eighths: Int32, columns: Int) {
        self.eighths = eighths
        self.columns = max(columns, 1)
    }

    /// The tiling of pieces `pixels` wide; throws ``PointSizeNotEighths`` unless that is a positive
    /// whole number of eighths of a pixel (under 2¹⁷ pixels), the only sizes the program places exactly.
    public init(pixels: Float, columns: Int) throws(PointSizeNotEighths) {
        let eighths = pixels * 8
        guard pixels.isFinite, pixels > 0, eighths == eighths.rounded(), eighths < 0x1p20 else {
            throw PointSizeNotEighths(size: pixels)
        }
        self.init(eighths: Int32(eighths), columns: columns)
    }

    /// The piece size in pixels, P (exact: a multiple of 1/8).
    public var pixels: Float { Float(eighths) / 8 }

    /// Whether every piece is the same whole number of pixels wide.
    public var isWhole: Bool { eighths & 7 == 0 }

    /// The first pixel of piece `i` along an axis: ⌊i·P + 1/2⌋.
    @inline(__always)
    public func start(_ i: Int) -> Int { (i &* Int(eighths) &+ 4) &>> 3 }

    /// Piece `i`'s width (or height) in pixels: ⌊P⌋ or ⌈P⌉ (0 for some pieces when P < 1).
    @inline(__always)
    public func extent(_ i: Int) -> Int32 { Int32(truncatingIfNeeded: start(i &+ 1) &- start(i)) }

    /// Grid point `i`'s width and height in pixels (its column's and its row's extents).
    @inline(__always)
    public func extents(ofPoint i: Int) -> SIMD2<Int32> {
        if isWhole { return SIMD2(repeating: eighths &>> 3) }
        let (row, column) = i.quotientAndRemainder(dividingBy: columns)
        return SIMD2(extent(column), extent(row))
    }
}
