import ShatterCore

/// A grid whose centre and uv origin depend on the column alone along x and on the row alone along y
/// (the shattered transition's: point i in column i % columns, row i / columns), as per-column and
/// per-row tables and ``PointMotionLanes``. Fixed memory the kernel's frame points into while this lives.
package final class SeparableGrid: @unchecked Sendable {  // written once, before it is shared
    let columns: Int
    let rows: Int
    let motion: UnsafeMutableBufferPointer<PointMotionLanes>
    let columnCentreX: UnsafeMutableBufferPointer<Float>
    let columnOriginX: UnsafeMutableBufferPointer<Int32>
    /// `rows` + 8 rows: those past the grid hold a NaN centre, so that a last block's padding lanes
    /// (however few columns a row has) are never drawn.
    let rowCentreY: UnsafeMutableBufferPointer<Float>
    let rowOriginY: UnsafeMutableBufferPointer<Int32>
    /// Per block, the time up to which none of its points has reached the speed limit or a wall (the
    /// least of their ``PointSpriteProgram/invariants(centre:motion:)``, −∞ for a NaN): until then the
    /// vertex program needs neither quotient, and the kernel does not divide them out.
    let plainUntil: UnsafeMutableBufferPointer<Float>

    /// Tables for `columns` × `rows` points; centres and origins from the first row and column of
    /// `attributes` (`PointGrid`'s), motion not yet filled in.
    init(columns: Int, rows: Int, blocks: Int, attributes: UnsafeBufferPointer<Float>, raster: PointSpriteRaster) {
        self.columns = columns
        self.rows = rows
        motion = .allocate(capacity: blocks)
        motion.initialize(repeating: PointMotionLanes())
        plainUntil = .allocate(capacity: blocks)
        plainUntil.initialize(repeating: .infinity)
        columnCentreX = .allocate(capacity: columns)
        columnOriginX = .allocate(capacity: columns)
        rowCentreY = .allocate(capacity: rows + 8)
        rowOriginY = .allocate(capacity: rows + 8)
        rowCentreY.initialize(repeating: .nan)
        rowOriginY.initialize(repeating: 0)
        for column in 0..<columns {
            let a = column * PointGrid.stride
            columnCentreX[column] = attributes[a]
            columnOriginX[column] =
                raster.origin(
                    uvOrigin: SIMD2(attributes[a + 2], 0), extent: SIMD2(raster.tiling.extent(column), 0)
                ).x
        }
        for row in 0..<rows {
            let a = row * columns * PointGrid.stride
            rowCentreY[row] = attributes[a + 1]
            rowOriginY[row] = raster.origin(uvOrigin: SIMD2(0, attributes[a + 3]), extent: SIMD2(0, raster.tiling.extent(row))).y
        }
    }

    deinit {
        for buffer in [columnCentreX, rowCentreY, plainUntil] { buffer.deallocate() }
        for buffer in [columnOriginX, rowOriginY] { buffer.deallocate() }
        motion.deallocate()
    }

    /// The columns of a grid that may be separable: the points before the first whose row (centre y,
    /// uv origin v) differs from point 0's, nil when they do not divide the grid into whole rows.
    static func columns(of attributes: UnsafeBufferPointer<Float>, count: Int) -> Int? {
        guard count > 0 else { return nil }
        let stride = PointGrid.stride
        var columns = 1
        while columns < count
            && attributes[columns * stride + 1].bitPattern == attributes[1].bitPattern
            && attributes[columns * stride + 3].bitPattern == attributes[3].bitPattern
        {
            columns += 1
        }
        return count % columns == 0 ? columns : nil
    }

    /// Whether point `i`'s centre and uv origin are, bit for bit, its column's and its row's.
    @inline(__always)
    func holds(point i: Int, of attributes: UnsafeBufferPointer<Float>) -> Bool {
        let (row, column) = i.quotientAndRemainder(dividingBy: columns)
        let a = i * PointGrid.stride
        let rowFirst = row * columns * PointGrid.stride
        return attributes[a].bitPattern == columnCentreX[column].bitPattern
            && attributes[a + 2].bitPattern == attributes[column * PointGrid.stride + 2].bitPattern
            && attributes[a + 1].bitPattern == rowCentreY[row].bitPattern
            && attributes[a + 3].bitPattern == attributes[rowFirst + 3].bitPattern
    }
}
