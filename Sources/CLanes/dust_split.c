/*
 * The dust's layer split (dust_split.h) in C: CounterRNG's SplitMix64 finaliser chain and the layer
 * formula, each pixel's operations those of DustLayerSplit.swift in its order (two roundings where a
 * product meets a sum: contraction off), so every word is Swift's. The AVX-512 twin runs them on eight
 * pixels a step in 64-bit lanes (vpmullq, and the unsigned conversion to double).
 */
#pragma clang diagnostic ignored "-Wpsabi"

#include "dust_split.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#define ALWAYS static inline __attribute__((always_inline))

/* CounterRNG.mix. */
ALWAYS unsigned long long mix(unsigned long long value) {
    unsigned long long z = value + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* CounterRNG.drawBits's constant: a draw's number is added to it. */
#define DRAW 0x632BE59BD9B4E019ull

/* ⌊N · (u + offset) / 3⌋ capped at N − 1, for CounterRNG.unit of `bits`. */
ALWAYS int layer_of(unsigned long long bits, double offset, double count, int last) {
    const double u = (double)(bits >> 11) * 0x1p-53;
    const int layer = (int)(count * (u + offset) / 3);
    return layer < last ? layer : last;
}

/* The layer's bit in the column's word of `held` (dust_split.h: word w of column c at w · width + c). */
ALWAYS void hold(unsigned long long *held, int width, int column, int layer) {
    held[(long)(layer >> 6) * width + column] |= 1ull << (layer & 63);
}

/* Pixels [from, to) of row `row`. */
ALWAYS void split_pixels(unsigned long long key, int width, int row, int from, int to, double count, int last, const double *offsets,
                         unsigned *words, unsigned long long *held) {
    for (int column = from; column < to; column++) {
        const long pixel = (long)row * width + column;
        const unsigned long long k = mix(key ^ (unsigned long long)pixel);
        const int a = layer_of(mix(k ^ DRAW), offsets[column], count, last);
        const int b = layer_of(mix(k ^ (1 + DRAW)), offsets[column], count, last);
        hold(held, width, column, a);
        hold(held, width, column, b);
        words[pixel] = (unsigned)a | (unsigned)b << 8 | 0xff000000u;
    }
}

/* Every row pixel by pixel: the baseline's and the AVX2 tier's body. */
ALWAYS void split_rows(unsigned long long key, int width, int height, int layers, const double *offsets, unsigned *words,
                       unsigned long long *held) {
    for (int row = 0; row < height; row++) split_pixels(key, width, row, 0, width, (double)layers, layers - 1, offsets, words, held);
}

static void split_baseline(unsigned long long key, int width, int height, int layers, const double *offsets, unsigned *words,
                           unsigned long long *held) {
    split_rows(key, width, height, layers, offsets, words, held);
}

#if defined(__x86_64__)
SHATTER_TARGET_AVX2 static void split_avx2(unsigned long long key, int width, int height, int layers, const double *offsets,
                                           unsigned *words, unsigned long long *held) {
    split_rows(key, width, height, layers, offsets, words, held);
}

/* mix on eight lanes. */
SHATTER_TARGET_AVX512 static inline __attribute__((always_inline)) __m512i mix_8(__m512i value) {
    __m512i z = _mm512_add_epi64(value, _mm512_set1_epi64((long long)0x9E3779B97F4A7C15ull));
    z = _mm512_mullo_epi64(_mm512_xor_si512(z, _mm512_srli_epi64(z, 30)), _mm512_set1_epi64((long long)0xBF58476D1CE4E5B9ull));
    z = _mm512_mullo_epi64(_mm512_xor_si512(z, _mm512_srli_epi64(z, 27)), _mm512_set1_epi64((long long)0x94D049BB133111EBull));
    return _mm512_xor_si512(z, _mm512_srli_epi64(z, 31));
}

/* layer_of on eight lanes: the conversion of 53 bits to double is exact, as Swift's. */
SHATTER_TARGET_AVX512 static inline __attribute__((always_inline)) __m512i layers_8(__m512i bits, __m512d offset, __m512d count,
                                                                                     __m512i last) {
    const __m512d u = _mm512_mul_pd(_mm512_cvtepu64_pd(_mm512_srli_epi64(bits, 11)), _mm512_set1_pd(0x1p-53));
    const __m512d x = _mm512_div_pd(_mm512_mul_pd(count, _mm512_add_pd(u, offset)), _mm512_set1_pd(3));
    return _mm512_min_epi64(_mm512_cvttpd_epi64(x), last);
}

SHATTER_TARGET_AVX512 static void split_avx512(unsigned long long key, int width, int height, int layers, const double *offsets,
                                               unsigned *words, unsigned long long *held) {
    const __m512i lanes = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7), keys = _mm512_set1_epi64((long long)key);
    const __m512i draw0 = _mm512_set1_epi64((long long)DRAW), draw1 = _mm512_set1_epi64((long long)(1 + DRAW));
    const __m512i last = _mm512_set1_epi64(layers - 1), opaque = _mm512_set1_epi64(0xff000000);
    const __m512d count = _mm512_set1_pd((double)layers);
    const __m512i one = _mm512_set1_epi64(1), low = _mm512_set1_epi64(63);
    const int words64 = (layers + 63) / 64; /* the words of a column that any layer's bit lies in */
    for (int row = 0; row < height; row++) {
        int column = 0;
        for (; column + 8 <= width; column += 8) {
            const long pixel = (long)row * width + column;
            const __m512i k = mix_8(_mm512_xor_si512(keys, _mm512_add_epi64(_mm512_set1_epi64(pixel), lanes)));
            const __m512d offset = _mm512_loadu_pd(offsets + column);
            const __m512i a = layers_8(mix_8(_mm512_xor_si512(k, draw0)), offset, count, last);
            const __m512i b = layers_8(mix_8(_mm512_xor_si512(k, draw1)), offset, count, last);
            const __m512i word = _mm512_or_si512(_mm512_or_si512(a, _mm512_slli_epi64(b, 8)), opaque);
            _mm256_storeu_si256((__m256i *)(words + pixel), _mm512_cvtepi64_epi32(word));
            /* The eight columns' words side by side, one row of `held` for each word the layers reach. */
            const __m512i aBit = _mm512_sllv_epi64(one, _mm512_and_si512(a, low)), bBit = _mm512_sllv_epi64(one, _mm512_and_si512(b, low));
            const __m512i aWord = _mm512_srli_epi64(a, 6), bWord = _mm512_srli_epi64(b, 6);
            for (int w = 0; w < words64; w++) {
                const __m512i which = _mm512_set1_epi64(w);
                const __m512i bits = _mm512_or_si512(_mm512_maskz_mov_epi64(_mm512_cmpeq_epi64_mask(aWord, which), aBit),
                                                     _mm512_maskz_mov_epi64(_mm512_cmpeq_epi64_mask(bWord, which), bBit));
                unsigned long long *at = held + (long)w * width + column;
                _mm512_storeu_si512(at, _mm512_or_si512(_mm512_loadu_si512(at), bits));
            }
        }
        split_pixels(key, width, row, column, width, (double)layers, layers - 1, offsets, words, held);
    }
}
#endif

/* The unit's table line. */
shatter_dust_split shatter_dust_split_for(shatter_tier tier) {
#if defined(__x86_64__)
    if (tier >= SHATTER_TIER_AVX512) return (shatter_dust_split){split_avx512};
    if (tier >= SHATTER_TIER_AVX2) return (shatter_dust_split){split_avx2};
#endif
    (void)tier;
    return (shatter_dust_split){split_baseline};
}
