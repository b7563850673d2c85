// A frei0r host of our own, to test Shatter's plugins through their C interface alone, as MLT and
// GStreamer load them (dlopen, dlsym, f0r_construct, f0r_set_param_value, f0r_update2).
//
//   frei0r-host render PLUGIN.so W H FROM.rgba TO.rgba OUT.rgba [-p NAME=VALUE]... PROGRESS...
//       Renders one W×H frame per PROGRESS between two raw RGBA8 pictures into OUT.rgba, one after another.
//   frei0r-host guest PLUGIN.so
//       Checks that the plugin is a good guest: any frame size, instances on many threads (and one
//       instance called from several at once, as MLT's slices do), no frame-sized allocation after the
//       first frames, any parameter value (NaN, negative, huge, infinite, out-of-range indices, null
//       pointers). Says what it checked on stderr; exits 1 naming the first failure.
//
// Nothing is written to stdout, so a caller can check that the plugin printed nothing there either.
// Built by Tools/checks/check-frei0r.sh: cc -O2 -rdynamic frei0r-host.c -o frei0r-host -ldl -lpthread
#define _GNU_SOURCE
#include <dlfcn.h>
#include <frei0r.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// ---- Counting large allocations: the calls of at least LARGE bytes (and all calls) while `counting` is set.
enum { LARGE = 64 * 1024 };
static atomic_long large_allocations, all_allocations;
#include "allocation_counter.h"

static void note_allocation(size_t size, void *caller) {
    (void)caller;
    atomic_fetch_add(&all_allocations, 1);
    if (size >= LARGE) atomic_fetch_add(&large_allocations, 1);
}

// ---- The plugin's functions.
typedef struct {
    int (*init)(void);
    void (*get_plugin_info)(f0r_plugin_info_t *);
    void (*get_param_info)(f0r_param_info_t *, int);
    f0r_instance_t (*construct)(unsigned, unsigned);
    void (*destruct)(f0r_instance_t);
    void (*set_param_value)(f0r_instance_t, f0r_param_t, int);
    void (*get_param_value)(f0r_instance_t, f0r_param_t, int);
    void (*update2)(f0r_instance_t, double, const uint32_t *, const uint32_t *, const uint32_t *, uint32_t *);
    int params;
} Plugin;

static Plugin plugin;

static void fail(const char *what) {
    fprintf(stderr, "frei0r-host: FAILED: %s\n", what);
    exit(1);
}

static void *need(void *library, const char *name) {
    void *symbol = dlsym(library, name);
    if (!symbol) {
        fprintf(stderr, "frei0r-host: the plugin has no %s\n", name);
        exit(1);
    }
    return symbol;
}

static void load(const char *path) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "frei0r-host: cannot load %s: %s\n", path, dlerror());
        exit(1);
    }
    plugin.init = need(library, "f0r_init");
    plugin.get_plugin_info = need(library, "f0r_get_plugin_info");
    plugin.get_param_info = need(library, "f0r_get_param_info");
    plugin.construct = need(library, "f0r_construct");
    plugin.destruct = need(library, "f0r_destruct");
    plugin.set_param_value = need(library, "f0r_set_param_value");
    plugin.get_param_value = need(library, "f0r_get_param_value");
    plugin.update2 = need(library, "f0r_update2");
    need(library, "f0r_deinit");
    need(library, "f0r_update");
    if (!plugin.init()) fail("f0r_init returned 0");
    f0r_plugin_info_t info = {0};
    plugin.get_plugin_info(&info);
    if (info.plugin_type != F0R_PLUGIN_TYPE_MIXER2) fail("the plugin is not a mixer2");
    if (info.color_model != F0R_COLOR_MODEL_RGBA8888) fail("the plugin's colour model is not RGBA8888");
    if (info.frei0r_version != FREI0R_MAJOR_VERSION) fail("the plugin names another frei0r version");
    plugin.params = info.num_params;
    f0r_param_info_t first = {0};
    plugin.get_param_info(&first, 0);
    if (plugin.params < 1 || !first.name || strcmp(first.name, "progress") || first.type != F0R_PARAM_DOUBLE)
        fail("the first parameter is not the double 'progress'");
}

