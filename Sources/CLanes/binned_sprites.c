/*
 * The binned fragment stage (binned_sprites.h): one body, compiled for any x86-64 and again for AVX2.
 * Each step names the Swift it mirrors; PointFrame.drawSprites(_:band:points:) stays the reference, and
 * the tests compare both twins' frames with it and with the program run point by point.
 */
/* The helpers pass 256-bit vectors, which the AVX2 twin would pass in other registers than the
 * baseline; all are inlined, so no call between the two ever crosses that ABI. */
#pragma clang diagnostic ignored "-Wpsabi"

#include "binned_sprites.h"
#include "point_lanes.h"
#include "lerp_twins.h"

typedef shatter_binned_frame frame_t;

#define ALWAYS static inline __attribute__((always_inline))

/* Point i's texel origin (PointLanes.originX, originY; Swift reads it through PointFrame.origin(ofPoint:lanes:)):
 * with prefetch_origin below, the one place here that knows where origins are kept. */
ALWAYS void origin_of(const frame_t *f, long i, int *x, int *y) {
    const shatter_point_lanes *block = (const shatter_point_lanes *)f->lanes + (i >> 3);
    *x = block->originX[i & 7];
    *y = block->originY[i & 7];
}

/* Asks for the cache lines holding point i's texel origin (PointFrame.prefetchPoint(_:points:)). */
ALWAYS void prefetch_origin(const frame_t *f, long i) {
    const shatter_point_lanes *block = (const shatter_point_lanes *)f->lanes + (i >> 3);
    shatter_prefetch(&block->originX[i & 7]);
    shatter_prefetch(&block->originY[i & 7]);
}

ALWAYS int min_int(int a, int b) { return a < b ? a : b; }
ALWAYS int max_int(int a, int b) { return a > b ? a : b; }

/* TextureSampler.Taps: eight columns' texels and the second one's weight in 1/256. */
typedef struct {
    shatter_int8 first, second;
    shatter_uint8 weight;
} taps_t;

/* TextureSampler.taps(fixed:size:) for columns k0 … k0 + 7 of a sprite whose column 0 reads texel
 * position `base` (1/256 texel). */
ALWAYS taps_t column_taps(const frame_t *f, int base, int k0) {
    shatter_int8 k = k0 + (shatter_int8){0, 1, 2, 3, 4, 5, 6, 7};
    shatter_int8 fixed = base + k * f->stepX;
    shatter_int8 last = f->textureWidth - 1;
    if (f->nearest) {
        shatter_int8 index = shatter_lanes_clamp((fixed + 128) >> 8, last);
        return (taps_t){index, index, (shatter_uint8)0};
    }
    shatter_int8 index = fixed >> 8;
    return (taps_t){shatter_lanes_clamp(index, last), shatter_lanes_clamp(index + 1, last), (shatter_uint8)(fixed & 255)};
}

/* TextureSampler.fixedTap(_:size:) for one texel row position. */
typedef struct {
    int first, second, weight;
} tap_t;

ALWAYS int clamp_int(int value, int last) { return max_int(min_int(value, last), 0); }

ALWAYS tap_t row_tap(const frame_t *f, int fixed) {
    int last = f->textureHeight - 1;
    if (f->nearest) {
        int index = clamp_int((fixed + 128) >> 8, last);
        return (tap_t){index, index, 0};
    }
    return (tap_t){clamp_int(fixed >> 8, last), clamp_int((fixed >> 8) + 1, last), fixed & 255};
}

ALWAYS shatter_uint8 load_words(const unsigned char *p) {
    shatter_uint8 words;
    __builtin_memcpy(&words, p, sizeof words);
    return words;
}

/* The texels of the block's first columns in texel row `row`. `flat`: column k reads texel first[0] + k
 * (and + k + 1), so the words load whole while the load stays in the texture. Every word loaded is
 * ANDed into `read` (what the caller learns the texels' alpha from). */
