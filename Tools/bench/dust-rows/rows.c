/*
 * The dust's row kernel (Sources/CLanes/dust_layers.c) on a synthetic frame, outside Swift: every twin
 * the processor runs (0 the baseline, 1 AVX2, 2 AVX-512) draws the same rows, each twin's float planes
 * are checked bit for bit against the baseline's, and the least thread CPU time of five draws is
 * printed, the row kernel and the blend apart. The frame: a snapshot of W×H, the original's layer split (DustLayerSplit's formula,
 * another random source), N layers (32 unless given) posed as DustLayerMotion poses them at progress T of the animation
 * (0…1; spread 30×15 pixels, turns up to 15°, opacity fading). A tool for weighing a change to the
 * kernel, not a check of Swift's poses (DustSpanTests is). Clang, as the package builds it: its pragmas keep
 * a·b + c two roundings.
 *
 *   clang -O2 -I Sources/CShatterCPU/include -I Sources/CLanes/include -o /tmp/dust-rows Tools/bench/dust-rows/rows.c \
 *      Sources/CLanes/dust_layers.c Sources/CLanes/dust_blend.c Sources/CShatterCPU/cpu_tier.c -lm
 *   /tmp/dust-rows [T [W H [N]]]    (N layers, 32 unless given; TWIN=n runs the baseline and twin n only)
 *
 * SCALE=s samples the snapshot s texels a pixel (texelScale, as a stretched snapshot does; s near 2 or
 * more leaves the sixteen-lane window for gathers) and TURN=k turns the layers k times as far: both
 * for checking the kernel's other paths bit for bit, not the original's look.
 *
 * Paired: an older dust_layers.c (OLD, another checkout's) linked in beside this one under other names,
 * and twin n of each (TWIN, 2 unless given) drawing the frame in turn, ROUNDS times (15 unless given),
 * who goes first alternating; it prints the medians and the median of the draw-by-draw ratios (new ÷
 * old, with the quartiles), and each build's planes differing from the baseline's. Both builds share
 * the process, the frame and the machine's state at each moment, so the ratio holds under load:
 *
 *   clang -O2 -I Sources/CShatterCPU/include -I Sources/CLanes/include -c -o /tmp/old-dust.o  *      -Dshatter_dust_layers_for=old_dust_layers_for -Dshatter_dust_plan=old_dust_plan OLD/dust_layers.c
 *   clang -O2 -DPAIRED -I Sources/CShatterCPU/include -I Sources/CLanes/include -o /tmp/dust-pair  *      Tools/bench/dust-rows/rows.c Sources/CLanes/dust_layers.c /tmp/old-dust.o Sources/CLanes/dust_blend.c  *      Sources/CShatterCPU/cpu_tier.c -lm
 *   TWIN=2 /tmp/dust-pair [T [W H [N]]]
 */
#include "cpu_tier.h"
#include "dust_layers.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static unsigned long long state = 88172645463325252ull;
static double uniform(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (state >> 11) * 0x1p-53;
}

/* The widest twin this processor runs (cpu_tier.h's probe). */
static int widest(void) { return (int)shatter_cpu_tier(); }

#ifdef PAIRED
static int ascending(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The older build's twins (the header's command renames them). */
shatter_dust_layers old_dust_layers_for(shatter_tier tier);

