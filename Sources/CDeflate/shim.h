/*
 * CDeflate: Debian's libdeflate (whole-buffer DEFLATE, several times zlib's speed at the same ratio),
 * which compresses the IDAT stream of the PNGs Shatter writes, and the PNG row filters that come
 * before it. Linked through pkg-config, so the bundle can link the static archive instead
 * (Tools/bundle.sh).
 */
#ifndef SHATTER_CDEFLATE_SHIM_H
#define SHATTER_CDEFLATE_SHIM_H

#include <libdeflate.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Inlined into every caller, so the AVX2 twin of the fast encoder (CFastPNG) gets its own vectorised copy. */
#define SHATTER_PNG_INLINE static inline __attribute__((always_inline))

/*
 * PNG row filtering (PNG specification §9), here so that the byte loops are vectorised whatever the
 * Swift optimiser makes of them, and so that both encoders (libdeflate's levels and CFastPNG) filter
 * with the same code. `prev` is the row above, or NULL for the first row (zeros);
 * `bpp` bytes per pixel. Types: 0 none, 1 sub, 2 up, 4 paeth (3, average, is not used).
 */
SHATTER_PNG_INLINE void shatter_png_filter_row(int type, const uint8_t *row, const uint8_t *prev, size_t count, size_t bpp,
                                          uint8_t *out) {
    size_t head = bpp < count ? bpp : count;
    if (type == 0 || (type == 2 && prev == NULL)) {
        memcpy(out, row, count);
    } else if (type == 1 || (type == 4 && prev == NULL)) {  /* Paeth over a zero row predicts from the left */
        memcpy(out, row, head);
        for (size_t i = bpp; i < count; i++) out[i] = (uint8_t)(row[i] - row[i - bpp]);
    } else if (type == 2) {
        for (size_t i = 0; i < count; i++) out[i] = (uint8_t)(row[i] - prev[i]);
    } else {
        for (size_t i = 0; i < head; i++) out[i] = (uint8_t)(row[i] - prev[i]);  /* a = c = 0: predicts b */
        for (size_t i = bpp; i < count; i++) {
            int a = row[i - bpp], b = prev[i], c = prev[i - bpp];
            int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
            out[i] = (uint8_t)(row[i] - (pa <= pb && pa <= pc ? a : pb <= pc ? b : c));
        }
    }
}

/* The usual heuristic for a row's filter: the sum of its filtered bytes read as signed, by magnitude
 * (in 16-bit sums of 256 bytes at a time, which vectorise to byte lanes: 256 · 128 fits). */
SHATTER_PNG_INLINE size_t shatter_png_row_cost(const uint8_t *bytes, size_t count) {
    size_t sum = 0;
    for (size_t start = 0; start < count; start += 256) {
        size_t end = count - start < 256 ? count : start + 256;
        uint16_t part = 0;
        for (size_t i = start; i < end; i++) {
            int8_t b = (int8_t)bytes[i];
            part += (uint8_t)(b < 0 ? -b : b);
        }
        sum += part;
    }
    return sum;
}

#endif /* SHATTER_CDEFLATE_SHIM_H */
