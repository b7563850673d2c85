import CLanes
import ShatterCore
import ShatterEffects
import Testing

@testable import ShatterPointSprites
@testable import ShatterSoftware

/// Sprites covering one pixel or 2 × 2 take two shortcuts of their own: shading in the vertex stage by
/// the C kernel and binning onto pages as they are shaded (`PixelPages`). Both must give the program's
/// pixels exactly.
@Suite struct SmallSpriteTests {
    /// Sprites covering one pixel (point size 1, 0.5 at scale 2, 1.25) and 2 × 2 (2, 1 at scale 2, 1.5),
    /// with the snapshot at the screen's pixels or sharper, both filters: frames through the kernel
    /// equal the program run point by point, over grids large enough that every band's pages chain (one
    /// thread and three).
    @Test(arguments: [(1.0, 1.0), (0.5, 2.0), (1.25, 1.0), (2.0, 1.0), (1.0, 2.0), (1.5, 1.0)])
    func framesThroughTheKernelEqualTheProgram(pointSize: Double, scale: Double) throws {
        for filter in [TextureFilter.linear, .nearest] {
            let effect = try PointLanesTests.transition(
                width: 160, height: 120, scale: scale, pointSize: pointSize, physics: .original, filter: filter)
            try Self.expectFramesEqualTheProgram(effect)
        }
        let screen = try PointLanesTests.transition(
            width: 96, height: 64, scale: 1, pointSize: pointSize * scale, physics: .original, filter: .linear)
        let sharper = try ShatteredTransition(
            from: Texture(image: SoftwareRendererFastPathTests.noise(192, 128, seed: 4)), to: screen.to,
            parameters: screen.parameters)
        try Self.expectFramesEqualTheProgram(sharper)
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

    /// Frames of `effect` through the lanes, on one thread and on three, with each small-sprite kernel
    /// twin the processor runs (AVX-512, AVX2, and the twin for any x86-64), against the program run
    /// point by point.
    static func expectFramesEqualTheProgram(_ effect: ShatteredTransition) throws {
        var literal = SoftwareRenderer()
        literal.shortcuts.remove(.pointLanes)
        for threads in [1, 3] {
            for twin in CPUTier.runnable {
                var lanes = SoftwareRenderer(threads: threads)
                lanes.tier = twin
                for time in [0.0, 0.12, 0.45, 0.8, 1.1] {
                    let list = effect.displayList(at: time)
                    #expect(try lanes.render(list) == literal.render(list), "threads \(threads), \(twin), t = \(time)")
                }
            }
        }
    }

    /// The kernel stage's chunks share out the blocks still in sight, not the blocks: with the first
    /// 3,000 of 10,000 blocks gone by the frame's time, each of four chunks gets a quarter of the other
    /// 7,000 (to 64 blocks), the first also all the gone ones; `mostInSight` is the most blocks in sight
    /// in one chunk, exactly. With every block in sight the chunks are even; with none, one chunk holds
    /// them all and no chunk needs room for an entry.
    @Test func chunksShareOutTheBlocksInSight() {
        let time: Float = 0.5
        let cases: [([Float], [Int], Int)] = [
            ((0..<10_000).map { $0 < 3000 ? 0.4 : 0.9 }, [0, 4800, 6528, 8256, 10_000], 1800),
            ([Float](repeating: .infinity, count: 10_000), [0, 2560, 5056, 7552, 10_000], 2560),
            ([Float](repeating: 0.25, count: 10_000), [0, 0, 0, 0, 10_000], 0),
        ]
        for (goneAfter, starts, most) in cases {
            let chunks = goneAfter.withUnsafeBufferPointer {
                PointFrame.chunksSharingBlocksInSight(4, goneAfter: $0, time: time)
            }
            #expect(chunks.starts == starts)
            #expect(chunks.mostInSight == most)
            let inSight = (0..<4).map { k in (chunks.starts[k]..<chunks.starts[k + 1]).filter { !(time > goneAfter[$0]) }.count }
            #expect(inSight.max() == chunks.mostInSight)
        }
        let none = [Float]().withUnsafeBufferPointer { PointFrame.chunksSharingBlocksInSight(4, goneAfter: $0, time: time) }
        #expect(none.starts == [0, 0, 0, 0, 0] && none.mostInSight == 0)
    }

    /// A batch of no points, one-pixel or 2 × 2, through the kernel on one thread and on three: the
    /// destination alone, as the program draws it.
    @Test(arguments: [1.0, 2.0])
    func aGridOfNoPointsDrawsTheDestinationAlone(pointSize: Double) throws {
        let screen = try PointLanesTests.transition(
            width: 40, height: 30, scale: 1, pointSize: pointSize, physics: .original, filter: .linear)
        let list = SeparableGridTests.drawing(PointGrid(attributes: []), in: screen.displayList(at: 0.3))
        var literal = SoftwareRenderer()
        literal.shortcuts.remove(.pointLanes)
        let expected = try literal.render(list)
        for threads in [1, 3] {
            #expect(try SoftwareRenderer(threads: threads).render(list) == expected, "threads \(threads)")
        }
    }

    /// Each band gives back what was appended to it, chunk by chunk and in order, across page ends,
    /// with points that append twice (2 × 2 sprites straddling two bands) as well as once.
    @Test(arguments: [1, 2])
    func pagesGiveBackEachBandsEntriesInDrawOrder(entriesPerPoint: Int) {
        let blocks = 40
        let chunks = 3
        let bands = 4
        let pages = TestPages(blocks: blocks, chunks: chunks, bands: bands, entriesPerPoint: entriesPerPoint)
        let pageSize = pages.pages.layout.pageSize
        #expect(pageSize == 64)
        var expected = [[UInt64]](repeating: [], count: bands)
        for chunk in 0..<chunks {
            var writer = pages.pages.writer(chunk: chunk)
            // Every point of the chunk, most to band 1 (several pages), none to band 3; with two entries a
            // point, each also to band 2, the next band down. A block's points go lane by lane, or all
            // eight at once, or some of them at once.
            for block in chunkRange(chunk, of: chunks, total: blocks) {
                var entries = SIMD8<UInt64>.zero
                for lane in 0..<8 { entries[lane] = UInt64(block * 8 + lane) | UInt64(chunk) << 32 }
                let first = block % 5 == 0 ? 0 : 1
                let lanes: UInt32 = block % 3 == 0 ? 0xFF : block % 3 == 1 ? 0b1011_0101 : 0
                for band in first...(first + entriesPerPoint - 1) {
                    withUnsafePointer(to: &entries) { vector in
                        vector.withMemoryRebound(to: UInt64.self, capacity: 8) { entries in
                            if lanes != 0 {
                                shatter_pages_append_lanes(&writer, entries, lanes, band)
                            } else {
                                for lane in 0..<8 { shatter_pages_append_lane(&writer, entries, Int32(lane), band) }
                            }
                        }
                    }
                    for lane in 0..<8 where lanes == 0 || lanes & (1 << lane) != 0 { expected[band].append(entries[lane]) }
                }
            }
        }
        #expect(expected[1].count > 2 * pageSize)
        for band in 0..<bands { #expect(pages.entries(band: band) == expected[band], "band \(band)") }
    }

    /// A frame only two rows tall: each band is one row, so every 2 × 2 sprite goes onto two bands'
    /// pages (a chunk makes twice as many entries as it has points), and the frames are still the
    /// program's. (Pages set aside for one entry a point ran out here.)
    @Test func twoByTwoSpritesInBandsOneRowTallEqualTheProgram() throws {
        let effect = try PointLanesTests.transition(
            width: 2000, height: 2, scale: 1, pointSize: 2, physics: .original, filter: .linear)
        var literal = SoftwareRenderer()
        literal.shortcuts.remove(.pointLanes)
        for twin in CPUTier.runnable {
            var lanes = SoftwareRenderer(threads: 2)
            lanes.tier = twin
            for time in [0.0, 0.05, 0.3] {
                let list = effect.displayList(at: time)
                #expect(try lanes.render(list) == literal.render(list), "\(twin), t = \(time)")
            }
        }
    }
}

/// ``PixelPages`` in memory of their own, for tests that append to them and read them back.
final class TestPages {
    let pages: PixelPages
    let chunks: Int

    init(blocks: Int, chunks: Int, bands: Int, entriesPerPoint: Int) {
        let layout = PixelPages.layout(blocks: blocks, chunks: chunks, bands: bands, entriesPerPoint: entriesPerPoint)
        let pageCount = chunks * layout.pagesPerChunk
        pages = PixelPages(
            pageSize: layout.pageSize, bandCount: bands, pagesPerChunk: layout.pagesPerChunk,
            entries: .allocate(capacity: pageCount * layout.pageSize), next: .allocate(capacity: pageCount),
            chains: .allocate(capacity: chunks * PixelPages.chainStride(bands: bands)))
        self.chunks = chunks
    }

    /// Band `band`'s entries in draw order.
    func entries(band: Int) -> [UInt64] {
        var found = [UInt64]()
        pages.forEachEntry(band: band, chunks: chunks) { found.append($0) }
        return found
    }

    deinit {
        pages.layout.entries.deallocate()
        pages.layout.next.deallocate()
        pages.layout.chains.deallocate()
    }
}
