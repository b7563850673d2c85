import CLanes

/// One-pixel sprites on a grid without a tap table (``PointSpritePath/smallSprites(_:)`` with none: nearest
/// filtering, a snapshot of another size, another grid, a point size below one pixel): a sprite no more
/// than one pixel wide covers exactly the pixel its snapped centre lies in, so it is shaded in the
/// vertex stage, eight at a time, by the program's own tap code, and binned there into ``PixelPages``,
/// as the kernel does; the fragment stage only stores the colors. Kept because the binned path is
/// about 4 times slower for them (paired, 1080p, nearest filtering).
extension PointFrame {
    /// The vertex program, the set-up and the fragment program on chunk `chunk`'s points, each drawn
    /// sprite's pixel and color appended to its band's pages: where the grid has no tap table (the
    /// kernel, ``kernelStage(chunk:points:pages:)``, draws the others).
    func onePixelStage(chunk: Int, points: Points, pages: PixelPages) {
        let sampler = points.sampler
        var writer = pages.writer(chunk: chunk)
        let imageWidth = SIMD8<Int32>(repeating: Int32(width))
        let imageHeight = SIMD8<Int32>(repeating: Int32(height))
        let guardBand = SIMD8<Int32>(repeating: Int32(g))
        let top = SIMD8<Int32>(repeating: Int32(topRow))
        let zero = SIMD8<Int32>.zero
        forEachBlock(chunk: chunk, of: points) { _ in
        } visible: { block, point, centre in
            // The one pixel each covers: its column and row in the image.
            let column = setup.firstCoveredPixels(centre.x)
            let rowUp = setup.firstCoveredPixels(centre.y)
            let imageColumn = column &- guardBand
            let imageRow = top &- rowUp
            let drawn =
                centre.visible
                & ((imageColumn .>= zero) .& (imageColumn .< imageWidth) .& (imageRow .>= zero) .& (imageRow .< imageHeight))
                .bits
            if drawn == 0 { return }
            let color = shade(
                column: column, rowUp: rowUp, centre: centre, u: point.pointee.u, v: point.pointee.v,
                program: points.program, sampler: sampler)
            append(
                drawn: drawn, first: imageRow &* imageWidth &+ imageColumn, second: color, rows: imageRow,
                rowsBelow: 0, to: &writer)
        }
    }

    /// The colors of eight one-pixel sprites: the fragment program at the pixel each covers (framebuffer
    /// column `column`, row `rowUp` counted from the bottom), blended in fixed point as sprites are.
    @inline(__always)
    private func shade(
        column: SIMD8<Int32>, rowUp: SIMD8<Int32>, centre: Centres,
        u: SIMD8<Float>, v: SIMD8<Float>, program: PointSpriteProgram, sampler: TextureSampler
    ) -> SIMD8<UInt32> {
        let pcX = setup.pointCoordX(i: column, centre: centre.x)
        let pcY = setup.pointCoordY(j: rowUp, centre: centre.y)
        let columnTaps = program.columnTaps(pcX: pcX, u: u, snapshot: sampler)
        let rowTaps = program.rowTaps(pcY: pcY, v: v, snapshot: sampler)
        return sampler.blend(columnTaps, rowTaps)
    }
}
