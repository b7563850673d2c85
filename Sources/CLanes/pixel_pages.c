/* PixelPages' writer (pixel_pages.h): what the inline append calls only when a page fills. */
#include "pixel_pages.h"
#include <stdio.h>
#include <stdlib.h>

shatter_page_writer shatter_pages_writer(shatter_pixel_pages pages, long chunk) {
    shatter_page_chain *chains = pages.chains + chunk * pages.chainStride;
    for (long band = 0; band < pages.bandCount; band++) chains[band] = (shatter_page_chain){-1, 0, 0};
    return (shatter_page_writer){pages, chains, chunk * pages.pagesPerChunk, (chunk + 1) * pages.pagesPerChunk};
}

long shatter_pages_start_page(shatter_page_writer *writer, shatter_page_chain *chain) {
    long page = writer->freePage;
    if (page >= writer->endPage) {
        fputs("PixelPages: a chunk made more entries than its points can\n", stderr);
        abort();
    }
    writer->freePage++;
    if (chain->head < 0) {
        chain->head = (int)page;
    } else {
        writer->pages.next[chain->end / writer->pages.pageSize - 1] = (int)page;
    }
    writer->pages.next[page] = -1;
    chain->end = (page + 1) * writer->pages.pageSize;
    return page * writer->pages.pageSize;
}

void shatter_pages_store_pixels(const unsigned long long *entries, long first, long end, unsigned int *pixels) {
    enum { ahead = 64 };  // entries: 16 measured no better than none, 128 no better than 64
    long i = first;
    for (; i + ahead < end; i++) {
        __builtin_prefetch(pixels + (unsigned)entries[i + ahead], 1, 3);
        pixels[(unsigned)entries[i]] = (unsigned)(entries[i] >> 32);
    }
    for (; i < end; i++) pixels[(unsigned)entries[i]] = (unsigned)(entries[i] >> 32);
}
