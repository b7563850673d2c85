/*
 * CLanes: the lane-wise conversions between float and integer vectors that Swift's SIMD types only
 * offer through generic, element-by-element code. Clang's vector extensions turn each into one or
 * two instructions on every architecture (cvttps2dq / cvtdq2ps on x86-64, fcvtzs / scvtf on ARM).
 * The vector types below are imported into Swift as SIMD8<Float>, SIMD8<Int32> and SIMD8<UInt32>.
 * Also a lane mask as the bits of an integer (movmskps on x86-64), to visit only the lanes that are
 * set, and the fixed-point bilinear blend of eight pixels on 16-bit channels (pmullw on x86-64),
 * which Swift's SIMD types cannot widen and narrow without going lane by lane.
 *
 * Semantics per lane are those of C's scalar casts: float to int truncates toward zero (callers
 * keep values within Int32's range), int to float rounds to nearest even. Header-only, so Swift
 * inlines the calls.
 */
#ifndef SHATTER_CLANES_H
#define SHATTER_CLANES_H

typedef float shatter_float8 __attribute__((ext_vector_type(8)));
typedef int shatter_int8 __attribute__((ext_vector_type(8)));

/* Int32(x) for each lane, toward zero; lanes must be within Int32's range. */
static inline __attribute__((always_inline)) shatter_int8 shatter_lanes_truncate(shatter_float8 value) {
    return __builtin_convertvector(value, shatter_int8);
}

/* Float(i) for each lane. */
static inline __attribute__((always_inline)) shatter_float8 shatter_lanes_float(shatter_int8 value) {
    return __builtin_convertvector(value, shatter_float8);
}

typedef unsigned int shatter_uint8 __attribute__((ext_vector_type(8)));
typedef unsigned short shatter_ushort8 __attribute__((ext_vector_type(8)));
typedef unsigned short shatter_ushort32 __attribute__((ext_vector_type(32)));
typedef unsigned char shatter_uchar32 __attribute__((ext_vector_type(32)));

/* (a·(256 − w) + b·w + 128) >> 8 per 16-bit channel: a, b ≤ 255 and w ≤ 256 keep it below 2¹⁶. */
static inline __attribute__((always_inline)) shatter_ushort32 shatter_lanes_lerp(shatter_ushort32 a, shatter_ushort32 b,
                                                                                  shatter_ushort32 w) {
    return (a * ((unsigned short)256 - w) + b * w + (unsigned short)128) >> 8;
}

/* Eight RGBA8 words (R in the low byte) as 32 channels of 16 bits. */
static inline __attribute__((always_inline)) shatter_ushort32 shatter_lanes_channels(shatter_uint8 words) {
    return __builtin_convertvector((shatter_uchar32)words, shatter_ushort32);
}

/* Eight weights, each repeated over its pixel's four channels. */
static inline __attribute__((always_inline)) shatter_ushort32 shatter_lanes_spread(shatter_uint8 weights) {
    shatter_ushort8 w = __builtin_convertvector(weights, shatter_ushort8);
    return __builtin_shufflevector(w, w, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                   4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7);
}

/* The first half of a bilinear fetch: eight texels blended toward their right neighbours by wx, as
 * 16-bit channels (each ≤ 255). */
static inline __attribute__((always_inline)) shatter_ushort32 shatter_lanes_horizontal(shatter_uint8 left, shatter_uint8 right,
                                                                                        shatter_uint8 wx) {
    return shatter_lanes_lerp(shatter_lanes_channels(left), shatter_lanes_channels(right), shatter_lanes_spread(wx));
}

/* The second half: the upper row's result blended toward the lower row's by wy, narrowed to RGBA8. */
static inline __attribute__((always_inline)) shatter_uint8 shatter_lanes_vertical(shatter_ushort32 upper, shatter_ushort32 lower,
                                                                                   shatter_uint8 wy) {
    return (shatter_uint8)__builtin_convertvector(shatter_lanes_lerp(upper, lower, shatter_lanes_spread(wy)), shatter_uchar32);
}

/*
 * Bilinear filtering of eight pixels in 8-bit fixed point, channel by channel: each texel pair
 * blended by wx (0...256), then the two results by wy. The same integers as the scalar twin
 * (FixedPointBilinear.blend in Swift), which does two channels per 32-bit word instead.
 */
static inline __attribute__((always_inline)) shatter_uint8 shatter_lanes_bilinear(shatter_uint8 t00, shatter_uint8 t10,
                                                                                   shatter_uint8 t01, shatter_uint8 t11,
                                                                                   shatter_uint8 wx, shatter_uint8 wy) {
    return shatter_lanes_vertical(shatter_lanes_horizontal(t00, t10, wx), shatter_lanes_horizontal(t01, t11, wx), wy);
}

typedef unsigned long long shatter_ulong8 __attribute__((ext_vector_type(8)));
typedef unsigned int shatter_uint16 __attribute__((ext_vector_type(16)));

/* The 32-bit words (RGBA8 texels) at word index index[k] of `texels`, for the eight lanes k. */
static inline __attribute__((always_inline)) shatter_uint8 shatter_lanes_words(const void *texels, shatter_int8 index) {
    shatter_uint8 words;
    for (int lane = 0; lane < 8; lane++) {
        unsigned int word;
        __builtin_memcpy(&word, (const unsigned char *)texels + (long)index[lane] * 4, sizeof word);
        words[lane] = word;
    }
    return words;
}

