/*
 * opaque_rgb.h's packing: one body, compiled for any x86-64 and again for AVX2 (as fast_png.c). The
 * AVX2 twin takes eight pixels a step, their alphas checked with one compare and their 24 colour bytes
 * moved with one shuffle; the baseline twin two pixels a step in a 64-bit word (SSE2 has no byte
 * shuffle, and the compiler's emulation of one is slower than the word's two masks).
 */
#pragma clang diagnostic ignored "-Wpsabi"

#include "opaque_rgb.h"

#include <string.h>

typedef uint8_t pixels_v __attribute__((vector_size(32)));
typedef uint32_t words_v __attribute__((vector_size(32)));

static inline __attribute__((always_inline)) size_t pack(const uint8_t *rgba, size_t pixels, uint8_t *rgb, int avx2) {
    size_t i = 0;
    /* Each step stores 8 bytes more than it keeps, so the steps stop while those would still fall
     * before the end of `rgb` (3 pixels' worth). */
    for (; !avx2 && i + 5 <= pixels; i += 2) {
        uint64_t two;
        memcpy(&two, rgba + 4 * i, 8);
        if ((two & 0xff000000ff000000ull) != 0xff000000ff000000ull) break;
        uint64_t packed = (two & 0xffffffull) | (two >> 8 & 0xffffff000000ull);
        memcpy(rgb + 3 * i, &packed, 8);
    }
    for (; avx2 && i + 11 <= pixels; i += 8) {
        pixels_v v;
        memcpy(&v, rgba + 4 * i, sizeof v);
        words_v opaque = (words_v)v >= 0xff000000u;
        uint64_t all[4];
        memcpy(all, &opaque, sizeof all);
        if ((all[0] & all[1] & all[2] & all[3]) != ~0ull) break;
        pixels_v packed = __builtin_shufflevector(v, v, 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16, 17, 18, 20, 21, 22, 24,
                                                  25, 26, 28, 29, 30, 0, 0, 0, 0, 0, 0, 0, 0);
        memcpy(rgb + 3 * i, &packed, sizeof packed);
    }
    for (; i < pixels; i++) {
        const uint8_t *p = rgba + 4 * i;
        if (p[3] != 255) break;
        rgb[3 * i] = p[0], rgb[3 * i + 1] = p[1], rgb[3 * i + 2] = p[2];
    }
    return i;
}

static size_t pack_baseline(const uint8_t *rgba, size_t pixels, uint8_t *rgb) { return pack(rgba, pixels, rgb, 0); }

#if defined(__x86_64__)
SHATTER_TARGET_AVX2 static size_t pack_avx2(const uint8_t *rgba, size_t pixels, uint8_t *rgb) {
    return pack(rgba, pixels, rgb, 1);
}
#endif

/* The packing's table line. */
shatter_opaque_rgb_packer shatter_opaque_rgb_for(shatter_tier tier) {
#if defined(__x86_64__)
    if (tier >= SHATTER_TIER_AVX2) return (shatter_opaque_rgb_packer){pack_avx2};
#endif
    (void)tier;
    return (shatter_opaque_rgb_packer){pack_baseline};
}
