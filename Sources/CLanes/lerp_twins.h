/*
 * The bilinear blend's lerp as each twin of the C stages computes it (binned_sprites.c,
 * small_sprites.c): shatter_lanes_lerp's integers, (a·(256 − w) + b·w + 128) >> 8 per 16-bit channel,
 * for weights w ≤ 255 (every weight in those stages is a texel position's low 8 bits). A private
 * header: it needs the AVX2 intrinsics, which the module Swift imports (lanes.h) does without.
 *
 * In the AVX2 twin the lerp is a + pmulhrsw(b − a, w·128): pmulhrsw is ((x·y >> 14) + 1) >> 1, so this
 * is a + ⌊((b − a)·w + 128) / 256⌋, the same integer (256·a adds a whole multiple of 256), in three
 * instructions instead of five; w·128 ≤ 32640 fits a signed 16-bit lane. The twin for any x86-64
 * (SSE2, no pmulhrsw) keeps the product form. Each twin's weights are kept in the form its lerp takes
 * (w·128 or w), made once per weight rather than at each lerp. The small-sprite kernel's AVX-512 twin
 * does the AVX2 twin's lerp on sixteen pixels at once (shatter_bilinear_avx512).
 */
#ifndef SHATTER_LERP_TWINS_H
#define SHATTER_LERP_TWINS_H

#include "cpu_tier.h"
#include "lanes.h"

#if defined(__x86_64__)
#include <immintrin.h>

/* Through pointers: where the compiler does not inline it (a debug build), no 512-bit vector is passed
 * by value between this AVX2 function and its callers, whose ABIs for such vectors need not agree. */
SHATTER_TARGET_AVX2 static inline void shatter_lerp_avx2(const shatter_ushort32 *a, const shatter_ushort32 *b,
                                                                     const shatter_ushort32 *weights, shatter_ushort32 *lerped) {
    __m256i x[2], y[2], w[2], result[2];
    __builtin_memcpy(x, a, sizeof x);
    __builtin_memcpy(y, b, sizeof y);
    __builtin_memcpy(w, weights, sizeof w);
    for (int half = 0; half < 2; half++)
        result[half] = _mm256_add_epi16(x[half], _mm256_mulhrs_epi16(_mm256_sub_epi16(y[half], x[half]), w[half]));
    __builtin_memcpy(lerped, result, sizeof result);
}
#endif

/* The AVX-512 twin's sixteen pixels: 64 channels of 16 bits (two 512-bit registers). */
typedef unsigned short shatter_ushort64 __attribute__((ext_vector_type(64)));
typedef unsigned char shatter_uchar64 __attribute__((ext_vector_type(64)));

#if defined(__x86_64__)
#define SHATTER_AVX512 SHATTER_TARGET_AVX512

/* shatter_lerp_avx2 on sixteen pixels (a + pmulhrsw(b − a, w·128)), through pointers as it is. */
SHATTER_AVX512 static inline void shatter_lerp_avx512(const shatter_ushort64 *a, const shatter_ushort64 *b,
                                                      const shatter_ushort64 *weights, shatter_ushort64 *lerped) {
    __m512i x[2], y[2], w[2], result[2];
    __builtin_memcpy(x, a, sizeof x);
    __builtin_memcpy(y, b, sizeof y);
    __builtin_memcpy(w, weights, sizeof w);
    for (int half = 0; half < 2; half++)
        result[half] = _mm512_add_epi16(x[half], _mm512_mulhrs_epi16(_mm512_sub_epi16(y[half], x[half]), w[half]));
    __builtin_memcpy(lerped, result, sizeof result);
}

/* shatter_bilinear for sixteen texel quads in the AVX-512 twin (weights ≤ 255, each doubled into both
 * halves of its 32-bit lane and spread over its pixel's channels as shatter_lerp_weights does). */
static inline __attribute__((always_inline)) shatter_uint16 shatter_bilinear_avx512(shatter_uint16 t00, shatter_uint16 t10,
                                                                                    shatter_uint16 t01, shatter_uint16 t11,
                                                                                    shatter_uint16 wx, shatter_uint16 wy) {
    shatter_ushort64 weights[2], channels[4], upper, lower, color;
    shatter_uint16 scaled[2] = {wx << 7, wy << 7};
    for (int axis = 0; axis < 2; axis++) {
        shatter_uint16 both = scaled[axis] | scaled[axis] << 16;
        weights[axis] = (shatter_ushort64)__builtin_shufflevector(both, both, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9,
                                                                  9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15);
    }
    shatter_uint16 quad[4] = {t00, t10, t01, t11};
    for (int k = 0; k < 4; k++) channels[k] = __builtin_convertvector((shatter_uchar64)quad[k], shatter_ushort64);
    shatter_lerp_avx512(&channels[0], &channels[1], &weights[0], &upper);
    shatter_lerp_avx512(&channels[2], &channels[3], &weights[0], &lower);
    shatter_lerp_avx512(&upper, &lower, &weights[1], &color);
    return (shatter_uint16)__builtin_convertvector(color, shatter_uchar64);
}
#endif

/* One weight for every channel, in the form `shatter_lerp` takes. */
static inline __attribute__((always_inline)) shatter_ushort32 shatter_lerp_weight(unsigned weight, int avx2) {
    return (shatter_ushort32)(unsigned short)(avx2 ? weight << 7 : weight);
}

/* Eight pixels' weights, each over its pixel's four channels, in the form `shatter_lerp` takes: each
 * 32-bit lane's weight doubled into both of its 16-bit halves (no overlap: a weight·128 < 2¹⁶), then
 * each lane repeated, in fewer instructions than narrowing the weights to 16 bits first. */
static inline __attribute__((always_inline)) shatter_ushort32 shatter_lerp_weights(shatter_uint8 weights, int avx2) {
    shatter_uint8 scaled = avx2 ? weights << 7 : weights;
    shatter_uint8 both = scaled | scaled << 16;
    return (shatter_ushort32)__builtin_shufflevector(both, both, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7);
}

/* (a·(256 − w) + b·w + 128) >> 8 per 16-bit channel, `weights` from shatter_lerp_weight(s). */
static inline __attribute__((always_inline)) shatter_ushort32 shatter_lerp(shatter_ushort32 a, shatter_ushort32 b,
                                                                           shatter_ushort32 weights, int avx2) {
#if defined(__x86_64__)
    if (avx2) {
        shatter_ushort32 lerped;
        shatter_lerp_avx2(&a, &b, &weights, &lerped);
        return lerped;
    }
#endif
    (void)avx2;
    return shatter_lanes_lerp(a, b, weights);
}

/* shatter_lanes_bilinear (eight texel quads, weights ≤ 255) with each twin's lerp. */
static inline __attribute__((always_inline)) shatter_uint8 shatter_bilinear(shatter_uint8 t00, shatter_uint8 t10,
                                                                            shatter_uint8 t01, shatter_uint8 t11,
                                                                            shatter_uint8 wx, shatter_uint8 wy, int avx2) {
    shatter_ushort32 x = shatter_lerp_weights(wx, avx2);
    shatter_ushort32 upper = shatter_lerp(shatter_lanes_channels(t00), shatter_lanes_channels(t10), x, avx2);
    shatter_ushort32 lower = shatter_lerp(shatter_lanes_channels(t01), shatter_lanes_channels(t11), x, avx2);
    return (shatter_uint8)__builtin_convertvector(shatter_lerp(upper, lower, shatter_lerp_weights(wy, avx2), avx2),
                                                  shatter_uchar32);
}

#endif /* SHATTER_LERP_TWINS_H */
