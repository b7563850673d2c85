/*
 * Premultiplied RGBA8 → straight, in place, as ShatterCore's Alpha.unpremultiply rounds it
 * (`min(255, (c·255 + a/2) / a)`, alpha 0 giving 0): what a PNG file and a frei0r host take. One body
 * per tier (cpu_tier.h), sixteen pixels a step; a step of opaque pixels (a frame is mostly opaque) is
 * one load and one test.
 */
#ifndef SHATTER_STRAIGHTEN_H
#define SHATTER_STRAIGHTEN_H

#include "cpu_tier.h"

typedef struct shatter_straighten {
    /* `count` bytes (whole pixels) of premultiplied RGBA8 at `pixels` → straight, in place. */
    void (*run)(unsigned char *pixels, long count);
    /* The same from `from` into `to` (which does not overlap it), in the one pass: no copy first. */
    void (*copy)(const unsigned char *from, unsigned char *to, long count);
} shatter_straighten;

/* The unit's table: the twin of `tier`, or its widest narrower one. */
shatter_straighten shatter_straighten_for(shatter_tier tier);

#endif /* SHATTER_STRAIGHTEN_H */
