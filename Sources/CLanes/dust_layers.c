/*
 * The Thanos dust's fragment program by rows and layer spans (dust_layers.h). The reference is
 * DustLayersProgram.swift; every float operation below is one of its
 * operations, in its order. The blend is dust_blend.c.
 */
#pragma clang diagnostic ignored "-Wpsabi"

#include "dust_layers.h"
#include <math.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

/* a·b + c stays two roundings, as in Swift, whatever -ffp-contract a build passes. */
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#define ALWAYS static inline __attribute__((always_inline))

/*
 * The test that narrows a row's span to the columns whose pixel centres x + 0.5 may put
 * value · (x + 0.5) + offset (a texel coordinate, worked out in double) inside [low, high), where the
 * offset of row y is base + rise · y: the pixel centres between (low − 2 − offset) / value and
 * (high + 2 − offset) / value, lines in y. A conservative bound: two texels of margin each side dwarf
 * float's rounding (thousandths of a texel at the largest sizes) and the last bits of a double in
 * which these lines differ from the same bounds worked out row by row, and a pixel inside the bound
 * that the layer does not reach adds exactly nothing there.
 */
static shatter_dust_reach reach_of(double value, double base, double rise, double low, double high) {
    low -= 2;
    high += 2;
    /* A test x does not change: offset in [low, high], or rise · y in [low − base, high − base]. */
    if (fabs(value) < 1e-9) return (shatter_dust_reach){low - base, high - base, rise, 1};
    double a = (low - base) / value, b = (high - base) / value;
    if (a > b) {
        double t = a;
        a = b;
        b = t;
    }
    /* The order of a and b is the same on every row: their difference does not depend on y. Pixel
     * centres x + 0.5 in [a, b], as pixel indices x in [a − 0.5, b − 0.5]. */
    return (shatter_dust_reach){a - 0.5, b - 0.5, -rise / value, 0};
}

/* Narrows [*from, *to) of row y by `test`, one pixel more each side. */
ALWAYS void narrow(const shatter_dust_reach *test, int y, int x0, int x1, int *from, int *to) {
    const double shift = test->step * (double)y;
    if (test->flat) {
        if (!(shift >= test->low && shift <= test->high)) *to = *from;
        return;
    }
    const double first = ceil(test->low + shift) - 1, end = floor(test->high + shift) + 2;
    if (first > *from) *from = first > x1 ? x1 : (int)first;
    if (end < *to) *to = end < x0 ? x0 : (int)end;
    if (*to < *from) *to = *from;
}

/* Layer l's two tests (shatter_dust_reach), with dy = y + 0.5 − position.y and px the pixel centre:
 * fx = ((px − position.x)·cos + dy·sin + anchor.x)·sx − 0.5 in [first − 1, last + 1), and
 * fy = (dy·cos − (px − position.x)·sin + anchor.y)·sy − 0.5 in [−1, height). */
static void reach_tests(const shatter_dust_frame *f, const shatter_dust_layer *l, shatter_dust_reach tests[2]) {
    const double c = l->cosine, s = l->sine, dy0 = 0.5 - (double)l->positionY;
    const double sx = f->texelScaleX, sy = f->texelScaleY;
    tests[0] = reach_of(c * sx, (dy0 * s - l->positionX * c + f->anchorX) * sx - 0.5, s * sx, l->firstColumn - 1,
                        l->lastColumn + 1);
    tests[1] = reach_of(-s * sy, (dy0 * c + l->positionX * s + f->anchorY) * sy - 0.5, c * sy, -1, f->height);
}

/* The span of row y that layer i's column band and the snapshot's rows can reach. */
static void span_of(const shatter_dust_frame *f, int i, int y, int x0, int x1, int *from, int *to) {
    *from = x0;
    *to = x1;
    narrow(&f->reach[i][0], y, x0, x1, from, to);
    narrow(&f->reach[i][1], y, x0, x1, from, to);
}

/* DustLayersProgram.texel: the snapshot texel at (x, y) over 255 when `layer` owns it, else 0. */
ALWAYS int texel(const shatter_dust_frame *f, int x, int y, unsigned layer, float out[4]) {
    out[0] = out[1] = out[2] = out[3] = 0;
    if (x < 0 || y < 0 || x >= f->width || y >= f->height) return 0;
    long o = (long)y * f->width + x;
    unsigned owners = f->assignment[o];
    if ((owners & 0xff) != layer && ((owners >> 8) & 0xff) != layer) return 0;
    unsigned s = f->snapshot[o];
    const float scale = 1.0f / 255.0f;
    out[0] = (float)(s & 0xff) * scale;
    out[1] = (float)((s >> 8) & 0xff) * scale;
    out[2] = (float)((s >> 16) & 0xff) * scale;
    out[3] = (float)(s >> 24) * scale;
    return 1;
}

/* DustLayersProgram.fragment's loop body for layer l at pixel x of row y (pyc = y + 0.5), composited
 * into the planes at index k. */
ALWAYS void layer_pixel(const shatter_dust_frame *f, const shatter_dust_layer *l, float pyc, int x, float *planes, long stride,
                        long k) {
    const float dx = ((float)x + 0.5f) - l->positionX, dy = pyc - l->positionY;
    const float lx = (dx * l->cosine + dy * l->sine) + f->anchorX;
    const float ly = (dy * l->cosine - dx * l->sine) + f->anchorY;
    const float fx = lx * f->texelScaleX - 0.5f, fy = ly * f->texelScaleY - 0.5f;
    const float bx = floorf(fx), by = floorf(fy);
    if (bx + 1 < l->firstColumn || bx > l->lastColumn) return;
    if (by < -1 || by >= (float)f->height) return;
    const int px = (int)bx, py = (int)by;
    const unsigned layer = (unsigned)(int)l->index;
    float t00[4], t10[4], t01[4], t11[4];
    int owned = texel(f, px, py, layer, t00) | texel(f, px + 1, py, layer, t10) | texel(f, px, py + 1, layer, t01) |
                texel(f, px + 1, py + 1, layer, t11);
    if (!owned) return; /* the color is exactly 0 */
    const float ax = fx - bx, ay = fy - by;
    float c[4];
    for (int n = 0; n < 4; n++) {
        const float top = t00[n] * (1 - ax) + t10[n] * ax;
        const float bottom = t01[n] * (1 - ax) + t11[n] * ax;
        c[n] = (top * (1 - ay) + bottom * ay) * l->opacity;
    }
    const float keep = 1 - c[3];
    for (int n = 0; n < 4; n++) planes[n * stride + k] = c[n] + planes[n * stride + k] * keep;
}

/* layer_pixel for a resting layer at pixel x of a row whose texel (x, y) it owns (`texel`): the
 * footprint is that texel with weight 1 and three with weight 0, so the program's color is
 * (texel / 255) · opacity exactly (t · 0 = 0 and t · 1 + 0 = t for every texel t); the row test
 * always passes, the column test is the program's. */
ALWAYS void resting_pixel(const shatter_dust_layer *l, int x, unsigned texel, float *planes, long stride, long k) {
    if ((float)x + 1 < l->firstColumn || (float)x > l->lastColumn) return;
    const float scale = 1.0f / 255.0f;
    float c[4];
    for (int n = 0; n < 4; n++) c[n] = ((float)((texel >> (8 * n)) & 0xff) * scale) * l->opacity;
    const float keep = 1 - c[3];
    for (int n = 0; n < 4; n++) planes[n * stride + k] = c[n] + planes[n * stride + k] * keep;
}

static void layer_span(const shatter_dust_frame *f, const shatter_dust_layer *l, int y, int from, int to, int x0, float *planes,
                       long stride) {
    const float pyc = (float)y + 0.5f;
    for (int x = from; x < to; x++) layer_pixel(f, l, pyc, x, planes, stride, x - x0);
}

#if defined(__x86_64__)
/* The four taps (column + ox + t % 2, row + oy + t / 2) of eight lanes (0 ≤ ox ≤ 14, 0 ≤ oy ≤ 1) from
 * the snapshot's window at (column, row), three rows of sixteen words all inside it, each 0 where the
 * layer (`layers`: its index in bytes 0 and 1) does not own it. The ownership is tested once a window
 * word (an assignment word names the layer where x = word ^ layers has a zero byte among its two low
 * ones: owned_words's borrow test, below) and the words the layer does not own are cleared before the
 * permutes; permuting the assignment's words as well and testing each tap cost 12–20 % more
 * (docs/speed.md). */