/* Twin `twin` of the older build and of this one drawing the frame in turn (see the header). */
static void paired(const shatter_dust_frame *frame, const float *reference, float *planes, long plane, int twin) {
    const int height = frame->height, width = frame->width;
    const int rounds = getenv("ROUNDS") ? atoi(getenv("ROUNDS")) : 15;
    if (rounds < 1 || rounds > 1000) return (void)fprintf(stderr, "dust-rows: ROUNDS=%d; give 1 to 1000\n", rounds);
    const shatter_dust_layers builds[2] = {old_dust_layers_for((shatter_tier)twin), shatter_dust_layers_for((shatter_tier)twin)};
    double *times[2] = {malloc(rounds * sizeof(double)), malloc(rounds * sizeof(double))}, *ratios = malloc(rounds * sizeof(double));
    long differing[2] = {0, 0};
    for (int round = 0; round < rounds; round++)
        for (int turn = 0; turn < 2; turn++) {
            const int k = round % 2 ? 1 - turn : turn;
            const double start = now();
            for (int y = 0; y < height; y++) {
                memset(planes, 0, 4 * plane * sizeof(float));
                builds[k].row(frame, y, 0, width, planes);
                if (round == 0)
                    for (int c = 0; c < 4; c++)
                        differing[k] += memcmp(planes + c * plane, reference + 4 * plane * y + c * plane, width * sizeof(float)) != 0;
            }
            times[k][round] = now() - start;
        }
    for (int round = 0; round < rounds; round++) ratios[round] = times[1][round] / times[0][round];
    for (int k = 0; k < 2; k++) qsort(times[k], rounds, sizeof(double), ascending);
    qsort(ratios, rounds, sizeof(double), ascending);
    printf("twin %d, %d rounds: old %.2f ms, new %.2f ms (medians); new / old %.3f (quartiles %.3f-%.3f); planes differing from the "
           "baseline's: old %ld, new %ld\n",
           twin, rounds, times[0][rounds / 2] * 1e3, times[1][rounds / 2] * 1e3, ratios[rounds / 2], ratios[rounds / 4],
           ratios[3 * rounds / 4], differing[0], differing[1]);
}
#endif

/* Which layers rest, as ShatterCore's DustRestingLayers decides it for the renderers (the frame's
 * restingFrom and slot): the run at the top with no turn and the anchor where it was, where the snapshot
 * is one texel a pixel and the anchor on a half pixel. */
static void rest(shatter_dust_frame *f) {
    for (int i = 0; i < 256; i++) f->slot[i] = -1;
    f->restingFrom = f->layerCount;
    const float ax = f->anchorX, ay = f->anchorY;
    if (f->texelScaleX != 1 || f->texelScaleY != 1 || ax * 2 != floorf(ax * 2) || ay * 2 != floorf(ay * 2) ||
        !(fabsf(ax) < 0x1p20f && fabsf(ay) < 0x1p20f))
        return;
    while (f->restingFrom > 0) {
        const shatter_dust_layer *l = &f->layers[f->restingFrom - 1];
        if (l->cosine != 1 || l->sine != 0 || l->positionX != ax || l->positionY != ay) return;
        const int index = (int)l->index;
        if (index < 0 || index > 255 || (float)index != l->index || f->slot[index] >= 0) return;
        f->slot[index] = (short)(f->restingFrom - 1);
        f->restingFrom--;
    }
}