ALWAYS shatter_uint8 left_texels(const frame_t *f, const taps_t *x, int flat, long row, shatter_uint8 *read) {
    long start = row * f->textureWidth + x->first[0];
    shatter_uint8 words = flat && start + 9 <= (long)f->textureWidth * f->textureHeight
                              ? load_words((const unsigned char *)f->texels + start * 4)
                              : shatter_lanes_words(f->texels, (int)(row * f->textureWidth) + x->first);
    *read &= words;
    return words;
}

/* TextureSampler.horizontal(_:row:contiguous:): one texel row's half of the block's bilinear fetches,
 * as 16-bit channels. With every weight 0 it is the first texels themselves. */
ALWAYS shatter_ushort32 horizontal(const frame_t *f, const taps_t *x, int flat, int weightless, long row, int avx2,
                                   shatter_uint8 *read) {
    shatter_uint8 left = left_texels(f, x, flat, row, read);
    if (weightless) return shatter_lanes_channels(left);
    long start = row * f->textureWidth + x->first[0];
    shatter_uint8 right = flat && start + 9 <= (long)f->textureWidth * f->textureHeight
                              ? load_words((const unsigned char *)f->texels + (start + 1) * 4)
                              : shatter_lanes_words(f->texels, (int)(row * f->textureWidth) + x->second);
    *read &= right;
    return shatter_lerp(shatter_lanes_channels(left), shatter_lanes_channels(right), shatter_lerp_weights(x->weight, avx2), avx2);
}

/* Framebuffer.storeWords(_:count:at:): the first n (1 … 8) words. Four, two and one at a time by n's
 * bits, each a copy of a fixed size (moves; a loop of single words became a call of memcpy, 4% of a
 * 1080p frame in the tails of 10-pixel pieces). */
ALWAYS void store(unsigned char *to, shatter_uint8 words, int n) {
    if (n == 8) {
        __builtin_memcpy(to, &words, sizeof words);
        return;
    }
    unsigned int w[8];
    __builtin_memcpy(w, &words, sizeof w);
    int k = 0;
    if (n & 4) { /* point size 4, and the sprites clipped to four columns or more */
        __builtin_memcpy(to, w, 16);
        k = 4;
    }
    if (n & 2) {
        __builtin_memcpy(to + 4 * k, &w[k], 8);
        k += 2;
    }
    if (n & 1) __builtin_memcpy(to + 4 * k, &w[k], 4);
}

/* PieceTiling.start(_:): the first pixel of piece i along an axis, floor(i·P + 1/2). */
ALWAYS long tile_start(const frame_t *f, long i) { return (i * f->eighths + 4) >> 3; }

/* PieceTiling.extents(ofPoint:): point i's width and height in pixels, its share of the screen. */
ALWAYS void extents_of(const frame_t *f, long i, int *w, int *h) {
    if ((f->eighths & 7) == 0) {
        *w = *h = f->coverage;
        return;
    }
    long row = i / f->columns, column = i - row * f->columns;
    *w = (int)(tile_start(f, column + 1) - tile_start(f, column));
    *h = (int)(tile_start(f, row + 1) - tile_start(f, row));
}

/* Where one sprite lands on image rows rowStart ..< rowEnd (PointFrame.rows(centreY:extent:), columns(centreX:extent:)):
 * its rows top ..< bottom and columns left ..< right, and the texel positions (1/256 texel) of its
 * first column and row drawn (PointSpriteRaster.baseX(origin:q:extent:), baseY(origin:q:), stepped on to them). */
typedef struct {
    int top, bottom, left, right, baseX, baseY;
} placement_t;

