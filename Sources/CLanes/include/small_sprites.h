/*
 * The small-sprite kernel: the shattered transition's motion, the point set-up and the fragment
 * program for sprites covering one pixel or 2 × 2, eight points at a time, in C so that it can be
 * compiled from one source for any x86-64, for AVX2 and for AVX-512 (sixteen points at a time), and
 * chosen when the program starts (Swift has no per-function target). Every lane does exactly the
 * IEEE operations of the Swift program (PointSpriteProgram.vertex(centre:motion:invariants:),
 * PointSetup.centre(clip:)) in the same order and grouping, and no multiply is fused with an add
 * (small_sprites.c turns contraction off) except the viewport transform's, which the program fuses too
 * (the AVX2 and AVX-512 twins with the FMA instruction, the other exactly without); the rest is
 * PointSpriteRaster's integers and FixedPointBilinear, so every twin gives the program's pixels, bit
 * for bit.
 */
#ifndef SHATTER_SMALL_SPRITES_H
#define SHATTER_SMALL_SPRITES_H

#include "cpu_tier.h"
#include "lanes.h"
#include "pixel_pages.h"
#include "point_lanes.h"

/* A separable grid's motion, eight points side by side: Swift's PointMotionLanes. The rest of a point
 * (centre, texel origin) is its column's and its row's, and the vertex program's two quotients are
 * worked out again each frame (two divisions per block cost less than streaming them). */
typedef struct shatter_point_motion {
    float speed[8];
    float acceleration[8];
} shatter_point_motion;

/* What a frame's small sprites are drawn with (Swift: PointFrame, PointSpriteProgram's uniforms,
 * PointSpriteRaster and the snapshot). */
typedef struct shatter_small_sprite_frame {
    /* shatter_point_lanes, one per block (Swift passes its PointLanes); unread for a separable grid. */
    const void *lanes;
    /* Per block, the time after which all of its points are out of sight. */
    const float *goneAfter;
    /* u_time, u_physics (speed limit, restitution, stop speed), u_clipScale. */
    float time, speedLimit, restitution, stopSpeed, clipScaleX, clipScaleY;
    /* The viewport's half size; pixels covered per axis (PointSpriteRaster.coverage: 1 or 2), the
     * texel step per pixel in 1/256 texel, and the filter (1: nearest, 0: linear). */
    float halfViewportX, halfViewportY;
    int coverage, stepX, stepY, nearest;
    /* The image in the framebuffer: guard band (pixels), the framebuffer row of image row 0 (y up),
     * and its size. */
    int guardBand, topRow, width, height;
    /* Per image row, its band. */
    const int *bandOfRow;
    /* The snapshot: RGBA8 words, row by row. */
    const void *texels;
    int textureWidth, textureHeight;
    /* 2 × 2 sprites: per block, the four colors of its eight sprites (upper left, upper right, lower
     * left, lower right; eight words each). */
    unsigned int *squareColors;
    /* A separable grid (gridColumns > 0): point i sits in column i % gridColumns and row i / gridColumns,
     * its centre and texel origin are its column's x and its row's y, and `motion` holds the rest
     * (shatter_point_motion per block). The row tables run 8 rows past the grid's last, their centres
     * NaN, so that a last block's padding lanes are never drawn. gridColumns 0: `lanes` holds all. */
    const void *motion;
    const float *columnCentreX;
    const int *columnOriginX;
    const float *rowCentreY;
    const int *rowOriginY;
    /* Per block of a separable grid, the time up to which none of its points has reached the speed
     * limit or a wall: until then the kernel leaves the vertex program's two quotients undivided. */
    const float *plainUntil;
    long gridColumns;
} shatter_small_sprite_frame;

/* A block's centres in eighths of a pixel, and the lanes drawn (bit k for lane k; the others
 * hold the centre of clip position 0). */
typedef struct shatter_point_centres {
    int x[8];
    int y[8];
    unsigned int visible;
} shatter_point_centres;

/*
 * One twin's entry points, resolved once (as Skia's SkOpts resolves its function table) rather than
 * picked on every call.
 */
typedef struct shatter_small_sprite_kernel {
    /* Runs blocks first ..< end (skipping those gone by the frame's time) and appends each drawn
     * sprite's entry (one pixel: the pixel's index in the image, row · width + column, in the low 32
     * bits and its color in the high ones; 2 × 2: its upper left pixel, (row + 1) << 16 | (column + 1),
     * and its point's index) to the pages of the bands it touches, in order; returns how many blocks
     * drew. */
    long (*blocks)(const shatter_small_sprite_frame *frame, long first, long end, shatter_page_writer *pages);
    /* The vertex program and the set-up alone on block `block` (reading the frame's lanes, time,
     * physics, clip scale and viewport), for sprites the kernel does not draw. */
    void (*centres)(const shatter_small_sprite_frame *frame, long block, shatter_point_centres *centres);
    /* The vertex program alone on block `block`: its eight clip positions (for tests). */
    void (*clip)(const shatter_small_sprite_frame *frame, long block, float *x, float *y);
    /* half + clip·half for eight lanes, rounded once, as this twin's viewport transform computes it
     * (for tests). */
    void (*viewport)(const float *clip, float half, float *result);
} shatter_small_sprite_kernel;

/* The entry points of `tier`'s twin (a tier the processor runs, cpu_tier.h): the AVX-512 twin draws
 * one-pixel sprites of the linear filter sixteen lanes at a time, the rest and the other entry points
 * as the AVX2 twin. */
shatter_small_sprite_kernel shatter_small_sprite_kernel_for(shatter_tier tier);

#endif /* SHATTER_SMALL_SPRITES_H */
