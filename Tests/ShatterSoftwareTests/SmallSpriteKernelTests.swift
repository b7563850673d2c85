import CLanes
import Glibc
import ShatterCore
import Testing

@testable import ShatterPointSprites
@testable import ShatterSoftware

/// The small-sprite kernel (`small_sprites.c`) is the motion, the set-up and the fragment
/// program in C, compiled three times: for any x86-64, for AVX2 and for AVX-512 (sixteen lanes, two
/// blocks at a time). Every twin must give, lane for lane, what the Swift program gives. Whole frames
/// through each, one-pixel and 2 × 2, are compared with the program in `SmallSpriteTests`.
@Suite struct SmallSpriteKernelTests {
    /// The twins this processor can run.
    static let twins = CPUTier.runnable.map { SmallSpriteKernel.tiers[$0] }

    /// The kernel reads Swift's `PointLanes` through its own C declaration: the same fields at the
    /// same offsets.
    @Test func pointLanesHaveTheKernelsLayout() {
        typealias C = shatter_point_lanes
        #expect(MemoryLayout<PointLanes>.size == MemoryLayout<C>.size)
        #expect(MemoryLayout<PointLanes>.stride == MemoryLayout<C>.stride)
        let pairs: [(Int?, Int?)] = [
            (MemoryLayout<PointLanes>.offset(of: \.centreX), MemoryLayout<C>.offset(of: \.centreX)),
            (MemoryLayout<PointLanes>.offset(of: \.centreY), MemoryLayout<C>.offset(of: \.centreY)),
            (MemoryLayout<PointLanes>.offset(of: \.originX), MemoryLayout<C>.offset(of: \.originX)),
            (MemoryLayout<PointLanes>.offset(of: \.originY), MemoryLayout<C>.offset(of: \.originY)),
            (MemoryLayout<PointLanes>.offset(of: \.speed), MemoryLayout<C>.offset(of: \.speed)),
            (MemoryLayout<PointLanes>.offset(of: \.acceleration), MemoryLayout<C>.offset(of: \.acceleration)),
            (MemoryLayout<PointLanes>.offset(of: \.limitTime), MemoryLayout<C>.offset(of: \.limitTime)),
            (MemoryLayout<PointLanes>.offset(of: \.firstHit), MemoryLayout<C>.offset(of: \.firstHit)),
        ]
        for (swift, c) in pairs { #expect(swift != nil && swift == c) }
    }

    /// A separable grid's motion lanes likewise (`shatter_point_motion`).
    @Test func motionLanesHaveTheKernelsLayout() {
        typealias C = shatter_point_motion
        #expect(MemoryLayout<PointMotionLanes>.stride == MemoryLayout<C>.stride)
        #expect(MemoryLayout<PointMotionLanes>.offset(of: \.speed) == MemoryLayout<C>.offset(of: \.speed))
        #expect(MemoryLayout<PointMotionLanes>.offset(of: \.acceleration) == MemoryLayout<C>.offset(of: \.acceleration))
    }

    /// Each twin over the vertex corpus (at rest, rising, at the speed limit, bouncing once, twice and
    /// stopping at a wall, centres a hair from the middle), on a texture small enough that most taps
    /// are clamped at its edges: which lanes are drawn, their pixels, bands and colors are the scalar
    /// program's and the Swift lanes' shading.
    @Test(arguments: [0.0, 0.2, 0.6, 1.0, 1.7, 4.0, 30.0])
    func eachTwinEqualsTheProgramOnTheVertexCorpus(time: Float) {
        let (program, setup, points) = PointLanesTests.vertexCorpus(at: time)
        // The image inside the 1923 × 1084 framebuffer, with a guard band of 2.
        let (guardBand, width, height) = (2, 1919, 1080)
        let topRow = 1084 - 1 - guardBand
        let blocks = points.count / 8
        // Texel origins from well inside to far outside the 37 × 23 texture.
        var draws = CorpusDraws(seed: 17)
        let origins = points.map { _ in SIMD2(Int32(draws.next() % 20_000) - 5000, Int32(draws.next() % 14_000) - 4000) }
        var lanes = [PointLanes](repeating: .padding, count: blocks)
        for (i, (centre, motion)) in points.enumerated() {
            lanes[i / 8].set(
                i % 8, centre: centre, origin: origins[i], motion: motion,
                invariants: program.invariants(centre: centre, motion: motion))
        }
        let raster = setup.raster
        let bandOfRow = (0..<height).map { Int32(SoftwareRenderer.band(of: $0, bands: 7, height: height)) }
        let (pinnedLanes, goneAfter, bands) = (
            Pinned(lanes), Pinned([Float](repeating: .infinity, count: blocks)), Pinned(bandOfRow)
        )
        let image = SoftwareRendererFastPathTests.noise(37, 23, seed: 4)
        defer { withExtendedLifetime((pinnedLanes, goneAfter, bands)) {} }  // the frame points into them
        image.pixels.withUnsafeBufferPointer { texels in
            let sampler = TextureSampler(texels: texels, width: 37, height: 23, filter: .linear)
            var frame = shatter_small_sprite_frame(
                lanes: pinnedLanes.pointer, goneAfter: goneAfter.pointer, program: program, setup: setup,
                guardBand: guardBand, topRow: topRow, width: width, height: height, bandOfRow: bands.pointer,
                sampler: sampler)
            for twin in Self.twins {
                // One chunk's pages, 7 bands.
                let pages = TestPages(blocks: blocks, chunks: 1, bands: 7, entriesPerPoint: 1)
                var writer = pages.pages.writer(chunk: 0)
                let count = twin.blocks(&frame, 0, blocks, &writer)
                // The scalar program, block by block, onto each band's list in draw order.
                var expected = [[UInt64]](repeating: [], count: 7)
                var drawnBlocks = 0
                for block in 0..<blocks {
                    var drawn: UInt32 = 0
                    var pixel = [UInt32](repeating: 0, count: 8)
                    var fixedX = SIMD8<Int32>.zero
                    var fixedY = SIMD8<Int32>.zero
                    for lane in 0..<8 {
                        let (centre, motion) = points[block * 8 + lane]
                        guard let q = setup.centre(clip: program.vertex(centre: centre, motion: motion)) else { continue }
                        let column = Int(raster.first(q.x, extent: raster.coverage))
                        let rowUp = Int(raster.first(q.y, extent: raster.coverage))
                        let (imageColumn, imageRow) = (column - guardBand, topRow - rowUp)
                        guard (0..<width).contains(imageColumn), (0..<height).contains(imageRow) else { continue }
                        drawn |= 1 << lane
                        pixel[lane] = UInt32(imageRow * width + imageColumn)
                        let origin = origins[block * 8 + lane]
                        fixedX[lane] = raster.baseX(origin: origin.x, q: q.x, extent: raster.coverage)
                        fixedY[lane] = raster.baseY(origin: origin.y, q: q.y, extent: raster.coverage)
                    }
                    if drawn == 0 { continue }
                    drawnBlocks += 1
                    let colors = sampler.blend(sampler.taps(fixed: fixedX, size: 37), sampler.taps(fixed: fixedY, size: 23))
                    for lane in 0..<8 where drawn & (1 << lane) != 0 {
                        let band = Int(bandOfRow[Int(pixel[lane]) / width])
                        expected[band].append(UInt64(pixel[lane]) | UInt64(colors[lane]) << 32)
                    }
                }
                #expect(count == drawnBlocks && drawnBlocks > 0, "\(twin.tier), t \(time)")
                for band in 0..<7 {
                    #expect(pages.entries(band: band) == expected[band], "\(twin.tier), t \(time), band \(band)")
                }
            }
        }
    }

    /// The kernel reads a block's texels as one window, 10 texels by 3 rows, where its lanes' texels are
    /// neighbours in that window (every block of a snapshot drawn 1:1). With the snapshot's last texel
    /// the last readable byte before a page no process may read: a block whose window would reach past
    /// that texel (lanes reading columns 7 + k and 8 + k of the last two rows) and one whose window ends
    /// exactly on it (columns 6 + k, 7 + k of rows 1 and 2) give the program's colors with each twin,
    /// reading nothing past the end (a read there would end the test process).
    @Test func texelWindowsNeverReadPastTheSnapshot() throws {
        // Windows reaching the snapshot's last texel, the last readable byte before an unmapped page.
        for (firstColumn, firstRow) in [(7, 2), (6, 1)] {
            let (columns, rows) = try drawAlongARowAtAnEdgeOfTheSnapshot(
                atEnd: true, origins: { lane in SIMD2(Int32((firstColumn + lane) * 256 + 128), Int32(firstRow * 256 + 128)) })
            #expect(columns == (0..<8).map { Int32(firstColumn + $0) })
            #expect(rows == [Int32](repeating: Int32(firstRow), count: 8))
        }
    }

    /// The AVX-512 twin reads two blocks' texels as one window 18 texels wide: sixteen sprites along a
    /// row of a 24 × 4 snapshot whose window would reach past its last texel (from column 7 of the last
    /// two rows), or ends exactly on it (from column 6 of rows 1 and 2), give the program's colors with
    /// each twin, reading nothing past the end. Their phases put lane k's left texel at column
    /// first + k or one further, and the last lane's right texel on the snapshot's last column or past it.
    @Test func sixteenLaneWindowsNeverReadPastTheSnapshot() throws {
        for (firstColumn, firstRow) in [(7, 2), (6, 1)] {
            let (columns, rows) = try drawAlongARowAtAnEdgeOfTheSnapshot(
                atEnd: true, sprites: 16, snapshotWidth: 24,
                origins: { lane in SIMD2(Int32((firstColumn + lane) * 256 + 128), Int32(firstRow * 256 + 128)) })
            #expect(columns.enumerated().allSatisfy { [0, 1].contains($1 - Int32(firstColumn + $0)) }, "\(columns)")
            #expect(columns.max()! + 1 >= 23)
            #expect(rows == [Int32](repeating: Int32(firstRow), count: 16))
        }
    }

    /// Windows are tried on the taps' texels before they are clamped: a block whose taps lie partly
    /// left of column 0 or above row 0 (the linear filter clamps them there) must not read the bytes
    /// before the snapshot, an unmapped page, and blends the clamped taps; at sixteen lanes too.
    @Test(arguments: [8, 16])
    func texelWindowsNeverReadBeforeTheSnapshot(sprites: Int) throws {
        // Lane 0 a texel left of the snapshot; texel positions on the texels' upper edges, where a
        // sprite's phase moves some lanes' taps to row −1.
        let cases: [(String, (Int) -> SIMD2<Int32>)] = [
            ("left of column 0", { lane in SIMD2(Int32((lane - 1) * 256), 256 + 128) }),
            ("above row 0", { lane in SIMD2(Int32((1 + lane) * 256 + 128), 0) }),
        ]
        for (edge, origins) in cases {
            let (columns, rows) = try drawAlongARowAtAnEdgeOfTheSnapshot(
                atEnd: false, sprites: sprites, snapshotWidth: sprites + 8, origins: origins)
            #expect(min(columns.min()!, rows.min()!) == -1, "\(edge): a lane's taps start before the snapshot")
        }
    }

    /// Draws `sprites` one-pixel sprites (8 or 16: one block or two) at rest along a row, lane k's texel
    /// origin `origins(k)`, with every twin, from a `snapshotWidth` × 4 snapshot mapped against an
    /// unreadable page (after its last byte when `atEnd`, else before its first), and expects the
    /// program's pixels and colors (the sampler's blend of the clamped taps). Returns the lanes' texel
    /// columns and rows before clamping.
    private func drawAlongARowAtAnEdgeOfTheSnapshot(
        atEnd: Bool, sprites: Int = 8, snapshotWidth: Int = 16, origins: (Int) -> SIMD2<Int32>
    ) throws -> (columns: [Int32], rows: [Int32]) {
        let (width, height, blocks) = (snapshotWidth, 4, sprites / 8)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let mapping = try #require(mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        try #require(mapping != MAP_FAILED)
        defer { munmap(mapping, 2 * page) }
        #expect(mprotect(atEnd ? mapping + page : mapping, page, PROT_NONE) == 0)
        let bytes = width * height * 4
        let start = atEnd ? mapping + page - bytes : mapping + page
        let texels = UnsafeMutableBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: bytes)
        _ = texels.initialize(from: SoftwareRendererFastPathTests.noise(width, height, seed: 9).pixels)
        let sampler = TextureSampler(texels: UnsafeBufferPointer(texels), width: width, height: height, filter: .linear)

        let batch = PointSpriteBatch(
            grid: PointGrid(attributes: []), texture: Texture(image: Image(width: width, height: height)), time: 0,
            tiling: PieceTiling(eighths: 8, columns: 1), texcoordScale: SIMD2(1.0 / Float(width), 1.0 / Float(height)))
        let program = PointSpriteProgram(batch: batch, clipScale: SIMD2(1, 1))
        let raster = try PointSpriteRaster(batch)
        let setup = PointSetup(framebufferWidth: 64, framebufferHeight: 64, raster: raster)
        #expect(raster.step == SIMD2(256, 256))  // one texel per pixel
        let bandOfRow = Pinned([Int32](repeating: 0, count: 64))
        defer { withExtendedLifetime(bandOfRow) {} }
        // Points at rest along a row, each at its own phase.
        var lanes = [PointLanes](repeating: .padding, count: blocks)
        var centres = [SIMD2<Float>]()
        for i in 0..<sprites {
            let centre = SIMD2(Float(i) * 0.07 - 0.3, 0.013 * Float(i))
            centres.append(centre)
            lanes[i / 8].set(i % 8, centre: centre, origin: origins(i), motion: .zero, invariants: SIMD2(.infinity, .infinity))
        }
        let (pinnedLanes, goneAfter) = (Pinned(lanes), Pinned([Float](repeating: .infinity, count: blocks)))
        defer { withExtendedLifetime((pinnedLanes, goneAfter)) {} }
        var expected = [UInt64]()
        var (columns, rows) = ([Int32](), [Int32]())
        for block in 0..<blocks {
            var fixedX = SIMD8<Int32>.zero
            var fixedY = SIMD8<Int32>.zero
            var pixels = [UInt32]()
            for lane in 0..<8 {
                let q = try #require(setup.centre(clip: program.vertex(centre: centres[block * 8 + lane], motion: .zero)))
                pixels.append(
                    UInt32(
                        (63 - Int(raster.first(q.y, extent: raster.coverage))) * 64
                            + Int(raster.first(q.x, extent: raster.coverage))))
                fixedX[lane] = raster.baseX(origin: lanes[block].originX[lane], q: q.x, extent: raster.coverage)
                fixedY[lane] = raster.baseY(origin: lanes[block].originY[lane], q: q.y, extent: raster.coverage)
            }
            let colors = sampler.blend(sampler.taps(fixed: fixedX, size: width), sampler.taps(fixed: fixedY, size: height))
            expected += (0..<8).map { UInt64(pixels[$0]) | UInt64(colors[$0]) << 32 }
            columns += (0..<8).map { fixedX[$0] >> 8 }
            rows += (0..<8).map { fixedY[$0] >> 8 }
        }
        var frame = shatter_small_sprite_frame(
            lanes: pinnedLanes.pointer, goneAfter: goneAfter.pointer, program: program, setup: setup, topRow: 63,
            width: 64, height: 64, bandOfRow: bandOfRow.pointer, sampler: sampler)
        for twin in Self.twins {
            let pages = TestPages(blocks: blocks, chunks: 1, bands: 1, entriesPerPoint: 1)
            var writer = pages.pages.writer(chunk: 0)
            #expect(twin.blocks(&frame, 0, blocks, &writer) == blocks)
            #expect(pages.entries(band: 0) == expected, "\(twin.tier), snapshot \(atEnd ? "before" : "after") an unreadable page")
        }
        return (columns, rows)
    }

