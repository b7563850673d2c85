/*
 * The small-sprite kernel (small_sprites.h): one body, compiled for any x86-64, again for AVX2, and,
 * for one-pixel sprites sixteen lanes at a time, for AVX-512 (the AVX-512 twin, at the end). Each step
 * names the Swift it mirrors; the Swift program stays the reference, and the tests compare every
 * twin's frames with it.
 */
/* The helpers pass 256- and 512-bit vectors, which the wider twins would pass in other registers than
 * the baseline; all are inlined, so no call between two twins ever crosses that ABI. */
#pragma clang diagnostic ignored "-Wpsabi"

#include "small_sprites.h"
#include "lerp_twins.h"
#include <math.h>

/* a·b + c stays two roundings, as in Swift, whatever -ffp-contract a build passes. */
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

typedef shatter_small_sprite_frame frame_t;

#define ALWAYS static inline __attribute__((always_inline))

/* Swift's max(value, 0): `0 >= value ? 0 : value`. */
ALWAYS float max_zero(float value) { return 0.0f >= value ? 0.0f : value; }

/* PointSpriteProgram.driftPosition(_:_:_:): the walls at |x| = 1, each hit keeping `restitution`. */
ALWAYS float drift_position(const frame_t *f, float x, float speed, float t) {
    for (int step = 0; step < 16; step++) {
        if (speed == 0.0f) break;
        float wall = speed > 0.0f ? 1.0f : -1.0f;
        float hitTime = max_zero((wall - x) / speed);
        if (hitTime >= t) break;
        x = x + speed * hitTime;
        t = t - hitTime;
        speed = -f->restitution * speed;
        if (fabsf(speed) < f->stopSpeed) speed = 0.0f;
    }
    return x + speed * t;
}

/* Where a block's first point sits in a separable grid (unused for a grid of full lanes). */
typedef struct {
    long column, row;
} cell_t;

ALWAYS cell_t cell_of(const frame_t *f, long block) {
    if (f->gridColumns <= 0) return (cell_t){0, 0};
    cell_t c = {block * 8 % f->gridColumns, block * 8 / f->gridColumns};
    return c;
}

/* The next block's cell: eight points on, without a division. */
ALWAYS cell_t next_cell(const frame_t *f, cell_t c) {
    c.column += 8;
    while (c.column >= f->gridColumns) {
        c.column -= f->gridColumns;
        c.row++;
    }
    return c;
}

/* The names small_sprites_lanes.h gives at each width: name_8, name_16. */
#define SHATTER_WIDTH_CAT(name, lanes) name##_##lanes
#define SHATTER_WIDTH_NAME(name, lanes) SHATTER_WIDTH_CAT(name, lanes)

#define LANES 8
#include "small_sprites_lanes.h"
#undef LANES
#define LANES 16
#include "small_sprites_lanes.h"
#undef LANES

/* TextureSampler.Taps: eight lanes' texels along one axis and the second one's weight in 1/256. */
typedef struct {
    shatter_int8 first, second;
    shatter_uint8 weight;
} taps_t;

/* TextureSampler.taps(fixed:size:): for the linear filter the whole part names the texels (clamped to
 * 0…last), the low 8 bits are the weight; nearest takes the texel the position plus half a texel is in. */
ALWAYS taps_t taps(const frame_t *f, shatter_int8 fixed, int last) {
    if (f->nearest) {
        shatter_int8 index = shatter_lanes_clamp((fixed + 128) >> 8, (shatter_int8)last);
        taps_t taps = {index, index, (shatter_uint8)0};
        return taps;
    }
    shatter_int8 index = fixed >> 8;
    taps_t taps = {shatter_lanes_clamp(index, (shatter_int8)last), shatter_lanes_clamp(index + 1, (shatter_int8)last),
                   (shatter_uint8)(fixed & 255)};
    return taps;
}