static void set(f0r_instance_t instance, int index, double value) { plugin.set_param_value(instance, &value, index); }

// The index of the parameter the plugin calls `name`.
static int index_of(const char *name) {
    for (int index = 0; index < plugin.params; index++) {
        f0r_param_info_t info = {0};
        plugin.get_param_info(&info, index);
        if (info.name && !strcmp(info.name, name)) return index;
    }
    fail("the plugin has no parameter of that name");
    return -1;
}

// ---- render mode.
static uint32_t *read_frame(const char *path, size_t bytes) {
    FILE *file = fopen(path, "rb");
    uint32_t *pixels = malloc(bytes);
    if (!file || fread(pixels, 1, bytes, file) != bytes) {
        fprintf(stderr, "frei0r-host: %s does not hold %zu bytes of RGBA\n", path, bytes);
        exit(1);
    }
    fclose(file);
    return pixels;
}

static int render(int argc, char **argv) {
    if (argc < 8) fail("render PLUGIN.so W H FROM.rgba TO.rgba OUT.rgba [-p NAME=VALUE]... PROGRESS...");
    load(argv[2]);
    unsigned width = (unsigned)atoi(argv[3]), height = (unsigned)atoi(argv[4]);
    size_t bytes = (size_t)width * height * 4;
    uint32_t *from = read_frame(argv[5], bytes), *to = read_frame(argv[6], bytes), *out = malloc(bytes);
    FILE *output = fopen(argv[7], "wb");
    if (!output) fail("cannot write the output file");
    f0r_instance_t instance = plugin.construct(width, height);
    if (!instance) fail("f0r_construct returned NULL");
    for (int i = 8; i < argc; i++) {
        if (!strcmp(argv[i], "-p") && i + 1 < argc) {
            // By name, as MLT and GStreamer set them, so no check depends on the parameters' order.
            char name[64];
            double value;
            if (sscanf(argv[++i], "%63[^=]=%lf", name, &value) != 2) fail("-p takes NAME=VALUE");
            set(instance, index_of(name), value);
            continue;
        }
        set(instance, 0, strtod(argv[i], NULL));
        plugin.update2(instance, 0, from, to, NULL, out);
        if (fwrite(out, 1, bytes, output) != bytes) fail("cannot write the output file");
    }
    plugin.destruct(instance);
    return fclose(output) == 0 ? 0 : 1;
}

// ---- guest mode.
// Two opaque pictures with detail everywhere (so that moved pieces show), and one translucent.
static uint32_t *picture(unsigned width, unsigned height, unsigned seed, int opaque) {
    uint32_t *pixels = malloc((size_t)width * height * 4 + 4);
    uint32_t state = seed * 2654435761u + 1;
    for (size_t i = 0; i < (size_t)width * height; i++) {
        state = state * 1664525u + 1013904223u;
        uint32_t alpha = opaque ? 255 : (state >> 24);
        uint32_t r = (uint32_t)((i % width) * 255 / (width > 1 ? width - 1 : 1)) * alpha / 255;
        uint32_t g = ((state >> 8) & 255) * alpha / 255, b = (seed * 97 & 255) * alpha / 255;
        pixels[i] = r | g << 8 | b << 16 | alpha << 24;  // RGBA in memory, little-endian
    }
    return pixels;
}

static uint32_t *frame_at(unsigned width, unsigned height, double progress, const uint32_t *a, const uint32_t *b) {
    uint32_t *out = malloc((size_t)width * height * 4);
    f0r_instance_t instance = plugin.construct(width, height);
    if (!instance) fail("f0r_construct returned NULL for a valid size");
    set(instance, 0, progress);
    plugin.update2(instance, 0, a, b, NULL, out);
    plugin.destruct(instance);
    return out;
}