/* Whether the sprite draws any pixel there. */
ALWAYS int place(const frame_t *f, long i, int rowStart, int rowEnd, placement_t *p) {
    const int g = f->guardBand;
    int w, h;
    extents_of(f, i, &w, &h);
    int qx = f->x[i], qy = f->y[i];
    int firstX = (qx - 4 * w + 4) >> 3, firstY = (qy - 4 * h + 4) >> 3; /* PointSpriteRaster.first(_:extent:) */
    p->top = max_int(max_int(f->topRow - (firstY + h - 1), 0), rowStart);
    p->bottom = min_int(min_int(f->topRow - firstY + 1, f->height), rowEnd);
    p->left = max_int(firstX - g, 0);
    p->right = min_int(firstX + w - g, f->width);
    if (p->top >= p->bottom || p->left >= p->right) return 0;
    int originX, originY;
    origin_of(f, i, &originX, &originY);
    int firstKX = p->left + g - firstX, firstKY = (p->top - f->topRow) + firstY + h - 1;
    p->baseX = originX + (((8 * firstX + 4 - qx) * f->stepX) >> 3) + firstKX * f->stepX;
    p->baseY = originY + (((qy - 8 * (firstY + h) + 4) * f->stepY) >> 3) + firstKY * f->stepY;
    return 1;
}

/* One sprite's pixels where `place` put it (on one band's rows), eight columns at a time and, for each, row by
 * row: a row whose upper texel row is the one the previous row read second reuses that row's
 * horizontal blend (the same integers). A row whose weight is 0 is its upper texel row's blend alone (a
 * lerp by 0 is the value), and with every column weight 0 as well its pixels are texels: the snapshot
 * at rest. Every texel word read is ANDed into `read`. */
ALWAYS void sprite(const frame_t *f, placement_t p, int avx2, shatter_uint8 *read) {
    int span = p.right - p.left, rows = p.bottom - p.top;
    /* Neighbouring texels, one column to the next, none clamped (the snapshot at the screen's pixels). */
    int first = f->nearest ? (p.baseX + 128) >> 8 : p.baseX >> 8;
    int flat = f->stepX == 256 && first >= 0 && first + span - f->nearest <= f->textureWidth - 1;
    long stride = (long)f->width * 4;
    for (int b = 0; b < span; b += 8) {
        int count = min_int(8, span - b);
        taps_t x = column_taps(f, p.baseX, b);
        int weightless = shatter_lanes_bits((shatter_int8)(x.weight == 0)) == 0xFF;
        unsigned char *to = (unsigned char *)f->target + ((long)p.top * f->width + p.left + b) * 4;
        long keptRow = -1;
        shatter_ushort32 kept = 0;
        for (int k = 0; k < rows; k++, to += stride) {
            tap_t y = row_tap(f, p.baseY + k * f->stepY);
            if (weightless && y.weight == 0) {
                store(to, left_texels(f, &x, flat, y.first, read), count);
                continue;
            }
            shatter_ushort32 upper = y.first == keptRow ? kept : horizontal(f, &x, flat, weightless, y.first, avx2, read);
            shatter_uint8 color;
            if (y.weight == 0) {
                color = (shatter_uint8)__builtin_convertvector(upper, shatter_uchar32);
                kept = upper;
                keptRow = y.first;
            } else {
                shatter_ushort32 lower =
                    y.second == y.first ? upper : horizontal(f, &x, flat, weightless, y.second, avx2, read);
                color = (shatter_uint8)__builtin_convertvector(
                    shatter_lerp(upper, lower, shatter_lerp_weight(y.weight, avx2), avx2), shatter_uchar32);
                kept = lower;
                keptRow = y.second;
            }
            store(to, color, count);
        }
    }
}

/* Asks for the texels a sprite placed at `p` reads, a few sprites ahead: binned sprites come from
 * anywhere in the snapshot, in no order a hardware prefetcher foresees. Its texel rows and columns, one
 * more each way for the filter (and the nearest filter's rounding). */