SHATTER_TARGET_AVX2 static inline __attribute__((always_inline)) void owned_window_taps(const shatter_dust_frame *f, int column, int row,
                                                                                       __m256i ox, __m256i oy, __m256i layers,
                                                                                       __m256i taps[4]) {
    __m256i words[3][2];
    const __m256i borrow = _mm256_set1_epi32(0x0101), high = _mm256_set1_epi32(0x8080), zero = _mm256_setzero_si256();
    for (int r = 0; r < 3; r++)
        for (int h = 0; h < 2; h++) {
            const long at = (long)(row + r) * f->width + column + 8 * h;
            const __m256i x = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(f->assignment + at)), layers);
            const __m256i none = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_sub_epi32(x, borrow), _mm256_andnot_si256(x, high)), zero);
            words[r][h] = _mm256_andnot_si256(none, _mm256_loadu_si256((const __m256i *)(f->snapshot + at)));
        }
    __m256i picked[3][2];
    const __m256i seven = _mm256_set1_epi32(7), one = _mm256_set1_epi32(1);
    for (int dx = 0; dx < 2; dx++) {
        const __m256i o = _mm256_add_epi32(ox, _mm256_set1_epi32(dx));
        const __m256i right = _mm256_cmpgt_epi32(o, seven);
        for (int r = 0; r < 3; r++)
            picked[r][dx] =
                _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(words[r][0], o), _mm256_permutevar8x32_epi32(words[r][1], o), right);
    }
    const __m256i lower = _mm256_cmpeq_epi32(oy, one);
    for (int t = 0; t < 4; t++) {
        const int dx = t & 1, dy = t >> 1;
        taps[t] = _mm256_blendv_epi8(picked[dy][dx], picked[dy + 1][dx], lower);
    }
}

/* A layer's uniforms in lanes, for the steps of layer_span_avx2. */
typedef struct dust_lanes {
    __m256 cosine, sine, dySine, dyCosine, anchorX, anchorY, scaleX, scaleY, half, one, first, last, rows, minusOne, opacity,
        positionX, unit;
    __m256i lanes, layer, byte, layers;
} dust_lanes;

/* The program's texel position (fx, fy) and its floor (bx, by) at pixels x + lanes, each lane the
 * scalar's operations in its order; returns the lanes that pass the program's two tests (the footprint
 * meets the layer's columns, and the snapshot's rows), all bits set in each. */
SHATTER_TARGET_AVX2 static inline __attribute__((always_inline)) __m256 coordinates_8(const dust_lanes *c, __m256i x, __m256 *fx,
                                                                                     __m256 *fy, __m256 *bx, __m256 *by) {
    const __m256 px = _mm256_add_ps(_mm256_cvtepi32_ps(x), c->half);
    const __m256 dx = _mm256_sub_ps(px, c->positionX);
    const __m256 lx = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(dx, c->cosine), c->dySine), c->anchorX);
    const __m256 ly = _mm256_add_ps(_mm256_sub_ps(c->dyCosine, _mm256_mul_ps(dx, c->sine)), c->anchorY);
    *fx = _mm256_sub_ps(_mm256_mul_ps(lx, c->scaleX), c->half);
    *fy = _mm256_sub_ps(_mm256_mul_ps(ly, c->scaleY), c->half);
    *bx = _mm256_floor_ps(*fx);
    *by = _mm256_floor_ps(*fy);
    const __m256 band =
        _mm256_and_ps(_mm256_cmp_ps(_mm256_add_ps(*bx, c->one), c->first, _CMP_GE_OQ), _mm256_cmp_ps(*bx, c->last, _CMP_LE_OQ));
    return _mm256_and_ps(band, _mm256_and_ps(_mm256_cmp_ps(*by, c->minusOne, _CMP_GE_OQ), _mm256_cmp_ps(*by, c->rows, _CMP_LT_OQ)));
}

/* One step of two_steps from its window's taps to its colors, each lane the single step's operations. */
SHATTER_TARGET_AVX2 static inline __attribute__((always_inline)) void pair_step_colors(const shatter_dust_frame *f, const dust_lanes *c,
                                                                                       int column, int row, __m256i ox, __m256i oy, __m256 fx,
                                                                                       __m256 fy, __m256 bx, __m256 by, __m256 color[4]) {
    __m256i texels[4];
    owned_window_taps(f, column, row, ox, oy, c->layers, texels);
    __m256 channel[4][4];
    for (int t = 0; t < 4; t++) {
        const __m256i texel = texels[t];
        for (int n = 0; n < 4; n++)
            channel[t][n] = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(texel, 8 * n), c->byte)), c->unit);
    }
    const __m256 ax = _mm256_sub_ps(fx, bx), ay = _mm256_sub_ps(fy, by);
    const __m256 restX = _mm256_sub_ps(c->one, ax), restY = _mm256_sub_ps(c->one, ay);
    for (int n = 0; n < 4; n++) {
        const __m256 top = _mm256_add_ps(_mm256_mul_ps(channel[0][n], restX), _mm256_mul_ps(channel[1][n], ax));
        const __m256 bottom = _mm256_add_ps(_mm256_mul_ps(channel[2][n], restX), _mm256_mul_ps(channel[3][n], ax));
        color[n] = _mm256_mul_ps(_mm256_add_ps(_mm256_mul_ps(top, restY), _mm256_mul_ps(bottom, ay)), c->opacity);
    }
}

/* The colors `color` composited source-over into eight pixels of the planes from `at` on. */
SHATTER_TARGET_AVX2 static inline __attribute__((always_inline)) void pair_step_composite(const dust_lanes *c, float *at, long stride,
                                                                                          const __m256 color[4]) {
    const __m256 keep = _mm256_sub_ps(c->one, color[3]);
    for (int n = 0; n < 4; n++)
        _mm256_storeu_ps(at + n * stride, _mm256_add_ps(color[n], _mm256_mul_ps(_mm256_loadu_ps(at + n * stride), keep)));
}

/*
 * Two steps of layer_span_avx2 (pixels x … x + 15) side by side, so that the processor has two
 * independent chains to overlap (one step's chain is longer than its window of instructions), when
 * both are the common case: every lane in the layer's band and every footprint in its window. Each
 * lane's operations are the single step's, in its order. Returns 0, having written nothing, otherwise.
 */
SHATTER_TARGET_AVX2 static inline __attribute__((always_inline)) int two_steps(const shatter_dust_frame *f, const dust_lanes *c, int x,
                                                                               int x0, float *planes, long stride, const int *columns, const int *rowsAt) {
    const __m256i zero = _mm256_setzero_si256();
    __m256 fx[2], fy[2], bx[2], by[2];
    __m256i ox[2], oy[2];
    int column[2], row[2];
    int simple = 1;
    for (int k = 0; k < 2; k++) {
        const __m256 band = coordinates_8(c, _mm256_add_epi32(_mm256_set1_epi32(x + 8 * k), c->lanes), &fx[k], &fy[k], &bx[k], &by[k]);
        simple &= _mm256_movemask_ps(band) == 0xff;
    }
    if (!simple) return 0;
    for (int k = 0; k < 2; k++) {
        const __m256i ix = _mm256_cvttps_epi32(bx[k]), iy = _mm256_cvttps_epi32(by[k]);
        column[k] = columns[k];
        row[k] = rowsAt[k];
        ox[k] = _mm256_sub_epi32(ix, _mm256_set1_epi32(column[k]));
        oy[k] = _mm256_sub_epi32(iy, _mm256_set1_epi32(row[k]));
        const __m256i outside =
            _mm256_or_si256(_mm256_or_si256(_mm256_cmpgt_epi32(zero, ox[k]), _mm256_cmpgt_epi32(ox[k], _mm256_set1_epi32(14))),
                            _mm256_or_si256(_mm256_cmpgt_epi32(zero, oy[k]), _mm256_cmpgt_epi32(oy[k], _mm256_set1_epi32(1))));
        simple &= column[k] >= 0 && column[k] + 16 <= f->width && row[k] >= 0 && row[k] + 3 <= f->height &&
                  _mm256_testz_si256(outside, outside);
    }
    if (!simple) return 0;
    /* Each step written out rather than as a loop over k, which clang keeps as a loop through the stack. */
    __m256 color[2][4];
    pair_step_colors(f, c, column[0], row[0], ox[0], oy[0], fx[0], fy[0], bx[0], by[0], color[0]);
    pair_step_colors(f, c, column[1], row[1], ox[1], oy[1], fx[1], fy[1], bx[1], by[1], color[1]);
    pair_step_composite(c, planes + (x - x0), stride, color[0]);
    pair_step_composite(c, planes + (x + 8 - x0), stride, color[1]);
    return 1;
}

/* layer_span eight pixels at a time: lanes whose footprint holds none of the layer's texels come out
 * exactly 0 and leave their pixel as it was, so whole steps are computed, the row's last one running
 * into the planes' spare room (or over pixels the layer does not reach, which it leaves unchanged). */