    /// 2 × 2 sprites in bands one row tall, so that each sprite inside the image straddles two bands,
    /// run by each twin in two chunks: every drawn sprite goes onto both its bands' pages, upper first,
    /// each band's entries in draw order across the chunks and across page ends (pages of 64 entries,
    /// some 150 entries a band); sprites half outside the image go onto the one band they touch.
    @Test func twoByTwoSpritesStraddlingBandsGoOntoBothAcrossPages() {
        let (width, height, blocks, chunks) = (40, 8, 64, 2)
        let batch = PointSpriteBatch(
            grid: PointGrid(attributes: []), texture: Texture(image: Image(width: 37, height: 23)), time: 0,
            tiling: PieceTiling(eighths: 16, columns: 1), texcoordScale: SIMD2(1.0 / 37, 1.0 / 23))
        let program = PointSpriteProgram(batch: batch, clipScale: SIMD2(1, 1))
        let setup = PointSetup(framebufferWidth: width, framebufferHeight: height, raster: try! PointSpriteRaster(batch))
        let raster = setup.raster
        #expect(raster.coverage == 2)
        // Points at rest, from a little outside the clip square to a little inside its other side.
        var draws = CorpusDraws(seed: 5)
        var lanes = [PointLanes](repeating: .padding, count: blocks)
        var centres = [SIMD2<Float>]()
        for i in 0..<blocks * 8 {
            let centre = SIMD2(Float(draws.next() % 2200) / 1000 - 1.1, Float(draws.next() % 2200) / 1000 - 1.1)
            centres.append(centre)
            lanes[i / 8].set(
                i % 8, centre: centre, origin: .zero, motion: .zero,
                invariants: program.invariants(centre: centre, motion: .zero))
        }
        let topRow = height - 1
        var expected = [[UInt64]](repeating: [], count: height)
        for (i, centre) in centres.enumerated() {
            guard let q = setup.centre(clip: program.vertex(centre: centre, motion: .zero)) else { continue }
            let column = Int(raster.first(q.x, extent: raster.coverage))
            let row = topRow - (Int(raster.first(q.y, extent: raster.coverage)) + 1)  // the upper pixels' image row
            guard (-1..<width).contains(column), (-1..<height).contains(row) else { continue }
            let entry = UInt64((row + 1) << 16 | (column + 1)) | UInt64(i) << 32
            for band in Set([max(row, 0), min(row + 1, height - 1)]).sorted() { expected[band].append(entry) }
        }
        let image = SoftwareRendererFastPathTests.noise(37, 23, seed: 4)
        let (pinnedLanes, goneAfter, bandOfRow) = (
            Pinned(lanes), Pinned([Float](repeating: .infinity, count: blocks)), Pinned((0..<height).map { Int32($0) })
        )
        let colors = Pinned([UInt32](repeating: 0, count: blocks * 32))
        defer { withExtendedLifetime((pinnedLanes, goneAfter, bandOfRow, colors)) {} }  // the frame points into them
        image.pixels.withUnsafeBufferPointer { texels in
            let sampler = TextureSampler(texels: texels, width: 37, height: 23, filter: .linear)
            var frame = shatter_small_sprite_frame(
                lanes: pinnedLanes.pointer, goneAfter: goneAfter.pointer, program: program, setup: setup, topRow: topRow,
                width: width, height: height, bandOfRow: bandOfRow.pointer, sampler: sampler, squareColors: colors.pointer)
            for twin in Self.twins {
                let pages = TestPages(blocks: blocks, chunks: chunks, bands: height, entriesPerPoint: 2)
                #expect(pages.pages.layout.pageSize == 64)
                for chunk in 0..<chunks {
                    var writer = pages.pages.writer(chunk: chunk)
                    let range = chunkRange(chunk, of: chunks, total: blocks)
                    _ = twin.blocks(&frame, range.lowerBound, range.upperBound, &writer)
                }
                for band in 0..<height {
                    #expect(expected[band].count > 64)
                    #expect(pages.entries(band: band) == expected[band], "\(twin.tier), band \(band)")
                }
            }
        }
    }

