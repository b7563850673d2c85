/*
 * The small-sprite kernel's vertex program, set-up and texel window at one lane width, included by
 * small_sprites.c once per width: LANES 8 (one block, the twins for any x86-64 and for AVX2) and
 * LANES 16 (two blocks side by side, the AVX-512 twin). Every name ends in its width (place_8,
 * place_16) and so does every type (ints_8 is shatter_int8). Each lane does the same operations at
 * either width, so both widths give the same integers; only how many lanes one instruction carries
 * changes. small_sprites.c declares what this reads first: frame_t, ALWAYS, cell_t, next_cell and
 * drift_position.
 */
#define WIDTH_NAME(name) SHATTER_WIDTH_NAME(name, LANES)

typedef float WIDTH_NAME(floats) __attribute__((ext_vector_type(LANES)));
typedef int WIDTH_NAME(ints) __attribute__((ext_vector_type(LANES)));
typedef unsigned WIDTH_NAME(uints) __attribute__((ext_vector_type(LANES)));
typedef double WIDTH_NAME(doubles) __attribute__((ext_vector_type(LANES)));
typedef _Bool WIDTH_NAME(bools) __attribute__((ext_vector_type(LANES)));

#define floats WIDTH_NAME(floats)
#define ints WIDTH_NAME(ints)
#define uints WIDTH_NAME(uints)
#define doubles WIDTH_NAME(doubles)
#define bools WIDTH_NAME(bools)

/* mask ? a : b per lane, for masks of all ones or zero. */
ALWAYS floats WIDTH_NAME(select_float)(ints mask, floats a, floats b) {
    return (floats)(((ints)a & mask) | ((ints)b & ~mask));
}

ALWAYS ints WIDTH_NAME(select_int)(ints mask, ints a, ints b) { return (a & mask) | (b & ~mask); }

/* Bit k set when lane k of a comparison result is set (shatter_lanes_bits at this width). */
ALWAYS unsigned WIDTH_NAME(bits)(ints mask) {
    bools set = __builtin_convertvector(mask < 0, bools);
    unsigned bits = 0;
    __builtin_memcpy(&bits, &set, sizeof set);
    return bits;
}

/* 0, 1, 2, … in lane order. */
ALWAYS ints WIDTH_NAME(lane_numbers)(void) {
    ints lane;
    for (int k = 0; k < LANES; k++) lane[k] = k;
    return lane;
}

/* LANES lanes of a field that each block holds eight of, from block `first` on, blocks `blockBytes` apart. */
ALWAYS void WIDTH_NAME(load_blocks)(void *lanes, const void *first, long blockBytes) {
    for (int block = 0; block < LANES / 8; block++)
        __builtin_memcpy((char *)lanes + block * 32, (const char *)first + block * blockBytes, 32);
}

ALWAYS floats WIDTH_NAME(load)(const float *first, long blockBytes) {
    floats value;
    WIDTH_NAME(load_blocks)(&value, first, blockBytes);
    return value;
}

/* drift_position for the lanes past their first wall hit (`bounced`), the others kept from
 * `unbounced`. The loop's first pass hits the wall at the point's firstHit (its own max(hit, 0), worked
 * out once per grid) and its second pass ends it unless there is a second hit before t; those two
 * passes run on all lanes at once, and only a lane with a second hit takes the whole loop. The
 * second pass's max(hit, 0) >= left is hit >= left here: left > 0, since firstHit < t. */
ALWAYS floats WIDTH_NAME(drift)(const frame_t *f, floats centreX, floats pointSpeed, floats firstHit, ints bounced, floats t,
                                floats unbounced) {
    floats x = centreX + pointSpeed * firstHit;
    floats left = t - firstHit;
    floats speed = (floats)(-f->restitution) * pointSpeed;
    floats stop = f->stopSpeed;
    speed = WIDTH_NAME(select_float)((speed < stop) & (speed > -stop), (floats)0.0f, speed);
    floats wall = WIDTH_NAME(select_float)(speed > 0.0f, (floats)1.0f, (floats)-1.0f);
    floats secondHit = (wall - x) / speed;
    ints ended = (speed == 0.0f) | (secondHit >= left);
    floats result = WIDTH_NAME(select_float)(bounced, x + speed * left, unbounced);
    unsigned rest = WIDTH_NAME(bits)(bounced & ~ended);
    while (rest) {
        int lane = __builtin_ctz(rest);
        result[lane] = drift_position(f, centreX[lane], pointSpeed[lane], f->time);
        rest &= rest - 1;
    }
    return result;
}

