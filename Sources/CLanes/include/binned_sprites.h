/*
 * The binned fragment stage: sprites covering 3 × 3 pixels or more, drawn band by band from the list
 * the binning stage made, in C so that one body is compiled for any x86-64 and again for AVX2 (as the
 * small-sprite kernel is, small_sprites.h). Swift's PointFrame.drawSprites(_:band:points:) stays the
 * reference: each pixel is FixedPointBilinear's blend of the texels PointSpriteRaster names, the same
 * integers, so either twin writes its bytes exactly (BinnedSpriteKernelTests).
 */
#ifndef SHATTER_BINNED_SPRITES_H
#define SHATTER_BINNED_SPRITES_H

#include "cpu_tier.h"
#include "lanes.h"

/* One frame's binned sprites (Swift: PointFrame, PointSpriteRaster, the snapshot and the target). */
typedef struct shatter_binned_frame {
    /* Per block of eight points, its constants (shatter_point_lanes: Swift's PointLanes), read for the
     * texel origins alone. */
    const void *lanes;
    /* Per point, its centre in eighths of a pixel (PointBuffers.x, y). */
    const int *x, *y;
    /* The binned point indices, band by band. */
    const int *list;
    /* PointSpriteRaster: the most pixels covered per axis (the GL point's side); the pieces' size in
     * eighths of a pixel and the grid's columns (PieceTiling: each point's extent); texel step per pixel
     * (1/256 texel); the filter (1: nearest, 0: linear). */
    int coverage, eighths, columns, stepX, stepY, nearest;
    /* The image in the framebuffer: guard band (pixels), the framebuffer row of image row 0 (y up),
     * its size; `target` holds its RGBA8 pixels, row 0 at the top. */
    int guardBand, topRow, width, height;
    void *target;
    /* The snapshot: RGBA8 words, row by row. */
    const void *texels;
    int textureWidth, textureHeight;
} shatter_binned_frame;

/* One twin's entry point, resolved once. */
typedef struct shatter_binned_kernel {
    /* Draws the sprites of list entries first ..< end, in order, on image rows rowStart ..< rowEnd
     * (one band) only. Returns 1 when every texel it read had alpha 255, else 0. */
    int (*sprites)(const shatter_binned_frame *frame, long first, long end, int rowStart, int rowEnd);
} shatter_binned_kernel;

/* The entry point of `tier`'s twin (a tier the processor runs, cpu_tier.h; the AVX-512 tier takes the
 * AVX2 twin). */
shatter_binned_kernel shatter_binned_kernel_for(shatter_tier tier);

#endif /* SHATTER_BINNED_SPRITES_H */