SHATTER_TARGET_AVX2 static void layer_span_avx2(const shatter_dust_frame *f, const shatter_dust_layer *l, int y, int from, int to,
                                                int x0, float *planes, long stride) {
    /* An index no byte holds owns no texel (owned_window_taps compares bytes): such a layer (none that
     * Swift poses) is left to the scalar program. */
    if (!(l->index >= 0 && l->index < 256)) {
        layer_span(f, l, y, from, to, x0, planes, stride);
        return;
    }
    const float pyc = (float)y + 0.5f;
    const float dy = pyc - l->positionY;
    const __m256 cosine = _mm256_set1_ps(l->cosine), sine = _mm256_set1_ps(l->sine);
    const __m256 dySine = _mm256_set1_ps(dy * l->sine), dyCosine = _mm256_set1_ps(dy * l->cosine);
    const __m256 anchorX = _mm256_set1_ps(f->anchorX), anchorY = _mm256_set1_ps(f->anchorY);
    const __m256 scaleX = _mm256_set1_ps(f->texelScaleX), scaleY = _mm256_set1_ps(f->texelScaleY);
    const __m256 half = _mm256_set1_ps(0.5f), one = _mm256_set1_ps(1.0f), minusOne = _mm256_set1_ps(-1.0f);
    const __m256 first = _mm256_set1_ps(l->firstColumn), last = _mm256_set1_ps(l->lastColumn);
    const __m256 rows = _mm256_set1_ps((float)f->height), opacity = _mm256_set1_ps(l->opacity);
    const __m256 positionX = _mm256_set1_ps(l->positionX), unit = _mm256_set1_ps(1.0f / 255.0f);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), width = _mm256_set1_epi32(f->width);
    const __m256i height = _mm256_set1_epi32(f->height), layer = _mm256_set1_epi32((int)l->index);
    const __m256i byte = _mm256_set1_epi32(0xff), zero = _mm256_setzero_si256();
    const dust_lanes c = {cosine, sine, dySine, dyCosine, anchorX, anchorY, scaleX, scaleY, half, one, first, last, rows, minusOne,
                          opacity, positionX, unit, lanes, layer, byte, _mm256_set1_epi32((int)l->index * 0x0101)};
    /* Each chunk's windows first, eight steps a vector, from the floors of each step's two end lanes:
     * the program's coordinates are monotonic in x (every IEEE operation in them is), so every lane's
     * floors lie between its ends', and a band lane's column floor in [first − 1, last]. The steps below
     * still check every band lane against the window (and gather where one is outside), so a window
     * picked wrong costs time, never a byte. A store, two loads and scalar work a step fewer, about 5 %
     * of the kernel; the AVX-512 twin's prefetches did not pay here (docs/speed.md). */
    enum { chunk = 256, steps = chunk / 8 };
    int columns[steps], rowsAt[steps];
    const __m256 lowest = _mm256_setzero_ps(), firstBand = _mm256_sub_ps(first, one);
    const __m256 rightmost = _mm256_set1_ps((float)(f->width - 16)), lowest3 = _mm256_set1_ps((float)(f->height - 3));
    for (int begin = from; begin < to; begin += chunk) {
        const int end = to - begin < chunk ? to : begin + chunk, count = (end - begin + 7) / 8;
        for (int g = 0; g < count; g += 8) {
            __m256 bxs[2], bys[2];
            for (int e = 0; e < 2; e++) {
                const __m256i at = _mm256_add_epi32(_mm256_set1_epi32(begin + 8 * g + 7 * e), _mm256_slli_epi32(lanes, 3));
                /* coordinates_8's floors, written out: through it this pass measured 2–3 % slower (its
                 * band and fx, fy unused here). Only a window's choice, never a byte, hangs on them. */
                const __m256 dx = _mm256_sub_ps(_mm256_add_ps(_mm256_cvtepi32_ps(at), half), positionX);
                const __m256 lx = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(dx, cosine), dySine), anchorX);
                const __m256 ly = _mm256_add_ps(_mm256_sub_ps(dyCosine, _mm256_mul_ps(dx, sine)), anchorY);
                /* Clamped (max and min give their second operand where the first is NaN), so that it converts. */
                bxs[e] = _mm256_min_ps(_mm256_max_ps(_mm256_floor_ps(_mm256_sub_ps(_mm256_mul_ps(lx, scaleX), half)), firstBand), last);
                bys[e] = _mm256_floor_ps(_mm256_sub_ps(_mm256_mul_ps(ly, scaleY), half));
            }
            /* The window moved left or up where it would leave the snapshot (a snapshot too small for
             * one leaves a negative corner, which the steps gather around). */
            _mm256_storeu_si256((__m256i *)(columns + g),
                                _mm256_cvttps_epi32(_mm256_min_ps(_mm256_max_ps(_mm256_min_ps(bxs[0], bxs[1]), lowest), rightmost)));
            _mm256_storeu_si256((__m256i *)(rowsAt + g),
                                _mm256_cvttps_epi32(_mm256_min_ps(_mm256_max_ps(_mm256_min_ps(bys[0], bys[1]), lowest), lowest3)));
        }
        for (int x = begin; x < end; x += 8) {
            if (x + 8 < end && two_steps(f, &c, x, x0, planes, stride, columns + (x - begin) / 8, rowsAt + (x - begin) / 8)) {
                x += 8;
                continue;
            }
            __m256 fx, fy, bx, by;
            const __m256 band = coordinates_8(&c, _mm256_add_epi32(_mm256_set1_epi32(x), lanes), &fx, &fy, &bx, &by);
            if (_mm256_testz_ps(band, band)) continue;
            const __m256i ix = _mm256_and_si256(_mm256_cvttps_epi32(bx), _mm256_castps_si256(band));
            const __m256i iy = _mm256_and_si256(_mm256_cvttps_epi32(by), _mm256_castps_si256(band));
            /* Where the band's lanes read from three rows and sixteen columns of the snapshot, both
             * textures are read as that window and the taps permuted out of it (loads instead of gathers);
             * near the snapshot's edges and at steep turns, gathered. */
            const int column = columns[(x - begin) / 8], row = rowsAt[(x - begin) / 8];
            const __m256i ox = _mm256_sub_epi32(ix, _mm256_set1_epi32(column)), oy = _mm256_sub_epi32(iy, _mm256_set1_epi32(row));
            /* Every band lane's footprint in the window: 0 ≤ ox ≤ 14, 0 ≤ oy ≤ 1. */
            const __m256i outside = _mm256_and_si256(
                _mm256_castps_si256(band),
                _mm256_or_si256(_mm256_or_si256(_mm256_cmpgt_epi32(zero, ox), _mm256_cmpgt_epi32(ox, _mm256_set1_epi32(14))),
                                _mm256_or_si256(_mm256_cmpgt_epi32(zero, oy), _mm256_cmpgt_epi32(oy, _mm256_set1_epi32(1)))));
            const int windowed = column >= 0 && column + 16 <= f->width && row >= 0 && row + 3 <= f->height &&
                                 _mm256_testz_si256(outside, outside);
            __m256i owned[4], texels[4], any = zero;
            if (windowed) {
                owned_window_taps(f, column, row, ox, oy, c.layers, texels);
                for (int t = 0; t < 4; t++) {
                    texels[t] = _mm256_and_si256(texels[t], _mm256_castps_si256(band));
                    any = _mm256_or_si256(any, texels[t]);
                }
                if (_mm256_testz_si256(any, any)) continue; /* every lane's color is exactly 0 */
            } else {
                __m256i words[4];
                for (int t = 0; t < 4; t++) {
                    const __m256i tx = _mm256_add_epi32(ix, _mm256_set1_epi32(t & 1)), ty = _mm256_add_epi32(iy, _mm256_set1_epi32(t >> 1));
                    /* Inside the snapshot: 0 ≤ tx < width and 0 ≤ ty < height. */
                    __m256i inside = _mm256_andnot_si256(_mm256_or_si256(_mm256_cmpgt_epi32(zero, tx), _mm256_cmpgt_epi32(zero, ty)),
                                                         _mm256_and_si256(_mm256_cmpgt_epi32(width, tx), _mm256_cmpgt_epi32(height, ty)));
                    inside = _mm256_and_si256(inside, _mm256_castps_si256(band));
                    const __m256i index = _mm256_add_epi32(_mm256_mullo_epi32(ty, width), tx);
                    const __m256i owners = _mm256_mask_i32gather_epi32(zero, (const int *)f->assignment, index, inside, 4);
                    const __m256i mine = _mm256_or_si256(_mm256_cmpeq_epi32(_mm256_and_si256(owners, byte), layer),
                                                         _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_srli_epi32(owners, 8), byte), layer));
                    owned[t] = _mm256_and_si256(inside, mine);
                    words[t] = index;
                    any = _mm256_or_si256(any, owned[t]);
                }
                if (_mm256_testz_si256(any, any)) continue; /* every lane's color is exactly 0 */
                for (int t = 0; t < 4; t++) texels[t] = _mm256_mask_i32gather_epi32(zero, (const int *)f->snapshot, words[t], owned[t], 4);
            }
            __m256 channel[4][4]; /* [texel][r, g, b, a] */
            for (int t = 0; t < 4; t++)
                for (int n = 0; n < 4; n++)
                    channel[t][n] = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(texels[t], 8 * n), byte)), unit);
            const __m256 ax = _mm256_sub_ps(fx, bx), ay = _mm256_sub_ps(fy, by);
            const __m256 restX = _mm256_sub_ps(one, ax), restY = _mm256_sub_ps(one, ay);
            __m256 c[4];
            for (int n = 0; n < 4; n++) {
                const __m256 top = _mm256_add_ps(_mm256_mul_ps(channel[0][n], restX), _mm256_mul_ps(channel[1][n], ax));
                const __m256 bottom = _mm256_add_ps(_mm256_mul_ps(channel[2][n], restX), _mm256_mul_ps(channel[3][n], ax));
                c[n] = _mm256_mul_ps(_mm256_add_ps(_mm256_mul_ps(top, restY), _mm256_mul_ps(bottom, ay)), opacity);
            }
            const __m256 keep = _mm256_sub_ps(one, c[3]);
            float *at = planes + (x - x0);
            for (int n = 0; n < 4; n++) {
                const __m256 color = _mm256_loadu_ps(at + n * stride);
                _mm256_storeu_ps(at + n * stride, _mm256_add_ps(c[n], _mm256_mul_ps(color, keep)));
            }
        }
    }
}