/* The viewport transform's half + clip·half, rounded once as PointSetup.centre(clip:)'s
 * addingProduct (an FMA) rounds it. `fused` (the AVX2 and AVX-512 twins, whose processors all have
 * FMA) takes the FMA instruction itself, exact in every lane. Otherwise the sum in double: with half a
 * multiple of ½ below 2¹⁴, the product is exact in double (24 + 24 significant bits), and so is the
 * sum whenever |clip| ≥ 2⁻¹⁴ or clip = 0 (both are whole multiples of 2^(e−24), e = clip's exponent
 * ≥ −14, below 2⁵²), so its one rounding to float is the FMA's. The few lanes outside that (a point
 * within 2⁻¹⁴ of the centre line, or a larger half) take fmaf; a baseline x86-64 has no FMA
 * instruction, and fmaf on every lane would be a libm call each. */
ALWAYS floats WIDTH_NAME(viewport)(floats clip, float half, int fused) {
    if (fused) return __builtin_elementwise_fma(clip, (floats)half, (floats)half);
    doubles wide = __builtin_convertvector(clip, doubles);
    floats result = __builtin_convertvector(wide * (double)half + (double)half, floats);
    const float tiny = 0x1p-14f;
    ints inexact = (clip < tiny) & (clip > -tiny) & (clip != 0.0f);
    if (fabsf(half) >= 0x1p14f) inexact = (ints)-1;
    unsigned rest = WIDTH_NAME(bits)(inexact);
    while (rest) {
        int lane = __builtin_ctz(rest);
        result[lane] = fmaf(clip[lane], half, half);
        rest &= rest - 1;
    }
    return result;
}

/* PointSpriteRaster.quantize(_:): to eighths of a pixel, rounded (w >= 0 on every drawn lane). */
ALWAYS ints WIDTH_NAME(quantize)(floats w) { return __builtin_convertvector(w * 8.0f + 0.5f, ints); }

/* LANES lanes of a column table and of a row table (32-bit values) for the points from cell `c` on:
 * one load and one broadcast while they stay in one row, lane by lane where they wrap. */
ALWAYS void WIDTH_NAME(table_lanes)(const frame_t *f, cell_t c, const void *columns, const void *rows, ints *x, ints *y) {
    const int *column = (const int *)columns, *row = (const int *)rows;
    if (c.column + LANES <= f->gridColumns) {
        __builtin_memcpy(x, column + c.column, sizeof *x);
        *y = (ints)row[c.row];
        return;
    }
    long i = c.column, j = c.row;
    for (int lane = 0; lane < LANES; lane++) {
        (*x)[lane] = column[i];
        (*y)[lane] = row[j];
        if (++i == f->gridColumns) {
            i = 0;
            j++;
        }
    }
}

/* The points of blocks block ..< block + LANES / 8 as the vertex program reads them (PointLanes'
 * fields less the origins). */
typedef struct {
    floats centreX, centreY, speed, acceleration, limitTime, firstHit;
    /* No point of the blocks has reached the speed limit or a wall yet (limitTime and firstHit are
     * then left infinite, unread). */
    int plain;
} WIDTH_NAME(motion_t);

/* PointSpriteProgram.invariants(centre:motion:) on LANES lanes: the time the fall reaches the speed
 * limit, and the first wall hit, max((wall − x) / speed, 0), infinite without speed. */
ALWAYS void WIDTH_NAME(invariants)(const frame_t *f, WIDTH_NAME(motion_t) *m) {
    m->limitTime = WIDTH_NAME(select_float)(m->acceleration < 0.0f, f->speedLimit / m->acceleration, (floats)INFINITY);
    floats wall = WIDTH_NAME(select_float)(m->speed > 0.0f, (floats)1.0f, (floats)-1.0f);
    floats hit = (wall - m->centreX) / m->speed;
    hit = WIDTH_NAME(select_float)(0.0f >= hit, (floats)0.0f, hit);  // max_zero on each lane
    m->firstHit = WIDTH_NAME(select_float)(m->speed != 0.0f, hit, (floats)INFINITY);
}

/* Blocks block ..< block + LANES / 8 (the first at cell `c` of a separable grid) as the vertex
 * program reads them. */
ALWAYS WIDTH_NAME(motion_t) WIDTH_NAME(motion)(const frame_t *f, long block, cell_t c) {
    WIDTH_NAME(motion_t) m;
    if (f->gridColumns > 0) {
        const shatter_point_motion *p = (const shatter_point_motion *)f->motion + block;
        m.speed = WIDTH_NAME(load)(p->speed, sizeof *p);
        m.acceleration = WIDTH_NAME(load)(p->acceleration, sizeof *p);
        ints x, y;
        WIDTH_NAME(table_lanes)(f, c, f->columnCentreX, f->rowCentreY, &x, &y);
        m.centreX = (floats)x;
        m.centreY = (floats)y;
        m.plain = 1;
        for (int k = 0; k < LANES / 8; k++) m.plain &= f->time <= f->plainUntil[block + k];
        if (m.plain)  // the vertex program reads neither quotient yet
            m.limitTime = m.firstHit = (floats)INFINITY;
        else
            WIDTH_NAME(invariants)(f, &m);
        return m;
    }
    const shatter_point_lanes *p = (const shatter_point_lanes *)f->lanes + block;
    m.centreX = WIDTH_NAME(load)(p->centreX, sizeof *p);
    m.centreY = WIDTH_NAME(load)(p->centreY, sizeof *p);
    m.speed = WIDTH_NAME(load)(p->speed, sizeof *p);
    m.acceleration = WIDTH_NAME(load)(p->acceleration, sizeof *p);
    m.limitTime = WIDTH_NAME(load)(p->limitTime, sizeof *p);
    m.firstHit = WIDTH_NAME(load)(p->firstHit, sizeof *p);
    m.plain = 0;
    return m;
}

