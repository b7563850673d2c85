/*
 * The PNG row filters of the levels libdeflate codes (DeflatePNGWriter), one row at a time on plain
 * buffers and every byte costed. Level 1's own encoder filters in vector lanes on padded rows and costs
 * every other 32 bytes (filter_lanes.h), so the two choose alike but not always the same filter: both
 * bodies live here, with the PNG coder, and each level keeps the bytes it has always written.
 */
#ifndef SHATTER_PNG_FILTERS_H
#define SHATTER_PNG_FILTERS_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Inlined into every caller. */
#define SHATTER_PNG_INLINE static inline __attribute__((always_inline))

/*
 * PNG row filtering (PNG specification §9), in C so that the byte loops are vectorised whatever the
 * Swift optimiser makes of them. `prev` is the row above, or NULL for the first row (zeros); `bpp`
 * bytes per pixel. Types: 0 none, 1 sub, 2 up, 4 paeth (3, average, is not used).
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

#endif /* SHATTER_PNG_FILTERS_H */