int main(int argc, char **argv) {
    const double progress = argc > 1 ? atof(argv[1]) : 0.5;
    const int width = argc > 3 ? atoi(argv[2]) : 1920, height = argc > 3 ? atoi(argv[3]) : 1080;
    const int count = argc > 4 ? atoi(argv[4]) : 32;
    if (count < 1 || count > 255) return fprintf(stderr, "dust-rows: %d layers; give 1 to 255\n", count), 2;
    unsigned *snapshot = malloc(4L * width * height), *assignment = malloc(4L * width * height);
    int first[256], last[256];
    for (int i = 0; i < count; i++) first[i] = 1 << 30, last[i] = -1;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            const long o = (long)y * width + x;
            unsigned owners = 0xff000000u;
            for (int pass = 0; pass < 2; pass++) {
                int l = (int)floor(count * (uniform() + 2.0 * x / width) / 3);
                if (l > count - 1) l = count - 1;
                owners |= (unsigned)l << (8 * pass);
                if (x < first[l]) first[l] = x;
                if (x > last[l]) last[l] = x;
            }
            assignment[o] = owners;
            /* Premultiplied, a block in five translucent. */
            const unsigned a = (x / 64 + y / 64) % 5 == 0 ? 200 : 255;
            const unsigned r = ((x * 7 + y) & 255) * a / 255, g = ((x + y * 3) & 255) * a / 255, b = ((x ^ y) & 255) * a / 255;
            snapshot[o] = r | g << 8 | b << 16 | a << 24;
        }
    const double scale = getenv("SCALE") ? atof(getenv("SCALE")) : 1, turns = getenv("TURN") ? atof(getenv("TURN")) : 1;
    shatter_dust_layer layers[256];
    int n = 0;
    for (int i = 0; i < count; i++) {
        double p = progress * 2.35 - 1.35 * i / count;
        p = p < 0 ? 0 : p > 1 ? 1 : p;
        const double opacity = 1 - p, turn = turns * (M_PI / 12 * (uniform() - 0.5) + M_PI / 12 * (uniform() - 0.5));
        const double direction = 2 * M_PI * (uniform() - 0.5);
        if (opacity * 255 < 0.5) continue;
        layers[n++] = (shatter_dust_layer){(float)(width / 2.0 + 30 * cos(direction) * p), (float)(height / 2.0 + 15 * sin(direction) * p),
                                           (float)cos(turn * p), (float)sin(turn * p), (float)opacity, (float)i, (float)first[i],
                                           (float)last[i]};
    }
    shatter_dust_frame frame;
    memset(&frame, 0, sizeof frame);
    frame.layers = layers;
    frame.layerCount = n;
    frame.anchorX = width / 2.0f;
    frame.anchorY = height / 2.0f;
    frame.texelScaleX = frame.texelScaleY = (float)scale;
    frame.snapshot = snapshot;
    frame.assignment = assignment;
    frame.width = width;
    frame.height = height;
    rest(&frame);
    shatter_dust_plan(&frame);
    const long plane = shatter_dust_plane(width);
    float *reference = malloc(4 * plane * sizeof(float) * height), *planes = malloc(4 * plane * sizeof(float));
    unsigned *pixels = malloc(4L * width * height);
    printf("progress %.2f: %d layers, %d at rest\n", progress, n, n - frame.restingFrom);
    const int only = getenv("TWIN") ? atoi(getenv("TWIN")) : -1;
#ifdef PAIRED
    const int twin = only > 0 ? only : 2;
    if (twin > widest()) return fprintf(stderr, "dust-rows: this processor does not run twin %d\n", twin), 2;
    const shatter_dust_layers baseline = shatter_dust_layers_for(SHATTER_TIER_BASELINE);
    for (int y = 0; y < height; y++) {
        memset(reference + 4 * plane * y, 0, 4 * plane * sizeof(float));
        baseline.row(&frame, y, 0, width, reference + 4 * plane * y);
    }
    paired(&frame, reference, planes, plane, twin);
    return 0;
#endif
    for (int twin = 0; twin <= widest(); twin++) {
        if (only >= 0 && twin != only && twin != 0) continue;
        const shatter_dust_layers layers = shatter_dust_layers_for((shatter_tier)twin);
        const shatter_dust_blend blend_of = shatter_dust_blend_for((shatter_tier)twin);
        double rows = 1e9, blend = 1e9;
        long differing = 0;
        for (int draw = 0; draw < 5; draw++) {
            double start = now(), blending = 0;
            for (int y = 0; y < height; y++) {
                float *out = twin == 0 && draw == 0 ? reference + 4 * plane * y : planes;
                memset(out, 0, 4 * plane * sizeof(float));
                layers.row(&frame, y, 0, width, out);
                if (twin > 0 && draw == 0)
                    for (int c = 0; c < 4; c++)
                        differing += memcmp(out + c * plane, reference + 4 * plane * y + c * plane, width * sizeof(float)) != 0;
                /* The blend leaves the planes it blends zeroed: the reference's row is blended from a copy. */
                if (out != planes) memcpy(planes, out, 4 * plane * sizeof(float));
                const double before = now();
                blend_of.row(planes, width, pixels + (long)y * width);
                blending += now() - before;
            }
            const double total = now() - start - blending;
            if (total < rows) rows = total;
            if (blending < blend) blend = blending;
        }
        printf("twin %d: rows %.1f ms, blend %.1f ms, planes differing from the baseline's: %ld\n", twin, rows * 1e3, blend * 1e3,
               differing);
    }
    return 0;
}