/* Which of sixteen assignment words name the layer (`layer`: its index in bytes 0 and 1) in their
 * byte 0 or 1: with x = words ^ layer, a zero byte among x's two low ones (a byte that borrows from
 * the one above is zero, and one that does not, is not; bytes 2 and 3 are masked off). */
SHATTER_TARGET_AVX512 static inline __attribute__((always_inline)) __mmask16 owned_words(__m512i words, __m512i layer) {
    const __m512i x = _mm512_xor_si512(words, layer);
    return _mm512_test_epi32_mask(_mm512_sub_epi32(x, _mm512_set1_epi32(0x0101)), _mm512_andnot_si512(x, _mm512_set1_epi32(0x8080)));
}

/* A window row of the snapshot (thirty-two words from `at`), 0 where the layer does not own a texel;
 * `any` gathers whether it owns one. */
SHATTER_TARGET_AVX512 static inline __attribute__((always_inline)) void owned_row(const shatter_dust_frame *f, long at, __m512i layer,
                                                                                  __m512i *left, __m512i *right, __mmask16 *any) {
    const __mmask16 ownLeft = owned_words(_mm512_loadu_si512(f->assignment + at), layer);
    const __mmask16 ownRight = owned_words(_mm512_loadu_si512(f->assignment + at + 16), layer);
    *left = _mm512_maskz_loadu_epi32(ownLeft, f->snapshot + at);
    *right = _mm512_maskz_loadu_epi32(ownRight, f->snapshot + at + 16);
    *any |= ownLeft | ownRight;
}

/* The four taps (column + ox + t % 2, row + oy + t / 2) of sixteen lanes (0 ≤ ox ≤ 30; oy 0 or 1, 1
 * in `lower`, where the window has three rows, and 0 where it has two) from the snapshot's window at
 * (column, row), whose first word is `corner` (row · width + column), `rows` rows of thirty-two words
 * all inside it, each 0 where the layer does not own it: the ownership is tested once a window word,
 * and the snapshot's words loaded under it. Returns 0 when the layer owns no texel of the window. */
SHATTER_TARGET_AVX512 static inline __attribute__((always_inline)) __mmask16 window_taps_16(const shatter_dust_frame *f, long corner,
                                                                                           int rows, __m512i ox, __mmask16 lower,
                                                                                           __m512i layer, __m512i taps[4]) {
    __m512i picked[3][2]; /* [window row][tap column offset] */
    const __m512i next = _mm512_add_epi32(ox, _mm512_set1_epi32(1));
    __mmask16 any = 0;
    if (rows == 2) {
        /* Every footprint's rows are the window's two: no row to pick per lane. */
        for (int r = 0; r < 2; r++) {
            __m512i left, right;
            owned_row(f, corner + r * (long)f->width, layer, &left, &right, &any);
            taps[2 * r] = _mm512_permutex2var_epi32(left, ox, right);
            taps[2 * r + 1] = _mm512_permutex2var_epi32(left, next, right);
        }
        return any;
    }
    for (int r = 0; r < 3; r++) {
        __m512i left, right;
        owned_row(f, corner + r * (long)f->width, layer, &left, &right, &any);
        picked[r][0] = _mm512_permutex2var_epi32(left, ox, right);
        picked[r][1] = _mm512_permutex2var_epi32(left, next, right);
    }
    for (int t = 0; t < 4; t++) {
        const int dx = t & 1, dy = t >> 1;
        taps[t] = _mm512_mask_blend_epi32(lower, picked[dy][dx], picked[dy + 1][dx]);
    }
    return any;
}

/* window_taps_16 over five rows (0 ≤ oy ≤ 3), for layers turned so far that sixteen pixels cross
 * more than one row boundary: each tap row picked per lane among the five. */
SHATTER_TARGET_AVX512 static inline __attribute__((always_inline)) __mmask16 window_taps_16x5(const shatter_dust_frame *f, long corner,
                                                                                             __m512i ox, __m512i oy,
                                                                                             __m512i layer, __m512i taps[4]) {
    __m512i picked[5][2];
    const __m512i next = _mm512_add_epi32(ox, _mm512_set1_epi32(1));
    __mmask16 any = 0;
    for (int r = 0; r < 5; r++) {
        __m512i left, right;
        owned_row(f, corner + r * (long)f->width, layer, &left, &right, &any);
        picked[r][0] = _mm512_permutex2var_epi32(left, ox, right);
        picked[r][1] = _mm512_permutex2var_epi32(left, next, right);
    }
    for (int t = 0; t < 4; t++) {
        const int dx = t & 1, dy = t >> 1;
        const __m512i at = _mm512_add_epi32(oy, _mm512_set1_epi32(dy));
        __m512i tap = picked[0][dx];
        for (int r = 1; r < 5; r++) tap = _mm512_mask_blend_epi32(_mm512_cmpeq_epi32_mask(at, _mm512_set1_epi32(r)), tap, picked[r][dx]);
        taps[t] = tap;
    }
    return any;
}

/* The program's color at sixteen lanes from their four taps (0 where the layer does not own one; in
 * lanes outside `lanes`, whatever the taps hold) and the footprint's position (fx, fy) and floor
 * (bx, by), each lane the scalar's operations in order. */
SHATTER_TARGET_AVX512 static inline __attribute__((always_inline)) void lane_colors(const __m512i texels[4], __mmask16 lanes, __m512 fx,
                                                                                    __m512 fy, __m512 bx, __m512 by, __m512 opacity,
                                                                                    __m512 c[4]) {
    const __m512 one = _mm512_set1_ps(1.0f);
    const __m512 ax = _mm512_sub_ps(fx, bx), ay = _mm512_sub_ps(fy, by);
    const __m512 restX = _mm512_sub_ps(one, ax), restY = _mm512_sub_ps(one, ay);
    /* Alpha first: the other channels' composite needs its keep. */
    for (int n = 3; n >= 0; n--) {
        /* Channel n's byte b left in place, b · 2^8n, converted (exactly: below 2^32, eight bits
         * wide) and multiplied by (1 / 255) · 2^−8n (exact: a power of two apart): the product is
         * b · (1 / 255)'s, so its rounding too. One AND instead of shifting or shuffling the byte
         * down and masking it. */
        const __m512i byte = _mm512_set1_epi32((int)(0xffu << (8 * n)));
        const __m512 unit = _mm512_set1_ps((1.0f / 255.0f) * (n == 0 ? 1.0f : n == 1 ? 0x1p-8f : n == 2 ? 0x1p-16f : 0x1p-24f));
        __m512 channel[4];
        for (int t = 0; t < 4; t++)
            channel[t] = _mm512_mul_ps(_mm512_maskz_cvtepu32_ps(lanes, _mm512_and_si512(texels[t], byte)), unit);
        const __m512 top = _mm512_add_ps(_mm512_mul_ps(channel[0], restX), _mm512_mul_ps(channel[1], ax));
        const __m512 bottom = _mm512_add_ps(_mm512_mul_ps(channel[2], restX), _mm512_mul_ps(channel[3], ax));
        c[n] = _mm512_mul_ps(_mm512_add_ps(_mm512_mul_ps(top, restY), _mm512_mul_ps(bottom, ay)), opacity);
    }
}

/* The four planes' sixteen pixels from `at` on, for composite_16_onto. The empty asm keeps them loaded
 * here: without it clang folds each load into the composite's multiply, at the end of the step's chain
 * (docs/speed.md, the ninth round). */
