/*
 * The dust's row blend (Sources/CLanes/dust_blend.c) outside Swift: 3,000 rows of 1,937 colors of every
 * kind (0, −0, NaN, over and under range, sums on and near a half level, random) blended by each twin
 * the processor runs (0 the baseline, 1 AVX2, 2 AVX-512) onto the same random words; every twin's words
 * must equal the baseline's, and every twin must leave the planes zeroed. Prints the mismatches and each
 * twin's thread CPU time; exits 1 on a mismatch.
 *
 *   clang -O2 -I Sources/CShatterCPU/include -I Sources/CLanes/include -o /tmp/dust-blend Tools/bench/dust-rows/blend.c Sources/CLanes/dust_blend.c Sources/CShatterCPU/cpu_tier.c -lm
 *   /tmp/dust-blend
 */
#include "cpu_tier.h"
#include "dust_layers.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static unsigned long long state = 1234567;
static unsigned next(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (unsigned)(state >> 17);
}

/* One channel's color of the given kind. */
static float color(int kind) {
    switch (kind) {
    case 0: return 0;
    case 1: return (next() % 256) / 255.0f * (next() % 1000) / 1000.0f;
    case 2: return (next() % 100000) / 99999.0f;
    case 3: return -0.0f;
    case 4: return (float)(next() % 511) / 510.0f;
    case 5: return next() % 3 == 0 ? 1.5f : next() % 3 == 0 ? -0.2f : 0.5f;
    case 6: return next() % 2 ? __builtin_nanf("") : 0.25f;
    default: return (next() % 256) / 255.0f;
    }
}

/* The widest twin this processor runs (cpu_tier.h's probe). */
static int widest(void) { return (int)shatter_cpu_tier(); }

int main(void) {
    const int width = 1937;
    const long plane = shatter_dust_plane(width);
    float *colors = calloc(4 * plane, sizeof(float)), *planes = malloc(4 * plane * sizeof(float));
    unsigned *before = malloc(width * 4), *after[3];
    for (int t = 0; t < 3; t++) after[t] = malloc(width * 4);
    long mismatches = 0;
    double seconds[3] = {0};
    for (int row = 0; row < 3000; row++) {
        for (int k = 0; k < width; k++) {
            before[k] = next();
            const int kind = next() % 8;
            for (int n = 0; n < 4; n++) colors[n * plane + k] = color(kind);
            /* Premultiplied channels a half level off a whole one. */
            if (kind == 4)
                for (int n = 0; n < 3; n++) colors[n * plane + k] = ((next() % 255) + 0.5f) / 255.0f * colors[3 * plane + k];
        }
        for (int t = 0; t <= widest(); t++) {
            memcpy(after[t], before, width * 4);
            memcpy(planes, colors, 4 * plane * sizeof(float));
            const double start = now();
            shatter_dust_blend_for((shatter_tier)t).row(planes, width, after[t]);
            seconds[t] += now() - start;
            for (long i = 0; i < 4 * plane; i++) mismatches += planes[i] != 0 || __builtin_signbit(planes[i]);
        }
        for (int t = 1; t <= widest(); t++)
            for (int k = 0; k < width; k++) mismatches += after[t][k] != after[0][k];
    }
    printf("mismatches %ld; ms for %d rows, baseline / AVX2 / AVX-512: %.1f / %.1f / %.1f\n", mismatches, 3000, seconds[0] * 1e3,
           seconds[1] * 1e3, seconds[2] * 1e3);
    return mismatches != 0;
}
