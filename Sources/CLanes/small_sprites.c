/*
 * The small-sprite kernel (small_sprites.h): one body, compiled for any x86-64 and again for AVX2.
 * Each step names the Swift it mirrors; the Swift program stays the reference, and the tests compare
 * both twins' frames with it.
 */
/* The helpers pass 256-bit vectors, which the AVX2 twin would pass in other registers than the
 * baseline; all are inlined, so no call between the two ever crosses that ABI. */
#pragma clang diagnostic ignored "-Wpsabi"

#include "small_sprites.h"
#include "cpu.h"
#include "lerp_twins.h"
#include <math.h>

/* a·b + c stays two roundings, as in Swift, whatever -ffp-contract a build passes. */
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

typedef shatter_small_sprite_frame frame_t;

#define ALWAYS static inline __attribute__((always_inline))

/* mask ? a : b per lane, for masks of all ones or zero. */
ALWAYS shatter_float8 select_float(shatter_int8 mask, shatter_float8 a, shatter_float8 b) {
    return (shatter_float8)(((shatter_int8)a & mask) | ((shatter_int8)b & ~mask));
}

ALWAYS shatter_int8 select_int(shatter_int8 mask, shatter_int8 a, shatter_int8 b) { return (a & mask) | (b & ~mask); }

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

/* drift_position for the lanes past their first wall hit (`bounced`), the others kept from
 * `unbounced`. The loop's first pass hits the wall at the point's firstHit (its own max(hit, 0), worked
 * out once per grid) and its second pass ends it unless there is a second hit before t; those two
 * passes run on all lanes at once, and only a lane with a second hit takes the whole loop. The
 * second pass's max(hit, 0) >= left is hit >= left here: left > 0, since firstHit < t. */
ALWAYS shatter_float8 drift(const frame_t *f, shatter_float8 centreX, shatter_float8 pointSpeed, shatter_float8 firstHit,
                            shatter_int8 bounced, shatter_float8 t, shatter_float8 unbounced) {
    shatter_float8 x = centreX + pointSpeed * firstHit;
    shatter_float8 left = t - firstHit;
    shatter_float8 speed = (shatter_float8)(-f->restitution) * pointSpeed;
    shatter_float8 stop = f->stopSpeed;
    speed = select_float((speed < stop) & (speed > -stop), (shatter_float8)0.0f, speed);
    shatter_float8 wall = select_float(speed > 0.0f, (shatter_float8)1.0f, (shatter_float8)-1.0f);
    shatter_float8 secondHit = (wall - x) / speed;
    shatter_int8 ended = (speed == 0.0f) | (secondHit >= left);
    shatter_float8 result = select_float(bounced, x + speed * left, unbounced);
    unsigned rest = shatter_lanes_bits(bounced & ~ended);
    while (rest) {
        int lane = __builtin_ctz(rest);
        result[lane] = drift_position(f, centreX[lane], pointSpeed[lane], f->time);
        rest &= rest - 1;
    }
    return result;
}

/* The viewport transform's half + clip·half, rounded once as PointSetup.centre(clip:)'s
 * addingProduct (an FMA) rounds it. `fused` (the AVX2 twin, whose processors all have FMA) takes the
 * FMA instruction itself, exact in every lane. Otherwise the sum in double: with half a multiple of ½
 * below 2¹⁴, the product is exact in double (24 + 24 significant bits), and so is the sum whenever
 * |clip| ≥ 2⁻¹⁴ or clip = 0 (both are whole multiples of 2^(e−24), e = clip's exponent ≥ −14, below
 * 2⁵²), so its one rounding to float is the FMA's. The few lanes outside that (a point within 2⁻¹⁴ of
 * the centre line, or a larger half) take fmaf; a baseline x86-64 has no FMA instruction, and fmaf
 * on every lane would be a libm call each. */
