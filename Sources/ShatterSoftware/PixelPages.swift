import CLanes

/// Sprites binned as the vertex stage shades them (one pixel, 2 × 2): each chunk of points appends an
/// entry for every sprite to the bands of rows it touches, on pages of its own. No pass counts the
/// sprites per band first or lists them again afterwards (for one-pixel sprites those two passes cost
/// as much as the stores themselves). A band's sprites in draw order are its pages chunk by chunk,
/// each chunk's in the order it appended them.
///
/// The layout and the append are C's (`pixel_pages.h`), where the small-sprite kernel appends as it
/// shades; this wraps them and reads the pages back.
///
/// A chunk never runs out of pages: each band's pages but its last are full, so it uses at most
/// ⌈entries / pageSize⌉ + bands of them. Every chunk has that many set aside for the largest chunk,
/// counting the most entries its points can make (a 2 × 2 sprite makes two where its rows straddle two
/// bands), so chunk k's pages start at k · pagesPerChunk.
struct PixelPages: @unchecked Sendable {  // the chunks and bands that use it write disjoint parts
    let layout: shatter_pixel_pages

    init(
        pageSize: Int, bandCount: Int, pagesPerChunk: Int, entries: UnsafeMutablePointer<UInt64>,
        next: UnsafeMutablePointer<Int32>, chains: UnsafeMutablePointer<shatter_page_chain>
    ) {
        layout = shatter_pixel_pages(
            entries: entries, next: next, chains: chains, pageSize: pageSize, bandCount: bandCount,
            pagesPerChunk: pagesPerChunk, chainStride: Self.chainStride(bands: bandCount))
    }

    /// Chains set aside per chunk for `bands` bands: a whole number of cache lines (`pixel_pages.h`).
    static func chainStride(bands: Int) -> Int { (bands + 7) / 8 * 8 }

    /// For `blocks` blocks split into `chunks`, at most `largestChunk` of them drawing in one chunk
    /// (by default `chunkRange(_:of:total:)`'s largest), binned into `bands`, each point making at most
    /// `entriesPerPoint` entries: a page size that keeps the pages set aside but unused below an eighth
    /// of the points, and the pages each chunk needs.
    static func layout(blocks: Int, chunks: Int, bands: Int, entriesPerPoint: Int, largestChunk: Int? = nil)
        -> (pageSize: Int, pagesPerChunk: Int)
    {
        var pageSize = 64
        while pageSize * 2 * chunks * bands <= blocks && pageSize < 4096 { pageSize *= 2 }
        let largestChunk = (largestChunk ?? (blocks + chunks - 1) / chunks) * 8 * entriesPerPoint  // entries
        return (pageSize, (largestChunk + pageSize - 1) / pageSize + bands)
    }

    /// Appends for chunk `chunk` (`shatter_pages_append_lane`, `shatter_pages_append_lanes`), its chains
    /// emptied.
    func writer(chunk: Int) -> shatter_page_writer { shatter_pages_writer(layout, chunk) }

    /// Calls `body` with each entry of band `band`, in draw order.
    @inline(__always)
    func forEachEntry(band: Int, chunks: Int, _ body: (UInt64) -> Void) {
        forEachRun(band: band, chunks: chunks) { run in
            for entry in run { body(layout.entries[entry]) }
        }
    }

    /// Calls `body` with each run of band `band`'s entries that lie one after the other in `entries`
    /// (a page, or the filled part of a chain's last), in draw order.
    @inline(__always)
    func forEachRun(band: Int, chunks: Int, _ body: (Range<Int>) -> Void) {
        let pageSize = layout.pageSize
        for chunk in 0..<chunks {
            let chain = layout.chains[chunk &* layout.chainStride &+ band]
            var page = Int(chain.head)
            while page >= 0 {
                let following = Int(layout.next[page])
                let end = following < 0 ? chain.cursor : (page &+ 1) &* pageSize
                body(page &* pageSize..<end)
                page = following
            }
        }
    }
}