/* TextureSampler.blend(_:_:): eight bilinear fetches (each twin's lerp, lerp_twins.h), each row's
 * texel pair loaded as one word where every lane's columns are neighbours. */
ALWAYS shatter_uint8 blend(const frame_t *f, taps_t x, taps_t y, int avx2) {
    shatter_int8 top = y.first * f->textureWidth, bottom = y.second * f->textureWidth;
    if (shatter_lanes_bits(x.second == x.first + 1) == 0xFF) {
        shatter_ulong8 upper = shatter_lanes_pairs(f->texels, top + x.first), lower = shatter_lanes_pairs(f->texels, bottom + x.first);
        return shatter_bilinear(shatter_lanes_first_words(upper), shatter_lanes_second_words(upper), shatter_lanes_first_words(lower),
                                shatter_lanes_second_words(lower), x.weight, y.weight, avx2);
    }
    return shatter_bilinear(shatter_lanes_words(f->texels, top + x.first), shatter_lanes_words(f->texels, top + x.second),
                            shatter_lanes_words(f->texels, bottom + x.first), shatter_lanes_words(f->texels, bottom + x.second),
                            x.weight, y.weight, avx2);
}

/* Whether `chain`'s page has room for `count` entries past its cursor, which a packed append stores
 * whole; if not, appends the lanes `lanes` of `entries` one by one (they may start a page) instead. */
ALWAYS int room_for(shatter_page_writer *writer, shatter_page_chain *chain, long count, const unsigned long long *entries,
                    unsigned lanes, long band) {
    if (__builtin_expect(chain->cursor + count <= chain->end, 1)) return 1;
    for (unsigned rest = lanes; rest; rest &= rest - 1) shatter_pages_append_lane(writer, entries, __builtin_ctz(rest), band);
    return 0;
}

#if defined(__x86_64__)
/* For each four-lane mask, the 32-bit words of its set lanes' 64-bit entries, packed to the front. */
static const int packed_words[16][8] __attribute__((aligned(32))) = {
    {0, 0, 0, 0, 0, 0, 0, 0},
    {0, 1, 0, 0, 0, 0, 0, 0},
    {2, 3, 0, 0, 0, 0, 0, 0},
    {0, 1, 2, 3, 0, 0, 0, 0},
    {4, 5, 0, 0, 0, 0, 0, 0},
    {0, 1, 4, 5, 0, 0, 0, 0},
    {2, 3, 4, 5, 0, 0, 0, 0},
    {0, 1, 2, 3, 4, 5, 0, 0},
    {6, 7, 0, 0, 0, 0, 0, 0},
    {0, 1, 6, 7, 0, 0, 0, 0},
    {2, 3, 6, 7, 0, 0, 0, 0},
    {0, 1, 2, 3, 6, 7, 0, 0},
    {4, 5, 6, 7, 0, 0, 0, 0},
    {0, 1, 4, 5, 6, 7, 0, 0},
    {2, 3, 4, 5, 6, 7, 0, 0},
    {0, 1, 2, 3, 4, 5, 6, 7}};
