/*
 * The Thanos dust's fragment program (Shaders/dust_layers.frag; Swift reference DustLayersProgram)
 * one row of pixels at a time, each layer evaluated only over the span of the row its column band can
 * reach. A layer left out at a pixel adds exactly nothing there (its color is 0, and
 * 0 + color · (1 − 0) = color), and every layer that is evaluated runs the reference's IEEE operations
 * in the same order and grouping with no multiply fused to an add (dust_layers.c turns contraction
 * off), so each pixel's float color is the reference's bit for bit. The AVX2 twin runs eight pixels of
 * a layer side by side, the AVX-512 twin sixteen, the same operations in each lane.
 */
#ifndef SHATTER_DUST_LAYERS_H
#define SHATTER_DUST_LAYERS_H

#include "cpu_tier.h"

/* One layer as the program's uniform block holds it: Swift's DustLayerUniform, field for field
 * (32 bytes; DustSpanTests checks the layout). */
typedef struct shatter_dust_layer {
    float positionX, positionY;
    float cosine, sine;
    float opacity;
    float index;
    float firstColumn, lastColumn;
} shatter_dust_layer;

/* One of the two tests by which a layer's span of row y is narrowed (dust_layers.c's span_of), as
 * shatter_dust_plan works it out once a frame: pixel centres x + 0.5 between the lines low + step·y and
 * high + step·y, or, `flat` (a test x does not change), the whole row while step·y lies in [low, high]. */
typedef struct shatter_dust_reach {
    double low, high, step;
    int flat;
} shatter_dust_reach;

/* A frame's uniforms and textures, which layers rest (the caller's, from DustRestingLayers,
 * the rule the GL program shares), and its plan (shatter_dust_plan fills `reach`). */
typedef struct shatter_dust_frame {
    const shatter_dust_layer *layers;
    int layerCount;
    float anchorX, anchorY;
    float texelScaleX, texelScaleY;
    /* The snapshot (premultiplied RGBA8) and the assignment (r, g: the two owners), one 32-bit word
     * per texel, row by row, both width × height. */
    const unsigned *snapshot;
    const unsigned *assignment;
    int width, height;
    /* The layers from `restingFrom` on sit still (DustRestingLayers says when that is exact): a pixel's
     * color there comes from the owners of its own texel only, and `slot` gives each assignment index
     * its place among the layers (−1: not one of the resting ones). */
    int restingFrom;
    short slot[256];
    /* Each layer's two tests (its columns, the snapshot's rows), the same each row of the frame. */
    shatter_dust_reach reach[256][2];
} shatter_dust_frame;

/* Fills the frame's plan (`reach`) from its uniforms. */
void shatter_dust_plan(shatter_dust_frame *frame);

/* Floats per plane of a row of `count` pixels (room for the last eight-lane step). */
static inline long shatter_dust_plane(long count) { return count + 16; }

/* One tier's twin of the layers' row (dust_layers.c), resolved once. */
typedef struct shatter_dust_layers {
    /*
     * Composites, bottom layer first, every layer that can reach image row `y` into `planes` (red,
     * green, blue and alpha planes of shatter_dust_plane(x1 − x0) floats each, pixel x at x − x0,
     * zeroed by the caller): each then holds the program's color at pixel centre (x + 0.5, y + 0.5).
     * Returns 1 when some layer's span met the row, else 0.
     */
    int (*row)(const shatter_dust_frame *frame, int y, int x0, int x1, float *planes);
} shatter_dust_layers;

/* The row of `tier`'s twin (a tier the processor runs, cpu_tier.h; the AVX-512 tier has its own). */
shatter_dust_layers shatter_dust_layers_for(shatter_tier tier);

/* One tier's twin of the row's blend (dust_blend.c), resolved once. */
typedef struct shatter_dust_blend {
    /*
     * Blends the row's colors (as the layers' row left them) source-over onto `pixels` (x1 − x0
     * packed RGBA8 words, red in the low byte), leaving pixels whose color is 0 untouched:
     * SpecBlend.pixel's rounding, bit for bit, in every twin. Leaves the planes zeroed (every float of
     * each, its padding too), as the next row's layers want them: no second pass over them to clear.
     */
    void (*row)(float *planes, int count, unsigned *pixels);
} shatter_dust_blend;

/* The blend of `tier`'s twin. */
shatter_dust_blend shatter_dust_blend_for(shatter_tier tier);

#endif /* SHATTER_DUST_LAYERS_H */
