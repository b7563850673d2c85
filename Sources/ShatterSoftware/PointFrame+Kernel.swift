import CLanes

/// Sprites covering one pixel or 2 × 2 (the transition at point size 1 and 2, or 0.5 and 1 at scale 2)
/// go through the small-sprite kernel in C (`small_sprites.h`): the motion, the placement and the
/// fragment program, lane for lane the Swift program's operations, compiled for
/// any x86-64 and again for AVX2. Swift appends what it draws to the pages, then stores them band by
/// band. The binned path takes only the kernel's vertex program and set-up
/// (``forEachBlock(chunk:of:gone:visible:)``).
extension PointFrame {
    /// The kernel on chunk `chunk`'s points, each drawn sprite appended to its bands' pages (and a
    /// 2 × 2 sprite's colors left in `squareColors`).
    func kernelStage(chunk: Int, points: Points, pages: PixelPages) {
        var writer = pages.writer(chunk: chunk)
        let range = chunkRange(chunk, of: chunks, total: blocks)
        // The kernel's records for a run of blocks stay in L1 until they are appended.
        withUnsafeTemporaryAllocation(of: shatter_small_sprite_block.self, capacity: Self.kernelRun) { records in
            withUnsafePointer(to: points.kernelFrame) { frame in
                var block = range.lowerBound
                while block < range.upperBound {
                    let end = Swift.min(block &+ Self.kernelRun, range.upperBound)
                    let count = points.kernel.blocks(frame, block, end, records.baseAddress!)
                    for record in records.baseAddress!..<records.baseAddress! + count { append(record, to: &writer) }
                    block = end
                }
            }
        }
    }

    /// Blocks per call of the kernel.
    static let kernelRun = 64

    /// Appends a block's sprites from the kernel to their bands' pages: all at once when they share one
    /// band, else lane by lane (a 2 × 2 sprite straddling two bands to both, upper first).
    @inline(__always)
    private func append(_ record: UnsafePointer<shatter_small_sprite_block>, to writer: inout PixelPages.Writer) {
        let entries = UnsafeRawPointer(record)  // entry[8] first
        let drawn = record.pointee.drawn
        let first = Int(record.pointee.firstBand)
        if first == record.pointee.lastBand {
            writer.append(lanes: drawn, entries: entries, band: first)
            return
        }
        let bands = entries + Self.recordBands
        let straddling = record.pointee.straddling
        forEachSetLane(drawn) { lane in
            let band = Int(bands.load(fromByteOffset: lane &* 4, as: Int32.self))
            writer.append(lane: lane, entries: entries, band: band)
            if straddling & (1 << lane) != 0 { writer.append(lane: lane, entries: entries, band: band &+ 1) }
        }
    }

    /// Where a kernel record's bands start (asked once: a key path's offset is looked up at run time).
    private static let recordBands = MemoryLayout<shatter_small_sprite_block>.offset(of: \.band)!
}

/// The small sprites' fragment stage: the colors the kernel left on each band's pages, stored in draw order.
extension PointFrame {
    /// One-pixel sprites: the colors of those in band `band`, stored in draw order.
    func storePixels(band: Int, pages: PixelPages) {
        pages.forEachEntry(band: band, chunks: chunks) { entry in
            target.storeWord(UInt32(truncatingIfNeeded: entry >> 32), at: Int(entry & 0xFFFF_FFFF) &* 4)
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
