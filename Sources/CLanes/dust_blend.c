/*
 * The dust row's blend (dust_layers.h: shatter_dust_blend_row): each pixel's float color source-over
 * onto the framebuffer as SpecBlend.pixel rounds it (SpecBlend.swift), bit for
 * bit, in C so that the row kernel's colors never go back through Swift one pixel at a time.
 */
#pragma clang diagnostic ignored "-Wpsabi"

#include "dust_layers.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

/* a·b + c stays two roundings, as in Swift, whatever -ffp-contract a build passes. */
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#define ALWAYS static inline __attribute__((always_inline))

/* SpecBlend.clamped: [0, 1], NaN as 0. */
ALWAYS float clamped(float v) { return v > 0 ? (1 < v ? 1 : v) : 0; }

/* SpecBlend.exactChannel, in 2⁻⁶³ units. */
static unsigned exact_channel(float s, unsigned d, float f) {
    const unsigned long long one = 1ull << 63;
    const unsigned long long fs = (unsigned long long)((double)clamped(s) * 0x1p63);
    const unsigned long long ff = (unsigned long long)((double)clamped(f) * 0x1p63);
    const unsigned __int128 sum = (unsigned __int128)fs * 255 + (unsigned __int128)d * (one - ff);
    const unsigned __int128 whole = sum >> 63;
    const unsigned long long rest = (unsigned long long)sum & (one - 1), half = one >> 1;
    const unsigned __int128 up = rest > half || (rest == half && (whole & 1) == 1) ? 1 : 0;
    const unsigned __int128 result = whole + up;
    return result > 255 ? 255 : (unsigned)result;
}

/* SpecBlend.channel: in double, the exact rounding where the sum is not within 2⁻³⁰ of a half level. */
ALWAYS unsigned blend_channel(float s, unsigned d, float f) {
    const double x = (double)s * 255 + (double)d * (1 - (double)f);
    const double nearest = __builtin_rint(x);
    const double offset = x - nearest;
    if (!(offset < 0.5 - 0x1p-30 && offset > -0.5 + 0x1p-30)) return exact_channel(s, d, f);
    return (unsigned)(nearest < 255 ? nearest : 255);
}

ALWAYS void blend_row(const float *planes, int count, unsigned *pixels) {
    const long stride = shatter_dust_plane(count);
    for (int k = 0; k < count; k++) {
        const float r = planes[k], g = planes[stride + k], b = planes[2 * stride + k], a = planes[3 * stride + k];
        if (r == 0 && g == 0 && b == 0 && a == 0) continue;
        const unsigned destination = pixels[k];
        const float alpha = clamped(a);
        pixels[k] = blend_channel(clamped(r), destination & 0xff, alpha) | blend_channel(clamped(g), (destination >> 8) & 0xff, alpha) << 8 |
                    blend_channel(clamped(b), (destination >> 16) & 0xff, alpha) << 16 | blend_channel(clamped(a), destination >> 24, alpha) << 24;
    }
}

/* The same body twice: where the processor has AVX2 (and so SSE4.1) the rounding is one instruction
 * instead of a call into libm. */
static void blend_row_baseline(const float *planes, int count, unsigned *pixels) { blend_row(planes, count, pixels); }
#if defined(__x86_64__)
/* blend_row with a pixel's four channels side by side in doubles: the same operations on each, and
 * the exact rounding (one channel at a time, as blend_channel) where any sum lies near a half level. */
SHATTER_TARGET_AVX2 static void blend_row_avx2(const float *planes, int count, unsigned *pixels) {
    const long stride = shatter_dust_plane(count);
    const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1);
    const __m256d levels = _mm256_set1_pd(255), unit = _mm256_set1_pd(1), top = _mm256_set1_pd(255);
    const __m256d below = _mm256_set1_pd(0.5 - 0x1p-30), above = _mm256_set1_pd(-0.5 + 0x1p-30);
    for (int k = 0; k < count; k++) {
        const __m128 color = _mm_setr_ps(planes[k], planes[stride + k], planes[2 * stride + k], planes[3 * stride + k]);
        if (_mm_movemask_ps(_mm_cmpneq_ps(color, zero)) == 0) continue;
        /* SpecBlend.clamped: MAXPS gives its second operand, 0, for NaN. */
        const __m128 source = _mm_min_ps(_mm_max_ps(color, zero), one);
        const float alpha = _mm_cvtss_f32(_mm_shuffle_ps(source, source, 3));
        const unsigned destination = pixels[k];
        const __m256d d = _mm256_cvtepi32_pd(_mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)destination)));
        const __m256d x = _mm256_add_pd(_mm256_mul_pd(_mm256_cvtps_pd(source), levels),
                                        _mm256_mul_pd(d, _mm256_sub_pd(unit, _mm256_set1_pd((double)alpha))));
        const __m256d nearest = _mm256_round_pd(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
        const __m256d offset = _mm256_sub_pd(x, nearest);
        const __m256d sure = _mm256_and_pd(_mm256_cmp_pd(offset, below, _CMP_LT_OQ), _mm256_cmp_pd(offset, above, _CMP_GT_OQ));
        if (_mm256_movemask_pd(sure) != 0xf) {
            float c[4];
            _mm_storeu_ps(c, source);
            pixels[k] = blend_channel(c[0], destination & 0xff, alpha) | blend_channel(c[1], (destination >> 8) & 0xff, alpha) << 8 |
                        blend_channel(c[2], (destination >> 16) & 0xff, alpha) << 16 | blend_channel(c[3], destination >> 24, alpha) << 24;
            continue;
        }
        const __m128i bytes = _mm256_cvtpd_epi32(_mm256_min_pd(nearest, top));
        pixels[k] = (unsigned)_mm_cvtsi128_si32(_mm_shuffle_epi8(bytes, _mm_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)));
    }
}
#endif

/* The unit's table line. */
shatter_dust_blend shatter_dust_blend_for(shatter_tier tier) {
#if defined(__x86_64__)
    if (tier >= SHATTER_TIER_AVX2) return (shatter_dust_blend){blend_row_avx2};
#endif
    (void)tier;
    return (shatter_dust_blend){blend_row_baseline};
}
