// Times Shatter's level-1 encoder (CFastPNG, with the file's CRC and the frame's two XXH3-128 digests (CFastDigest), as
// `shatter render` takes them) beside fpnge (github veluca93/fpnge) at its level 1 and its default level,
// on the same raw 8-bit RGBA frames, in one process on one core: for each frame, each encoder in turn,
// REPEAT rounds; per frame the median of each encoder's thread CPU time, then the mean over the frames.
// Built and run by Tools/bench/fpnge-bench.sh, which says how.
//
//   bench FRAMES.rgba WIDTH HEIGHT REPEAT TWIN [keep-alpha]   (TWIN: 0 baseline, 1 AVX2)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

#include <libdeflate.h>
#include <xxhash.h>

#include "fpnge.h"
extern "C" {
#include "cpu_tier.h"
#include "fast_digest.h"
#include "fast_png.h"
#include "opaque_rgb.h"
}

static double cpu_ms() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

struct Frame {
    const uint8_t *pixels;
    long width;
    int twin;
};

// As PNGEncoder's rows: an opaque row as RGB (packed), else giving up; or RGBA, copied.
static int copy_row(void *context, long y, uint8_t *out) {
    const Frame *frame = static_cast<const Frame *>(context);
    memcpy(out, frame->pixels + y * frame->width * 4, frame->width * 4);
    return 1;
}

static int opaque_row(void *context, long y, uint8_t *out) {
    const Frame *frame = static_cast<const Frame *>(context);
    return shatter_opaque_rgb_for((shatter_tier)frame->twin).pack(frame->pixels + y * frame->width * 4, frame->width, out) ==
           (size_t)frame->width;
}

static void put_be32(std::vector<uint8_t> &file, size_t at, uint32_t v) {
    file[at] = v >> 24, file[at + 1] = v >> 16, file[at + 2] = v >> 8, file[at + 3] = v;
}

// Shatter's file as `shatter render` writes it: signature, IHDR, one IDAT, IEND (RGB where the frame is
// opaque, as PNGEncoder finds out while packing the rows; else RGBA); then the pixels' digest and the
// file's.
static size_t shatter_png(const uint8_t *pixels, long width, long height, int twin, bool keepAlpha, std::vector<uint8_t> &file) {
    static const uint8_t head[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R',
                                   0, 0, 0, 0, 0, 0, 0, 0, 8, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 'I', 'D', 'A', 'T'};
    size_t bound = shatter_fast_png_bound(width, height, 4);
    file.resize(sizeof head + bound + 4 + 12);
    memcpy(file.data(), head, sizeof head);
    Frame frame{pixels, width, twin};
    int channels = 3;
    const shatter_fast_png_coder coder = shatter_fast_png_for((shatter_tier)twin);
    size_t n = keepAlpha ? 0 : coder.zlib(width, height, 3, SHATTER_FAST_PNG_ADAPTIVE, opaque_row, &frame, file.data() + sizeof head);
    if (n == 0) {
        channels = 4;
        n = coder.zlib(width, height, 4, SHATTER_FAST_PNG_ADAPTIVE, copy_row, &frame, file.data() + sizeof head);
    }
    put_be32(file, 16, width), put_be32(file, 20, height);
    file[25] = channels == 4 ? 6 : 2;
    put_be32(file, 29, libdeflate_crc32(0, file.data() + 12, 17));
    put_be32(file, 33, n);
    put_be32(file, sizeof head + n, libdeflate_crc32(0, file.data() + 37, n + 4));
    static const uint8_t iend[] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
    memcpy(file.data() + sizeof head + n + 4, iend, 12);
    size_t size = sizeof head + n + 16;
    // Each digest as ShatterDigest takes it: XXH3-128 with the widest loop this processor runs (CFastDigest).
    static XXH3_state_t *state = XXH3_createState();
    static const shatter_fast_digest loop = shatter_fast_digest_for(shatter_cpu_tier());
    XXH3_128bits_reset(state);
    loop.update(state, pixels, (size_t)width * height * 4);
    XXH128_hash_t a = XXH3_128bits_digest(state);
    XXH3_128bits_reset(state);
    loop.update(state, file.data(), size);
    XXH128_hash_t b = XXH3_128bits_digest(state);
    if ((a.low64 ^ b.low64) == 42) puts("");  // keeps the digests
    return size;
}

static size_t fpnge_png(const uint8_t *pixels, long width, long height, int level, std::vector<uint8_t> &file) {
    file.resize(FPNGEOutputAllocSize(1, 4, width, height));
    FPNGEOptions options;
    FPNGEFillOptions(&options, level, FPNGE_CICP_NONE);
    return FPNGEEncode(1, 4, pixels, width, width * 4, height, file.data(), &options);
}

static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

int main(int argc, char **argv) {
    if (argc != 6 && !(argc == 7 && strcmp(argv[6], "keep-alpha") == 0)) {
        fprintf(stderr, "usage: bench FRAMES.rgba WIDTH HEIGHT REPEAT TWIN [keep-alpha]\n");
        return 64;
    }
    long width = atol(argv[2]), height = atol(argv[3]);
    int repeat = atoi(argv[4]), twin = atoi(argv[5]);
    bool keepAlpha = argc == 7;  // every frame RGBA, as --keep-alpha (and fpnge) write it
    FILE *in = fopen(argv[1], "rb");
    if (!in) {
        perror(argv[1]);
        return 66;
    }
    size_t frameBytes = (size_t)width * height * 4;
    std::vector<uint8_t> all;
    std::vector<uint8_t> buffer(frameBytes);
    while (fread(buffer.data(), 1, frameBytes, in) == frameBytes) all.insert(all.end(), buffer.begin(), buffer.end());
    fclose(in);
    size_t frames = all.size() / frameBytes;
    double ms[3] = {0}, kb[3] = {0};
    std::vector<uint8_t> file;
    for (size_t f = 0; f < frames; f++) {
        const uint8_t *pixels = all.data() + f * frameBytes;
        std::vector<double> t[3];
        size_t size[3];
        for (int r = 0; r < repeat; r++) {
            for (int k = 0; k < 3; k++) {
                double start = cpu_ms();
                size[k] = k == 0 ? shatter_png(pixels, width, height, twin, keepAlpha, file)
                                 : fpnge_png(pixels, width, height, k == 1 ? 1 : FPNGE_COMPRESS_LEVEL_DEFAULT, file);
                t[k].push_back(cpu_ms() - start);
            }
        }
        for (int k = 0; k < 3; k++) ms[k] += median(t[k]) / frames, kb[k] += size[k] / 1e3 / frames;
    }
    printf("%s\t%zu frames\tshatter+digests %.2f ms %.0f kB\tfpnge-1 %.2f ms %.0f kB\tfpnge-4 %.2f ms %.0f kB\t"
           "shatter-fpnge4 %+.2f ms\tsize ratio %.2f\n",
           argv[1], frames, ms[0], kb[0], ms[1], kb[1], ms[2], kb[2], ms[0] - ms[2], kb[0] / kb[2]);
}
