import ShatterCore

/// The texel positions of sprites one or two pixels wide on a grid laid out row by row, worked out
/// once per grid, so that a frame finds each sprite's taps with an integer addition per axis instead
/// of the fragment program's float arithmetic. The same taps: every value the table stands for is
/// computed here by the program's own code and compared.
///
/// Why a table can stand for them. A sprite exactly s pixels wide (s = 1 or 2) with snapped centre c
/// (in 1/256 pixel) covers the pixels i + k, k = 0…s − 1, from i = ⌊(c + 128 − 128·s + 255) / 256⌋, and its
/// point coordinate at pixel i + k, 0.5 + (i + k − c/256) / s, is (d + 256·k) / (256·s) with
/// d = 128·s + 256·i − c, a whole number in 0…255. Every step of that is exact in float (c is below
/// 2²⁴, i − c/256 has at most eight fraction bits and stays within ±1, and s is a power of two), so
/// the texel position along x (``TextureSampler/linearPosition(_:size:)`` of
/// ``PointSpriteProgram/columnCoordinates(pcX:u:)``) depends on the point's u and on n = d + 256·k
/// alone; along y, through 1 − pcY = n / (256·s), on its v and the row's n. On a grid where u is the
/// column's and v the row's (ShatteredTransition's), that is 256·s positions per grid column and per
/// grid row. They are all computed here, and the table is kept only if each one is the position at
/// n = 0 plus n (along y, minus n), as it is when the snapshot has the screen's pixels. Anything else
/// (a snapshot of another size, another grid, nearest filtering, another point size) has no table,
/// and frames take the program's path.
final class SmallSpriteTaps: @unchecked Sendable {  // immutable after init
    /// The table, for the vertex stage's loop while this object holds it (raw memory in a struct:
    /// arrays, or this class, would cost a retain and a release on every block).
    let table: Table

    struct Table {
        /// Points per grid row, and grid rows.
        let columns: Int, rows: Int
        /// Per grid column: the texel position along x at n = 0, in 1/256 texel.
        let columnBase: UnsafeMutableBufferPointer<Int32>
        /// Per grid row, and one more for the padding lanes past the grid's end: along y at n = 0.
        let rowBase: UnsafeMutableBufferPointer<Int32>
    }

    /// The table for `grid` drawn by `program` with `setup` from a snapshot `width` × `height`, or nil
    /// where no table can stand for the program (see the type's comment).
    init?(grid: PointGrid, program: PointSpriteProgram, setup: PointSetup, width: Int, height: Int, filter: TextureFilter) {
        // Centres in 1/256 pixel stay below 2²⁴ in a framebuffer under 2¹⁶ pixels.
        guard filter == .linear, setup.size == 1 || setup.size == 2, setup.halfViewport.x < 32768,
            setup.halfViewport.y < 32768, let (columns, rows) = Self.layout(of: grid)
        else { return nil }
        let offsets = Int32(256 * setup.size)  // n = 0 ..< offsets
        let a = grid.attributes
        let stride = PointGrid.stride
        var columnBase = [Int32]()
        for column in 0..<columns {
            let u = SIMD8<Float>(repeating: a[column * stride + 2])
            guard
                let base = Self.base(
                    step: 1, offsets: offsets,
                    position: { n in
                        TextureSampler.linearPosition(
                            program.columnCoordinates(pcX: SIMD8<Float>(n) / Float(offsets), u: u), size: width)
                    })
            else { return nil }
            columnBase.append(base)
        }
        var rowBase = [Int32]()
        for row in 0..<rows {
            let v = SIMD8<Float>(repeating: a[row * columns * stride + 3])
            guard
                let base = Self.base(
                    step: -1, offsets: offsets,
                    position: { n in
                        TextureSampler.linearPosition(
                            program.rowCoordinates(pcY: SIMD8<Float>(SIMD8(repeating: offsets) &- n) / Float(offsets), v: v),
                            size: height)
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

    /// The position at n = 0 if the position at every n in 0 ..< `offsets` is it plus `step`·n.
    private static func base(step: Int32, offsets: Int32, position: (SIMD8<Int32>) -> SIMD8<Int32>) -> Int32? {
        let base = position(.zero)[0]
        for first in Swift.stride(from: Int32(0), to: offsets, by: 8) {
            let n = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7) &+ SIMD8(repeating: first)
            guard position(n) == SIMD8(repeating: base) &+ n &* SIMD8(repeating: step) else { return nil }
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