static const unsigned char lanes_set[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* shatter_pages_append_lanes in the AVX2 twin, without a branch on the lanes: each half of the eight
 * entries packed to the front by one vpermd and stored whole (four entries) at the cursor, which then
 * moves on past the lanes set; the page has room for eight, and what lies past the cursor is written
 * over later or never read. */
static inline SHATTER_TARGET_AVX2 void append_packed(shatter_page_writer *writer, const unsigned long long *entries,
                                                                 unsigned lanes, long band) {
    typedef int words_t __attribute__((vector_size(32)));
    shatter_page_chain *chain = writer->chains + band;
    long cursor = chain->cursor;
    if (!room_for(writer, chain, 8, entries, lanes, band)) return;
    unsigned long long *page = writer->pages.entries + cursor;
    words_t low, high, lowOrder, highOrder;
    __builtin_memcpy(&low, entries, sizeof low);
    __builtin_memcpy(&high, entries + 4, sizeof high);
    __builtin_memcpy(&lowOrder, packed_words[lanes & 15], sizeof lowOrder);
    __builtin_memcpy(&highOrder, packed_words[lanes >> 4], sizeof highOrder);
    words_t first = __builtin_ia32_permvarsi256(low, lowOrder), second = __builtin_ia32_permvarsi256(high, highOrder);
    long n = lanes_set[lanes & 15];
    __builtin_memcpy(page, &first, sizeof first);
    __builtin_memcpy(page + n, &second, sizeof second);
    chain->cursor = cursor + n + lanes_set[lanes >> 4];
}
#endif

/* The lanes `lanes` of `entries` onto band `band`'s pages. */
ALWAYS void append_lanes(shatter_page_writer *pages, const unsigned long long *entries, unsigned lanes, long band, int avx2) {
#if defined(__x86_64__)
    if (avx2) {
        append_packed(pages, entries, lanes, band);
        return;
    }
#endif
    (void)avx2;
    shatter_pages_append_lanes(pages, entries, lanes, band);
}

/* Appends a block's drawn sprites (entries low | high << 32, the lanes `drawnLanes`) to the pages of
 * the bands of their upper rows `upper` and lower rows `lower` (clipped to the image; band k's rows
 * start at bandStart[k]), a 2 × 2 sprite straddling two bands to both. Most blocks (79% of those drawn
 * at point size 1) lie in one band, found from the first drawn lane's upper row and checked with two
 * compares against its rows, and go at once. Else, bands growing with the row, the least and the
 * greatest are those of the least and the greatest row, and each band's lanes (two compares against
 * its rows) go at once; with the AVX2 twin's packed appends, 7% less CPU at point sizes 1 and 2 than
 * appending them lane by lane. */
ALWAYS void append(const frame_t *f, shatter_page_writer *pages, const int *bandStart, shatter_uint8 low, shatter_uint8 high,
                   shatter_int8 drawnLanes, shatter_int8 upper, shatter_int8 lower, int avx2) {
    shatter_ulong8 lanes = shatter_lanes_entries(low, high);
    unsigned long long entries[8];
    __builtin_memcpy(entries, &lanes, sizeof lanes);
    unsigned drawn = shatter_lanes_bits(drawnLanes);
    int band = f->bandOfRow[upper[__builtin_ctz(drawn)]];
    if ((shatter_lanes_bits((upper >= bandStart[band]) & (lower < bandStart[band + 1])) & drawn) == drawn) {
        append_lanes(pages, entries, drawn, band, avx2);
        return;
    }
    int firstBand = f->bandOfRow[shatter_lanes_min(select_int_8(drawnLanes, upper, (shatter_int8)0x7FFFFFFF))];
    int lastBand = f->bandOfRow[shatter_lanes_max(select_int_8(drawnLanes, lower, (shatter_int8)(-0x7FFFFFFF - 1)))];
    for (band = firstBand; band <= lastBand; band++) {
        shatter_int8 inBand = (upper < bandStart[band + 1]) & (lower >= bandStart[band]);
        append_lanes(pages, entries, shatter_lanes_bits(drawnLanes & inBand), band, avx2);
    }
}

/* A one-pixel sprite: the fragment program (PointSpriteProgram.fragment(x:y:snapshot:)) at its pixel,
 * appended to the pages. */
ALWAYS void shade_one_pixel(const frame_t *f, const placed_t_8 *p, shatter_page_writer *pages, const int *bandStart, int fused) {
    quads_t_8 q;  // the linear filter's quads from one window of texels where they lie in one, else blend's
    shatter_uint8 color = !f->nearest && window_8(f, p->x >> 8, p->y >> 8, &q)
                              ? shatter_bilinear(q.upperLeft, q.upperRight, q.lowerLeft, q.lowerRight, (shatter_uint8)(p->x & 255),
                                                 (shatter_uint8)(p->y & 255), fused)
                              : blend(f, taps(f, p->x, f->textureWidth - 1), taps(f, p->y, f->textureHeight - 1), fused);
    append(f, pages, bandStart, (shatter_uint8)(p->row * f->width + p->column), color, p->drawn, p->row, p->row, fused);
}

/* A sprite covering 2 × 2 pixels: the fragment program at each, k = 0 and 1 steps from the first pixel's
 * texel position, the four colors to squareColors (which PointFrame.storeTwoByTwo(band:pages:) stores),
 * each sprite appended to the pages of the bands its rows touch. */
ALWAYS void shade_two_by_two(const frame_t *f, const placed_t_8 *p, shatter_page_writer *pages, const int *bandStart, int fused) {
    taps_t leftTaps = taps(f, p->x, f->textureWidth - 1), rightTaps = taps(f, p->x + f->stepX, f->textureWidth - 1);
    taps_t upperTaps = taps(f, p->y, f->textureHeight - 1), lowerTaps = taps(f, p->y + f->stepY, f->textureHeight - 1);
    shatter_uint8 colors[4] = {blend(f, leftTaps, upperTaps, fused), blend(f, rightTaps, upperTaps, fused),
                               blend(f, leftTaps, lowerTaps, fused), blend(f, rightTaps, lowerTaps, fused)};
    __builtin_memcpy(f->squareColors + p->block * 32, colors, sizeof colors);

    // The upper left pixel, one past each edge so that −1 packs; the point's index.
    shatter_int8 position = ((p->row + 1) << 16) | (p->column + 1);
    shatter_int8 index = (shatter_int8)(int)(p->block * 8) + (shatter_int8){0, 1, 2, 3, 4, 5, 6, 7};
    // PointFrame.bands(upperRow:rowsBelow:): the rows' bands, clipped to the image.
    shatter_int8 upper = select_int_8(p->row < 0, (shatter_int8)0, p->row);
    shatter_int8 below = select_int_8(p->row + 1 > f->height - 1, (shatter_int8)(f->height - 1), p->row + 1);
    append(f, pages, bandStart, (shatter_uint8)position, (shatter_uint8)index, p->drawn, upper, below, fused);
}

/* Blocks first ..< end of one sprite size, placed a batch at a time, then shaded: each block's work is
 * one long chain of dependent steps (about 300 instructions for a one-pixel block, as many as the
 * processor holds in flight), so that done block after block, the next block's start waited for the
 * last one's end; a batch of placements (and then of shadings) has independent blocks side by side
 * (about 7% less time at point size 1). Returns how many blocks drew. */
ALWAYS long run_blocks(const frame_t *f, long first, long end, shatter_page_writer *pages, const int *bandStart, int square,
                       int fused) {
    enum { batch = 16 };
    placed_t_8 placed[batch];
    long count = 0;
    cell_t cell = cell_of(f, first);  // then stepped block by block
    for (long block = first; block < end;) {
        int n = 0;
        for (; block < end && n < batch; block++, cell = f->gridColumns > 0 ? next_cell(f, cell) : cell) {
            if (f->time > f->goneAfter[block]) continue;  // every point of the block out of sight
            n += place_8(f, block, cell, &placed[n], square, fused);
        }
        for (int k = 0; k < n; k++) {
            if (square)
                shade_two_by_two(f, &placed[k], pages, bandStart, fused);
            else
                shade_one_pixel(f, &placed[k], pages, bandStart, fused);
        }
        count += n;
    }
    return count;
}

/* Each band's first row, and the image's height after the last (bands grow with the row; one with no
 * rows starts where the next does): bandStart[0 ... bands]. */
ALWAYS void band_starts(const frame_t *f, long bands, int *bandStart) {
    for (long band = 0; band <= bands; band++) bandStart[band] = f->height;
    for (int row = f->height - 1; row >= 0; row--) bandStart[f->bandOfRow[row]] = row;
    for (long band = bands - 1; band >= 0; band--)
        if (bandStart[band] > bandStart[band + 1]) bandStart[band] = bandStart[band + 1];
}

ALWAYS long run(const frame_t *shared, long first, long end, shatter_page_writer *pages, int fused) {
    /* A copy of the frame whose address never leaves this call: the compiler may then keep its fields
     * in registers across the pages' stores, which it must otherwise assume could change them. */
    const frame_t frame = *shared, *f = &frame;
    int bandStart[pages->pages.bandCount + 1];
    band_starts(f, pages->pages.bandCount, bandStart);
    return f->coverage == 2 ? run_blocks(f, first, end, pages, bandStart, 1, fused)
                            : run_blocks(f, first, end, pages, bandStart, 0, fused);
}

ALWAYS void centres_of(const frame_t *f, long block, shatter_point_centres *out, int fused) {
    centres_t_8 c = centres_8(f, block, cell_of(f, block), fused);
    __builtin_memcpy(out->x, &c.x, sizeof c.x);
    __builtin_memcpy(out->y, &c.y, sizeof c.y);
    out->visible = shatter_lanes_bits(c.visible);
}

ALWAYS void clip_of(const frame_t *f, long block, float *x, float *y) {
    shatter_float8 clipX, clipY;
    vertex_8(f, block, cell_of(f, block), &clipX, &clipY);
    __builtin_memcpy(x, &clipX, sizeof clipX);
    __builtin_memcpy(y, &clipY, sizeof clipY);
}

ALWAYS void viewport_lanes(const float *clip, float half, float *result, int fused) {
    shatter_float8 value = viewport_8(load_8(clip, 0), half, fused);
    __builtin_memcpy(result, &value, sizeof value);
}

/* Each entry point twice: the twin for any x86-64, and the AVX2 twin (whose processors all have FMA). */
static long run_baseline(const frame_t *f, long first, long end, shatter_page_writer *pages) { return run(f, first, end, pages, 0); }
static void centres_baseline(const frame_t *f, long block, shatter_point_centres *out) { centres_of(f, block, out, 0); }
static void viewport_baseline(const float *clip, float half, float *result) { viewport_lanes(clip, half, result, 0); }
static void clip_baseline(const frame_t *f, long block, float *x, float *y) { clip_of(f, block, x, y); }

#if defined(__x86_64__)
#define AVX2_TWIN SHATTER_TARGET_AVX2
AVX2_TWIN static long run_avx2(const frame_t *f, long first, long end, shatter_page_writer *pages) {
    return run(f, first, end, pages, 1);
}
AVX2_TWIN static void centres_avx2(const frame_t *f, long block, shatter_point_centres *out) { centres_of(f, block, out, 1); }
AVX2_TWIN static void viewport_avx2(const float *clip, float half, float *result) { viewport_lanes(clip, half, result, 1); }
AVX2_TWIN static void clip_avx2(const frame_t *f, long block, float *x, float *y) { clip_of(f, block, x, y); }
#endif

#if defined(__x86_64__)
/*
 * The AVX-512 twin: one-pixel sprites of the linear filter, two blocks side by side in sixteen lanes,
 * each instruction carrying twice the lanes of the AVX2 twin's (same operations per lane, so the same
 * integers); 2 × 2 sprites and the nearest filter by the AVX2 twin, and sixteen lanes that do not
 * share one window of texels as the AVX2 twin's code shades them.
 */
#define WIDE_TWIN SHATTER_AVX512
/* Only run_avx512 and the functions around intrinsics (append_band_16, lerp_twins.h's
 * shatter_lerp_avx512, which take pointers) carry the target; all between is generic always-inline
 * code, inlined into run_avx512, so no 512-bit vector is ever passed between functions compiled for
 * different targets, whose ABIs for such vectors differ (clang refuses the call). */

/* The lanes `lanes` of sixteen entries onto band `band`'s pages in lane order: each half's packed to
 * the front (vpcompressq, in a register) and stored whole at the cursor (as append_packed does), lane
 * by lane where the page may fill. */
WIDE_TWIN static inline void append_band_16(shatter_page_writer *pages, const unsigned long long *entries, unsigned lanes,
                                            long band) {
    shatter_page_chain *chain = pages->chains + band;
    long cursor = chain->cursor;
    if (!room_for(pages, chain, 16, entries, lanes, band)) return;
    unsigned long long *page = pages->pages.entries + cursor;
    unsigned low = lanes & 0xFF, high = lanes >> 8;
    _mm512_storeu_si512(page, _mm512_maskz_compress_epi64((__mmask8)low, _mm512_loadu_si512(entries)));
    long n = __builtin_popcount(low);
    _mm512_storeu_si512(page + n, _mm512_maskz_compress_epi64((__mmask8)high, _mm512_loadu_si512(entries + 8)));
    chain->cursor = cursor + n + __builtin_popcount(high);
}

/* Sixteen entries as 32-bit words, each lane's low word then its high one. */
typedef unsigned entry_words_t __attribute__((ext_vector_type(32)));

/* append() for sixteen one-pixel sprites: entries pixel | color << 32, the lanes `drawn` (at least
 * one), each onto the band of its row; all at once where they share the first drawn lane's band. */
ALWAYS void append_16(const frame_t *f, shatter_page_writer *pages, const int *bandStart, ints_16 pixel, uints_16 color,
                      unsigned drawn, ints_16 row) {
    entry_words_t words = __builtin_shufflevector((uints_16)pixel, color, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23, 8,
                                                    24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    unsigned long long entries[16];
    __builtin_memcpy(entries, &words, sizeof entries);
    int band = f->bandOfRow[row[__builtin_ctz(drawn)]];
    if ((bits_16((row >= bandStart[band]) & (row < bandStart[band + 1])) & drawn) == drawn) {
        append_band_16(pages, entries, drawn, band);
        return;
    }
    ints_16 drawnLanes = (((ints_16)(int)drawn >> lane_numbers_16()) & 1) != 0;
    int firstBand = f->bandOfRow[__builtin_reduce_min(select_int_16(drawnLanes, row, (ints_16)0x7FFFFFFF))];
    int lastBand = f->bandOfRow[__builtin_reduce_max(select_int_16(drawnLanes, row, (ints_16)(-0x7FFFFFFF - 1)))];
    for (band = firstBand; band <= lastBand; band++) {
        unsigned inBand = bits_16((row >= bandStart[band]) & (row < bandStart[band + 1])) & drawn;
        if (inBand) append_band_16(pages, entries, inBand, band);
    }
}

/* Sixteen one-pixel sprites: the fragment program at each, appended to the pages; where their texels
 * do not share one window, each block as the AVX2 twin shades it. */
ALWAYS void shade_one_pixel_16(const frame_t *f, const placed_t_16 *p, shatter_page_writer *pages, const int *bandStart) {
    quads_t_16 q;
    if (window_16(f, p->x >> 8, p->y >> 8, &q)) {
        uints_16 color = shatter_bilinear_avx512(q.upperLeft, q.upperRight, q.lowerLeft, q.lowerRight, (uints_16)(p->x & 255),
                                                 (uints_16)(p->y & 255));
        append_16(f, pages, bandStart, p->row * f->width + p->column, color, bits_16(p->drawn), p->row);
        return;
    }
    for (int half = 0; half < 2; half++) {
        placed_t_8 block;
        __builtin_memcpy(&block.x, (const int *)&p->x + 8 * half, sizeof block.x);
        __builtin_memcpy(&block.y, (const int *)&p->y + 8 * half, sizeof block.y);
        __builtin_memcpy(&block.row, (const int *)&p->row + 8 * half, sizeof block.row);
        __builtin_memcpy(&block.column, (const int *)&p->column + 8 * half, sizeof block.column);
        __builtin_memcpy(&block.drawn, (const int *)&p->drawn + 8 * half, sizeof block.drawn);
        block.block = p->block + half;
        if (shatter_lanes_bits(block.drawn)) shade_one_pixel(f, &block, pages, bandStart, 1);
    }
}

/* run_blocks for one-pixel sprites of the linear filter, two blocks at a time (the lanes of one gone
 * by the frame's time left undrawn, as run_blocks skips it; a last odd block alone), placed a batch at
 * a time, then shaded. The motion of the blocks sixteen on is asked for ahead: without, the loads of
 * each pair's motion took 15% of this stage at the median instant, and asking ahead takes 3–6% off
 * it on one core. */
ALWAYS long run_wide(const frame_t *shared, long first, long end, shatter_page_writer *pages) {
    // The AVX2 twin itself, compiled for AVX2 alone: inlined here, with AVX-512 allowed, its code drew
    // 2 × 2 sprites some 10% slower.
    if (shared->coverage != 1 || shared->nearest) return run_avx2(shared, first, end, pages);
    const frame_t frame = *shared, *f = &frame;  // as in run()
    int bandStart[pages->pages.bandCount + 1];
    band_starts(f, pages->pages.bandCount, bandStart);
    const ints_16 secondBlock = lane_numbers_16() >= 8;
    enum { batch = 8, ahead = 16 };  // pairs: sixteen blocks a batch, as run_blocks
    placed_t_16 placed[batch];
    long count = 0, block = first;
    cell_t cell = cell_of(f, first);
    while (block + 1 < end) {
        int n = 0;
        for (; block + 1 < end && n < batch; block += 2) {
            cell_t next = f->gridColumns > 0 ? next_cell(f, cell) : cell;
            if (f->gridColumns > 0 && block + ahead + 1 < end) {
                __builtin_prefetch((const shatter_point_motion *)f->motion + block + ahead);
                __builtin_prefetch((const shatter_point_motion *)f->motion + block + ahead + 1);
            }
            int goneFirst = f->time > f->goneAfter[block], goneSecond = f->time > f->goneAfter[block + 1];
            if (!(goneFirst && goneSecond) && place_16(f, block, cell, &placed[n], 0, 1)) {
                if (goneFirst) placed[n].drawn &= secondBlock;
                if (goneSecond) placed[n].drawn &= ~secondBlock;
                n += bits_16(placed[n].drawn) != 0;
            }
            cell = f->gridColumns > 0 ? next_cell(f, next) : cell;
        }
        for (int k = 0; k < n; k++) {
            unsigned drawn = bits_16(placed[k].drawn);
            count += ((drawn & 0xFF) != 0) + ((drawn >> 8) != 0);
            shade_one_pixel_16(f, &placed[k], pages, bandStart);
        }
    }
    if (block < end) count += run_blocks(f, block, end, pages, bandStart, 0, 1);
    return count;
}

WIDE_TWIN static long run_avx512(const frame_t *f, long first, long end, shatter_page_writer *pages) {
    return run_wide(f, first, end, pages);
}
#endif

/* The kernel's table line: each tier's entry points (the AVX-512 twin with the AVX2 twin's vertex program
 * and set-up for the binned path). */
shatter_small_sprite_kernel shatter_small_sprite_kernel_for(shatter_tier tier) {
#if defined(__x86_64__)
    if (tier >= SHATTER_TIER_AVX512) return (shatter_small_sprite_kernel){run_avx512, centres_avx2, clip_avx2, viewport_avx2};
    if (tier >= SHATTER_TIER_AVX2) return (shatter_small_sprite_kernel){run_avx2, centres_avx2, clip_avx2, viewport_avx2};
#endif
    (void)tier;
    return (shatter_small_sprite_kernel){run_baseline, centres_baseline, clip_baseline, viewport_baseline};
}