ALWAYS shatter_float8 viewport(shatter_float8 clip, float half, int fused) {
    if (fused) return __builtin_elementwise_fma(clip, (shatter_float8)half, (shatter_float8)half);
    shatter_float8 result = shatter_lanes_half_plus_product(clip, half);
    const float tiny = 0x1p-14f;
    shatter_int8 inexact = (clip < tiny) & (clip > -tiny) & (clip != 0.0f);
    if (fabsf(half) >= 0x1p14f) inexact = (shatter_int8)-1;
    unsigned rest = shatter_lanes_bits(inexact);
    while (rest) {
        int lane = __builtin_ctz(rest);
        result[lane] = fmaf(clip[lane], half, half);
        rest &= rest - 1;
    }
    return result;
}

/* PointSpriteRaster.quantize(_:): to eighths of a pixel, rounded (w >= 0 on every drawn lane). */
ALWAYS shatter_int8 quantize(shatter_float8 w) { return shatter_lanes_truncate(w * 8.0f + 0.5f); }

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

/* A block's texel quads: each lane's upper left, upper right, lower left and lower right texels. */
typedef struct {
    shatter_uint8 upperLeft, upperRight, lowerLeft, lowerRight;
} quads_t;

/* The quads of a block whose lanes all read one window of the snapshot, 10 texels wide and 3 rows
 * tall, from the lanes' unclamped texel columns and rows (a linear tap's whole part, `fixed >> 8`):
 * lane k's left texel column left + k or left + k + 1, its upper row top or top + 1, and the window
 * inside the snapshot, so that no tap would have been clamped at an edge and the quads are
 * TextureSampler.taps(fixed:size:)'s. That is every block of a separable grid's row on a snapshot
 * drawn 1:1 (a sprite's texels are its own cell's, give or take its phase): 99.5% of the blocks drawn
 * at point size 1. Nine vector loads and ten selects then replace sixteen loads made lane by lane and
 * their shuffles (6% of the point-size-1 render), and the taps' clamps are left to the other blocks.
 * Returns 0, having read nothing, for any other block. */