/* A word and the next one (a texel and its right neighbour) from word index index[k], as 64 bits. */
static inline __attribute__((always_inline)) shatter_ulong8 shatter_lanes_pairs(const void *texels, shatter_int8 index) {
    shatter_ulong8 pairs;
    for (int lane = 0; lane < 8; lane++) {
        unsigned long long pair;
        __builtin_memcpy(&pair, (const unsigned char *)texels + (long)index[lane] * 4, sizeof pair);
        pairs[lane] = pair;
    }
    return pairs;
}

/* The first words (left texels) of eight pairs, and the second words (right texels). */
static inline __attribute__((always_inline)) shatter_uint8 shatter_lanes_first_words(shatter_ulong8 pairs) {
    shatter_uint16 words = (shatter_uint16)pairs;
    return __builtin_shufflevector(words, words, 0, 2, 4, 6, 8, 10, 12, 14);
}

static inline __attribute__((always_inline)) shatter_uint8 shatter_lanes_second_words(shatter_ulong8 pairs) {
    shatter_uint16 words = (shatter_uint16)pairs;
    return __builtin_shufflevector(words, words, 1, 3, 5, 7, 9, 11, 13, 15);
}

/* shatter_lanes_bilinear with each texel pair (left, right) loaded together. */
static inline __attribute__((always_inline)) shatter_uint8 shatter_lanes_bilinear_pairs(shatter_ulong8 top, shatter_ulong8 bottom,
                                                                                         shatter_uint8 wx, shatter_uint8 wy) {
    return shatter_lanes_bilinear(shatter_lanes_first_words(top), shatter_lanes_second_words(top),
                                  shatter_lanes_first_words(bottom), shatter_lanes_second_words(bottom), wx, wy);
}

/*
 * Each lane rounded to the nearest integer, halves to even: what adding and subtracting 2^52 in
 * double does, in float. Below 2^23 in magnitude, adding 2^23 (with the lane's sign) leaves no
 * fraction bits, so the float addition itself rounds to nearest even, and subtracting it back is
 * exact; from 2^23 on a float is whole already. NaN stays NaN. Clang does not reassociate float
 * arithmetic without -ffast-math, so the addition and subtraction stay.
 */
static inline __attribute__((always_inline)) shatter_float8 shatter_lanes_round_to_even(shatter_float8 value) {
    const shatter_float8 big = 8388608.0f;
    shatter_int8 negative = value < 0.0f;
    shatter_float8 magic = (shatter_float8)(((shatter_int8)big & ~negative) | ((shatter_int8)(-big) & negative));
    shatter_float8 rounded = (value + magic) - magic;
    shatter_int8 small = __builtin_elementwise_abs(value) < big;
    return (shatter_float8)(((shatter_int8)rounded & small) | ((shatter_int8)value & ~small));
}

typedef _Bool shatter_bool8 __attribute__((ext_vector_type(8)));

/* Each lane limited to 0…last (last ≥ 0). */
static inline __attribute__((always_inline)) shatter_int8 shatter_lanes_clamp(shatter_int8 value, shatter_int8 last) {
    const shatter_int8 zero = 0;
    return __builtin_elementwise_max(__builtin_elementwise_min(value, last), zero);
}

/* Bit k set when lane k of a comparison result (all ones or zero per lane) is set: its sign bits,
 * packed (packssdw, packsswb, pmovmskb on x86-64, where a reduction took eight instructions). */
static inline __attribute__((always_inline)) unsigned shatter_lanes_bits(shatter_int8 mask) {
    shatter_bool8 set = __builtin_convertvector(mask < 0, shatter_bool8);
    unsigned char bits;
    __builtin_memcpy(&bits, &set, sizeof bits);
    return bits;
}

typedef double shatter_double8 __attribute__((ext_vector_type(8)));

/*
 * half + clip·half per lane, computed in double and rounded once to float: the FMA's result for the lanes
 * small_sprites.c's viewport() keeps (it explains when the product and sum are exact in double). Swift's SIMD8<Float> ↔ SIMD8<Double>
 * conversions are generic code that goes lane by lane; here they are cvtps2pd / cvtpd2ps. The product is
 * exact, so whether a compiler fuses it with the addition changes nothing.
 */
static inline __attribute__((always_inline)) shatter_float8 shatter_lanes_half_plus_product(shatter_float8 clip, float half) {
    shatter_double8 wide = __builtin_convertvector(clip, shatter_double8);
    double h = half;
    return __builtin_convertvector(wide * h + h, shatter_float8);
}

/* Lane k of `low` and of `high` as one 64-bit word, low | high << 32: a PixelPages entry. */
static inline __attribute__((always_inline)) shatter_ulong8 shatter_lanes_entries(shatter_uint8 low, shatter_uint8 high) {
    shatter_uint16 words = __builtin_shufflevector(low, high, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
    return (shatter_ulong8)words;
}

/* The least and the greatest lane. */
static inline __attribute__((always_inline)) int shatter_lanes_min(shatter_int8 value) { return __builtin_reduce_min(value); }
static inline __attribute__((always_inline)) int shatter_lanes_max(shatter_int8 value) { return __builtin_reduce_max(value); }

/* Asks for the cache line holding `address` ahead of its use (no effect on results). */
static inline __attribute__((always_inline)) void shatter_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif /* SHATTER_CLANES_H */
