import CLanes
import ShatterCore
import ShatterPointSprites

extension SoftwareRenderer {
    /// `PointSpriteProgram` for replacing sprites, eight points at a time, on the path
    /// ``pointSpritePath(for:program:setup:target:)`` chose (``PointSpritePath/smallSprites`` or
    /// ``PointSpritePath/binned``). The same pixels as ``drawPointByPoint(_:program:setup:into:guardBand:)``,
    /// byte for byte:
    ///
    /// 1. Vertex stage, in parallel chunks of points: the vertex program and the rasteriser's set-up
    ///    on eight lanes. Small sprites (one pixel, or 2 × 2) are shaded there too, eight at a
    ///    time, by the small-sprite kernel in C, ``PointFrame/kernelStage(chunk:blocks:points:pages:)``, and
    ///    go straight onto their bands' pages
    ///    (``PixelPages``), in draw order, skipping step 2; on the binned path each chunk counts its
    ///    points per band.
    /// 2. Binning, in parallel chunks: each point's index goes to the bands it touches, in a list laid
    ///    out band by band and, inside a band, chunk by chunk, so points stay in draw order.
    /// 3. Fragment stage, band by band: `background`'s rows of the band copied (the frame's 1:1 picture
    ///    under the sprites, while they are then still in cache), then stores (small sprites) or sprites
    ///    shaded eight columns at a time. Later points overwrite earlier ones, as the GPU's in-order
    ///    blending does.
    func drawInLanes(
        _ batch: PointSpriteBatch, program: PointSpriteProgram, setup: PointSetup, small: Bool,
        into target: Framebuffer, guardBand: GuardBand, background: TexturedQuad?
    ) {
        // Small sprites read the grid through the kernel alone, so a separable grid streams less.
        let grid = pointInvariants.lanes(
            for: batch, program: program, raster: setup.raster, threads: threads, separableAllowed: small)
        let blocks = grid.blocks
        pointScratch.withScratch { scratch in
            // Sprites shaded in the vertex stage leave their bands only stores to do, so few, tall bands
            // balance well enough, and more of a block's sprites share one band and go onto its pages at
            // once: 8 bands cost one core 8–17% more than 4 at point size 1, and two bands a thread render
            // about 3% faster than four on two threads (paired; 0.13.0 had four, and 16 before that).
            let bandCount = small ? min(target.height, threads * 2) : bands(for: target.height)
            let chunks = max(1, min(blocks, threads * 4))
            scratch.reserve(points: small ? 8 : blocks * 8, bins: chunks * bandCount, rows: target.height)
            if small && !setup.isOnePixel { scratch.reserveSquareColors(blocks * 8 * 4) }
            let frame = PointFrame(
                setup: setup, target: target, guardBand: guardBand, bandCount: bandCount,
                blocks: blocks, chunks: chunks, buffers: scratch.buffers)
            batch.texture.withSampler(filter: batch.filter) { sampler in
                grid.withVertices(program: program, kernel: SmallSpriteKernel.tiers[tier]) { lanes, goneAfter in
                    shatter_small_sprite_frame(
                        lanes: lanes, goneAfter: goneAfter, program: program, setup: setup, guardBand: frame.g,
                        topRow: frame.topRow, width: frame.width, height: frame.height,
                        bandOfRow: frame.buffers.bandOfRow, sampler: sampler,
                        squareColors: frame.buffers.squareColors, separable: grid.separable)
                } _: { vertices in
                    let points = PointFrame.Points(vertices: vertices, sampler: sampler)
                    if small {
                        drawSmallSprites(points, frame: frame, scratch: scratch, background: background)
                    } else {
                        drawBinned(points, frame: frame, scratch: scratch, background: background, texture: batch.texture)
                    }
                }
            }
        }
    }

    /// One-pixel or 2 × 2 sprites: shaded by the kernel and put onto pages in the vertex stage, then
    /// stored band by band.
    private func drawSmallSprites(
        _ points: PointFrame.Points, frame: PointFrame, scratch: PointScratch, background: TexturedQuad?
    ) {
        let onePixel = frame.setup.isOnePixel
        let chunks = PointFrame.chunksSharingBlocksInSight(
            frame.chunks, goneAfter: points.vertices.goneAfter, time: points.vertices.program.u_time)
        // A 2 × 2 sprite whose rows straddle two bands goes onto both.
        let pages = scratch.pixelPages(
            blocks: frame.blocks, chunks: frame.chunks, largestChunk: chunks.mostInSight, bands: frame.bandCount,
            entriesPerPoint: onePixel ? 1 : 2)
        parallelChunks(frame.chunks) { chunk in
            frame.kernelStage(chunk: chunk, blocks: chunks.starts[chunk]..<chunks.starts[chunk + 1], points: points, pages: pages)
        }
        parallelChunks(frame.bandCount) { band in
            frame.copy(background, band: band)
            if onePixel {
                frame.storePixels(band: band, pages: pages)
            } else {
                frame.storeTwoByTwo(band: band, pages: pages)
            }
        }
    }

