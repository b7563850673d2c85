import ShatterCore
import ShatterEffects
import Testing

@testable import ShatterSoftware

/// Sprites one pixel or 2 × 2 pixels wide take two shortcuts of their own: texture taps from a
/// per-grid table (`SmallSpriteTaps`) and binning onto pages as they are shaded (`PixelPages`). Both
/// must give the program's pixels exactly.
@Suite struct SmallSpriteTests {
    /// The fact the table rests on: a sprite s pixels wide (s = 1, 2) has, at its k-th pixel, the point
    /// coordinate (d + 256·k)/(256·s) along x and 1 − (d + 256·k)/(256·s) along y, with
    /// d = 128·s + 256·i − c in 0…255, for every snapped centre c a framebuffer up to 2¹⁶ pixels wide
    /// can hold (i the first pixel it covers).
    @Test(arguments: [1, 2])
    func pointCoordinateOfASmallSpriteIsItsCentresOffset(size: Int) {
        let setup = PointSetup(framebufferWidth: 65535, framebufferHeight: 65535, pointSize: Float(size))
        let scale = Float(256 * size)
        var mismatches = 0
        for start in stride(from: Int32(-1024), to: 65535 * 256, by: 8 * 97) {
            let centre = SIMD8<Int32>(repeating: start) &+ SIMD8(0, 1, 2, 3, 4, 5, 6, 7)
            let first = setup.firstCoveredPixels(centre)
            let d = SIMD8<Int32>(repeating: Int32(128 * size)) &+ (first &<< SIMD8(repeating: 8)) &- centre
            if d.min() < 0 || d.max() > 255 { mismatches += 1 }
            for k in 0..<Int32(size) {
                let pixel = first &+ SIMD8(repeating: k)
                let expected = SIMD8<Float>(d &+ SIMD8(repeating: 256 * k)) / scale
                if setup.pointCoordX(i: pixel, centre: centre) != expected { mismatches += 1 }
                if setup.pointCoordY(j: pixel, centre: centre) != 1 - expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// The transition's own grid gets a table when the snapshot has the screen's pixels (sprites of one
    /// pixel: point size 1, or 0.5 at scale 2; of two: point size 2, or 1 at scale 2); and frames drawn
    /// through it equal the program run point by point, over grids large enough that every band's pages
    /// chain (one thread and three).
    @Test(arguments: [(1.0, 1.0), (0.5, 2.0), (2.0, 1.0), (1.0, 2.0)])
    func framesThroughTheTableEqualTheProgram(pointSize: Double, scale: Double) throws {
        let effect = try PointLanesTests.transition(
            width: 160, height: 120, scale: scale, pointSize: pointSize, physics: .original, filter: .linear)
        #expect(Self.table(effect, at: 0.3) != nil)
        try Self.expectFramesEqualTheProgram(effect)
    }

    /// A destination screen drawn 1:1 under the sprites is copied band by band by the sprite draw
    /// (one-pixel, 2 × 2 and larger sprites alike): the frames are the program's, which draws it whole
    /// first.
    @Test(arguments: [1.0, 2.0, 4.0])
    func aDestinationUnderTheSpritesIsCopiedBandByBand(pointSize: Double) throws {
        let screen = try PointLanesTests.transition(
            width: 120, height: 90, scale: 1, pointSize: pointSize, physics: .original, filter: .linear)
        let effect = try ShatteredTransition(
            from: screen.from, to: Texture(image: SoftwareRendererFastPathTests.noise(120, 90, seed: 7)),
            parameters: screen.parameters)
        let list = effect.displayList(at: 0.5)
        #expect(SoftwareRenderer().background(of: list, at: 0) != nil)
        try Self.expectFramesEqualTheProgram(effect)
    }

    /// Frames of `effect` through the lanes, on one thread and on three, with the small-sprite kernel's
    /// AVX2 twin (where the processor has it) and its twin for any x86-64, against the program run
    /// point by point.
    static func expectFramesEqualTheProgram(_ effect: ShatteredTransition) throws {
        var literal = SoftwareRenderer()
        literal.shortcuts.remove(.pointLanes)
        for threads in [1, 3] {
            for avx2 in [true, false] {
                var lanes = SoftwareRenderer(threads: threads)
                if !avx2 { lanes.shortcuts.remove(.avx2) }
                for time in [0.0, 0.12, 0.45, 0.8, 1.1] {
                    let list = effect.displayList(at: time)
                    #expect(try lanes.render(list) == literal.render(list), "threads \(threads), avx2 \(avx2), t = \(time)")
                }
            }
        }
    }

    /// No table where it could not stand for the program: a snapshot with more pixels than the screen,
    /// nearest filtering, points in another order, or sprites three pixels wide. Those frames take the
    /// program's taps, and still equal it.
    @Test func otherSnapshotsFiltersAndGridsHaveNoTable() throws {
        let screen = try PointLanesTests.transition(
            width: 96, height: 64, scale: 1, pointSize: 1, physics: .original, filter: .linear)
        let sharper = try ShatteredTransition(
            from: Texture(image: SoftwareRendererFastPathTests.noise(192, 128, seed: 4)), to: screen.to,
            parameters: screen.parameters)
        let nearest = try PointLanesTests.transition(
            width: 96, height: 64, scale: 1, pointSize: 1, physics: .original, filter: .nearest)
        let three = try PointLanesTests.transition(
            width: 96, height: 64, scale: 1, pointSize: 3, physics: .original, filter: .linear)
        var literal = SoftwareRenderer()
        literal.shortcuts.remove(.pointLanes)
        for effect in [sharper, nearest, three] {
            #expect(Self.table(effect, at: 0.3) == nil)
            for time in [0.0, 0.4, 0.9] {
                let list = effect.displayList(at: time)
                #expect(try SoftwareRenderer().render(list) == literal.render(list), "t = \(time)")
            }
        }
        // The same points, every other row's in reverse order: u no longer follows the column.
        let list = screen.displayList(at: 0.35)
        guard case .pointSprites(var batch) = list.commands[1] else {
            Issue.record("no point sprites")
            return
        }
        var attributes = batch.grid.attributes
        let stride = PointGrid.stride
        let columns = screen.parameters.columns
        for row in Swift.stride(from: 1, to: screen.parameters.rows, by: 2) {
            for column in 0..<columns / 2 {
                for k in 0..<stride {
                    attributes.swapAt((row * columns + column) * stride + k, (row * columns + columns - 1 - column) * stride + k)
                }
            }
        }
        batch.grid = PointGrid(attributes: attributes)
        let mirrored = DisplayList(
            width: list.width, height: list.height, clearColor: list.clearColor,
            commands: [list.commands[0], .pointSprites(batch)])
        #expect(Self.table(batch, in: mirrored) == nil)
        #expect(try SoftwareRenderer().render(mirrored) == literal.render(mirrored))
    }

    /// Each band gives back what was appended to it, chunk by chunk and in order, across page ends,
    /// with points that append twice (2 × 2 sprites straddling two bands) as well as once.
    @Test(arguments: [1, 2])
    func pagesGiveBackEachBandsEntriesInDrawOrder(entriesPerPoint: Int) {
        let blocks = 40
        let chunks = 3
        let bands = 4
        let layout = PixelPages.layout(blocks: blocks, chunks: chunks, bands: bands, entriesPerPoint: entriesPerPoint)
        #expect(layout.pageSize == 64)
        let pageCount = chunks * layout.pagesPerChunk
        let entries = UnsafeMutablePointer<UInt64>.allocate(capacity: pageCount * layout.pageSize)
        let next = UnsafeMutablePointer<Int32>.allocate(capacity: pageCount)
        let chains = UnsafeMutablePointer<PixelPages.PageChain>.allocate(capacity: chunks * bands)
        defer {
            entries.deallocate()
            next.deallocate()
            chains.deallocate()
        }
        let pages = PixelPages(
            pageSize: layout.pageSize, bandCount: bands, pagesPerChunk: layout.pagesPerChunk, entries: entries, next: next,
            chains: chains)
        var expected = [[UInt64]](repeating: [], count: bands)
        for chunk in 0..<chunks {
            var writer = pages.writer(chunk: chunk)
            // Every point of the chunk, most to band 1 (several pages), none to band 3; with two entries a
            // point, each also to band 2, the next band down. A block's points go lane by lane, or all
            // eight at once, or some of them at once.
            for block in chunkRange(chunk, of: chunks, total: blocks) {
                var entries = SIMD8<UInt64>.zero
                for lane in 0..<8 { entries[lane] = UInt64(block * 8 + lane) | UInt64(chunk) << 32 }
                let first = block % 5 == 0 ? 0 : 1
                let lanes: UInt32 = block % 3 == 0 ? 0xFF : block % 3 == 1 ? 0b1011_0101 : 0
                for band in first...(first + entriesPerPoint - 1) {
                    withUnsafeBytes(of: &entries) { entries in
                        if lanes != 0 {
                            writer.append(lanes: lanes, entries: entries.baseAddress!, band: band)
                        } else {
                            for lane in 0..<8 { writer.append(lane: lane, entries: entries.baseAddress!, band: band) }
                        }
                    }
                    for lane in 0..<8 where lanes == 0 || lanes & (1 << lane) != 0 { expected[band].append(entries[lane]) }
                }
            }
        }
        #expect(expected[1].count > 2 * layout.pageSize)
        for band in 0..<bands {
            var found = [UInt64]()
            pages.forEachEntry(band: band, chunks: chunks) { found.append($0) }
            #expect(found == expected[band], "band \(band)")
        }
    }

    /// A frame only two rows tall: each band is one row, so every 2 × 2 sprite goes onto two bands'
    /// pages (a chunk makes twice as many entries as it has points), and the frames are still the
    /// program's. (Pages set aside for one entry a point ran out here.)
    @Test func twoByTwoSpritesInBandsOneRowTallEqualTheProgram() throws {
        let effect = try PointLanesTests.transition(
            width: 2000, height: 2, scale: 1, pointSize: 2, physics: .original, filter: .linear)
        var literal = SoftwareRenderer()
        literal.shortcuts.remove(.pointLanes)
        #expect(Self.table(effect, at: 0.05) != nil)
        for avx2 in [true, false] {
            var lanes = SoftwareRenderer(threads: 2)
            if !avx2 { lanes.shortcuts.remove(.avx2) }
            for time in [0.0, 0.05, 0.3] {
                let list = effect.displayList(at: time)
                #expect(try lanes.render(list) == literal.render(list), "avx2 \(avx2), t = \(time)")
            }
        }
    }

    static func table(_ effect: ShatteredTransition, at time: Double) -> SmallSpriteTaps? {
        let list = effect.displayList(at: time)
        guard case .pointSprites(let batch) = list.commands[1] else { return nil }
        return table(batch, in: list)
    }

    /// The table `drawInLanes` would use for `batch` in `list`.
    static func table(_ batch: PointSpriteBatch, in list: DisplayList) -> SmallSpriteTaps? {
        let guardBand = GuardBand(width: list.width, height: list.height, largestPointSize: batch.pointSize)
        let program = PointSpriteProgram(batch: batch, clipScale: guardBand.clipScale)
        let setup = PointSetup(
            framebufferWidth: guardBand.framebufferWidth, framebufferHeight: guardBand.framebufferHeight,
            pointSize: batch.pointSize)
        return SmallSpriteTaps(
            grid: batch.grid, program: program, setup: setup, width: batch.texture.image.width,
            height: batch.texture.image.height, filter: batch.filter)
    }
}
