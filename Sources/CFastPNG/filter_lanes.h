/*
 * The fast encoder's row filters in vector lanes (fast_png.c): each row's three candidate filters
 * (sub, up, Paeth) computed 32 bytes at a time and costed in the same pass, without writing them, then
 * the chosen one written once. Written with the compiler's generic vectors, so the one body becomes SSE2
 * in the baseline twin and AVX2 in the other; every operation is exact integer arithmetic, so both
 * choose the same filter and write the same bytes.
 *
 * Rows sit in buffers with FILTER_PAD zero bytes before them and room after, so the pixel to the left
 * of the first one reads as zero (as PNG defines it) and the last vector may run past the row.
 */
#ifndef SHATTER_FAST_PNG_FILTER_LANES_H
#define SHATTER_FAST_PNG_FILTER_LANES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define FILTER_LANES 32
#define FILTER_PAD 32 /* ≥ the bytes per pixel, and keeps each row 32-byte aligned */

typedef uint8_t bytes_v __attribute__((vector_size(FILTER_LANES)));
typedef int8_t signed_v __attribute__((vector_size(FILTER_LANES)));
typedef uint16_t sums_v __attribute__((vector_size(FILTER_LANES * 2)));

#define LANES_INLINE static inline __attribute__((always_inline))

LANES_INLINE bytes_v lanes_load(const uint8_t *p) {
    bytes_v v;
    memcpy(&v, p, sizeof v);
    return v;
}

LANES_INLINE bytes_v lanes_absdiff(bytes_v x, bytes_v y) {
    return __builtin_elementwise_max(x, y) - __builtin_elementwise_min(x, y);
}

/* x where the mask's lanes are all ones, else y. */
LANES_INLINE bytes_v lanes_select(bytes_v mask, bytes_v x, bytes_v y) { return (mask & x) | (~mask & y); }

/* PNG's Paeth predictor (§9.4) from left a, above b and above-left c: with p = a + b − c, |p − a| = |b − c|,
 * |p − b| = |a − c| and |p − c| = |(b − c) + (a − c)|, the sum of the other two where b − c and a − c have
 * the same sign, else their difference (saturating is exact enough: a sum over 255 loses every tie it
 * could take part in). Checked against the scalar definition for every a, b and c. */
LANES_INLINE bytes_v lanes_paeth(bytes_v a, bytes_v b, bytes_v c) {
    bytes_v pa = lanes_absdiff(b, c), pb = lanes_absdiff(a, c);
    bytes_v same = (bytes_v)((b >= c) == (a >= c));
    bytes_v pc = lanes_select(same, __builtin_elementwise_add_sat(pa, pb), lanes_absdiff(pa, pb));
    bytes_v useA = (bytes_v)((pa <= pb) & (pa <= pc)), useB = (bytes_v)(pb <= pc);
    return lanes_select(useA, a, lanes_select(useB, b, c));
}

/* Row `row`'s bytes at i … i + 31 filtered with PNG filter `type` (0, 1, 2 or 4); `prev` is the row above. */
LANES_INLINE bytes_v lanes_filtered(int type, const uint8_t *row, const uint8_t *prev, size_t i, size_t bpp) {
    bytes_v x = lanes_load(row + i);
    switch (type) {
    case 1: return x - lanes_load(row + i - bpp);
    case 2: return x - lanes_load(prev + i);
    case 4: return x - lanes_paeth(lanes_load(row + i - bpp), lanes_load(prev + i), lanes_load(prev + i - bpp));
    default: return x;
    }
}

/* The usual heuristic's cost of filtered bytes: their magnitudes read as signed, in 16-bit lanes. */
LANES_INLINE sums_v lanes_cost(bytes_v filtered, bytes_v valid) {
    bytes_v magnitude = (bytes_v)__builtin_elementwise_abs((signed_v)filtered) & valid;
    return __builtin_convertvector(magnitude, sums_v);
}

LANES_INLINE size_t lanes_total(sums_v sums) {
    typedef uint32_t wide_v __attribute__((vector_size(FILTER_LANES * 4)));
    return __builtin_reduce_add(__builtin_convertvector(sums, wide_v));
}

/* The filter for `row` (`stride` bytes, `prev` the row above): `type`, or with SHATTER_FAST_PNG_ADAPTIVE
 * (-1), whichever of up, Paeth and sub has the least cost, in that order of preference on ties (none
 * seldom wins on a frame; the others each win somewhere: up on flat screens, Paeth on gradients and
 * text, sub on rows of horizontal runs). */
LANES_INLINE int lanes_choose(int type, const uint8_t *row, const uint8_t *prev, size_t stride, size_t bpp) {
    if (type >= 0) return type;
    /* A row equal to the one above (most of a flat screen's) is all zeros under up, which no filter
     * beats and ties give to up: found by a compare that stops at the first difference, so a row that
     * differs costs next to nothing more. */
    if (memcmp(row, prev, stride) == 0) return 2;
    size_t cost[3] = {0, 0, 0};
    bytes_v all = (bytes_v){0} - 1;
    for (size_t start = 0; start < stride; start += 256 * FILTER_LANES) {
        /* 256 vectors at most between flushes, so that the 16-bit lanes (≤ 128 each time) do not wrap. */
        size_t end = stride - start < 256 * FILTER_LANES ? stride : start + 256 * FILTER_LANES;
        sums_v up = {0}, paeth = {0}, sub = {0};
        for (size_t i = start; i < end; i += FILTER_LANES) {
            bytes_v valid = all;
            if (end - i < FILTER_LANES)
                for (size_t k = end - i; k < FILTER_LANES; k++) valid[k] = 0;
            bytes_v x = lanes_load(row + i), a = lanes_load(row + i - bpp), b = lanes_load(prev + i);
            up += lanes_cost(x - b, valid);
            paeth += lanes_cost(x - lanes_paeth(a, b, lanes_load(prev + i - bpp)), valid);
            sub += lanes_cost(x - a, valid);
        }
        cost[0] += lanes_total(up), cost[1] += lanes_total(paeth), cost[2] += lanes_total(sub);
    }
    int best = 2;
    if (cost[1] < cost[0]) best = 4, cost[0] = cost[1];
    if (cost[2] < cost[0]) best = 1;
    return best;
}

/* Writes `row` filtered with `type` to `out` (stride bytes, and up to 31 more that are written over later). */
LANES_INLINE void lanes_filter_row(int type, const uint8_t *row, const uint8_t *prev, size_t stride, size_t bpp,
                                   uint8_t *out) {
    for (size_t i = 0; i < stride; i += FILTER_LANES) {
        bytes_v f = lanes_filtered(type, row, prev, i, bpp);
        memcpy(out + i, &f, sizeof f);
    }
}

#endif /* SHATTER_FAST_PNG_FILTER_LANES_H */
