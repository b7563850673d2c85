/*
 * The fast PNG encoder behind compression level 1: the IDAT stream (a zlib stream) of an 8-bit RGB or
 * RGBA image, made several times faster than libdeflate's level 1 for the frames Shatter writes (docs/png.md). In the manner of fpnge, it
 * skips LZ77's match search, the cost that dominates every general deflater on noisy frames, and works
 * in vector lanes:
 *
 * - each row takes the PNG filter (sub, up or Paeth) whose bytes, read as signed, have the least sum
 *   of magnitudes (the usual heuristic), the three costed 32 bytes at a time in one pass over every
 *   other 32 bytes of the row, and only the chosen one written (filter_lanes.h); a row equal to the
 *   one above takes up at once;
 * - each band of SHATTER_FAST_PNG_BAND_ROWS rows is one deflate block with its own Huffman code of
 *   byte values, from a histogram of every eighth line (every byte keeps a code, so the lines not
 *   sampled may hold any);
 * - runs of 16 or more zero bytes (flat areas under the up or sub filter), found by vector compares
 *   and bit masks, become matches at distance 1, the one LZ77 match that needs no search;
 * - the literals' codes are gathered and joined eight at a time in AVX2 lanes, or looked up by
 *   permutes 32 at a time in AVX-512 lanes and placed in the stream by prefix sums of their lengths;
 * - a band the code would not shrink is stored.
 *
 * One body, compiled for any x86-64 and again for AVX2 and for AVX-512 (as small_sprites.c), one twin
 * per tier of the instruction-set table (cpu_tier.h), resolved once per process; all write the same
 * bytes. Any zlib decoder reads the result: it is plain deflate, Huffman blocks with distance-1 matches.
 */
#ifndef SHATTER_FAST_PNG_H
#define SHATTER_FAST_PNG_H

#include "cpu_tier.h"
#include <stddef.h>
#include <stdint.h>

#define SHATTER_FAST_PNG_BAND_ROWS 32

/* Writes row `y` (width · channels bytes, unfiltered) to `out` and returns 1; or returns 0 to stop the
 * encoding (the caller found the rows are not what it wants written). */
typedef int (*shatter_fast_png_row_fn)(void *context, long y, uint8_t *out);

/* Filters, as PNG numbers them; SHATTER_FAST_PNG_ADAPTIVE lets each row choose. */
enum { SHATTER_FAST_PNG_ADAPTIVE = -1 };

/* The most bytes a coder's zlib can write for this image (every band stored, and room for one
 * band's Huffman block tried and given up). */
size_t shatter_fast_png_bound(long width, long height, int channels);

/* One tier's twin of the encoder, resolved once. */
typedef struct shatter_fast_png_coder {
    /*
     * Encodes the image as a zlib stream into `out` (at least shatter_fast_png_bound bytes); returns
     * the bytes written, or 0 when memory for the band buffers could not be had or `row` stopped it.
     * `filter` is a PNG filter type (0 none, 1 sub, 2 up, 4 Paeth) or SHATTER_FAST_PNG_ADAPTIVE.
     */
    size_t (*zlib)(long width, long height, int channels, int filter, shatter_fast_png_row_fn row, void *context,
                   uint8_t *out);
} shatter_fast_png_coder;

/* The encoder of `tier`'s twin (a tier the processor runs). */
shatter_fast_png_coder shatter_fast_png_for(shatter_tier tier);

#endif /* SHATTER_FAST_PNG_H */
