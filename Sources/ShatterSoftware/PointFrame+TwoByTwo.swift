/// Sprites exactly two pixels wide on a grid without a tap table (``PointSpritePath/smallSprites(_:)``
/// with none): a square exactly 2 pixels wide, centred anywhere on the 1/256-pixel grid, covers exactly
/// 2 × 2 pixels, so, as the kernel does, they are shaded in the vertex stage eight at a time (two
/// column taps, two row taps, four blends, by the program's own tap code), binned there onto pages
/// (``PixelPages``), and stored pixel by pixel in draw order. The same pixels as the reference, which
/// `PointLanesTests` and `SmallSpriteTests` check. Kept because the binned path is about 1.9 times
/// slower for them (paired, 1080p, nearest filtering).
extension PointFrame {
    /// The vertex program, the set-up and the fragment program on chunk `chunk`'s points: each drawn
    /// sprite's four colors go to `squareColors`, and an entry naming its upper left pixel and the point
    /// to the pages of the one or two bands its rows touch. For grids without a tap table (the kernel,
    /// ``kernelStage(chunk:points:pages:)``, draws the others the same way).
    func twoByTwoStage(chunk: Int, points: Points, pages: PixelPages) {
        let sampler = points.sampler
        var writer = pages.writer(chunk: chunk)
        let one = SIMD8<Int32>(repeating: 1)
        forEachBlock(chunk: chunk, of: points) { _ in
        } visible: { block, point, centre in
            // Framebuffer column of the left pixels, row (counted up) of the lower ones.
            let left = setup.firstCoveredPixels(centre.x)
            let lower = setup.firstCoveredPixels(centre.y)
            let column = left &- SIMD8(repeating: Int32(g))
            let row = SIMD8(repeating: Int32(topRow)) &- (lower &+ one)  // the upper pixels' image row
            let inside =
                (column .>= SIMD8(repeating: -1)) .& (column .< SIMD8(repeating: Int32(width)))
                .& (row .>= SIMD8(repeating: -1)) .& (row .< SIMD8(repeating: Int32(height)))
            let drawn = centre.visible & inside.bits
            if drawn == 0 { return }
            let (leftTaps, rightTaps, upperTaps, lowerTaps) = taps(
                left: left, lower: lower, centre: centre, u: point.pointee.u, v: point.pointee.v, program: points.program,
                sampler: sampler)
            let colors = UnsafeMutableRawPointer(buffers.squareColors!) + block * 128
            colors.storeBytes(of: sampler.blend(leftTaps, upperTaps), toByteOffset: 0, as: SIMD8<UInt32>.self)
            colors.storeBytes(of: sampler.blend(rightTaps, upperTaps), toByteOffset: 32, as: SIMD8<UInt32>.self)
            colors.storeBytes(of: sampler.blend(leftTaps, lowerTaps), toByteOffset: 64, as: SIMD8<UInt32>.self)
            colors.storeBytes(of: sampler.blend(rightTaps, lowerTaps), toByteOffset: 96, as: SIMD8<UInt32>.self)
            // The upper left pixel, one past each edge so that −1 packs: (row + 1) << 16 | (column + 1).
            let position = ((row &+ one) &<< SIMD8(repeating: 16)) | (column &+ one)
            let index = SIMD8<UInt32>(repeating: UInt32(block * 8)) &+ SIMD8(0, 1, 2, 3, 4, 5, 6, 7)
            append(drawn: drawn, first: position, second: index, rows: row, rowsBelow: 1, to: &writer)
        }
    }

    /// The taps of eight 2 × 2 sprites' two columns (from framebuffer column `left`) and two rows (from
    /// row `lower`, counted up), by the fragment program's code.
    @inline(__always)
    private func taps(
        left: SIMD8<Int32>, lower: SIMD8<Int32>, centre: Centres, u: SIMD8<Float>, v: SIMD8<Float>,
        program: PointSpriteProgram, sampler: TextureSampler
    ) -> (TextureSampler.Taps, TextureSampler.Taps, TextureSampler.Taps, TextureSampler.Taps) {
        let one = SIMD8<Int32>(repeating: 1)
        return (
            program.columnTaps(pcX: setup.pointCoordX(i: left, centre: centre.x), u: u, snapshot: sampler),
            program.columnTaps(pcX: setup.pointCoordX(i: left &+ one, centre: centre.x), u: u, snapshot: sampler),
            program.rowTaps(pcY: setup.pointCoordY(j: lower &+ one, centre: centre.y), v: v, snapshot: sampler),
            program.rowTaps(pcY: setup.pointCoordY(j: lower, centre: centre.y), v: v, snapshot: sampler)
        )
    }
}
