/*
 * Level 1's PNG encoder (Sources/CFastPNG/fast_png.c) on real frames, outside Swift: every twin the
 * processor runs (0 the baseline, 1 AVX2, 2 AVX-512) encodes each frame of a raw 8-bit RGBA file (what
 * `shatter render … --pipe rgba` writes) as `shatter render` does, RGB where the frame is opaque (the
 * rows packed by OpaqueRGB's C twin until one is not) and RGBA where it is not; each twin's zlib stream
 * is checked byte for byte against the baseline's, and per twin the median thread CPU time of REPEAT
 * encodings of each frame, averaged over the frames, is printed with the bytes written. The twins take
 * turns frame by frame, so machine noise falls on all of them. A tool for weighing a change to the
 * encoder, not a check of the file around the stream (FastDeflateTwinTests is).
 *
 *   clang -O2 -I Sources/CShatterCPU/include -I Sources/CFastPNG/include -o /tmp/png-twins Tools/bench/png-twins.c \
 *      Sources/CFastPNG/fast_png.c Sources/CFastPNG/opaque_rgb.c Sources/CShatterCPU/cpu_tier.c -ldeflate
 *   shatter render dust --size 1920x1080 --backend cpu --fps 10 --quiet --pipe rgba > /tmp/dust.rgba
 *   /tmp/png-twins /tmp/dust.rgba 1920 1080 [REPEAT]    (REPEAT 5 unless given)
 */
#include "cpu_tier.h"
#include "fast_png.h"
#include "opaque_rgb.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    const uint8_t *pixels;
    long width;
    shatter_tier tier;
} frame_t;

static int rgba_row(void *context, long y, uint8_t *out) {
    const frame_t *f = context;
    memcpy(out, f->pixels + y * f->width * 4, (size_t)f->width * 4);
    return 1;
}

static int opaque_row(void *context, long y, uint8_t *out) {
    const frame_t *f = context;
    return shatter_opaque_rgb_for(f->tier).pack(f->pixels + y * f->width * 4, (size_t)f->width, out) == (size_t)f->width;
}

/* The frame's zlib stream as `shatter render` makes it: RGB, or RGBA once a row is not opaque. */
static size_t encode(const frame_t *f, long height, uint8_t *out) {
    shatter_fast_png_coder coder = shatter_fast_png_for(f->tier);
    size_t n = coder.zlib(f->width, height, 3, SHATTER_FAST_PNG_ADAPTIVE, opaque_row, (void *)f, out);
    return n ? n : coder.zlib(f->width, height, 4, SHATTER_FAST_PNG_ADAPTIVE, rgba_row, (void *)f, out);
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 4 || argc > 5) {
        fprintf(stderr, "usage: png-twins FRAMES.rgba WIDTH HEIGHT [REPEAT]\n");
        return 64;
    }
    long width = atol(argv[2]), height = atol(argv[3]);
    int repeat = argc == 5 ? atoi(argv[4]) : 5;
    if (width <= 0 || height <= 0 || repeat < 1 || repeat > 99) {
        fprintf(stderr, "png-twins: WIDTH and HEIGHT must be positive and REPEAT 1 … 99\n");
        return 64;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        fprintf(stderr, "png-twins: cannot open %s\n", argv[1]);
        return 66;
    }
    size_t frameBytes = (size_t)width * (size_t)height * 4, bound = shatter_fast_png_bound(width, height, 4);
    uint8_t *pixels = malloc(frameBytes), *out = malloc(bound), *reference = malloc(bound);
    int tiers = (int)shatter_cpu_tier() + 1;
    double total[3] = {0};
    size_t bytes[3] = {0};
    long frames = 0;
    while (fread(pixels, 1, frameBytes, file) == frameBytes) {
        for (int tier = 0; tier < tiers; tier++) {
            frame_t f = {pixels, width, (shatter_tier)tier};
            double samples[99];
            size_t n = 0;
            for (int r = 0; r < repeat; r++) {
                double start = now_ms();
                n = encode(&f, height, tier == 0 ? reference : out);
                samples[r] = now_ms() - start;
            }
            if (tier > 0 && memcmp(out, reference, n) != 0) {
                fprintf(stderr, "png-twins: frame %ld: twin %d's stream differs from the baseline's\n", frames, tier);
                return 1;
            }
            qsort(samples, (size_t)repeat, sizeof *samples, by_value);
            total[tier] += samples[repeat / 2];
            bytes[tier] += n;
        }
        frames++;
    }
    fclose(file);
    if (frames == 0) {
        fprintf(stderr, "png-twins: %s holds no whole %ld×%ld RGBA frame\n", argv[1], width, height);
        return 65;
    }
    for (int tier = 0; tier < tiers; tier++)
        printf("twin %d: %ld frames, %.3f ms a frame, %.0f kB a frame\n", tier, frames, total[tier] / frames,
               bytes[tier] / 1000.0 / frames);
    return 0;
}