/* PointSpriteProgram.vertex(centre:motion:invariants:) for LANES points: their clip positions. */
ALWAYS void WIDTH_NAME(vertex)(const frame_t *f, long block, cell_t c, floats *clipX, floats *clipY) {
    WIDTH_NAME(motion_t) p = WIDTH_NAME(motion)(f, block, c);
    floats t = f->time;
    floats x = p.centreX + p.speed * t;
    floats a = p.acceleration, limit = p.limitTime;
    floats accelerating = 0.5f * a * (t * t), fall;
    if (p.plain) {  // no lane bounced or limited: the selects below would pick x and accelerating
        fall = WIDTH_NAME(select_float)(a >= 0.0f, (floats)0.0f, accelerating);
    } else {
        ints bounced = ~(p.firstHit >= t);
        if (WIDTH_NAME(bits)(bounced)) x = WIDTH_NAME(drift)(f, p.centreX, p.speed, p.firstHit, bounced, t, x);
        floats limited = 0.5f * a * (limit * limit) + f->speedLimit * (t - limit);
        fall = WIDTH_NAME(select_float)(a >= 0.0f, (floats)0.0f,
                                        WIDTH_NAME(select_float)(~(t <= limit), limited, accelerating));
    }
    floats y = p.centreY + fall;
    *clipX = x * f->clipScaleX;
    *clipY = y * f->clipScaleY;
}

/* PointSetup.centre(clip:) of LANES clip positions: the centres in eighths of a pixel, and the lanes
 * drawn (inside the clip volume). */
typedef struct {
    ints x, y, visible;
} WIDTH_NAME(centres_t);

ALWAYS WIDTH_NAME(centres_t) WIDTH_NAME(centres)(const frame_t *f, long block, cell_t cell, int fused) {
    floats x, y;
    WIDTH_NAME(vertex)(f, block, cell, &x, &y);
    ints visible = (x >= -1.0f) & (x <= 1.0f) & (y >= -1.0f) & (y <= 1.0f);
    floats zero = 0.0f;
    WIDTH_NAME(centres_t) c = {
        WIDTH_NAME(quantize)(WIDTH_NAME(viewport)(WIDTH_NAME(select_float)(visible, x, zero), f->halfViewportX, fused)),
        WIDTH_NAME(quantize)(WIDTH_NAME(viewport)(WIDTH_NAME(select_float)(visible, y, zero), f->halfViewportY, fused)),
        visible};
    return c;
}

/* PointSpriteRaster.first(_:extent:): the first pixel each covers along one axis. */
ALWAYS ints WIDTH_NAME(first_covered)(const frame_t *f, ints q) { return (q - 4 * f->coverage + 4) >> 3; }

/* PointSpriteRaster.baseX(origin:q:extent:) and baseY(origin:q:): the texel position (1/256 texel) of the
 * sprite's leftmost column and top row, from the point's origin and its phase in eighths. */
ALWAYS ints WIDTH_NAME(base_x)(const frame_t *f, ints origin, ints first, ints q) {
    return origin + (((8 * first + 4 - q) * f->stepX) >> 3);
}

ALWAYS ints WIDTH_NAME(base_y)(const frame_t *f, ints origin, ints first, ints q) {
    return origin + (((q - 8 * (first + f->coverage) + 4) * f->stepY) >> 3);
}

/* The texel origins of LANES points (PointLanes.originX, originY, or their columns' and rows'). */
ALWAYS void WIDTH_NAME(origins)(const frame_t *f, long block, cell_t c, ints *x, ints *y) {
    if (f->gridColumns > 0) {
        WIDTH_NAME(table_lanes)(f, c, f->columnOriginX, f->rowOriginY, x, y);
        return;
    }
    const shatter_point_lanes *p = (const shatter_point_lanes *)f->lanes + block;
    WIDTH_NAME(load_blocks)(x, p->originX, sizeof *p);
    WIDTH_NAME(load_blocks)(y, p->originY, sizeof *p);
}