SHATTER_TARGET_AVX512 static inline __attribute__((always_inline)) void planes_16(const float *at, long stride, __m512 under[4]) {
    for (int n = 0; n < 4; n++) under[n] = _mm512_loadu_ps(at + n * stride);
    __asm__ volatile("" : "+v"(under[0]), "+v"(under[1]), "+v"(under[2]), "+v"(under[3]));
}

/* The colors `c` composited source-over onto `under`, the planes' sixteen pixels from `at` on, and
 * stored there. */
SHATTER_TARGET_AVX512 static inline __attribute__((always_inline)) void composite_16_onto(float *at, long stride, const __m512 c[4],
                                                                                          const __m512 under[4]) {
    const __m512 keep = _mm512_sub_ps(_mm512_set1_ps(1.0f), c[3]);
    for (int n = 0; n < 4; n++) _mm512_storeu_ps(at + n * stride, _mm512_add_ps(c[n], _mm512_mul_ps(under[n], keep)));
}

/* The colors `c` composited source-over into sixteen pixels of the planes from `at` on. */
SHATTER_TARGET_AVX512 static inline __attribute__((always_inline)) void composite_16(float *at, long stride, const __m512 c[4]) {
    const __m512 under[4] = {_mm512_loadu_ps(at), _mm512_loadu_ps(at + stride), _mm512_loadu_ps(at + 2 * stride),
                             _mm512_loadu_ps(at + 3 * stride)};
    composite_16_onto(at, stride, c, under);
}

/* A layer's uniforms in sixteen lanes, for layer_span_avx512. */
typedef struct dust_lanes_16 {
    __m512 cosine, sine, dySine, dyCosine, anchorX, anchorY, scaleX, scaleY, half, one, first, last, rows, minusOne, positionX;
} dust_lanes_16;

/* The program's texel position (fx, fy) and its floor (bx, by) at pixels x + lanes, each lane the
 * scalar's operations in its order; returns the lanes that pass the program's two tests (the
 * footprint meets the layer's columns, and the snapshot's rows). */
