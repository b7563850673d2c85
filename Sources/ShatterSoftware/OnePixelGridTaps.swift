import ShatterCore

/// The texel positions of one-pixel sprites on a grid laid out row by row, worked out once per grid,
/// so that a frame finds each sprite's taps with an integer addition per axis instead of the fragment
/// program's float arithmetic. The same taps: every value the table stands for is computed here by
/// the program's own code and compared.
///
/// Why a table can stand for them. A sprite exactly one pixel wide covers the pixel i = ⌊(c + 127) / 256⌋
/// its snapped centre c (in 1/256 pixel) lies in, and its point coordinate there, 0.5 + (i − c/256),
/// is d/256 with d = 128 + 256·i − c, a whole number in 0…255. Every step of that is exact in float
/// (c is below 2²⁴, and i − c/256 lies within ±1/2 with eight fraction bits), so the texel position
/// along x (``TextureSampler/linearPosition(_:size:)`` of ``PointSpriteProgram/columnCoordinates(pcX:u:)``)
/// depends on the point's u and on d alone; along y, through 1 − pcY = d/256, on its v and the row's d.
/// On a grid where u is the column's and v the row's (ShatteredTransition's), that is 256 positions
/// per grid column and per grid row. They are all computed here, and the table is kept only if each
/// one is the position at d = 0 plus d (along y, minus d), as it is when the snapshot has the screen's
/// pixels. Anything else (a snapshot of another size, another grid, nearest filtering, a point size
/// other than exactly one pixel) has no table, and frames take the program's path.
final class OnePixelGridTaps: @unchecked Sendable {  // immutable after init
    /// The table, for the vertex stage's loop while this object holds it (raw memory in a struct:
    /// arrays, or this class, would cost a retain and a release on every block).
    let table: Table

    struct Table {
        /// Points per grid row, and grid rows.
        let columns: Int, rows: Int
        /// Per grid column: the texel position along x at d = 0, in 1/256 texel.
        let columnBase: UnsafeMutableBufferPointer<Int32>
        /// Per grid row, and one more for the padding lanes past the grid's end: along y at d = 0.
        let rowBase: UnsafeMutableBufferPointer<Int32>
    }

    /// The table for `grid` drawn by `program` with `setup` from a snapshot `width` × `height`, or nil
    /// where no table can stand for the program (see the type's comment).
    init?(grid: PointGrid, program: PointSpriteProgram, setup: PointSetup, width: Int, height: Int, filter: TextureFilter) {
        // Centres in 1/256 pixel stay below 2²⁴ in a framebuffer under 2¹⁶ pixels.
        guard filter == .linear, setup.size == 1, setup.halfViewport.x < 32768, setup.halfViewport.y < 32768,
            let (columns, rows) = Self.layout(of: grid)
        else { return nil }
        let a = grid.attributes
        let stride = PointGrid.stride
        let d = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
        var columnBase = [Int32]()
        for column in 0..<columns {
            let u = SIMD8<Float>(repeating: a[column * stride + 2])
            guard
                let base = Self.base(
                    step: 1, d: d,
                    position: { d in
                        TextureSampler.linearPosition(
                            program.columnCoordinates(pcX: SIMD8<Float>(d) / 256, u: u), size: width)
                    })
            else { return nil }
            columnBase.append(base)
        }
        var rowBase = [Int32]()
        for row in 0..<rows {
            let v = SIMD8<Float>(repeating: a[row * columns * stride + 3])
            guard
                let base = Self.base(
                    step: -1, d: d,
                    position: { d in
                        TextureSampler.linearPosition(
                            program.rowCoordinates(pcY: SIMD8<Float>(256 &- d) / 256, v: v), size: height)
                    })
            else { return nil }
            rowBase.append(base)
        }
        rowBase.append(0)  // padding lanes are never drawn
        table = Table(
            columns: columns, rows: rows, columnBase: .allocate(capacity: columnBase.count),
            rowBase: .allocate(capacity: rowBase.count))
        _ = table.columnBase.initialize(from: columnBase)
        _ = table.rowBase.initialize(from: rowBase)
    }

    deinit {
        table.columnBase.deallocate()
        table.rowBase.deallocate()
    }

    /// The position at d = 0 if the position at every d in 0…255 is it plus `step`·d.
    private static func base(step: Int32, d: SIMD8<Int32>, position: (SIMD8<Int32>) -> SIMD8<Int32>) -> Int32? {
        let base = position(.zero)[0]
        for first in stride(from: Int32(0), to: 256, by: 8) {
            let offsets = d &+ SIMD8(repeating: first)
            guard position(offsets) == SIMD8(repeating: base) &+ offsets &* SIMD8(repeating: step) else { return nil }
        }
        return base
    }

    /// Columns and rows of a grid whose points go row by row, each row's u the first row's and each
    /// point's v its row's first point's; nil for any other grid.
    private static func layout(of grid: PointGrid) -> (columns: Int, rows: Int)? {
        let a = grid.attributes
        let stride = PointGrid.stride
        let count = grid.count
        guard count > 0 else { return nil }
        var columns = 1
        while columns < count && a[columns * stride + 3].bitPattern == a[3].bitPattern { columns += 1 }
        guard count % columns == 0, columns <= 1 << 16 else { return nil }
        let rows = count / columns
        for row in 0..<rows {
            let v = a[row * columns * stride + 3].bitPattern
            for column in 0..<columns {
                let point = (row * columns + column) * stride
                guard a[point + 2].bitPattern == a[column * stride + 2].bitPattern, a[point + 3].bitPattern == v else {
                    return nil
                }
            }
        }
        return (columns, rows)
    }
}

extension OnePixelGridTaps.Table {
    /// The eight points of block `block`'s positions at d = 0, along x and along y.
    @inline(__always)
    func bases(block: Int) -> (x: SIMD8<Int32>, y: SIMD8<Int32>) {
        let first = block &* 8
        let row = first / columns
        let column = first &- row &* columns
        if column &+ 8 <= columns {  // all in one grid row
            return (
                UnsafeRawPointer(columnBase.baseAddress! + column).loadUnaligned(as: SIMD8<Int32>.self),
                SIMD8(repeating: rowBase[row])
            )
        }
        var x = SIMD8<Int32>.zero
        var y = SIMD8<Int32>.zero
        for lane in 0..<8 {
            let row = (first &+ lane) / columns
            x[lane] = columnBase[(first &+ lane) &- row &* columns]
            y[lane] = rowBase[min(row, rows)]
        }
        return (x, y)
    }
}
