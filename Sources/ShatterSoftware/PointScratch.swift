import CLanes
import ShatterCore

/// The point-sprite draw's working memory, kept from frame to frame: at 1080p and point size 1 it is
/// some 20 MB, which the kernel would otherwise hand out (and zero) again for every frame.
///
/// The binned path: per point, `x` and `y` (its centre in eighths of a pixel; `x` is `Int32.min` for a point
/// that draws nothing); per chunk × band, `counts` of the points binned there; `list`, the binned point
/// indices, band by band. The small-sprite kernel's path: the pages of ``PixelPages`` instead, and for
/// 2 × 2 sprites their four colors in `squareColors`. Per image row: `bandOfRow`.
final class PointScratch: @unchecked Sendable {
    private(set) var x = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    private(set) var y = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    private(set) var counts = UnsafeMutableBufferPointer<Int>(start: nil, count: 0)
    private(set) var list = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    private(set) var squareColors = UnsafeMutableBufferPointer<UInt32>(start: nil, count: 0)
    private(set) var bandOfRow = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    private(set) var pageEntries = UnsafeMutableBufferPointer<UInt64>(start: nil, count: 0)
    private(set) var pageNext = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    private(set) var pageChains = UnsafeMutableBufferPointer<shatter_page_chain>(start: nil, count: 0)

    /// Makes room for `points` points (a multiple of 8), `bins` counts and a band for each of `rows` rows.
    func reserve(points: Int, bins: Int, rows: Int) {
        Self.grow(&bandOfRow, to: rows)
        Self.grow(&x, to: points)
        Self.grow(&y, to: points)
        Self.grow(&counts, to: bins)
    }

    /// Makes room for the four colors of each of `count / 4` 2 × 2 sprites.
    func reserveSquareColors(_ count: Int) { Self.grow(&squareColors, to: count) }

    func reserveList(_ entries: Int) { Self.grow(&list, to: entries) }

    /// ``PixelPages`` for `blocks` blocks of sprites split into `chunks`, at most `largestChunk` drawing
    /// in one, binned into `bands`, each point making at most `entriesPerPoint` entries.
    func pixelPages(blocks: Int, chunks: Int, largestChunk: Int, bands: Int, entriesPerPoint: Int) -> PixelPages {
        let layout = PixelPages.layout(
            blocks: blocks, chunks: chunks, bands: bands, entriesPerPoint: entriesPerPoint, largestChunk: largestChunk)
        let pages = chunks * layout.pagesPerChunk
        Self.grow(&pageEntries, to: pages * layout.pageSize)
        Self.grow(&pageNext, to: pages)
        Self.grow(&pageChains, to: chunks * PixelPages.chainStride(bands: bands))
        return PixelPages(
            pageSize: layout.pageSize, bandCount: bands, pagesPerChunk: layout.pagesPerChunk,
            entries: pageEntries.baseAddress!, next: pageNext.baseAddress!, chains: pageChains.baseAddress!)
    }

    /// The buffers as they are now, for the draw's parallel loops (which write disjoint parts).
    var buffers: PointBuffers {
        PointBuffers(
            x: x.baseAddress!, y: y.baseAddress!, counts: counts.baseAddress!,
            list: list.baseAddress, squareColors: squareColors.baseAddress,
            bandOfRow: bandOfRow.baseAddress!)
    }

    private static func grow<T>(_ buffer: inout UnsafeMutableBufferPointer<T>, to count: Int) {
        guard buffer.count < count else { return }
        buffer.deallocate()
        buffer = UnsafeMutableBufferPointer(
            start: UnsafeMutableRawPointer.allocate(byteCount: count * MemoryLayout<T>.stride, alignment: 64)
                .bindMemory(to: T.self, capacity: count), count: count)
    }

    deinit {
        x.deallocate()
        y.deallocate()
        counts.deallocate()
        list.deallocate()
        squareColors.deallocate()
        bandOfRow.deallocate()
        pageEntries.deallocate()
        pageNext.deallocate()
        pageChains.deallocate()
    }
}

/// ``PointScratch``'s buffers, taken once per draw.
struct PointBuffers: @unchecked Sendable {
    let x: UnsafeMutablePointer<Int32>
    let y: UnsafeMutablePointer<Int32>
    let counts: UnsafeMutablePointer<Int>
    let list: UnsafeMutablePointer<Int32>?
    /// 2 × 2 sprites' colors, four SIMD8 words per block of eight: upper left, upper right, lower left,
    /// lower right.
    let squareColors: UnsafeMutablePointer<UInt32>?
    /// Which band each image row belongs to.
    let bandOfRow: UnsafeMutablePointer<Int32>
}

/// Scratch memory for whoever draws next: one ``PointScratch`` per concurrent draw, reused.
final class PointScratchPool: Sendable {
    private let idle = Locked<[PointScratch]>([])

    func withScratch<R>(_ body: (PointScratch) throws -> R) rethrows -> R {
        let scratch = idle.withLock { $0.popLast() } ?? PointScratch()
        defer { idle.withLock { $0.append(scratch) } }
        return try body(scratch)
    }
}