SHATTER_TARGET_AVX512 static inline __attribute__((always_inline)) __mmask16 coordinates_16(const dust_lanes_16 *c, __m512i x, __m512 *fx,
                                                                                           __m512 *fy, __m512 *bx, __m512 *by) {
    const __m512 px = _mm512_add_ps(_mm512_cvtepi32_ps(x), c->half);
    const __m512 dx = _mm512_sub_ps(px, c->positionX);
    const __m512 lx = _mm512_add_ps(_mm512_add_ps(_mm512_mul_ps(dx, c->cosine), c->dySine), c->anchorX);
    const __m512 ly = _mm512_add_ps(_mm512_sub_ps(c->dyCosine, _mm512_mul_ps(dx, c->sine)), c->anchorY);
    *fx = _mm512_sub_ps(_mm512_mul_ps(lx, c->scaleX), c->half);
    *fy = _mm512_sub_ps(_mm512_mul_ps(ly, c->scaleY), c->half);
    *bx = _mm512_roundscale_ps(*fx, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    *by = _mm512_roundscale_ps(*fy, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    const __mmask16 band =
        _mm512_cmp_ps_mask(_mm512_add_ps(*bx, c->one), c->first, _CMP_GE_OQ) & _mm512_cmp_ps_mask(*bx, c->last, _CMP_LE_OQ);
    return band & _mm512_cmp_ps_mask(*by, c->minusOne, _CMP_GE_OQ) & _mm512_cmp_ps_mask(*by, c->rows, _CMP_LT_OQ);
}

/* One step of a pair in layer_span_avx512's second pass, as the single step runs it where its window
 * has two or three rows (`rows`): its position (fx, fy) read back and floored, its taps of the
 * snapshot (0 where the layer does not own them) and the lanes inside the window (`lanes`). Returns
 * the band lanes left out of the window. */
SHATTER_TARGET_AVX512 static inline __attribute__((always_inline)) __mmask16 window_step(const shatter_dust_frame *f, const float *fxs,
                                                                                        const float *fys, __mmask16 band, int column, int row,
                                                                                        long corner, int rows, __m512i layer, __m512 *fx,
                                                                                        __m512 *fy, __m512 *bx, __m512 *by,
                                                                                        __m512i texels[4], __mmask16 *lanes) {
    const __m512i thirty = _mm512_set1_epi32(30), oneRow = _mm512_set1_epi32(1);
    *fx = _mm512_loadu_ps(fxs);
    *fy = _mm512_loadu_ps(fys);
    *bx = _mm512_roundscale_ps(*fx, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    *by = _mm512_roundscale_ps(*fy, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    /* The floors converted from fx and fy directly (rounding down), not from bx and by: the same
     * integers for every band lane, one instruction fewer before the window's permutes. */
    const __m512i ix = _mm512_maskz_cvt_roundps_epi32(band, *fx, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    const __m512i iy = _mm512_maskz_cvt_roundps_epi32(band, *fy, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    const __m512i ox = _mm512_sub_epi32(ix, _mm512_set1_epi32(column)), oy = _mm512_sub_epi32(iy, _mm512_set1_epi32(row));
    /* The lanes inside the window: 0 ≤ ox ≤ 30 and 0 ≤ oy ≤ rows − 2 (unsigned, a negative offset is far outside). */
    const __mmask16 inside =
        _mm512_mask_cmple_epu32_mask(_mm512_mask_cmple_epu32_mask(band, ox, thirty), oy, _mm512_set1_epi32(rows - 2));
    window_taps_16(f, corner, rows, ox, _mm512_cmpeq_epi32_mask(oy, oneRow), layer, texels);
    *lanes = inside;
    return band & ~inside;
}

/* layer_span sixteen pixels at a time, as layer_span_avx2 runs it eight at a time: each lane the
 * scalar's operations in its order, lanes whose footprint holds none of the layer's texels exactly 0,
 * the row's last step running into the planes' spare room. The window is two, three (or five) rows of
 * thirty-two columns (two loads a row, the taps picked with one two-table permute each). A step waits on
 * its loads at the end of a long chain, and the processor holds about two steps in flight, hence the two
 * passes and the prefetch (docs/speed.md). */
SHATTER_TARGET_AVX512 static void layer_span_avx512(const shatter_dust_frame *f, const shatter_dust_layer *l, int y, int from, int to,
                                                    int x0, float *planes, long stride) {
    const float pyc = (float)y + 0.5f;
    const float dy = pyc - l->positionY;
    const dust_lanes_16 c = {_mm512_set1_ps(l->cosine),       _mm512_set1_ps(l->sine),        _mm512_set1_ps(dy * l->sine),
                             _mm512_set1_ps(dy * l->cosine),   _mm512_set1_ps(f->anchorX),     _mm512_set1_ps(f->anchorY),
                             _mm512_set1_ps(f->texelScaleX),   _mm512_set1_ps(f->texelScaleY), _mm512_set1_ps(0.5f),
                             _mm512_set1_ps(1.0f),             _mm512_set1_ps(l->firstColumn), _mm512_set1_ps(l->lastColumn),
                             _mm512_set1_ps((float)f->height), _mm512_set1_ps(-1.0f),          _mm512_set1_ps(l->positionX)};
    const __m512 opacity = _mm512_set1_ps(l->opacity);
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i width = _mm512_set1_epi32(f->width), height = _mm512_set1_epi32(f->height);
    const __m512i layer = _mm512_set1_epi32((int)l->index), byte = _mm512_set1_epi32(0xff), zero = _mm512_setzero_si512();
    /* The index in both low bytes, for owned_words. An index no byte holds owns no texel: such a
     * layer (none that Swift poses) is left to the scalar program. */
    if (!(l->index >= 0 && l->index < 256)) {
        layer_span(f, l, y, from, to, x0, planes, stride);
        return;
    }
    const __m512i layers = _mm512_set1_epi32((int)l->index * 0x0101);
    const __m512i thirty = _mm512_set1_epi32(30), oneRow = _mm512_set1_epi32(1);
    /* A band lane's floors lie in [first − 1, last] and [−1, height − 1]; the column bounds clamped to
     * a little outside the snapshot, so that they convert and a window past them cannot fit. */
    const __m512 lowColumn = _mm512_max_ps(_mm512_sub_ps(c.first, c.one), _mm512_set1_ps(-2.0f));
    const __m512 highColumn = _mm512_max_ps(_mm512_min_ps(c.last, _mm512_set1_ps((float)f->width + 2)), lowColumn);
    const __m512 lowRow = c.minusOne, highRow = _mm512_sub_ps(c.rows, c.one);
    /* Two passes over each chunk of the span: first every step's window, then its coordinates and
     * band (short independent chains) with the window's prefetches; then the taps, whose loads no
     * longer wait at the end of the first's. */
    enum { chunk = 512, steps = chunk / 16 };
    float fxs[chunk], fys[chunk];
    int columns[steps], rowsAt[steps], windows[steps]; /* windows: 2, 3 or 5 rows, 0 gathered */
    /* The window's first word, rowsAt · width + columns, worked out here so that the multiply is not
     * in the second pass's chain to the window's loads (with the three changes below, 1–4 % of the
     * kernel: docs/speed.md). */
    long corners[steps];
    const unsigned *assignment = f->assignment, *snapshot = f->snapshot;
    const long rowWords = f->width;
    __mmask16 bands[steps], missed[steps];
    for (int begin = from; begin < to; begin += chunk) {
        const int end = to - begin < chunk ? to : begin + chunk, count = (end - begin + 15) / 16;
        /* Each step's window (three or five rows of thirty-two columns inside the snapshot) from the
         * floors of its two end lanes alone, sixteen steps a vector: the program's coordinates are
         * monotonic in x (every IEEE operation in them is), so every lane's floors lie between its
         * ends'. The second pass still checks each lane against the window (a lane outside it is
         * left out there and drawn by the scalar program after the chunk), so a window picked
         * wrong could cost time, never a byte. */
        for (int g = 0; g < count; g += 16) {
            const __m512i start = _mm512_add_epi32(_mm512_set1_epi32(begin + 16 * g), _mm512_slli_epi32(lanes, 4));
            __m512 fx, fy, bxA, byA, bxB, byB;
            coordinates_16(&c, start, &fx, &fy, &bxA, &byA);
            coordinates_16(&c, _mm512_add_epi32(start, _mm512_set1_epi32(15)), &fx, &fy, &bxB, &byB);
            /* Each clamped to its bounds (max and min give their second operand where the first is NaN),
             * so that it converts. */
            const __m512i left = _mm512_cvttps_epi32(_mm512_min_ps(_mm512_max_ps(_mm512_min_ps(bxA, bxB), lowColumn), highColumn));
            const __m512i right = _mm512_cvttps_epi32(_mm512_min_ps(_mm512_max_ps(_mm512_max_ps(bxA, bxB), lowColumn), highColumn));
            const __m512i top = _mm512_cvttps_epi32(_mm512_min_ps(_mm512_max_ps(_mm512_min_ps(byA, byB), lowRow), highRow));
            const __m512i bottom = _mm512_cvttps_epi32(_mm512_min_ps(_mm512_max_ps(_mm512_max_ps(byA, byB), lowRow), highRow));
            /* Two rows when every lane's footprint starts on the window's first row (no row to pick per
             * lane: two row loads, two ownership tests, two permutes and four blends fewer a step; 5–8 %
             * of the kernel, docs/speed.md), three when none starts below its second row, five when
             * none starts below its fourth; the window moved left or up where it would leave the
             * snapshot. */
            const __m512i threeOrFive = _mm512_mask_blend_epi32(_mm512_cmple_epi32_mask(_mm512_sub_epi32(bottom, top), oneRow),
                                                                _mm512_set1_epi32(5), _mm512_set1_epi32(3));
            const __m512i depth = _mm512_mask_blend_epi32(_mm512_cmpeq_epi32_mask(bottom, top), threeOrFive, _mm512_set1_epi32(2));
            const __m512i column = _mm512_min_epi32(left, _mm512_sub_epi32(width, _mm512_set1_epi32(32)));
            const __m512i row = _mm512_min_epi32(top, _mm512_sub_epi32(height, depth));
            const __mmask16 fits = _mm512_cmpge_epi32_mask(column, zero) & _mm512_cmpge_epi32_mask(row, zero) &
                                   _mm512_cmple_epi32_mask(_mm512_sub_epi32(right, column), thirty) &
                                   _mm512_cmple_epi32_mask(_mm512_sub_epi32(bottom, row), _mm512_sub_epi32(depth, _mm512_set1_epi32(2)));
            /* Whole stores (the arrays hold two vectors' steps; those past the chunk's are never read):
             * the next pass's scalar loads of them can be forwarded, a masked store's cannot. */
            _mm512_storeu_si512(columns + g, column);
            _mm512_storeu_si512(rowsAt + g, row);
            _mm512_storeu_si512(windows + g, _mm512_maskz_mov_epi32(fits, depth));
        }
        /* Every step's coordinates and band, and its window's cache lines asked for, so that the
         * second pass finds them loaded (the requests issued among the coordinates' arithmetic, not
         * in a loop of their own, took a further tenth off the kernel: docs/speed.md). */
        /* A bit a step with band lanes and a two- or three-row window: the second pass's test for a
         * pair is then two bits of one word, not four array reads and their compares. */
        unsigned pairable = 0;
        for (int x = begin, s = 0; x < end; x += 16, s++) {
            __m512 fx, fy, bx, by;
            bands[s] = coordinates_16(&c, _mm512_add_epi32(_mm512_set1_epi32(x), lanes), &fx, &fy, &bx, &by);
            _mm512_storeu_ps(fxs + (x - begin), fx);
            _mm512_storeu_ps(fys + (x - begin), fy);
            corners[s] = rowsAt[s] * rowWords + columns[s];
            pairable |= (bands[s] && (unsigned)(windows[s] - 2) <= 1) ? 1u << s : 0;
            const unsigned *owners = assignment + corners[s], *words = snapshot + corners[s];
            for (int r = 0; r < windows[s]; r++, owners += rowWords, words += rowWords) {
                _mm_prefetch((const char *)owners, _MM_HINT_T0);
                _mm_prefetch((const char *)(owners + 31), _MM_HINT_T0);
                _mm_prefetch((const char *)words, _MM_HINT_T0);
                _mm_prefetch((const char *)(words + 31), _MM_HINT_T0);
            }
        }
        /* Band lanes left out of their step's window, by step; any of them at all. */
        unsigned anyMissed = 0;
        for (int x = begin, s = 0; x < end; x += 16, s++) {
            /* Two steps side by side where both take a two- or three-row window (most do): two independent
             * chains from the window's loads to the composite for the processor to overlap, stage by
             * stage. A step that owns nothing comes out 0 in every lane, which leaves its pixels
             * exactly as they were (0 + p · (1 − 0) = p). */
            if (((pairable >> s) & 3) == 3) {
                __m512 fx[2], fy[2], bx[2], by[2], colors[2][4];
                __m512i texels[2][4];
                /* Written out twice rather than as a loop over k, which clang keeps as a loop through
                 * the stack. */
                __mmask16 inside[2];
                missed[s] = window_step(f, fxs + (x - begin), fys + (x - begin), bands[s], columns[s], rowsAt[s], corners[s],
                                        windows[s], layers, &fx[0], &fy[0], &bx[0], &by[0], texels[0], &inside[0]);
                missed[s + 1] = window_step(f, fxs + (x + 16 - begin), fys + (x + 16 - begin), bands[s + 1], columns[s + 1],
                                            rowsAt[s + 1], corners[s + 1], windows[s + 1], layers, &fx[1], &fy[1], &bx[1], &by[1],
                                            texels[1], &inside[1]);
                anyMissed |= missed[s] | missed[s + 1];
                /* The planes under both steps loaded here, before their colors: folded into the
                 * composites' multiplies they were the last instructions of the pair, the second
                 * step's behind the first's stores, issued only once the window of instructions
                 * reached them (1–2 % of the kernel; loaded before the window steps they cost spills
                 * and 3–7 %: docs/speed.md). */
                __m512 under[2][4];
                planes_16(planes + (x - x0), stride, under[0]);
                planes_16(planes + (x + 16 - x0), stride, under[1]);
                lane_colors(texels[0], inside[0], fx[0], fy[0], bx[0], by[0], opacity, colors[0]);
                lane_colors(texels[1], inside[1], fx[1], fy[1], bx[1], by[1], opacity, colors[1]);
                composite_16_onto(planes + (x - x0), stride, colors[0], under[0]);
                composite_16_onto(planes + (x + 16 - x0), stride, colors[1], under[1]);
                x += 16;
                s++;
                continue;
            }
            missed[s] = 0;
            const __mmask16 band = bands[s];
            if (band == 0) continue;
            const __m512 fx = _mm512_loadu_ps(fxs + (x - begin)), fy = _mm512_loadu_ps(fys + (x - begin));
            const __m512 bx = _mm512_roundscale_ps(fx, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
            const __m512 by = _mm512_roundscale_ps(fy, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
            const __m512i ix = _mm512_maskz_cvttps_epi32(band, bx), iy = _mm512_maskz_cvttps_epi32(band, by);
            const int column = columns[s], row = rowsAt[s], windowed = windows[s];
            __mmask16 owned[4], any = 0, lanes = 0xffff;
            __m512i texels[4];
            if (windowed) {
                const __m512i ox = _mm512_sub_epi32(ix, _mm512_set1_epi32(column)), oy = _mm512_sub_epi32(iy, _mm512_set1_epi32(row));
                const __mmask16 inside =
                    _mm512_mask_cmple_epu32_mask(_mm512_mask_cmple_epu32_mask(band, ox, thirty), oy, _mm512_set1_epi32(windowed - 2));
                missed[s] = band & ~inside;
                anyMissed |= band & ~inside;
                if (windowed <= 3)
                    any = window_taps_16(f, corners[s], windowed, ox, _mm512_cmpeq_epi32_mask(oy, oneRow), layers, texels);
                else
                    any = window_taps_16x5(f, corners[s], ox, oy, layers, texels);
                if (any == 0 || inside == 0) continue; /* every lane's color is exactly 0 */
                lanes = inside;
            } else {
                __m512i words[4];
                for (int t = 0; t < 4; t++) {
                    const __m512i tx = _mm512_add_epi32(ix, _mm512_set1_epi32(t & 1)), ty = _mm512_add_epi32(iy, _mm512_set1_epi32(t >> 1));
                    /* Inside the snapshot: 0 ≤ tx < width and 0 ≤ ty < height. */
                    const __mmask16 inside = _mm512_mask_cmpge_epi32_mask(band, tx, zero) & _mm512_cmpge_epi32_mask(ty, zero) &
                                             _mm512_cmplt_epi32_mask(tx, width) & _mm512_cmplt_epi32_mask(ty, height);
                    const __m512i index = _mm512_add_epi32(_mm512_mullo_epi32(ty, width), tx);
                    const __m512i owners = _mm512_mask_i32gather_epi32(zero, inside, index, (const int *)f->assignment, 4);
                    owned[t] = _mm512_mask_cmpeq_epi32_mask(inside, _mm512_and_si512(owners, byte), layer) |
                               _mm512_mask_cmpeq_epi32_mask(inside, _mm512_and_si512(_mm512_srli_epi32(owners, 8), byte), layer);
                    words[t] = index;
                    any |= owned[t];
                }
                if (any == 0) continue; /* every lane's color is exactly 0 */
                for (int t = 0; t < 4; t++) texels[t] = _mm512_mask_i32gather_epi32(zero, owned[t], words[t], (const int *)f->snapshot, 4);
            }
            __m512 colors[4];
            lane_colors(texels, lanes, fx, fy, bx, by, opacity, colors);
            composite_16(planes + (x - x0), stride, colors);
        }
        /* The lanes left out above, each the scalar program's (their pixels unchanged so far, and no
         * other step of this layer draws them). */
        if (anyMissed)
            for (int x = begin, s = 0; x < end; x += 16, s++)
                for (unsigned m = missed[s]; m; m &= m - 1)
                    layer_pixel(f, l, pyc, x + __builtin_ctz(m), planes, stride, x + __builtin_ctz(m) - x0);
    }
}

/* resting_pixel for one owner of eight pixels' texels: the layers whose column bands (`first`, `last`)
 * and opacities are given per lane (lanes set in `mine`) composited into the colors `p`, a lane only
 * where resting_pixel would. */
SHATTER_TARGET_AVX2 static inline __attribute__((always_inline)) void resting_lanes_8(__m256 first, __m256 last, __m256 opacity,
                                                                                    __m256 mine, __m256 px, __m256i texel, __m256 p[4]) {
    const __m256 one = _mm256_set1_ps(1), unit = _mm256_set1_ps(1.0f / 255.0f);
    /* The column test: not (x + 1 < first or x > last). */
    const __m256 pass = _mm256_and_ps(mine, _mm256_and_ps(_mm256_cmp_ps(_mm256_add_ps(px, one), first, _CMP_NLT_UQ),
                                                          _mm256_cmp_ps(px, last, _CMP_NGT_UQ)));
    __m256 c[4];
    for (int n = 0; n < 4; n++)
        c[n] = _mm256_mul_ps(
            _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(texel, 8 * n), _mm256_set1_epi32(0xff))), unit), opacity);
    const __m256 keep = _mm256_sub_ps(one, c[3]);
    for (int n = 0; n < 4; n++) p[n] = _mm256_blendv_ps(p[n], _mm256_add_ps(c[n], _mm256_mul_ps(p[n], keep)), pass);
}

/* The layers' row's pass of the resting layers over pixels [from, end) of row y, eight at a time: each
 * lane its texel's owners, lower first, as the scalar loop; the owners' stack places, column bands and
 * opacities gathered. */
SHATTER_TARGET_AVX2 static void resting_avx2(const shatter_dust_frame *f, int y, int x0, int from, int end, float *planes, long stride) {
    const unsigned *owners = f->assignment + (long)y * f->width, *snapshot = f->snapshot + (long)y * f->width;
    const __m256i byte = _mm256_set1_epi32(0xff), none = _mm256_set1_epi32(-1), zero = _mm256_setzero_si256();
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const float *fields = (const float *)f->layers; /* eight floats a layer (dust_layers.h) */
    int slots[256];
    for (int i = 0; i < 256; i++) slots[i] = f->slot[i];
    const long next = y + 1 < f->height ? f->width : 0; /* the next row's, asked for as resting_avx512 does */
    for (int x = from; x < end; x += 8) {
        _mm_prefetch((const char *)(owners + next + x), _MM_HINT_T0);
        _mm_prefetch((const char *)(snapshot + next + x), _MM_HINT_T0);
        const __m256i in = _mm256_cmpgt_epi32(_mm256_set1_epi32(end - x), lanes);
        const __m256i words = _mm256_maskload_epi32((const int *)(owners + x), in);
        const __m256i firstIndex = _mm256_and_si256(words, byte), secondIndex = _mm256_and_si256(_mm256_srli_epi32(words, 8), byte);
        const __m256i first = _mm256_mask_i32gather_epi32(none, slots, firstIndex, in, 4);
        const __m256i second = _mm256_mask_i32gather_epi32(none, slots, secondIndex, in, 4);
        const __m256i a = _mm256_min_epi32(first, second), b = _mm256_max_epi32(first, second);
        const __m256i lower = _mm256_cmpgt_epi32(a, none), upper = _mm256_xor_si256(_mm256_cmpeq_epi32(a, b), none);
        if (_mm256_testz_si256(_mm256_or_si256(lower, upper), _mm256_or_si256(lower, upper))) continue;
        const __m256i texel = _mm256_maskload_epi32((const int *)(snapshot + x), in);
        const __m256 px = _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_set1_epi32(x), lanes));
        float *at = planes + (x - x0);
        __m256 p[4];
        for (int n = 0; n < 4; n++) p[n] = _mm256_loadu_ps(at + n * stride);
        for (int owner = 0; owner < 2; owner++) {
            const __m256i place = owner == 0 ? a : b;
            const __m256 mine = _mm256_castsi256_ps(owner == 0 ? lower : upper);
            if (_mm256_testz_ps(mine, mine)) continue;
            static const int offsets[3] = {6, 7, 4};
            __m256 field[3];
            for (int n = 0; n < 3; n++)
                field[n] = _mm256_mask_i32gather_ps(_mm256_setzero_ps(), fields,
                                                    _mm256_add_epi32(_mm256_slli_epi32(_mm256_max_epi32(place, zero), 3),
                                                                     _mm256_set1_epi32(offsets[n])),
                                                    mine, 4);
            resting_lanes_8(field[0], field[1], field[2], mine, px, texel, p);
        }
        for (int n = 0; n < 4; n++) _mm256_storeu_ps(at + n * stride, p[n]);
    }
}

/* resting_pixel for one owner of sixteen pixels' texels: the layers whose column bands (`first`,
 * `last`) and opacities are given per lane (lanes in `mine`) composited into the colors `p`, a lane
 * only where resting_pixel would. */
SHATTER_TARGET_AVX512 static inline __attribute__((always_inline)) void resting_lanes(__m512 first, __m512 last, __m512 opacity,
                                                                                      __mmask16 mine, __m512 px, __m512i texel,
                                                                                      __m512 p[4]) {
    const __m512 one = _mm512_set1_ps(1), unit = _mm512_set1_ps(1.0f / 255.0f);
    /* The column test: not (x + 1 < first or x > last). */
    const __mmask16 pass = _mm512_mask_cmp_ps_mask(mine, _mm512_add_ps(px, one), first, _CMP_NLT_UQ) &
                           _mm512_cmp_ps_mask(px, last, _CMP_NGT_UQ);
    __m512 c[4];
    for (int n = 0; n < 4; n++)
        c[n] = _mm512_mul_ps(
            _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_and_si512(_mm512_srli_epi32(texel, 8 * n), _mm512_set1_epi32(0xff))), unit), opacity);
    const __m512 keep = _mm512_sub_ps(one, c[3]);
    for (int n = 0; n < 4; n++) p[n] = _mm512_mask_mov_ps(p[n], pass, _mm512_add_ps(c[n], _mm512_mul_ps(p[n], keep)));
}

/* The layers' row's pass of the resting layers over pixels [from, end) of row y, sixteen at a time:
 * each lane its texel's owners, lower first, as the scalar loop. With 32 layers or fewer (the
 * original's count) the owners' stack places and their fields are looked up in registers, a two-table
 * permute each (`vpermi2d`), where the assignment names layers below 32; elsewhere they are gathered. */
SHATTER_TARGET_AVX512 static void resting_avx512(const shatter_dust_frame *f, int y, int x0, int from, int end, float *planes,
                                                 long stride) {
    const unsigned *owners = f->assignment + (long)y * f->width, *snapshot = f->snapshot + (long)y * f->width;
    const __m512i byte = _mm512_set1_epi32(0xff), none = _mm512_set1_epi32(-1), zero = _mm512_setzero_si512();
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512 zeros = _mm512_setzero_ps();
    const float *fields = (const float *)f->layers; /* eight floats a layer (dust_layers.h) */
    /* The registers' tables: [n][0] for places (or indices) 0–15, [n][1] for 16–31; n = slot, first
     * column, last column, opacity. */
    const int few = f->layerCount <= 32;
    __m512i slotTable[2] = {none, none};
    __m512 fieldTable[3][2] = {{zeros, zeros}, {zeros, zeros}, {zeros, zeros}};
    int slots[256];
    if (few) {
        for (int h = 0; h < 2; h++) {
            slotTable[h] = _mm512_cvtepi16_epi32(_mm256_loadu_si256((const __m256i *)(f->slot + 16 * h)));
            const __m512i place = _mm512_add_epi32(lanes, _mm512_set1_epi32(16 * h));
            const __mmask16 real = _mm512_cmplt_epi32_mask(place, _mm512_set1_epi32(f->layerCount));
            const __m512i at = _mm512_slli_epi32(place, 3);
            fieldTable[0][h] = _mm512_mask_i32gather_ps(zeros, real, _mm512_add_epi32(at, _mm512_set1_epi32(6)), fields, 4);
            fieldTable[1][h] = _mm512_mask_i32gather_ps(zeros, real, _mm512_add_epi32(at, _mm512_set1_epi32(7)), fields, 4);
            fieldTable[2][h] = _mm512_mask_i32gather_ps(zeros, real, _mm512_add_epi32(at, _mm512_set1_epi32(4)), fields, 4);
        }
    }
    for (int i = 0; i < 256; i++) slots[i] = f->slot[i];
    /* The next row's owners and texels asked for a step ahead of need (that row is this thread's next
     * but at a band's end): the loads of this pass were most of its time (docs/speed.md). */
    const long next = y + 1 < f->height ? f->width : 0;
    for (int x = from; x < end; x += 16) {
        _mm_prefetch((const char *)(owners + next + x), _MM_HINT_T0);
        _mm_prefetch((const char *)(snapshot + next + x), _MM_HINT_T0);
        const __mmask16 in = end - x >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (end - x)) - 1);
        const __m512i words = _mm512_maskz_loadu_epi32(in, owners + x);
        const __m512i firstIndex = _mm512_and_si512(words, byte), secondIndex = _mm512_and_si512(_mm512_srli_epi32(words, 8), byte);
        /* Both indices below 32 in every lane: the tables in registers serve. */
        const int table = few && _mm512_test_epi32_mask(words, _mm512_set1_epi32(0xe0e0)) == 0;
        __m512i first, second;
        if (table) {
            first = _mm512_mask_mov_epi32(none, in, _mm512_permutex2var_epi32(slotTable[0], firstIndex, slotTable[1]));
            second = _mm512_mask_mov_epi32(none, in, _mm512_permutex2var_epi32(slotTable[0], secondIndex, slotTable[1]));
        } else {
            first = _mm512_mask_i32gather_epi32(none, in, firstIndex, slots, 4);
            second = _mm512_mask_i32gather_epi32(none, in, secondIndex, slots, 4);
        }
        const __m512i a = _mm512_min_epi32(first, second), b = _mm512_max_epi32(first, second);
        const __mmask16 lower = _mm512_cmpge_epi32_mask(a, zero), upper = _mm512_cmpneq_epi32_mask(a, b);
        if ((lower | upper) == 0) continue;
        const __m512i texel = _mm512_maskz_loadu_epi32(in, snapshot + x);
        const __m512 px = _mm512_cvtepi32_ps(_mm512_add_epi32(_mm512_set1_epi32(x), lanes));
        float *at = planes + (x - x0);
        __m512 p[4];
        for (int n = 0; n < 4; n++) p[n] = _mm512_loadu_ps(at + n * stride);
        for (int owner = 0; owner < 2; owner++) {
            const __m512i place = owner == 0 ? a : b;
            const __mmask16 mine = owner == 0 ? lower : upper;
            if (!mine) continue;
            __m512 field[3];
            for (int n = 0; n < 3; n++) {
                if (few) {
                    /* Places are below the layer count, so below 32; a lane not mine reads any entry. */
                    field[n] = _mm512_permutex2var_ps(fieldTable[n][0], place, fieldTable[n][1]);
                } else {
                    static const int offsets[3] = {6, 7, 4};
                    field[n] = _mm512_mask_i32gather_ps(zeros, mine, _mm512_add_epi32(_mm512_slli_epi32(place, 3), _mm512_set1_epi32(offsets[n])),
                                                        fields, 4);
                }
            }
            resting_lanes(field[0], field[1], field[2], mine, px, texel, p);
        }
        for (int n = 0; n < 4; n++) _mm512_storeu_ps(at + n * stride, p[n]);
    }
}
#endif