static void sizes(void) {
    static const unsigned sides[][2] = {{1, 1}, {2, 3}, {7, 5}, {641, 359}, {3840, 2160}};
    for (size_t k = 0; k < sizeof sides / sizeof sides[0]; k++) {
        unsigned w = sides[k][0], h = sides[k][1];
        size_t bytes = (size_t)w * h * 4;
        uint32_t *a = picture(w, h, 1, 1), *b = picture(w, h, 2, 1);
        // One instance for both frames: a 4K dust is split into its layers once.
        uint32_t *start = malloc(bytes), *middle = malloc(bytes);
        f0r_instance_t instance = plugin.construct(w, h);
        if (!instance) fail("f0r_construct returned NULL for a valid size");
        plugin.update2(instance, 0, a, b, NULL, start);
        set(instance, 0, 0.5);
        plugin.update2(instance, 0, a, b, NULL, middle);
        plugin.destruct(instance);
        if (memcmp(start, a, bytes)) fail("at progress 0 the frame is not the first picture");
        if (w * h >= 35 && (!memcmp(middle, a, bytes) || !memcmp(middle, b, bytes)))
            fail("at progress 0.5 the frame is one of the pictures: nothing moved");
        fprintf(stderr, "frei0r-host: %ux%u: progress 0 is the first picture, 0.5 neither\n", w, h);
        free(a), free(b), free(start), free(middle);
    }
    if (plugin.construct(0, 0)) fail("f0r_construct(0, 0) made an instance");
    if (plugin.construct(100000, 100000)) fail("f0r_construct(100000, 100000) made an instance");
    fprintf(stderr, "frei0r-host: sizes 0x0 and 100000x100000 refused (NULL), as frei0r allows\n");
}

enum { THREADS = 8, TW = 160, TH = 90 };
static uint32_t *thread_a, *thread_b, *serial[THREADS];

static void *own_instance(void *argument) {
    int k = (int)(intptr_t)argument;
    for (int round = 0; round < 3; round++) {
        uint32_t *out = frame_at(TW, TH, k / (double)THREADS, thread_a, thread_b);
        if (memcmp(out, serial[k], (size_t)TW * TH * 4)) fail("an instance on its own thread drew another frame");
        free(out);
    }
    return NULL;
}

static f0r_instance_t shared;
static void *shared_instance(void *argument) {
    uint32_t *out = malloc((size_t)TW * TH * 4);
    for (int round = 0; round < 4; round++) {
        plugin.update2(shared, 0, thread_a, thread_b, NULL, out);
        if (memcmp(out, serial[THREADS / 2], (size_t)TW * TH * 4)) fail("one instance called from threads at once drew another frame");
    }
    free(out);
    return (void *)argument;
}

static void threads(void) {
    thread_a = picture(TW, TH, 3, 1), thread_b = picture(TW, TH, 4, 1);
    for (int k = 0; k < THREADS; k++) serial[k] = frame_at(TW, TH, k / (double)THREADS, thread_a, thread_b);
    pthread_t ids[THREADS];
    for (int k = 0; k < THREADS; k++) pthread_create(&ids[k], NULL, own_instance, (void *)(intptr_t)k);
    for (int k = 0; k < THREADS; k++) pthread_join(ids[k], NULL);
    fprintf(stderr, "frei0r-host: %d instances on %d threads at once drew the frames one thread draws\n", THREADS, THREADS);
    shared = plugin.construct(TW, TH);
    set(shared, 0, (THREADS / 2) / (double)THREADS);
    for (int k = 0; k < 4; k++) pthread_create(&ids[k], NULL, shared_instance, NULL);
    for (int k = 0; k < 4; k++) pthread_join(ids[k], NULL);
    plugin.destruct(shared);
    fprintf(stderr, "frei0r-host: one instance called from 4 threads at once (MLT's slices) drew whole frames\n");
}

