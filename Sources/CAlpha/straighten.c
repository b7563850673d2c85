/*
 * Premultiplied RGBA8 → straight (straighten.h), sixteen pixels a step in clang's vector types, so the
 * one body becomes SSE2, AVX2 or AVX-512 by its entry point's target.
 *
 * Why the float division is exact: the result is ⌊n / a⌋ with n = c·255 + ⌊a/2⌋ ≤ 65,152 and
 * 1 ≤ a ≤ 255, both exact in float. IEEE division rounds n / a correctly; where n / a is an integer
 * that is the result, and elsewhere n / a lies at least 1/a below the next integer k + 1, a relative
 * gap of at least 1/(n + a) > 2⁻¹⁶, far wider than float's rounding (2⁻²⁴), so truncating the quotient
 * gives ⌊n / a⌋. AlphaTests checks every (alpha, color) pair against the table all the same.
 */
#pragma clang diagnostic ignored "-Wpsabi"

#include "straighten.h"

typedef unsigned int words16 __attribute__((ext_vector_type(16)));
typedef int ints16 __attribute__((ext_vector_type(16)));
typedef float floats16 __attribute__((ext_vector_type(16)));

#define ALWAYS static inline __attribute__((always_inline))

/* Sixteen premultiplied pixels → straight. Opaque lanes come out as they went in (⌊(c·255 + 127) / 255⌋ = c). */
ALWAYS words16 straight16(words16 w) {
    const ints16 alpha = (ints16)(w >> 24);
    /* Alpha 0 divides by 1 and is masked to 0 below. */
    const ints16 nonzero = alpha != 0;
    const floats16 divisor = __builtin_convertvector((alpha & nonzero) | (~nonzero & 1), floats16);
    const ints16 half = alpha >> 1;
    words16 out = (words16)(alpha << 24);
    for (int channel = 0; channel < 3; channel++) {
        const ints16 c = (ints16)((w >> (8 * channel)) & 0xff);
        /* c·255 as a shift and a subtraction, and the clamp to 255 in float (truncation keeps the
         * order), which SSE2 has as single instructions where it has no 32-bit multiply or minimum. */
        const floats16 n = __builtin_convertvector((c << 8) - c + half, floats16);
        const ints16 q = __builtin_convertvector(__builtin_elementwise_min(n / divisor, (floats16)255.0f), ints16);
        out |= (words16)(q & nonzero) << (8 * channel);
    }
    return out;
}

/* `count` bytes at `from` → straight at `to` (the same place, or one that does not overlap it). */
ALWAYS void straighten(const unsigned char *from, unsigned char *to, long count) {
    const long pixelCount = count / 4;
    const int inPlace = from == to;
    long i = 0;
    for (; i + 16 <= pixelCount; i += 16) {
        words16 w;
        __builtin_memcpy(&w, from + 4 * i, sizeof w);
        if (__builtin_reduce_and(w) >> 24 == 0xff) {
            if (!inPlace) __builtin_memcpy(to + 4 * i, &w, sizeof w);
            continue;
        }
        /* Sixteen pixels of alpha 0 (where a frame's dust has blown away) come out as 0 without the
         * divisions: straight16 masks every channel of an alpha-0 lane to 0. */
        if (__builtin_reduce_or(w) >> 24 == 0) {
            w = (words16)0;
            __builtin_memcpy(to + 4 * i, &w, sizeof w);
            continue;
        }
        w = straight16(w);
        __builtin_memcpy(to + 4 * i, &w, sizeof w);
    }
    if (i < pixelCount) {
        /* The last pixels, padded with opaque black (which stays as it is) to a whole step. */
        words16 w = (words16)0xff000000u;
        __builtin_memcpy(&w, from + 4 * i, (unsigned long)(pixelCount - i) * 4);
        w = straight16(w);
        __builtin_memcpy(to + 4 * i, &w, (unsigned long)(pixelCount - i) * 4);
    }
}

static void straighten_baseline(unsigned char *pixels, long count) { straighten(pixels, pixels, count); }
static void copy_baseline(const unsigned char *from, unsigned char *to, long count) { straighten(from, to, count); }
#if defined(__x86_64__)
SHATTER_TARGET_AVX2 static void straighten_avx2(unsigned char *pixels, long count) { straighten(pixels, pixels, count); }
SHATTER_TARGET_AVX2 static void copy_avx2(const unsigned char *from, unsigned char *to, long count) { straighten(from, to, count); }
SHATTER_TARGET_AVX512 static void straighten_avx512(unsigned char *pixels, long count) { straighten(pixels, pixels, count); }
SHATTER_TARGET_AVX512 static void copy_avx512(const unsigned char *from, unsigned char *to, long count) {
    straighten(from, to, count);
}
#endif

/* The unit's table line. */
shatter_straighten shatter_straighten_for(shatter_tier tier) {
#if defined(__x86_64__)
    if (tier >= SHATTER_TIER_AVX512) return (shatter_straighten){straighten_avx512, copy_avx512};
    if (tier >= SHATTER_TIER_AVX2) return (shatter_straighten){straighten_avx2, copy_avx2};
#endif
    (void)tier;
    return (shatter_straighten){straighten_baseline, copy_baseline};
}
