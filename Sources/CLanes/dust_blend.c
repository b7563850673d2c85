/*
 * The dust row's blend (dust_layers.h: shatter_dust_blend_for): each pixel's float color source-over
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
SHATTER_TARGET_AVX2 static void blend_row_avx2(const float *planes, int count, unsigned *pixels, long stride) {
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

#if defined(__x86_64__)
/* blend_row eight pixels at a time, a channel's eight sums side by side in doubles: the same
 * operations on each, and blend_channel's exact rounding for a pixel where any of its sums lies near
 * a half level. Pixels whose color is 0 keep their word. */
SHATTER_TARGET_AVX512 static void blend_row_avx512(const float *planes, int count, unsigned *pixels) {
    const long stride = shatter_dust_plane(count);
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
    const __m512d levels = _mm512_set1_pd(255), unit = _mm512_set1_pd(1), top = _mm512_set1_pd(255);
    const __m512d below = _mm512_set1_pd(0.5 - 0x1p-30), above = _mm512_set1_pd(-0.5 + 0x1p-30);
    const __m256i byte = _mm256_set1_epi32(0xff);
    int k = 0;
    for (; k + 8 <= count; k += 8) {
        /* The frame's words under the dust were written before the rows began and are out of the caches
         * by now: those 1,024 bytes ahead asked for here (12 % less time in this loop at 1080p, docs/speed.md). */
        _mm_prefetch((const char *)(pixels + k + 256), _MM_HINT_T0);
        __m256 color[4];
        __mmask8 lit = 0;
        for (int n = 0; n < 4; n++) {
            color[n] = _mm256_loadu_ps(planes + n * stride + k);
            lit |= _mm256_cmp_ps_mask(color[n], zero, _CMP_NEQ_UQ);
        }
        if (lit == 0) continue;
        const __m256i destination = _mm256_loadu_si256((const __m256i *)(pixels + k));
        /* SpecBlend.clamped: MAXPS gives its second operand, 0, for NaN. */
        const __m512d keep = _mm512_sub_pd(unit, _mm512_cvtps_pd(_mm256_min_ps(_mm256_max_ps(color[3], zero), one)));
        __m256i blended = _mm256_setzero_si256();
        __mmask8 sure = 0xff;
        for (int n = 0; n < 4; n++) {
            const __m512d source = _mm512_cvtps_pd(_mm256_min_ps(_mm256_max_ps(color[n], zero), one));
            const __m512d d = _mm512_cvtepi32_pd(_mm256_and_si256(_mm256_srli_epi32(destination, 8 * n), byte));
            const __m512d x = _mm512_add_pd(_mm512_mul_pd(source, levels), _mm512_mul_pd(d, keep));
            const __m512d nearest = _mm512_roundscale_pd(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
            const __m512d offset = _mm512_sub_pd(x, nearest);
            sure &= _mm512_cmp_pd_mask(offset, below, _CMP_LT_OQ) & _mm512_cmp_pd_mask(offset, above, _CMP_GT_OQ);
            blended = _mm256_or_si256(blended, _mm256_slli_epi32(_mm512_cvtpd_epi32(_mm512_min_pd(nearest, top)), 8 * n));
        }
        _mm256_storeu_si256((__m256i *)(pixels + k), _mm256_mask_blend_epi32(lit, destination, blended));
        /* The lit pixels with a sum near a half level: one at a time, as blend_row. */
        for (unsigned rest = lit & (__mmask8)~sure; rest; rest &= rest - 1) {
            const int j = k + __builtin_ctz(rest);
            const float alpha = clamped(planes[3 * stride + j]);
            const unsigned was = _mm256_cvtsi256_si32(_mm256_permutexvar_epi32(_mm256_set1_epi32(j - k), destination));
            pixels[j] = blend_channel(clamped(planes[j]), was & 0xff, alpha) |
                        blend_channel(clamped(planes[stride + j]), (was >> 8) & 0xff, alpha) << 8 |
                        blend_channel(clamped(planes[2 * stride + j]), (was >> 16) & 0xff, alpha) << 16 |
                        blend_channel(alpha, was >> 24, alpha) << 24;
        }
    }
    if (k < count) blend_row_avx2(planes + k, count - k, pixels + k, stride);
}

/* The AVX2 twin of a whole row (its planes' stride is the row's own). */
SHATTER_TARGET_AVX2 static void blend_whole_row_avx2(const float *planes, int count, unsigned *pixels) {
    blend_row_avx2(planes, count, pixels, shatter_dust_plane(count));
}
#endif

/* The unit's table line. */
shatter_dust_blend shatter_dust_blend_for(shatter_tier tier) {
#if defined(__x86_64__)
    if (tier >= SHATTER_TIER_AVX512) return (shatter_dust_blend){blend_row_avx512};
    if (tier >= SHATTER_TIER_AVX2) return (shatter_dust_blend){blend_whole_row_avx2};
#endif
    (void)tier;
    return (shatter_dust_blend){blend_row_baseline};
}
