/*
 * The fast encoder's row filters in vector lanes (fast_png.c): each row's three candidate filters
 * (sub, up, Paeth) computed 32 bytes at a time and costed in the same pass (on every other 32 bytes),
 * without writing them, then the chosen one written once. Written with the compiler's generic vectors, so the one body becomes SSE2
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

/* The usual heuristic's cost of filtered bytes: their magnitudes read as signed, summed eight at a time
 * into 64-bit lanes by PSADBW (SSE2's sum of absolute differences, against zero), 16 bytes an
 * instruction in either twin, where widening every byte to 16 bits took four. */
typedef uint64_t sums_v __attribute__((vector_size(FILTER_LANES)));
typedef long long sad_half_v __attribute__((vector_size(16)));
typedef char sad_bytes_v __attribute__((vector_size(16)));

LANES_INLINE sums_v lanes_cost(bytes_v filtered, bytes_v valid) {
    bytes_v magnitude = (bytes_v)__builtin_elementwise_abs((signed_v)filtered) & valid;
#if defined(__x86_64__)
    sad_bytes_v half[2];
    memcpy(half, &magnitude, sizeof half);
    sad_half_v sums[2] = {__builtin_ia32_psadbw128(half[0], (sad_bytes_v){0}),
                          __builtin_ia32_psadbw128(half[1], (sad_bytes_v){0})};
    sums_v out;
    memcpy(&out, sums, sizeof out);
    return out;
#else
    typedef uint16_t wide_v __attribute__((vector_size(FILTER_LANES * 2)));
    return (sums_v){__builtin_reduce_add(__builtin_convertvector(magnitude, wide_v))};
#endif
}

LANES_INLINE size_t lanes_total(sums_v sums) { return (size_t)__builtin_reduce_add(sums); }

/* The filter for `row` (`stride` bytes, `prev` the row above): `type`, or with SHATTER_FAST_PNG_ADAPTIVE
 * (-1), whichever of up, Paeth and sub has the least cost, in that order of preference on ties (none
 * seldom wins on a frame; the others each win somewhere: up on flat screens, Paeth on gradients and
 * text, sub on rows of horizontal runs). The costs are taken on every other 32 bytes of the row: a
 * row's filter is a choice for the whole row, and half its bytes choose as all of them do, within
 * 0.3 % of the file (the transition's frames: 0.26 % on UI p1, 0.06 % on noisy p1, nothing on the
 * others), for 9 % fewer instructions in the encoder. */
LANES_INLINE int lanes_choose(int type, const uint8_t *row, const uint8_t *prev, size_t stride, size_t bpp) {
    if (type >= 0) return type;
    /* A row equal to the one above (most of a flat screen's) is all zeros under up, which no filter
     * beats and ties give to up: found by a compare that stops at the first difference, so a row that
     * differs costs next to nothing more. */
    if (memcmp(row, prev, stride) == 0) return 2;
    bytes_v all = (bytes_v){0} - 1;
    sums_v up = {0}, paeth = {0}, sub = {0};
    for (size_t i = 0; i < stride; i += 2 * FILTER_LANES) {
        bytes_v valid = all;
        if (stride - i < FILTER_LANES)
            for (size_t k = stride - i; k < FILTER_LANES; k++) valid[k] = 0;
        bytes_v x = lanes_load(row + i), a = lanes_load(row + i - bpp), b = lanes_load(prev + i);
        up += lanes_cost(x - b, valid);
        paeth += lanes_cost(x - lanes_paeth(a, b, lanes_load(prev + i - bpp)), valid);
        sub += lanes_cost(x - a, valid);
    }
    size_t cost[3] = {lanes_total(up), lanes_total(paeth), lanes_total(sub)};
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