static void allocations(void) {
    unsigned w = 640, h = 360;
    uint32_t *a = picture(w, h, 5, 0), *b = picture(w, h, 6, 1), *out = malloc((size_t)w * h * 4);
    f0r_instance_t instance = plugin.construct(w, h);
    for (int frame = 0; frame < 3; frame++) {
        set(instance, 0, frame / 30.0);
        plugin.update2(instance, 0, a, b, NULL, out);
    }
    atomic_store(&counting, 1);
    enum { FRAMES = 24 };
    for (int frame = 3; frame < 3 + FRAMES; frame++) {
        a[frame] ^= 0x00ffffff;  // the clips move: new pictures every frame
        set(instance, 0, frame / 30.0);
        plugin.update2(instance, 0, a, b, NULL, out);
    }
    atomic_store(&counting, 0);
    plugin.destruct(instance);
    fprintf(stderr, "frei0r-host: %d frames after the first 3 at 640x360: %ld allocations of 64 KiB or more, %.1f of any size a frame\n",
            FRAMES, atomic_load(&large_allocations), atomic_load(&all_allocations) / (double)FRAMES);
    if (atomic_load(&large_allocations)) fail("frames after the first allocated frame-sized memory");
    free(a), free(b), free(out);
}

static void parameters(void) {
    unsigned w = 48, h = 32;
    size_t bytes = (size_t)w * h * 4;
    uint32_t *a = picture(w, h, 7, 1), *b = picture(w, h, 8, 0), *out = malloc(bytes), *reference = malloc(bytes);
    const double hostile[] = {NAN, -1, -1e308, 1e308, INFINITY, -INFINITY, 5e9, 0.999999999, 1, 0};
    f0r_instance_t instance = plugin.construct(w, h);
    for (int index = 0; index < plugin.params; index++) {
        f0r_param_info_t info = {0};
        plugin.get_param_info(&info, index);
        if (!info.name || info.type != F0R_PARAM_DOUBLE) fail("a parameter without a name or not a double");
        double initial;
        plugin.get_param_value(instance, &initial, index);
        set(instance, 0, 0.5);
        plugin.update2(instance, 0, a, b, NULL, reference);
        for (size_t k = 0; k < sizeof hostile / sizeof hostile[0]; k++) {
            set(instance, index, hostile[k]);
            set(instance, 0, index == 0 ? hostile[k] : 0.5);
            plugin.update2(instance, 0, a, b, NULL, out);
            double back;
            plugin.get_param_value(instance, &back, index);
            if (!(back == hostile[k] || (isnan(back) && isnan(hostile[k])))) fail("a parameter did not keep the value set");
            if (isnan(hostile[k]) && index > 0 && memcmp(out, reference, bytes)) fail("NaN is not the parameter's default");
        }
        set(instance, index, initial);
        fprintf(stderr, "frei0r-host: parameter %d '%s': NaN, ±1e308, ±inf, 5e9 drawn without harm\n", index, info.name);
    }
    // Indices and pointers no host should pass.
    double value = 0.5;
    f0r_param_info_t info;
    plugin.get_param_info(&info, -1), plugin.get_param_info(&info, plugin.params), plugin.get_param_info(NULL, 0);
    plugin.set_param_value(instance, &value, -1), plugin.set_param_value(instance, &value, 1000);
    plugin.get_param_value(instance, &value, -1), plugin.get_param_value(instance, &value, 1000);
    plugin.set_param_value(instance, NULL, 0), plugin.get_param_value(instance, NULL, 0);
    plugin.set_param_value(NULL, &value, 0), plugin.get_param_value(NULL, &value, 0);
    plugin.update2(instance, 0, NULL, b, NULL, out), plugin.update2(instance, 0, a, NULL, NULL, out);
    plugin.update2(instance, 0, NULL, NULL, NULL, out), plugin.update2(instance, 0, a, b, NULL, NULL);
    plugin.update2(NULL, 0, a, b, NULL, out), plugin.destruct(NULL);
    plugin.destruct(instance);
    fprintf(stderr, "frei0r-host: out-of-range indices and null pointers ignored\n");
    free(a), free(b), free(out), free(reference);
}

int main(int argc, char **argv) {
    if (argc >= 2 && !strcmp(argv[1], "render")) return render(argc, argv);
    if (argc != 3 || strcmp(argv[1], "guest")) fail("usage: frei0r-host render … | frei0r-host guest PLUGIN.so");
    load(argv[2]);
    sizes();
    threads();
    parameters();
    allocations();
    fprintf(stderr, "frei0r-host: %s is a good guest\n", argv[2]);
    return 0;
}
