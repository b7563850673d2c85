/*
 * PixelPages' layout and its one append (Swift's PixelPages wraps this struct and reads the pages
 * back; the small-sprite kernel appends as it shades). Sprites are binned as they are shaded: each
 * chunk of points appends an entry for every sprite to the bands of rows it touches, on pages of its
 * own, so a band's sprites in draw order are its pages chunk by chunk, each chunk's in the order it
 * appended them.
 */
#ifndef SHATTER_PIXEL_PAGES_H
#define SHATTER_PIXEL_PAGES_H

/* One chunk's pages in one band: the first (-1: none yet), and where the next entry goes
 * (cursor == end when the last page is full, or there is none yet). */
typedef struct shatter_page_chain {
    int head;
    long cursor, end;
} shatter_page_chain;

typedef struct shatter_pixel_pages {
    /* Two 32-bit halves: for a one-pixel sprite the pixel's index in the image (row · width + column)
     * and its color; for a 2 × 2 sprite its upper left pixel, (row + 1) << 16 | (column + 1), and its
     * point's index. */
    unsigned long long *entries;
    /* Per page: the next page of its chunk and band, or -1. */
    int *next;
    /* Per chunk, its bands' chains: chunk k's start at k · chainStride. */
    shatter_page_chain *chains;
    /* Entries per page, bands, and pages set aside for each chunk (chunk k's start at k · pagesPerChunk);
     * chains per chunk, bandCount rounded up to a multiple of 8 (three cache lines), so that two chunks
     * appending on two threads never write one cache line (with 4 bands, chunks 0 and 1 would share one,
     * its cursors written at every append; at 1080p the two bands on it see few sprites, and no
     * difference was measured, but other sizes and thread counts need not be so lucky). */
    long pageSize, bandCount, pagesPerChunk, chainStride;
} shatter_pixel_pages;

/* Appends for one chunk: its bands' chains, its next free page and the end of its pages. */
typedef struct shatter_page_writer {
    shatter_pixel_pages pages;
    shatter_page_chain *chains;
    long freePage, endPage;
} shatter_page_writer;

/* A writer for chunk `chunk`, its chains emptied. */
shatter_page_writer shatter_pages_writer(shatter_pixel_pages pages, long chunk);

/* Links a fresh page after `chain`'s last and returns its first entry. A chunk never runs out of
 * pages while it makes no more entries than its points can (PixelPages.layout); if it did, this stops
 * the program rather than write another chunk's page. */
long shatter_pages_start_page(shatter_page_writer *writer, shatter_page_chain *chain);

/* Lane `lane` of the eight entries at `entries`, in band `band`. */
static inline __attribute__((always_inline)) void shatter_pages_append_lane(shatter_page_writer *writer, const unsigned long long *entries,
                                                                             int lane, long band) {
    shatter_page_chain *chain = writer->chains + band;
    long cursor = chain->cursor;
    if (cursor == chain->end) cursor = shatter_pages_start_page(writer, chain);
    writer->pages.entries[cursor] = entries[lane];
    chain->cursor = cursor + 1;
}

/* The lanes set in `lanes` of the eight entries at `entries`, all in band `band`: lane by lane where
 * they may reach a new page, else all eight as one copy, or each lane written at the cursor and the
 * cursor moved on only past the drawn ones (the rest of the page is written over later or never read). */
static inline __attribute__((always_inline)) void shatter_pages_append_lanes(shatter_page_writer *writer,
                                                                              const unsigned long long *entries, unsigned lanes,
                                                                              long band) {
    shatter_page_chain *chain = writer->chains + band;
    long cursor = chain->cursor;
    if (cursor + 8 > chain->end) {
        for (unsigned rest = lanes; rest; rest &= rest - 1) shatter_pages_append_lane(writer, entries, __builtin_ctz(rest), band);
        return;
    }
    unsigned long long *page = writer->pages.entries + cursor;
    if (lanes == 0xFF) {
        __builtin_memcpy(page, entries, 8 * sizeof *entries);
        chain->cursor = cursor + 8;
        return;
    }
    long n = 0;
    for (int lane = 0; lane < 8; lane++) {
        page[n] = entries[lane];
        n += (lanes >> lane) & 1;
    }
    chain->cursor = cursor + n;
}

/* One-pixel sprites' entries first ..< end stored in order: each color (the high half) at its pixel
 * (the low half) of `pixels`, each pixel's cache line asked for 64 entries ahead. A band's rows (2 MB at
 * 1080p on two threads) do not stay in a core's cache, and its stores missing it cost 8% of a
 * point-size-1 render on one core; asking ahead takes 2–4% off there and about 5% on two cores. */
void shatter_pages_store_pixels(const unsigned long long *entries, long first, long end, unsigned int *pixels);

#endif /* SHATTER_PIXEL_PAGES_H */
