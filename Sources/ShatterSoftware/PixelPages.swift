/// Sprites binned as the vertex stage shades them (one pixel, 2 × 2): each chunk of points appends an
/// entry for every sprite to the bands of rows it touches, on pages of its own. No pass counts the
/// sprites per band first or lists them again afterwards (for one-pixel sprites those two passes cost
/// as much as the stores themselves). A band's sprites in draw order are its pages chunk by chunk,
/// each chunk's in the order it appended them.
///
/// A chunk never runs out of pages: each band's pages but its last are full, so it uses at most
/// ⌈entries / pageSize⌉ + bands of them. Every chunk has that many set aside for the largest chunk,
/// counting the most entries its points can make (a 2 × 2 sprite makes two where its rows straddle two
/// bands), so chunk k's pages start at k · pagesPerChunk.
struct PixelPages {
    /// Entries per page.
    let pageSize: Int
    let bandCount: Int
    /// Pages set aside for each chunk.
    let pagesPerChunk: Int
    /// Two 32-bit halves: for a one-pixel sprite the pixel's index in the image (row · width + column)
    /// and its color; for a 2 × 2 sprite its upper left pixel, (row + 1) << 16 | (column + 1), and its
    /// point's index.
    let entries: UnsafeMutablePointer<UInt64>
    /// Per page: the next page of its chunk and band, or −1.
    let next: UnsafeMutablePointer<Int32>
    /// Per chunk × band.
    let chains: UnsafeMutablePointer<PageChain>

    /// One chunk's pages in one band: the first, and where the next entry goes (`cursor == end` when
    /// the last page is full, or there is none yet).
    struct PageChain {
        var head: Int32 = -1
        var cursor = 0
        var end = 0
    }

    /// For `blocks` blocks split into `chunks` (``chunkRange(_:of:total:)``), binned into `bands`, each
    /// point making at most `entriesPerPoint` entries: a page size that keeps the pages set aside but
    /// unused below an eighth of the points, and the pages each chunk needs.
    static func layout(blocks: Int, chunks: Int, bands: Int, entriesPerPoint: Int) -> (pageSize: Int, pagesPerChunk: Int) {
        var pageSize = 64
        while pageSize * 2 * chunks * bands <= blocks && pageSize < 4096 { pageSize *= 2 }
        let largestChunk = (blocks + chunks - 1) / chunks * 8 * entriesPerPoint  // entries
        return (pageSize, (largestChunk + pageSize - 1) / pageSize + bands)
    }

    /// Appends for chunk `chunk`.
    func writer(chunk: Int) -> Writer {
        let chains = chains + chunk * bandCount
        chains.initialize(repeating: PageChain(), count: bandCount)
        return Writer(pages: self, chains: chains, freePage: chunk * pagesPerChunk, endPage: (chunk + 1) * pagesPerChunk)
    }

    struct Writer {
        let pages: PixelPages
        let chains: UnsafeMutablePointer<PageChain>
        var freePage: Int
        /// Past the chunk's last page.
        let endPage: Int

        /// Lane `lane` of the eight entries at `entries`, in band `band`.
        @inline(__always)
        mutating func append(lane: Int, entries: UnsafeRawPointer, band: Int) {
            let chain = chains + band
            var cursor = chain.pointee.cursor
            if cursor == chain.pointee.end { cursor = startPage(chain) }
            pages.entries[cursor] = entries.load(fromByteOffset: lane &* 8, as: UInt64.self)
            chain.pointee.cursor = cursor &+ 1
        }

        /// The lanes set in `lanes` of the eight entries at `entries`, all in band `band`.
        @inline(__always)
        mutating func append(lanes: UInt32, entries: UnsafeRawPointer, band: Int) {
            let chain = chains + band
            var cursor = chain.pointee.cursor
            if cursor &+ 8 > chain.pointee.end {  // lane by lane, onto a new page
                forEachSetLane(lanes) { lane in append(lane: lane, entries: entries, band: band) }
                return
            }
            if lanes == 0xFF {  // all eight, as one copy
                UnsafeMutableRawPointer(pages.entries + cursor).storeBytes(
                    of: entries.loadUnaligned(as: SIMD8<UInt64>.self), as: SIMD8<UInt64>.self)
                chain.pointee.cursor = cursor &+ 8
                return
            }
            forEachSetLane(lanes) { lane in
                pages.entries[cursor] = entries.load(fromByteOffset: lane &* 8, as: UInt64.self)
                cursor &+= 1
            }
            chain.pointee.cursor = cursor
        }

        /// Links a fresh page after the chain's last and returns its first entry.
        @inline(never)
        mutating func startPage(_ chain: UnsafeMutablePointer<PageChain>) -> Int {
            let page = freePage
            // Cannot fail while entriesPerPoint holds; if it did, stop rather than write another chunk's page.
            precondition(page < endPage, "PixelPages: a chunk made more entries than its points can")
            freePage += 1
            if chain.pointee.head < 0 {
                chain.pointee.head = Int32(page)
            } else {
                pages.next[chain.pointee.end / pages.pageSize - 1] = Int32(page)
            }
            pages.next[page] = -1
            chain.pointee.end = (page + 1) * pages.pageSize
            return page * pages.pageSize
        }
    }

    /// Calls `body` with each entry of band `band`, in draw order.
    @inline(__always)
    func forEachEntry(band: Int, chunks: Int, _ body: (UInt64) -> Void) {
        for chunk in 0..<chunks {
            let chain = chains[chunk * bandCount + band]
            var page = Int(chain.head)
            while page >= 0 {
                let following = Int(next[page])
                let end = following < 0 ? chain.cursor : (page + 1) * pageSize
                for entry in page * pageSize..<end { body(entries[entry]) }
                page = following
            }
        }
    }
}
