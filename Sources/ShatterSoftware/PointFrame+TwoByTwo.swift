/// Sprites exactly two pixels wide, in ``SoftwareRenderer/drawInLanes(_:into:guardBand:)``: a
/// square exactly 2 pixels wide, centred anywhere on the 1/256-pixel grid, covers exactly 2 × 2 pixels, so,
/// like one-pixel sprites, they are shaded in the vertex stage eight at a time (two column taps, two
/// row taps, four blends), and stored pixel by pixel in draw order. The same pixels as drawing them as
/// general sprites, which `PointLanesTests` (point size 2, and 1 at scale 2) and the goldens check.
extension PointFrame {
    /// Shades block `block`'s 2 × 2 sprites, stores their upper left pixel (image column in `x`, row in
    /// `y`, `x` = `Int32.min` for a sprite that draws nothing) and four colors, and counts them per band.
    @inline(__always)
    func shadeTwoByTwo(
        block: Int, centre: (x: SIMD8<Int32>, y: SIMD8<Int32>, visible: SIMDMask<SIMD8<Int32>>), u: SIMD8<Float>,
        v: SIMD8<Float>, program: PointSpriteProgram, sampler: TextureSampler, counts: UnsafeMutablePointer<Int>
    ) {
        let xs = UnsafeMutableRawPointer(buffers.x)
        let ys = UnsafeMutableRawPointer(buffers.y)
        // Framebuffer column of the left pixels, row (counted up) of the lower ones.
        let left = setup.firstCoveredPixels(centre.x)
        let lower = setup.firstCoveredPixels(centre.y)
        let one = SIMD8<Int32>(repeating: 1)
        let column = left &- SIMD8(repeating: Int32(g))
        let row = SIMD8(repeating: Int32(topRow)) &- (lower &+ one)  // the upper pixels' image row
        let inside =
            (column .>= SIMD8(repeating: -1)) .& (column .< SIMD8(repeating: Int32(width)))
            .& (row .>= SIMD8(repeating: -1)) .& (row .< SIMD8(repeating: Int32(height)))
        let drawn = (centre.visible .& inside).bits
        guard drawn != 0 else {
            xs.storeBytes(of: SIMD8<Int32>(repeating: .min), toByteOffset: block * 32, as: SIMD8<Int32>.self)
            return
        }
        let leftTaps = program.columnTaps(pcX: setup.pointCoordX(i: left, centre: centre.x), u: u, snapshot: sampler)
        let rightTaps = program.columnTaps(pcX: setup.pointCoordX(i: left &+ one, centre: centre.x), u: u, snapshot: sampler)
        let upperTaps = program.rowTaps(pcY: setup.pointCoordY(j: lower &+ one, centre: centre.y), v: v, snapshot: sampler)
        let lowerTaps = program.rowTaps(pcY: setup.pointCoordY(j: lower, centre: centre.y), v: v, snapshot: sampler)
        let colors = UnsafeMutableRawPointer(buffers.squareColors!) + block * 128
        colors.storeBytes(of: sampler.blend(leftTaps, upperTaps), toByteOffset: 0, as: SIMD8<UInt32>.self)
        colors.storeBytes(of: sampler.blend(rightTaps, upperTaps), toByteOffset: 32, as: SIMD8<UInt32>.self)
        colors.storeBytes(of: sampler.blend(leftTaps, lowerTaps), toByteOffset: 64, as: SIMD8<UInt32>.self)
        colors.storeBytes(of: sampler.blend(rightTaps, lowerTaps), toByteOffset: 96, as: SIMD8<UInt32>.self)
        count(drawn: drawn, rows: row, rowsBelow: 1, into: counts)
        xs.storeBytes(
            of: column.replacing(with: .min, where: .!PointSpriteProgram.mask(drawn)), toByteOffset: block * 32,
            as: SIMD8<Int32>.self)
        ys.storeBytes(of: row, toByteOffset: block * 32, as: SIMD8<Int32>.self)
    }

    /// 2 × 2 sprites: the pixels of each that lie in `band` and in the image, in draw order.
    func storeTwoByTwo(_ entries: Range<Int>, band: Int) {
        guard let list = buffers.list, let colors = buffers.squareColors else { return }
        let bandRows = chunkRange(band, of: bandCount, total: height)
        for entry in entries {
            let i = Int(list[entry])
            let column = Int(buffers.x[i])
            let row = Int(buffers.y[i])
            // Color k of point i: block i / 8, word k, lane i % 8.
            let first = (i &>> 3) &* 32 &+ (i & 7)
            for dy in 0..<2 where bandRows.contains(row &+ dy) {
                for dx in 0..<2 where column &+ dx >= 0 && column &+ dx < width {
                    target.storeWord(colors[first &+ (dy &* 2 &+ dx) &* 8], at: ((row &+ dy) &* width &+ column &+ dx) &* 4)
                }
            }
        }
    }
}