ALWAYS int window(const frame_t *f, shatter_int8 columns, shatter_int8 rows, quads_t *quads) {
    const shatter_int8 lane = {0, 1, 2, 3, 4, 5, 6, 7};
    shatter_int8 offset = columns - lane;
    int left = shatter_lanes_min(offset), top = shatter_lanes_min(rows);
    shatter_int8 stepX = offset - left, stepY = rows - top;  // 0 or 1 in a window
    shatter_int8 fits = (stepX <= 1) & (stepY <= 1);
    if (shatter_lanes_bits(fits) != 0xFF || left < 0 || left + 10 > f->textureWidth || top < 0 || top + 3 > f->textureHeight)
        return 0;
    const unsigned *texels = (const unsigned *)f->texels + (long)top * f->textureWidth + left;
    // All ones where a lane's texels sit one further on: as comparisons, which the AVX2 twin's compiler
    // knows to be whole-lane masks, so that each select is one vpblendvb, not three logic operations.
    shatter_int8 right = stepX != 0, down = stepY != 0;
    shatter_int8 first[3], second[3];            // per window row, each lane's left and right texel
    for (int row = 0; row < 3; row++, texels += f->textureWidth) {
        shatter_int8 at[3];
        __builtin_memcpy(at, texels, sizeof at[0]);
        __builtin_memcpy(at + 1, texels + 1, sizeof at[0]);
        __builtin_memcpy(at + 2, texels + 2, sizeof at[0]);
        first[row] = select_int(right, at[1], at[0]);
        second[row] = select_int(right, at[2], at[1]);
    }
    quads->upperLeft = (shatter_uint8)select_int(down, first[1], first[0]);
    quads->upperRight = (shatter_uint8)select_int(down, second[1], second[0]);
    quads->lowerLeft = (shatter_uint8)select_int(down, first[2], first[1]);
    quads->lowerRight = (shatter_uint8)select_int(down, second[2], second[1]);
    return 1;
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

/* Eight lanes of a block's field. */
ALWAYS shatter_float8 load(const float *lanes) {
    shatter_float8 value;
    __builtin_memcpy(&value, lanes, sizeof value);
    return value;
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

/* Eight lanes of a column table and of a row table (32-bit values) for the block at cell `c`: one load
 * and one broadcast while the block stays in its row, lane by lane where it wraps. */
ALWAYS void table_lanes(const frame_t *f, cell_t c, const void *columns, const void *rows, shatter_int8 *x, shatter_int8 *y) {
    const int *column = (const int *)columns, *row = (const int *)rows;
    if (c.column + 8 <= f->gridColumns) {
        __builtin_memcpy(x, column + c.column, sizeof *x);
        *y = (shatter_int8)row[c.row];
        return;
    }
    long i = c.column, j = c.row;
    for (int lane = 0; lane < 8; lane++) {
        (*x)[lane] = column[i];
        (*y)[lane] = row[j];
        if (++i == f->gridColumns) {
            i = 0;
            j++;
        }
    }
}

/* A block's points as the vertex program reads them (PointLanes' fields less the origins). */
typedef struct {
    shatter_float8 centreX, centreY, speed, acceleration, limitTime, firstHit;
    /* No point of the block has reached the speed limit or a wall yet (limitTime and firstHit are then
     * left infinite, unread). */
    int plain;
} motion_t;

/* PointSpriteProgram.invariants(centre:motion:) on eight lanes: the time the fall reaches the speed
 * limit, and the first wall hit, max((wall − x) / speed, 0), infinite without speed. */
ALWAYS void invariants(const frame_t *f, motion_t *m) {
    m->limitTime = select_float(m->acceleration < 0.0f, f->speedLimit / m->acceleration, (shatter_float8)INFINITY);
    shatter_float8 wall = select_float(m->speed > 0.0f, (shatter_float8)1.0f, (shatter_float8)-1.0f);
    shatter_float8 hit = (wall - m->centreX) / m->speed;
    hit = select_float(0.0f >= hit, (shatter_float8)0.0f, hit);  // max_zero on each lane
    m->firstHit = select_float(m->speed != 0.0f, hit, (shatter_float8)INFINITY);
}

/* Block `block` (at cell `c` of a separable grid) as the vertex program reads it. */
ALWAYS motion_t motion(const frame_t *f, long block, cell_t c) {
    motion_t m;
    if (f->gridColumns > 0) {
        const shatter_point_motion *p = (const shatter_point_motion *)f->motion + block;
        m.speed = load(p->speed);
        m.acceleration = load(p->acceleration);
        shatter_int8 x, y;
        table_lanes(f, c, f->columnCentreX, f->rowCentreY, &x, &y);
        m.centreX = (shatter_float8)x;
        m.centreY = (shatter_float8)y;
        m.plain = f->time <= f->plainUntil[block];
        if (m.plain)  // the vertex program reads neither quotient yet
            m.limitTime = m.firstHit = (shatter_float8)INFINITY;
        else
            invariants(f, &m);
        return m;
    }
    const shatter_point_lanes *p = (const shatter_point_lanes *)f->lanes + block;
    m.centreX = load(p->centreX);
    m.centreY = load(p->centreY);
    m.speed = load(p->speed);
    m.acceleration = load(p->acceleration);
    m.limitTime = load(p->limitTime);
    m.firstHit = load(p->firstHit);
    m.plain = 0;
    return m;
}

/* PointSpriteProgram.vertex(centre:motion:invariants:) for a block's eight points: their clip positions. */
ALWAYS void vertex(const frame_t *f, long block, cell_t c, shatter_float8 *clipX, shatter_float8 *clipY) {
    motion_t p = motion(f, block, c);
    shatter_float8 t = f->time;
    shatter_float8 x = p.centreX + p.speed * t;
    shatter_float8 a = p.acceleration, limit = p.limitTime;
    shatter_float8 accelerating = 0.5f * a * (t * t), fall;
    if (p.plain) {  // no lane bounced or limited: the selects below would pick x and accelerating
        fall = select_float(a >= 0.0f, (shatter_float8)0.0f, accelerating);
    } else {
        shatter_int8 bounced = ~(p.firstHit >= t);
        if (shatter_lanes_bits(bounced)) x = drift(f, p.centreX, p.speed, p.firstHit, bounced, t, x);
        shatter_float8 limited = 0.5f * a * (limit * limit) + f->speedLimit * (t - limit);
        fall = select_float(a >= 0.0f, (shatter_float8)0.0f, select_float(~(t <= limit), limited, accelerating));
    }
    shatter_float8 y = p.centreY + fall;
    *clipX = x * f->clipScaleX;
    *clipY = y * f->clipScaleY;
}

/* PointSetup.centre(clip:) of a block's clip positions: the centres in eighths of a pixel, and the
 * lanes drawn (inside the clip volume). */
typedef struct {
    shatter_int8 x, y, visible;
} centres_t;

ALWAYS centres_t centres(const frame_t *f, long block, cell_t cell, int fused) {
    shatter_float8 x, y;
    vertex(f, block, cell, &x, &y);
    shatter_int8 visible = (x >= -1.0f) & (x <= 1.0f) & (y >= -1.0f) & (y <= 1.0f);
    shatter_float8 zero = 0.0f;
    centres_t c = {quantize(viewport(select_float(visible, x, zero), f->halfViewportX, fused)),
                   quantize(viewport(select_float(visible, y, zero), f->halfViewportY, fused)), visible};
    return c;
}

/* PointSpriteRaster.first(_:): the first pixel each covers along one axis. */
ALWAYS shatter_int8 first_covered(const frame_t *f, shatter_int8 q) { return (q - 4 * f->coverage + 4) >> 3; }

/* PointSpriteRaster.baseX(origin:q:) and baseY(origin:q:): the texel position (1/256 texel) of the
 * sprite's leftmost column and top row, from the point's origin and its phase in eighths. */
ALWAYS shatter_int8 base_x(const frame_t *f, shatter_int8 origin, shatter_int8 first, shatter_int8 q) {
    return origin + (((8 * first + 4 - q) * f->stepX) >> 3);
}

ALWAYS shatter_int8 base_y(const frame_t *f, shatter_int8 origin, shatter_int8 first, shatter_int8 q) {
    return origin + (((q - 8 * (first + f->coverage) + 4) * f->stepY) >> 3);
}

/* A block's texel origins (PointLanes.originX, originY, or its columns' and rows'). */
ALWAYS void origins(const frame_t *f, long block, cell_t c, shatter_int8 *x, shatter_int8 *y) {
    if (f->gridColumns > 0) {
        table_lanes(f, c, f->columnOriginX, f->rowOriginY, x, y);
        return;
    }
    const shatter_point_lanes *p = (const shatter_point_lanes *)f->lanes + block;
    __builtin_memcpy(x, p->originX, sizeof *x);
    __builtin_memcpy(y, p->originY, sizeof *y);
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
static inline __attribute__((target("avx2"))) void append_packed(shatter_page_writer *writer, const unsigned long long *entries,
                                                                 unsigned lanes, long band) {
    typedef int words_t __attribute__((vector_size(32)));
    shatter_page_chain *chain = writer->chains + band;
    long cursor = chain->cursor;
    if (__builtin_expect(cursor + 8 > chain->end, 0)) {
        for (unsigned rest = lanes; rest; rest &= rest - 1) shatter_pages_append_lane(writer, entries, __builtin_ctz(rest), band);
        return;
    }
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
    int firstBand = f->bandOfRow[shatter_lanes_min(select_int(drawnLanes, upper, (shatter_int8)0x7FFFFFFF))];
    int lastBand = f->bandOfRow[shatter_lanes_max(select_int(drawnLanes, lower, (shatter_int8)(-0x7FFFFFFF - 1)))];
    for (band = firstBand; band <= lastBand; band++) {
        shatter_int8 inBand = (upper < bandStart[band + 1]) & (lower >= bandStart[band]);
        append_lanes(pages, entries, shatter_lanes_bits(drawnLanes & inBand), band, avx2);
    }
}

/* A block between the two halves of its work: its lanes' texel positions (1/256 texel) at their first
 * covered pixel, that pixel's image row and column (a 2 × 2 sprite's upper left), and the lanes drawn. */
typedef struct {
    shatter_int8 x, y, row, column, drawn;
    long block;
} placed_t;

/* The vertex program and the set-up of block `block`: a sprite covers PointSpriteRaster.first(_:) and,
 * when `square` (2 × 2 sprites), the next pixel along each axis; drawn where any of those is in the image.
 * Returns 0 when no lane is drawn. */
ALWAYS int place(const frame_t *f, long block, cell_t cell, placed_t *placed, int square, int fused) {
    centres_t c = centres(f, block, cell, fused);
    shatter_int8 column = first_covered(f, c.x), rowUp = first_covered(f, c.y);  // rows counted up
    shatter_int8 imageColumn = column - f->guardBand;
    shatter_int8 imageRow = f->topRow - rowUp - square;  // the upper pixels' row
    shatter_int8 drawn = c.visible & (imageColumn >= -square) & (imageColumn < f->width) & (imageRow >= -square) &
                         (imageRow < f->height);
    if (shatter_lanes_bits(drawn) == 0) return 0;
    shatter_int8 originX, originY;
    origins(f, block, cell, &originX, &originY);
    placed->x = base_x(f, originX, column, c.x);
    placed->y = base_y(f, originY, rowUp, c.y);
    placed->row = imageRow;
    placed->column = imageColumn;
    placed->drawn = drawn;
    placed->block = block;
    return 1;
}

/* A one-pixel sprite: the fragment program (PointSpriteProgram.fragment(x:y:snapshot:)) at its pixel,
 * appended to the pages. */
ALWAYS void shade_one_pixel(const frame_t *f, const placed_t *p, shatter_page_writer *pages, const int *bandStart, int fused) {
    quads_t q;  // the linear filter's quads from one window of texels where they lie in one, else blend's
    shatter_uint8 color = !f->nearest && window(f, p->x >> 8, p->y >> 8, &q)
                              ? shatter_bilinear(q.upperLeft, q.upperRight, q.lowerLeft, q.lowerRight, (shatter_uint8)(p->x & 255),
                                                 (shatter_uint8)(p->y & 255), fused)
                              : blend(f, taps(f, p->x, f->textureWidth - 1), taps(f, p->y, f->textureHeight - 1), fused);
    append(f, pages, bandStart, (shatter_uint8)(p->row * f->width + p->column), color, p->drawn, p->row, p->row, fused);
}

/* A sprite covering 2 × 2 pixels: the fragment program at each, k = 0 and 1 steps from the first pixel's
 * texel position, the four colors to squareColors (which PointFrame.storeTwoByTwo(band:pages:) stores),
 * each sprite appended to the pages of the bands its rows touch. */
ALWAYS void shade_two_by_two(const frame_t *f, const placed_t *p, shatter_page_writer *pages, const int *bandStart, int fused) {
    taps_t leftTaps = taps(f, p->x, f->textureWidth - 1), rightTaps = taps(f, p->x + f->stepX, f->textureWidth - 1);
    taps_t upperTaps = taps(f, p->y, f->textureHeight - 1), lowerTaps = taps(f, p->y + f->stepY, f->textureHeight - 1);
    shatter_uint8 colors[4] = {blend(f, leftTaps, upperTaps, fused), blend(f, rightTaps, upperTaps, fused),
                               blend(f, leftTaps, lowerTaps, fused), blend(f, rightTaps, lowerTaps, fused)};
    __builtin_memcpy(f->squareColors + p->block * 32, colors, sizeof colors);

    // The upper left pixel, one past each edge so that −1 packs; the point's index.
    shatter_int8 position = ((p->row + 1) << 16) | (p->column + 1);
    shatter_int8 index = (shatter_int8)(int)(p->block * 8) + (shatter_int8){0, 1, 2, 3, 4, 5, 6, 7};
    // PointFrame.bands(upperRow:rowsBelow:): the rows' bands, clipped to the image.
    shatter_int8 upper = select_int(p->row < 0, (shatter_int8)0, p->row);
    shatter_int8 below = select_int(p->row + 1 > f->height - 1, (shatter_int8)(f->height - 1), p->row + 1);
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
    placed_t placed[batch];
    long count = 0;
    cell_t cell = cell_of(f, first);  // then stepped block by block
    for (long block = first; block < end;) {
        int n = 0;
        for (; block < end && n < batch; block++, cell = f->gridColumns > 0 ? next_cell(f, cell) : cell) {
            if (f->time > f->goneAfter[block]) continue;  // every point of the block out of sight
            n += place(f, block, cell, &placed[n], square, fused);
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

ALWAYS long run(const frame_t *shared, long first, long end, shatter_page_writer *pages, int fused) {
    /* A copy of the frame whose address never leaves this call: the compiler may then keep its fields
     * in registers across the pages' stores, which it must otherwise assume could change them. */
    const frame_t frame = *shared, *f = &frame;
    /* Each band's first row, and the image's height after the last (bands grow with the row; one with
     * no rows starts where the next does). */
    long bands = pages->pages.bandCount;
    int bandStart[bands + 1];
    for (long band = 0; band <= bands; band++) bandStart[band] = f->height;
    for (int row = f->height - 1; row >= 0; row--) bandStart[f->bandOfRow[row]] = row;
    for (long band = bands - 1; band >= 0; band--)
        if (bandStart[band] > bandStart[band + 1]) bandStart[band] = bandStart[band + 1];
    return f->coverage == 2 ? run_blocks(f, first, end, pages, bandStart, 1, fused)
                            : run_blocks(f, first, end, pages, bandStart, 0, fused);
}

ALWAYS void centres_of(const frame_t *f, long block, shatter_point_centres *out, int fused) {
    centres_t c = centres(f, block, cell_of(f, block), fused);
    __builtin_memcpy(out->x, &c.x, sizeof c.x);
    __builtin_memcpy(out->y, &c.y, sizeof c.y);
    out->visible = shatter_lanes_bits(c.visible);
}

ALWAYS void clip_of(const frame_t *f, long block, float *x, float *y) {
    shatter_float8 clipX, clipY;
    vertex(f, block, cell_of(f, block), &clipX, &clipY);
    __builtin_memcpy(x, &clipX, sizeof clipX);
    __builtin_memcpy(y, &clipY, sizeof clipY);
}

ALWAYS void viewport_lanes(const float *clip, float half, float *result, int fused) {
    shatter_float8 value = viewport(load(clip), half, fused);
    __builtin_memcpy(result, &value, sizeof value);
}

/* Each entry point twice: the twin for any x86-64, and the AVX2 twin (whose processors all have FMA). */
static long run_baseline(const frame_t *f, long first, long end, shatter_page_writer *pages) { return run(f, first, end, pages, 0); }
static void centres_baseline(const frame_t *f, long block, shatter_point_centres *out) { centres_of(f, block, out, 0); }
static void viewport_baseline(const float *clip, float half, float *result) { viewport_lanes(clip, half, result, 0); }
static void clip_baseline(const frame_t *f, long block, float *x, float *y) { clip_of(f, block, x, y); }

#if defined(__x86_64__)
#define AVX2_TWIN __attribute__((target("avx2,fma")))
AVX2_TWIN static long run_avx2(const frame_t *f, long first, long end, shatter_page_writer *pages) {
    return run(f, first, end, pages, 1);
}
AVX2_TWIN static void centres_avx2(const frame_t *f, long block, shatter_point_centres *out) { centres_of(f, block, out, 1); }
AVX2_TWIN static void viewport_avx2(const float *clip, float half, float *result) { viewport_lanes(clip, half, result, 1); }
AVX2_TWIN static void clip_avx2(const frame_t *f, long block, float *x, float *y) { clip_of(f, block, x, y); }
#endif

shatter_small_sprite_kernel shatter_small_sprite_kernel_for(int avx2) {
#if defined(__x86_64__)
    if (avx2) return (shatter_small_sprite_kernel){run_avx2, centres_avx2, clip_avx2, viewport_avx2};
#endif
    (void)avx2;
    return (shatter_small_sprite_kernel){run_baseline, centres_baseline, clip_baseline, viewport_baseline};
}