    /// Every other sprite: counted per band in the vertex stage, listed band by band, then drawn band by
    /// band. A `texture` lent straight is told if the kernel read a texel of it that is not opaque.
    private func drawBinned(
        _ points: PointFrame.Points, frame: PointFrame, scratch: PointScratch, background: TexturedQuad?, texture: Texture
    ) {
        var frame = frame
        parallelChunks(frame.chunks) { chunk in frame.vertexStage(chunk: chunk, points: points) }
        let bandStarts = frame.layOutList()
        scratch.reserveList(bandStarts[frame.bandCount])
        frame.buffers = scratch.buffers  // with the list
        parallelChunks(frame.chunks) { chunk in frame.bin(chunk: chunk) }
        let kernel = shortcuts.contains(.binnedKernel) ? BinnedSpriteKernel.tiers[tier] : nil
        withUnsafePointer(to: frame.binnedFrame(points)) { binned in
            parallelChunks(frame.bandCount) { band in
                frame.copy(background, band: band)
                let entries = bandStarts[band]..<bandStarts[band + 1]
                if let kernel {
                    let opaque = kernel.drawSprites(
                        binned, entries: entries, rows: chunkRange(band, of: frame.bandCount, total: frame.height))
                    if !opaque && texture.lentStraight { texture.noteTranslucent() }
                } else {
                    frame.drawSprites(entries, band: band, points: points)
                }
            }
        }
    }
}

/// One frame's point-sprite draw: where the image sits in the guard-banded framebuffer, its bands,
/// the chunks the points are split into, and the working memory.
struct PointFrame {
    let setup: PointSetup
    let target: Framebuffer
    let width: Int, height: Int
    /// Guard band, in pixels.
    let g: Int
    /// The framebuffer row (y up) of image row 0.
    let topRow: Int
    let bandCount: Int
    let blocks: Int, chunks: Int
    var buffers: PointBuffers

    init(
        setup: PointSetup, target: Framebuffer, guardBand: GuardBand, bandCount: Int, blocks: Int, chunks: Int,
        buffers: PointBuffers
    ) {
        self.setup = setup
        self.target = target
        width = target.width
        height = target.height
        g = guardBand.pixels
        topRow = guardBand.framebufferHeight - 1 - guardBand.pixels
        self.bandCount = bandCount
        self.blocks = blocks
        self.chunks = chunks
        self.buffers = buffers
        // Which band each image row belongs to, looked up rather than divided for every point.
        for row in 0..<height { buffers.bandOfRow[row] = Int32(SoftwareRenderer.band(of: row, bands: bandCount, height: height)) }
    }

    /// Copies band `band`'s rows of `background` (if any), the 1:1 picture the sprites are drawn over.
    @inline(__always)
    func copy(_ background: TexturedQuad?, band: Int) {
        guard let background else { return }
        SoftwareRenderer.copy(background, rows: chunkRange(band, of: bandCount, total: height), into: target)
    }

    /// The image rows a sprite `extent` pixels high centred at `y` (eighths of a pixel) covers (empty
    /// when none).
    @inline(__always)
    func rows(centreY y: Int32, extent: Int32) -> Range<Int> {
        let js = setup.coveredPixels(y, extent: extent)
        let first = max(topRow - (js.upperBound - 1), 0)
        let end = min(topRow - js.lowerBound + 1, height)
        return first..<max(first, end)
    }

    /// The image columns a sprite `extent` pixels wide centred at `x` (eighths of a pixel) covers (empty
    /// when none).
    @inline(__always)
    func columns(centreX x: Int32, extent: Int32) -> Range<Int> {
        let ic = setup.coveredPixels(x, extent: extent)
        let first = max(ic.lowerBound - g, 0)
        let end = min(ic.upperBound - g, width)
        return first..<max(first, end)
    }

    /// The bands image rows `row` … `row + rowsBelow` touch, those rows clipped to the image.
    @inline(__always)
    func bands(upperRow row: Int, rowsBelow: Int = 0) -> ClosedRange<Int> {
        Int(buffers.bandOfRow[max(row, 0)])...Int(buffers.bandOfRow[min(row + rowsBelow, height - 1)])
    }

    /// The bands a drawn sprite `extent` pixels high centred at `y` (eighths) touches.
    @inline(__always)
    func bands(centreY y: Int32, extent: Int32) -> ClosedRange<Int> {
        let rows = rows(centreY: y, extent: extent)
        return Int(buffers.bandOfRow[rows.lowerBound])...Int(buffers.bandOfRow[rows.upperBound - 1])
    }
}

extension SoftwareRenderer {
    /// The band holding image row `row` when `height` rows are split into `bands` (as `chunkRange` does).
    @inline(__always)
    static func band(of row: Int, bands: Int, height: Int) -> Int {
        var band = row * bands / height
        // chunkRange's bounds are floor(height·k / bands); step to the band that really holds the row.
        while band > 0 && row < height * band / bands { band -= 1 }
        while band + 1 < bands && row >= height * (band + 1) / bands { band += 1 }
        return band
    }
}
