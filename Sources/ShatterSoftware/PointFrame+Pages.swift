import CLanes

/// Binning in the vertex stage, for sprites shaded there (one pixel, 2 × 2): a block's drawn sprites go
/// straight onto their bands' ``PixelPages``.
extension PointFrame {
    /// Appends the lanes set in `drawn` to the pages of the bands they touch: each lane's entry is its
    /// `first` (low 32 bits) and `second` (high 32 bits), and it covers image rows `rows` through
    /// `rows + rowsBelow` (clipped to the image). All at once when they share one band, as a block's
    /// eight neighbours do until they have fallen apart.
    @inline(__always)
    func append(
        drawn: UInt32, first: SIMD8<Int32>, second: SIMD8<UInt32>, rows: SIMD8<Int32>, rowsBelow: Int,
        to writer: inout PixelPages.Writer
    ) {
        let mask = PointSpriteProgram.mask(drawn)
        let lowest = Int(shatter_lanes_min(rows.replacing(with: .max, where: .!mask)))
        let highest = Int(shatter_lanes_max(rows.replacing(with: .min, where: .!mask)))
        // Staged in memory once, so the lane loop reads scalars instead of extracting lanes.
        var staged = (first, second, rows)
        withUnsafeBytes(of: &staged) { staged in
            append(drawn: drawn, staged: staged, lowest: lowest, highest: highest, rowsBelow: rowsBelow, to: &writer)
        }
    }

    /// ``append(drawn:first:second:rows:rowsBelow:to:)`` with the lanes staged at `staged` (eight
    /// `first`, eight `second`, eight rows, 32 bits each), `lowest` and `highest` the least and the
    /// greatest row of those drawn.
    @inline(__always)
    func append(
        drawn: UInt32, staged: UnsafeRawBufferPointer, lowest: Int, highest: Int, rowsBelow: Int,
        to writer: inout PixelPages.Writer
    ) {
        let all = bands(upperRow: lowest, rowsBelow: highest - lowest + rowsBelow)
        if all.count == 1 {
            writer.append(lanes: drawn, staged: staged, band: all.lowerBound)
            return
        }
        forEachSetLane(drawn) { lane in
            let row = Int(staged.load(fromByteOffset: 64 &+ lane &* 4, as: Int32.self))
            if rowsBelow == 0 {  // one band, the row's (a one-pixel sprite's row is in the image)
                writer.append(lane: lane, staged: staged, band: Int(buffers.bandOfRow[row]))
                return
            }
            for band in bands(upperRow: row, rowsBelow: rowsBelow) { writer.append(lane: lane, staged: staged, band: band) }
        }
    }
}
