// What the OBS transitions cost OBS's render thread per frame on the CPU: the pieces' motion and their
// quads (shatter_obs_pieces_frame), at 1920×1080 for the auto point size and for 2 px, over 121 frames
// from t = 0 to 1.2 s (the default fall); and the dust's poses (shatter_obs_dust_frame) over its 2.3 s. Needs a build of the module that keeps its shatter_obs_*
// symbols (the installed one exports only OBS's functions):
//
//   swift build -c release --scratch-path .build/obs -Xswiftc -static-stdlib --product shatter-obs
//   cc -O2 -I Sources/CShatterOBS/include Tools/bench/obs-pieces-bench.c -o /tmp/pieces-bench -ldl
//   /tmp/pieces-bench .build/obs/release/libshatter-obs.so
//
// (Tools/install-obs.sh relinks the module with its own flags afterwards.)
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "shatter_obs.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int ascending(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: pieces-bench LIBSHATTER-OBS.so\n");
        return 2;
    }
    // Lazily bound: the module's libobs calls are never made here.
    void *library = dlopen(argv[1], RTLD_LAZY);
    if (!library) {
        fprintf(stderr, "pieces-bench: %s\n", dlerror());
        return 1;
    }
    void *(*create)(uint32_t, uint32_t, const struct shatter_obs_settings *) =
        (void *(*)(uint32_t, uint32_t, const struct shatter_obs_settings *))dlsym(library, "shatter_obs_pieces_create");
    size_t (*count)(const void *) = (size_t (*)(const void *))dlsym(library, "shatter_obs_pieces_count");
    size_t (*frame)(void *, double, float *, float *, size_t) =
        (size_t (*)(void *, double, float *, float *, size_t))dlsym(library, "shatter_obs_pieces_frame");
    if (!create || !count || !frame) {
        fprintf(stderr, "pieces-bench: %s exports no shatter_obs_* functions (build it as the header says)\n", argv[1]);
        return 1;
    }
    const double sizes[] = {0, 2};
    for (int k = 0; k < 2; k++) {
        struct shatter_obs_settings settings = {.point_size = sizes[k], .duration = 1.2, .seed = 0, .physics = 0};
        double start = now();
        void *pieces = create(1920, 1080, &settings);
        double build = now() - start;
        size_t n = count(pieces);
        float *positions = malloc(n * SHATTER_OBS_VERTICES_PER_PIECE * 4 * sizeof(float));
        float *texcoords = malloc(n * SHATTER_OBS_VERTICES_PER_PIECE * 2 * sizeof(float));
        double times[121];
        for (int i = 0; i <= 120; i++) {
            double before = now();
            frame(pieces, i / 100.0, positions, texcoords, n);
            times[i] = now() - before;
        }
        double first = times[0];
        qsort(times + 1, 120, sizeof(double), ascending);
        printf("1920x1080, point size %s: %zu pieces; grid %.1f ms, first frame %.2f ms, then median %.3f ms, "
               "slowest %.3f ms\n",
               k ? "2 px" : "auto", n, build * 1e3, first * 1e3, times[60] * 1e3, times[120] * 1e3);
        free(positions);
        free(texcoords);
    }
    // The dust: its layers' poses per frame, 32 layers, over its 2.3 s.
    void *(*dust_create)(uint32_t, uint32_t, const struct shatter_obs_dust_settings *) =
        (void *(*)(uint32_t, uint32_t, const struct shatter_obs_dust_settings *))dlsym(library, "shatter_obs_dust_create");
    size_t (*dust_frame)(const void *, double, float *, size_t) =
        (size_t (*)(const void *, double, float *, size_t))dlsym(library, "shatter_obs_dust_frame");
    if (dust_create && dust_frame) {
        struct shatter_obs_dust_settings settings = {.layers = 32, .drift = 0.5, .seed = 0};
        double start = now();
        void *dust = dust_create(1920, 1080, &settings);
        double build = now() - start;
        float poses[SHATTER_OBS_DUST_MAX_LAYERS * SHATTER_OBS_DUST_FLOATS_PER_LAYER];
        double times[121];
        for (int i = 0; i <= 120; i++) {
            double before = now();
            dust_frame(dust, i * 2.3078125 / 120, poses, SHATTER_OBS_DUST_MAX_LAYERS);
            times[i] = now() - before;
        }
        qsort(times, 121, sizeof(double), ascending);
        printf("1920x1080, dust of 32 layers: split %.1f ms, then median %.3f ms a frame, slowest %.3f ms\n", build * 1e3,
               times[60] * 1e3, times[120] * 1e3);
    }
    return 0;
}
