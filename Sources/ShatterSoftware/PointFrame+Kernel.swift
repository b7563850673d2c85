import CLanes
import ShatterCore
import ShatterPointSprites

/// Sprites covering one pixel or 2 × 2 (the transition at point size 1 and 2, or 0.5 and 1 at scale 2)
/// go through the small-sprite kernel in C (`small_sprites.h`): the motion, the placement and the
/// fragment program, lane for lane the Swift program's operations, compiled for
/// any x86-64 and again for AVX2, which appends what it draws to the pages; Swift then stores them band
/// by band. The binned path takes only the kernel's vertex program and set-up
/// (``forEachBlock(chunk:of:gone:visible:)``).
extension PointFrame {
    /// The kernel on chunk `chunk`, blocks `range`, each drawn sprite appended to its bands' pages (and a
    /// 2 × 2 sprite's colors left in `squareColors`).
    func kernelStage(chunk: Int, blocks range: Range<Int>, points: Points, pages: PixelPages) {
        var writer = pages.writer(chunk: chunk)
        withUnsafePointer(to: points.vertices.kernelFrame) { frame in
            _ = points.vertices.kernel.blocks(frame, range.lowerBound, range.upperBound, &writer)
        }
    }

    /// The kernel stage's chunks, in draw order, each with about as many of the blocks still in sight
    /// at `time` (counted 64 blocks at a time), since the kernel skips the others for nothing: with
    /// equal runs of blocks one thread finished the last chunks alone while the other idled (at 0.67 s
    /// the first half of the blocks has fallen out of sight). `starts` has `chunks + 1` block indices,
    /// the last `goneAfter.count`; `mostInSight` is the most blocks in sight in one chunk, which bounds
    /// the entries it can make.
    static func chunksSharingBlocksInSight(_ chunks: Int, goneAfter: UnsafeBufferPointer<Float>, time: Float)
        -> (starts: [Int], mostInSight: Int)
    {
        let blocks = goneAfter.count
        guard let base = goneAfter.baseAddress, blocks > 0 else { return ([Int](repeating: 0, count: chunks + 1), 0) }
        let group = 64
        let groups = (blocks + group - 1) / group
        var inSight = [Int](repeating: 0, count: groups + 1)  // in groups 0 ..< g
        let raw = UnsafeRawPointer(base)
        let now = SIMD8<Float>(repeating: time)
        for g in 0..<groups {
            var count = 0
            if (g + 1) * group <= blocks {  // eight lanes at a time: this runs on one core before the stage
                var lanes = SIMD8<Int32>.zero
                for k in 0..<group / 8 {
                    let gone = now .> raw.loadUnaligned(fromByteOffset: (g * group + k * 8) * 4, as: SIMD8<Float>.self)
                    lanes &+= SIMD8(repeating: 1).replacing(with: 0, where: gone)
                }
                count = Int(lanes.wrappedSum())
            } else {
                for block in g * group..<blocks where !(time > goneAfter[block]) { count += 1 }
            }
            inSight[g + 1] = inSight[g] + count
        }
        let total = inSight[groups]
        var starts = [0]
        var g = 0
        for chunk in 1..<max(chunks, 1) {
            while g < groups && inSight[g] * chunks < total * chunk { g += 1 }
            starts.append(min(g * group, blocks))
        }
        starts.append(blocks)
        var most = 0
        for chunk in 0..<starts.count - 1 {
            let (first, end) = ((starts[chunk] + group - 1) / group, (starts[chunk + 1] + group - 1) / group)
            most = max(most, inSight[end] - inSight[first])
        }
        return (starts, most)
    }
}

/// The small sprites' fragment stage: the colors the kernel left on each band's pages, stored in draw order.
extension PointFrame {
    /// One-pixel sprites: the colors of those in band `band`, stored in draw order.
    func storePixels(band: Int, pages: PixelPages) {
        let pixels = UnsafeMutableRawPointer(target.bytes.baseAddress!).assumingMemoryBound(to: UInt32.self)
        pages.forEachRun(band: band, chunks: chunks) { run in
            shatter_pages_store_pixels(pages.layout.entries, run.lowerBound, run.upperBound, pixels)
        }
    }

    /// 2 × 2 sprites: the pixels of each that lie in `band` and in the image, in draw order.
    func storeTwoByTwo(band: Int, pages: PixelPages) {
        guard let colors = buffers.squareColors else { return }
        let bandRows = chunkRange(band, of: bandCount, total: height)
        pages.forEachEntry(band: band, chunks: chunks) { entry in
            let row = Int(entry >> 16 & 0xFFFF) &- 1
            let column = Int(entry & 0xFFFF) &- 1
            let i = Int(entry >> 32)
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

/// The small-sprite kernel's drawing, the CPU renderer's half of ``SmallSpriteKernel`` (its vertex stage
/// lives with the point sprite, in ShatterPointSprites, for both backends).
extension SmallSpriteKernel {
    /// Runs blocks `first ..< end` of `frame`, appending each drawn sprite to its bands' pages; returns
    /// how many blocks drew.
    @inline(__always)
    func blocks(
        _ frame: UnsafePointer<shatter_small_sprite_frame>, _ first: Int, _ end: Int,
        _ pages: UnsafeMutablePointer<shatter_page_writer>
    ) -> Int {
        entryPoints.blocks(frame, first, end, pages)
    }
}

extension shatter_small_sprite_frame {
    /// The kernel's frame for drawing: the vertex stage's (the points, the program's uniforms, the
    /// set-up, a `separable` grid that must outlive the frame), then where the image lies in the
    /// framebuffer (guard band, the framebuffer row of image row 0, size), each image row's band, the
    /// snapshot (and its filter), and where 2 × 2 sprites' colors go.
    init(
        lanes: UnsafePointer<PointLanes>?, goneAfter: UnsafePointer<Float>?, program: PointSpriteProgram, setup: PointSetup,
        guardBand: Int = 0, topRow: Int = 0, width: Int = 0, height: Int = 0, bandOfRow: UnsafePointer<Int32>? = nil,
        sampler: TextureSampler, squareColors: UnsafeMutablePointer<UInt32>? = nil, separable: SeparableGrid? = nil
    ) {
        self.init(lanes: lanes, goneAfter: goneAfter, program: program, setup: setup, separable: separable)
        nearest = sampler.filter == .nearest ? 1 : 0
        self.guardBand = Int32(guardBand)
        self.topRow = Int32(topRow)
        self.width = Int32(width)
        self.height = Int32(height)
        self.bandOfRow = bandOfRow
        texels = sampler.words
        textureWidth = Int32(sampler.width)
        textureHeight = Int32(sampler.height)
        self.squareColors = squareColors
    }
}