    /// A block whose points have all fallen out of sight by the frame's time is skipped, drawn or not.
    @Test func blocksGoneByTheFramesTimeAreSkipped() {
        var lanes = [PointLanes](repeating: .padding, count: 2)
        for block in 0..<2 {
            for lane in 0..<8 {
                lanes[block].set(
                    lane, centre: SIMD2(0, 0), origin: .zero, motion: .zero, invariants: SIMD2(.infinity, .infinity))
            }
        }
        let image = Image(width: 4, height: 4, fill: .opaqueBlack)
        let (pinnedLanes, zeros) = (Pinned(lanes), Pinned([Int32](repeating: 0, count: 9)))
        let batch = PointSpriteBatch(
            grid: PointGrid(attributes: []), texture: Texture(image: image), time: 0.5,
            tiling: PieceTiling(eighths: 8, columns: 1), texcoordScale: SIMD2(1, 1))
        let program = PointSpriteProgram(batch: batch, clipScale: SIMD2(1, 1))
        let setup = PointSetup(framebufferWidth: 4, framebufferHeight: 4, raster: try! PointSpriteRaster(batch))
        defer { withExtendedLifetime((pinnedLanes, zeros)) {} }  // the frame points into them
        image.pixels.withUnsafeBufferPointer { texels in
            let sampler = TextureSampler(texels: texels, width: 4, height: 4, filter: .linear)
            for twin in Self.twins {
                for (goneAfter, expected) in [([Float(1), 1], 2), ([0.25, 1], 1), ([0.25, 0.25], 0)] {
                    let gone = Pinned(goneAfter)
                    defer { withExtendedLifetime(gone) {} }
                    var frame = shatter_small_sprite_frame(
                        lanes: pinnedLanes.pointer, goneAfter: gone.pointer, program: program, setup: setup, topRow: 3,
                        width: 4, height: 4, bandOfRow: zeros.pointer, sampler: sampler)
                    let pages = TestPages(blocks: 2, chunks: 1, bands: 1, entriesPerPoint: 1)
                    var writer = pages.pages.writer(chunk: 0)
                    #expect(twin.blocks(&frame, 0, 2, &writer) == expected, "\(twin.tier), gone after \(goneAfter)")
                    #expect(pages.entries(band: 0).count == expected * 8)
                }
            }
        }
    }
}

/// An array copied to memory that stays put while this object lives, for the C kernel's frame to point at.
final class Pinned<Element> {
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ array: [Element]) {
        buffer = .allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
    }
    var pointer: UnsafeMutablePointer<Element> { buffer.baseAddress! }
    deinit { buffer.deallocate() }
}