void shatter_dust_plan(shatter_dust_frame *f) {
    for (int i = 0; i < f->layerCount && i < 256; i++) reach_tests(f, &f->layers[i], f->reach[i]);
}

static inline __attribute__((always_inline)) int dust_row(const shatter_dust_frame *f, int y, int x0, int x1, float *planes,
                                                          shatter_tier tier) {
    int reached = 0;
    const long stride = shatter_dust_plane(x1 - x0);
    for (int i = 0; i < f->restingFrom; i++) {
        const shatter_dust_layer *l = &f->layers[i];
        int from, to;
        span_of(f, i, y, x0, x1, &from, &to);
        if (from >= to) continue;
        reached = 1;
#if defined(__x86_64__)
        if (tier >= SHATTER_TIER_AVX512) {
            layer_span_avx512(f, l, y, from, to, x0, planes, stride);
            continue;
        }
        if (tier >= SHATTER_TIER_AVX2) {
            layer_span_avx2(f, l, y, from, to, x0, planes, stride);
            continue;
        }
#endif
        layer_span(f, l, y, from, to, x0, planes, stride);
    }
    /* The resting layers, above every moving one: at each pixel only its texel's owners, lower first. */
    if (f->restingFrom < f->layerCount && y >= 0 && y < f->height) {
        reached = 1;
        const unsigned *owners = f->assignment + (long)y * f->width, *snapshot = f->snapshot + (long)y * f->width;
        const int end = x1 < f->width ? x1 : f->width;
#if defined(__x86_64__)
        if (tier >= SHATTER_TIER_AVX512) {
            resting_avx512(f, y, x0, x0 > 0 ? x0 : 0, end, planes, stride);
            return reached;
        }
        if (tier >= SHATTER_TIER_AVX2) {
            resting_avx2(f, y, x0, x0 > 0 ? x0 : 0, end, planes, stride);
            return reached;
        }
#endif
        for (int x = x0 > 0 ? x0 : 0; x < end; x++) {
            const unsigned word = owners[x];
            int a = f->slot[word & 0xff], b = f->slot[(word >> 8) & 0xff];
            if (a < 0 && b < 0) continue;
            if (a > b) {
                int t = a;
                a = b;
                b = t;
            }
            const unsigned texel = snapshot[x];
            if (a >= 0) resting_pixel(&f->layers[a], x, texel, planes, stride, x - x0);
            if (b != a) resting_pixel(&f->layers[b], x, texel, planes, stride, x - x0);
        }
    }
    return reached;
}

/* The row's twins (the AVX2 one runs each layer's span and the resting layers eight pixels at a time, the
 * AVX-512 one sixteen), and the unit's table line. */
static int row_baseline(const shatter_dust_frame *f, int y, int x0, int x1, float *planes) {
    return dust_row(f, y, x0, x1, planes, SHATTER_TIER_BASELINE);
}
static int row_avx2(const shatter_dust_frame *f, int y, int x0, int x1, float *planes) {
    return dust_row(f, y, x0, x1, planes, SHATTER_TIER_AVX2);
}
static int row_avx512(const shatter_dust_frame *f, int y, int x0, int x1, float *planes) {
    return dust_row(f, y, x0, x1, planes, SHATTER_TIER_AVX512);
}

shatter_dust_layers shatter_dust_layers_for(shatter_tier tier) {
#if defined(__x86_64__)
    if (tier >= SHATTER_TIER_AVX512) return (shatter_dust_layers){row_avx512};
    if (tier >= SHATTER_TIER_AVX2) return (shatter_dust_layers){row_avx2};
#endif
    (void)tier;
    return (shatter_dust_layers){row_baseline};
}
