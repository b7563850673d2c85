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
        let all = bands(upperRow: lowest, rowsBelow: highest - lowest + rowsBelow)
        // Staged in memory once, so the lane loop reads scalars instead of extracting lanes.
        var staged = (shatter_lanes_entries(unsafeBitCast(first, to: SIMD8<UInt32>.self), second), rows)
        withUnsafeBytes(of: &staged) { staged in
            let entries = staged.baseAddress!
            if all.count == 1 {
                writer.append(lanes: drawn, entries: entries, band: all.lowerBound)
                return
            }
            forEachSetLane(drawn) { lane in
                let row = Int(staged.load(fromByteOffset: 64 &+ lane &* 4, as: Int32.self))
                for band in bands(upperRow: row, rowsBelow: rowsBelow) { writer.append(lane: lane, entries: entries, band: band) }
            }
        }
    }
}
