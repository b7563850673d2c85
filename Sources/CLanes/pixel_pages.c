/* PixelPages' writer (pixel_pages.h): what the inline append calls only when a page fills. */
#include "pixel_pages.h"
#include <stdio.h>
#include <stdlib.h>

shatter_page_writer shatter_pages_writer(shatter_pixel_pages pages, long chunk) {
    shatter_page_chain *chains = pages.chains + chunk * pages.bandCount;
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
