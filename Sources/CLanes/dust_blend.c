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

/* One pixel's color (pixel k of the planes) blended onto its word: SpecBlend.pixel. */
ALWAYS unsigned blend_pixel(const float *planes, long stride, long k, unsigned destination) {
    const float alpha = clamped(planes[3 * stride + k]);
    return blend_channel(clamped(planes[k]), destination & 0xff, alpha) |
           blend_channel(clamped(planes[stride + k]), (destination >> 8) & 0xff, alpha) << 8 |
           blend_channel(clamped(planes[2 * stride + k]), (destination >> 16) & 0xff, alpha) << 16 |
           blend_channel(alpha, destination >> 24, alpha) << 24;
}

/* Pixels [from, count) one at a time, those whose color is 0 left as they are. */
ALWAYS void blend_pixels(const float *planes, long stride, int from, int count, unsigned *pixels) {
    for (int k = from; k < count; k++) {
        const float r = planes[k], g = planes[stride + k], b = planes[2 * stride + k], a = planes[3 * stride + k];
        if (r == 0 && g == 0 && b == 0 && a == 0) continue;
        pixels[k] = blend_pixel(planes, stride, k, pixels[k]);
    }
}

/* The planes of a row of `count` pixels zeroed from pixel `from` to the end of each (its padding too),
 * ready for the next row. */
ALWAYS void clear_planes(float *planes, int count, int from) {
    const long stride = shatter_dust_plane(count);
    for (int n = 0; n < 4; n++) __builtin_memset(planes + n * stride + from, 0, (size_t)(stride - from) * sizeof(float));
}

/* The same body twice: where the processor has AVX2 (and so SSE4.1) the rounding is one instruction
 * instead of a call into libm. */
static void blend_row_baseline(float *planes, int count, unsigned *pixels) {
    blend_pixels(planes, shatter_dust_plane(count), 0, count, pixels);
    clear_planes(planes, count, 0);
}

/*
 * The lanes' twins run each channel's sums side by side in float first. The float sum
 * s·255 + d·(1 − a) is within 2⁻¹⁴ of the exact one: s·255 is off by at most 255·2⁻²⁴ < 2⁻¹⁶, 1 − a by
 * 2⁻²⁵, so d·(1 − a) by 255·2⁻²⁵ + 255·2⁻²⁴ < 2⁻¹⁵, and the sum, below 512, by 2⁻¹⁶ more; the double sum
 * blend_channel takes is within 2⁻⁴⁰ of the exact one. So where the float sum lies more than 2⁻¹³ from
 * every half level, the double one lies more than 2⁻³⁰ from it too, and both round to the same whole
 * level: blend_channel's own result. A pixel with a float sum nearer a half level than that (one lit
 * pixel in 700 to 100,000 of the synthetic 1080p frames of Tools/bench/dust-rows/rows.c, and every sum
 * exactly on one) is blended one channel at a time by blend_pixel.
 */
#define FLOAT_MARGIN (0.5f - 0x1p-13f)

#if defined(__x86_64__)
/* The lit pixels of a step (bits of `rest`, the step's first pixel at k) whose float sums were too near a
 * half level: one at a time, from the step's colors (`colors`, its four planes of `lanes` floats) and
 * the words they had (`was`). */
ALWAYS void blend_unsure(const float *colors, long lanes, int k, unsigned rest, const unsigned *was, unsigned *pixels) {
    for (; rest; rest &= rest - 1) {
        const int j = __builtin_ctz(rest);
        pixels[k + j] = blend_pixel(colors, lanes, j, was[j]);
    }
}

/* blend_row eight pixels at a time, each channel's eight sums side by side in float (above); the last
 * pixels of the row one at a time. Pixels whose color is 0 keep their word. */
