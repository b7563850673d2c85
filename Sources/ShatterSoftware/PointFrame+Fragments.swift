import CLanes
import ShatterCore
import ShatterPointSprites

/// The fragment stage of ``SoftwareRenderer/drawInLanes(_:into:guardBand:background:)``, one band at a time.
extension PointFrame {
    /// Sprites larger than one pixel, the part of each inside `band`: column taps eight at a time, then
    /// row by row, eight pixels at a time. A bilinear fetch blends two texel rows, each across its two
    /// columns, then the rows; a sprite's next row mostly reads the texel row this one read second,
    /// whose horizontal blend (the same columns, the same weights, so the same integers) is kept.
    func drawSprites(_ entries: Range<Int>, band: Int, points: Points) {
        guard let list = buffers.list else { return }
        let (lanes, sampler) = (points.vertices.lanes, points.sampler)
        let bandRows = chunkRange(band, of: bandCount, total: height)
        let spanBlocks = (setup.coverage + 7) / 8
        var columnTaps = [TextureSampler.Taps](repeating: .init(first: .zero, second: .zero, weight: .zero), count: spanBlocks)
        var rowTaps = columnTaps
        var keptRow = [SIMD32<UInt16>](repeating: .zero, count: spanBlocks)
        keptRow.withUnsafeMutableBufferPointer { keptRow in
            columnTaps.withUnsafeMutableBufferPointer { columnTaps in
                rowTaps.withUnsafeMutableBufferPointer { rowTaps in
                    for entry in entries {
                        let i = Int(list[entry])
                        if entry &+ Self.prefetchDistance < entries.upperBound {
                            prefetchTexels(ofPoint: Int(list[entry &+ Self.prefetchDistance]), points: points)
                        }
                        if entry &+ 2 &* Self.prefetchDistance < entries.upperBound {
                            prefetchPoint(Int(list[entry &+ 2 &* Self.prefetchDistance]), points: points)
                        }
                        let centreX = buffers.x[i]
                        let centreY = buffers.y[i]
                        let raster = setup.raster
                        let extent = raster.extents(ofPoint: i)
                        let rows = rows(centreY: centreY, extent: extent.y).clamped(to: bandRows)
                        let columns = columns(centreX: centreX, extent: extent.x)
                        if rows.isEmpty { continue }
                        // The texel positions of the sprite's pixels: its first pixel's, then a step each
                        // (PointSpriteRaster), from the first column and row drawn.
                        let step = raster.step
                        let origin = Self.origin(ofPoint: i, lanes: lanes)
                        let firstKX = Int32(columns.lowerBound + g) &- raster.first(centreX, extent: extent.x)
                        let firstKY =
                            Int32(rows.lowerBound - topRow) &+ raster.first(centreY, extent: extent.y) &+ extent.y &- 1
                        let baseX = raster.baseX(origin: origin.x, q: centreX, extent: extent.x) &+ firstKX &* step.x
                        let baseY = raster.baseY(origin: origin.y, q: centreY, extent: extent.y) &+ firstKY &* step.y
                        let span = columns.count
                        let lane = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
                        for b in 0..<(span + 7) / 8 {
                            let k = lane &+ SIMD8(repeating: Int32(b * 8))
                            columnTaps[b] = sampler.taps(
                                fixed: SIMD8(repeating: baseX) &+ k &* SIMD8(repeating: step.x), size: sampler.width)
                        }
                        let contiguous = Self.isContiguous(columnTaps, span: span)
                        for b in 0..<(rows.count + 7) / 8 {
                            let k = lane &+ SIMD8(repeating: Int32(b * 8))
                            rowTaps[b] = sampler.taps(
                                fixed: SIMD8(repeating: baseY) &+ k &* SIMD8(repeating: step.y), size: sampler.height)
                        }
                        var keptTexelRow = -1  // none kept for this sprite yet
                        for (k, row) in rows.enumerated() {
                            let taps = rowTaps[k / 8]
                            let rowTap = (first: Int(taps.first[k % 8]), second: Int(taps.second[k % 8]))
                            let wy = SIMD8<UInt32>(repeating: taps.weight[k % 8])
                            let destination = (row * width + columns.lowerBound) * 4
                            let reuse = rowTap.first == keptTexelRow
                            for b in 0..<(span + 7) / 8 {
                                let taps = columnTaps[b]
                                let upper =
                                    reuse ? keptRow[b] : sampler.horizontal(taps, row: rowTap.first, contiguous: contiguous)
                                let lower = sampler.horizontal(taps, row: rowTap.second, contiguous: contiguous)
                                keptRow[b] = lower
                                let color = shatter_lanes_vertical(upper, lower, wy)
                                target.storeWords(color, count: Swift.min(8, span - b * 8), at: destination + b * 32)
                            }
                            keptTexelRow = rowTap.second
                        }
                    }
                }
            }
        }
    }

    /// Point `i`'s texel origin (1/256 texel): the one place the fragment stages read it (the C stage's
    /// twin is `origin_of` in binned_sprites.c).
    @inline(__always)
    static func origin(ofPoint i: Int, lanes: UnsafeBufferPointer<PointLanes>) -> SIMD2<Int32> {
        SIMD2(lanes[i &>> 3].originX[i & 7], lanes[i &>> 3].originY[i & 7])
    }

    /// Whether the sprite's columns read neighbouring texels, one column to the next (the snapshot at
    /// the framebuffer's own resolution, away from its edges): then each row loads its texels whole.
    @inline(__always)
    static func isContiguous(_ taps: UnsafeMutableBufferPointer<TextureSampler.Taps>, span: Int) -> Bool {
        let start = taps[0].first[0]
        let one = SIMD8<Int32>(repeating: 1)
        let steps = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
        let end = SIMD8<Int32>(repeating: Int32(span))
        for b in 0..<(span + 7) / 8 {
            let offset = SIMD8<Int32>(repeating: Int32(b * 8)) &+ steps
            let expected = SIMD8<Int32>(repeating: start) &+ offset
            let valid = offset .< end
            if (valid .& ((taps[b].first .!= expected) .| (taps[b].second .!= expected &+ one))).bits != 0 { return false }
        }
        return true
    }
}