ALWAYS void prefetch_texels(const frame_t *f, const placement_t *at) {
    placement_t p = *at;
    int lastX = f->textureWidth - 1, lastY = f->textureHeight - 1;
    int left = clamp_int(p.baseX >> 8, lastX);
    int right = clamp_int(((p.baseX + (p.right - p.left - 1) * f->stepX) >> 8) + 1, lastX);
    int top = clamp_int(p.baseY >> 8, lastY);
    int bottom = clamp_int(((p.baseY + (p.bottom - p.top - 1) * f->stepY) >> 8) + 1, lastY);
    if (bottom - top >= 64) return; /* larger sprites stream their rows anyway */
    const unsigned char *texels = f->texels;
    for (int row = top; row <= bottom; row++) {
        long start = (long)row * f->textureWidth;
        const unsigned char *line = texels + ((start + left) * 4 & ~63L), *end = texels + (start + right) * 4;
        for (; line <= end; line += 64) shatter_prefetch(line);
    }
}

/* PointFrame.prefetchPoint(_:points:): what drawing point i reads first, its centre and origin. */
ALWAYS void prefetch_point(const frame_t *f, long i) {
    prefetch_origin(f, i);
    shatter_prefetch(f->x + i);
    shatter_prefetch(f->y + i);
}

enum { prefetch_distance = 3 }; /* PointFrame.prefetchDistance */

/* Each sprite is placed once, when its texels are asked for, and drawn from that placement
 * `prefetch_distance` entries later (a ring of placements). Every word a texel load brought (a
 * superset of the texels the pixels were drawn from) is ANDed: one vector AND per load, so a caller
 * lent straight texels learns, without reading the texture again, whether all it drew from were
 * opaque. */
ALWAYS int sprites(const frame_t *f, long first, long end, int rowStart, int rowEnd, int avx2) {
    enum { ring = 4 }; /* a power of two above prefetch_distance */
    placement_t placed[ring];
    int drawn[ring];
    shatter_uint8 read = (shatter_uint8)(~0u);
    for (long entry = first; entry < end && entry < first + prefetch_distance; entry++) {
        int slot = (int)(entry & (ring - 1));
        drawn[slot] = place(f, f->list[entry], rowStart, rowEnd, &placed[slot]);
        if (drawn[slot]) prefetch_texels(f, &placed[slot]);
    }
    for (long entry = first; entry < end; entry++) {
        long ahead = entry + prefetch_distance;
        if (ahead < end) {
            int slot = (int)(ahead & (ring - 1));
            drawn[slot] = place(f, f->list[ahead], rowStart, rowEnd, &placed[slot]);
            if (drawn[slot]) prefetch_texels(f, &placed[slot]);
        }
        if (entry + 2 * prefetch_distance < end) prefetch_point(f, f->list[entry + 2 * prefetch_distance]);
        int slot = (int)(entry & (ring - 1));
        if (drawn[slot]) sprite(f, placed[slot], avx2, &read);
    }
    unsigned int words[8];
    __builtin_memcpy(words, &read, sizeof words);
    unsigned int all = words[0] & words[1] & words[2] & words[3] & words[4] & words[5] & words[6] & words[7];
    return all >> 24 == 0xFF;
}

/* The entry point twice: the twin for any x86-64, and the AVX2 twin. */
static int sprites_baseline(const frame_t *f, long first, long end, int rowStart, int rowEnd) {
    return sprites(f, first, end, rowStart, rowEnd, 0);
}

#if defined(__x86_64__)
SHATTER_TARGET_AVX2 static int sprites_avx2(const frame_t *f, long first, long end, int rowStart, int rowEnd) {
    return sprites(f, first, end, rowStart, rowEnd, 1);
}
#endif

/* The stage's table line. */
shatter_binned_kernel shatter_binned_kernel_for(shatter_tier tier) {
#if defined(__x86_64__)
    if (tier >= SHATTER_TIER_AVX2) return (shatter_binned_kernel){sprites_avx2};
#endif
    (void)tier;
    return (shatter_binned_kernel){sprites_baseline};
}