SHATTER_TARGET_AVX2 static void blend_row_avx2(float *planes, int count, unsigned *pixels, long stride, int k) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1), levels = _mm256_set1_ps(255);
    const __m256 margin = _mm256_set1_ps(FLOAT_MARGIN), magnitude = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    const __m256i byte = _mm256_set1_epi32(0xff);
    for (; k + 8 <= count; k += 8) {
        __m256 color[4], lit = zero;
        for (int n = 0; n < 4; n++) {
            color[n] = _mm256_loadu_ps(planes + n * stride + k);
            lit = _mm256_or_ps(lit, _mm256_cmp_ps(color[n], zero, _CMP_NEQ_UQ));
        }
        const int lanes = _mm256_movemask_ps(lit);
        for (int n = 0; n < 4; n++) _mm256_storeu_ps(planes + n * stride + k, zero);
        if (lanes == 0) continue;
        const __m256i destination = _mm256_loadu_si256((const __m256i *)(pixels + k));
        /* SpecBlend.clamped: MAXPS gives its second operand, 0, for NaN. */
        const __m256 keep = _mm256_sub_ps(one, _mm256_min_ps(_mm256_max_ps(color[3], zero), one));
        __m256i blended = _mm256_setzero_si256();
        __m256 sure = _mm256_castsi256_ps(_mm256_set1_epi32(-1));
        for (int n = 0; n < 4; n++) {
            const __m256 source = _mm256_min_ps(_mm256_max_ps(color[n], zero), one);
            const __m256 d = _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(destination, 8 * n), byte));
            const __m256 x = _mm256_add_ps(_mm256_mul_ps(source, levels), _mm256_mul_ps(d, keep));
            const __m256 nearest = _mm256_round_ps(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
            sure = _mm256_and_ps(sure, _mm256_cmp_ps(_mm256_and_ps(_mm256_sub_ps(x, nearest), magnitude), margin, _CMP_LT_OQ));
            blended = _mm256_or_si256(blended, _mm256_slli_epi32(_mm256_cvtps_epi32(_mm256_min_ps(nearest, levels)), 8 * n));
        }
        _mm256_storeu_si256((__m256i *)(pixels + k), _mm256_blendv_epi8(destination, blended, _mm256_castps_si256(lit)));
        const unsigned unsure = (unsigned)lanes & ~(unsigned)_mm256_movemask_ps(sure);
        if (unsure) {
            unsigned was[8];
            float colors[4 * 8];
            _mm256_storeu_si256((__m256i *)was, destination);
            for (int n = 0; n < 4; n++) _mm256_storeu_ps(colors + 8 * n, color[n]);
            blend_unsure(colors, 8, k, unsure, was, pixels);
        }
    }
    blend_pixels(planes, stride, k, count, pixels);
    clear_planes(planes, count, k);
}

/* blend_row sixteen pixels at a time, each channel's sixteen sums side by side in float (above); the
 * last pixels as the AVX2 twin does them. Pixels whose color is 0 keep their word. */
SHATTER_TARGET_AVX512 static void blend_row_avx512(float *planes, int count, unsigned *pixels) {
    const long stride = shatter_dust_plane(count);
    const __m512 zero = _mm512_setzero_ps(), one = _mm512_set1_ps(1), levels = _mm512_set1_ps(255);
    const __m512 margin = _mm512_set1_ps(FLOAT_MARGIN);
    const __m512i byte = _mm512_set1_epi32(0xff), magnitude = _mm512_set1_epi32(0x7fffffff);
    int k = 0;
    for (; k + 16 <= count; k += 16) {
        /* The frame's words under the dust were written before the rows began and are out of the caches
         * by now: those 1,024 bytes ahead asked for here (12 % less time in this loop at 1080p, docs/speed.md). */
        _mm_prefetch((const char *)(pixels + k + 256), _MM_HINT_T0);
        __m512 color[4];
        __mmask16 lit = 0;
        for (int n = 0; n < 4; n++) {
            color[n] = _mm512_loadu_ps(planes + n * stride + k);
            lit |= _mm512_cmp_ps_mask(color[n], zero, _CMP_NEQ_UQ);
        }
        for (int n = 0; n < 4; n++) _mm512_storeu_ps(planes + n * stride + k, zero);
        if (lit == 0) continue;
        const __m512i destination = _mm512_loadu_si512(pixels + k);
        /* SpecBlend.clamped: MAXPS gives its second operand, 0, for NaN. */
        const __m512 keep = _mm512_sub_ps(one, _mm512_min_ps(_mm512_max_ps(color[3], zero), one));
        __m512i blended = _mm512_setzero_si512();
        __mmask16 sure = 0xffff;
        for (int n = 0; n < 4; n++) {
            const __m512 source = _mm512_min_ps(_mm512_max_ps(color[n], zero), one);
            const __m512 d = _mm512_cvtepi32_ps(_mm512_and_si512(_mm512_srli_epi32(destination, 8 * n), byte));
            const __m512 x = _mm512_add_ps(_mm512_mul_ps(source, levels), _mm512_mul_ps(d, keep));
            const __m512 nearest = _mm512_roundscale_ps(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
            const __m512i offset = _mm512_and_si512(_mm512_castps_si512(_mm512_sub_ps(x, nearest)), magnitude);
            sure &= _mm512_cmp_ps_mask(_mm512_castsi512_ps(offset), margin, _CMP_LT_OQ);
            blended = _mm512_or_si512(blended, _mm512_slli_epi32(_mm512_cvtps_epi32(_mm512_min_ps(nearest, levels)), 8 * n));
        }
        _mm512_storeu_si512(pixels + k, _mm512_mask_blend_epi32(lit, destination, blended));
        if (lit & (__mmask16)~sure) {
            unsigned was[16];
            float colors[4 * 16];
            _mm512_storeu_si512(was, destination);
            for (int n = 0; n < 4; n++) _mm512_storeu_ps(colors + 16 * n, color[n]);
            blend_unsure(colors, 16, k, lit & (__mmask16)~sure, was, pixels);
        }
    }
    blend_row_avx2(planes, count, pixels, stride, k);
}

/* The AVX2 twin of a whole row. */
SHATTER_TARGET_AVX2 static void blend_whole_row_avx2(float *planes, int count, unsigned *pixels) {
    blend_row_avx2(planes, count, pixels, shatter_dust_plane(count), 0);
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