/* LANES points between the two halves of their work: their texel positions (1/256 texel) at their
 * first covered pixel, that pixel's image row and column (a 2 × 2 sprite's upper left), and the lanes
 * drawn. */
typedef struct {
    ints x, y, row, column, drawn;
    long block;
} WIDTH_NAME(placed_t);

/* The vertex program and the set-up of blocks block ..< block + LANES / 8: a sprite covers
 * PointSpriteRaster.first(_:extent:) and, when `square` (2 × 2 sprites), the next pixel along each axis;
 * drawn where any of those is in the image. Returns 0 when no lane is drawn. */
ALWAYS int WIDTH_NAME(place)(const frame_t *f, long block, cell_t cell, WIDTH_NAME(placed_t) *placed, int square, int fused) {
    WIDTH_NAME(centres_t) c = WIDTH_NAME(centres)(f, block, cell, fused);
    ints column = WIDTH_NAME(first_covered)(f, c.x), rowUp = WIDTH_NAME(first_covered)(f, c.y);  // rows counted up
    ints imageColumn = column - f->guardBand;
    ints imageRow = f->topRow - rowUp - square;  // the upper pixels' row
    ints drawn = c.visible & (imageColumn >= -square) & (imageColumn < f->width) & (imageRow >= -square) &
                 (imageRow < f->height);
    if (WIDTH_NAME(bits)(drawn) == 0) return 0;
    ints originX, originY;
    WIDTH_NAME(origins)(f, block, cell, &originX, &originY);
    placed->x = WIDTH_NAME(base_x)(f, originX, column, c.x);
    placed->y = WIDTH_NAME(base_y)(f, originY, rowUp, c.y);
    placed->row = imageRow;
    placed->column = imageColumn;
    placed->drawn = drawn;
    placed->block = block;
    return 1;
}

/* LANES texel quads: each lane's upper left, upper right, lower left and lower right texels. */
typedef struct {
    uints upperLeft, upperRight, lowerLeft, lowerRight;
} WIDTH_NAME(quads_t);

/* The quads of LANES points whose texels all lie in one window of the snapshot, LANES + 2 texels wide
 * and 3 rows tall, from their unclamped texel columns and rows (a linear tap's whole part,
 * `fixed >> 8`): lane k's left texel column left + k or left + k + 1, its upper row top or top + 1, and
 * the window inside the snapshot, so that no tap would have been clamped at an edge and the quads are
 * TextureSampler.taps(fixed:size:)'s. That is every block of a separable grid's row on a snapshot
 * drawn 1:1 (a sprite's texels are its own cell's, give or take its phase): 99.5% of the blocks drawn
 * at point size 1. Nine vector loads and ten selects then replace loads made lane by lane and their
 * shuffles, and the taps' clamps are left to the other blocks. Returns 0, having read nothing, for any
 * other points. */
ALWAYS int WIDTH_NAME(window)(const frame_t *f, ints columns, ints rows, WIDTH_NAME(quads_t) *quads) {
    ints offset = columns - WIDTH_NAME(lane_numbers)();
    int left = __builtin_reduce_min(offset), top = __builtin_reduce_min(rows);
    ints stepX = offset - left, stepY = rows - top;  // 0 or 1 in a window
    ints fits = (stepX <= 1) & (stepY <= 1);
    if (WIDTH_NAME(bits)(fits) != (1u << LANES) - 1 || left < 0 || left + LANES + 2 > f->textureWidth || top < 0 ||
        top + 3 > f->textureHeight)
        return 0;
    const unsigned *texels = (const unsigned *)f->texels + (long)top * f->textureWidth + left;
    // All ones where a lane's texels sit one further on: as comparisons, which the compiler knows to be
    // whole-lane masks, so that each select is one blend, not three logic operations.
    ints right = stepX != 0, down = stepY != 0;
    ints first[3], second[3];  // per window row, each lane's left and right texel
    for (int row = 0; row < 3; row++, texels += f->textureWidth) {
        ints at[3];
        __builtin_memcpy(at, texels, sizeof at[0]);
        __builtin_memcpy(at + 1, texels + 1, sizeof at[0]);
        __builtin_memcpy(at + 2, texels + 2, sizeof at[0]);
        first[row] = WIDTH_NAME(select_int)(right, at[1], at[0]);
        second[row] = WIDTH_NAME(select_int)(right, at[2], at[1]);
    }
    quads->upperLeft = (uints)WIDTH_NAME(select_int)(down, first[1], first[0]);
    quads->upperRight = (uints)WIDTH_NAME(select_int)(down, second[1], second[0]);
    quads->lowerLeft = (uints)WIDTH_NAME(select_int)(down, first[2], first[1]);
    quads->lowerRight = (uints)WIDTH_NAME(select_int)(down, second[2], second[1]);
    return 1;
}

#undef floats
#undef ints
#undef uints
#undef doubles
#undef bools
#undef WIDTH_NAME
