import CLanes

/// One-pixel and 2 × 2 sprites on the grid's tap table (the transition at point size 1 and 2, or 0.5
/// and 1 at scale 2) go through the small-sprite kernel in C (`small_sprites.h`): the vertex program,
/// the set-up and the fragment program, lane for lane the Swift program's operations, compiled for
/// any x86-64 and again for AVX2. Swift appends what it draws to the pages. The other stages take only
/// the kernel's vertex program and set-up (``forEachBlock(chunk:of:gone:visible:)``).
extension PointFrame {
    /// The kernel's view of this frame's points, program, set-up and snapshot (no tap table yet).
    func kernelFrame(
        lanes: UnsafeBufferPointer<PointLanes>, goneAfter: UnsafeBufferPointer<Float>, program: PointSpriteProgram,
        sampler: TextureSampler
    ) -> shatter_small_sprite_frame {
        shatter_small_sprite_frame(
            lanes: lanes.baseAddress, goneAfter: goneAfter.baseAddress, time: program.u_time,
            speedLimit: program.u_physics.x, restitution: program.u_physics.y, stopSpeed: program.u_physics.z,
            clipScaleX: program.u_clipScale.x, clipScaleY: program.u_clipScale.y,
            halfViewportX: setup.halfViewport.x, halfViewportY: setup.halfViewport.y, fixedSize: Int32(setup.fixedSize),
            guardBand: Int32(g), topRow: Int32(topRow), width: Int32(width), height: Int32(height),
            bandOfRow: buffers.bandOfRow, columnBase: nil, rowBase: nil, columns: 0, rows: 0, texels: sampler.words,
            textureWidth: Int32(sampler.width), textureHeight: Int32(sampler.height), squareColors: buffers.squareColors)
    }

    /// The kernel on chunk `chunk`'s points, each drawn sprite appended to its bands' pages (and a
    /// 2 × 2 sprite's colors left in `squareColors`).
    func kernelStage(chunk: Int, points: Points, table: SmallSpriteTaps.Table, pages: PixelPages) {
        var writer = pages.writer(chunk: chunk)
        var frame = points.kernel
        frame.columnBase = UnsafePointer(table.columnBase.baseAddress)
        frame.rowBase = UnsafePointer(table.rowBase.baseAddress)
        frame.columns = Int32(table.columns)
        frame.rows = Int32(table.rows)
        let range = chunkRange(chunk, of: chunks, total: blocks)
        // The kernel's records for a run of blocks stay in L1 until they are appended.
        withUnsafeTemporaryAllocation(of: shatter_small_sprite_block.self, capacity: Self.kernelRun) { records in
            var block = range.lowerBound
            while block < range.upperBound {
                let end = Swift.min(block &+ Self.kernelRun, range.upperBound)
                let count = shatter_small_sprite_blocks(&frame, block, end, records.baseAddress, points.avx2 ? 1 : 0)
                for record in records.baseAddress!..<records.baseAddress! + count { append(record, to: &writer) }
                block = end
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
