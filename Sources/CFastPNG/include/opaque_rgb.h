/*
 * An opaque RGBA8 image's RGB bytes (opaque_rgb.c): PNGEncoder writes an image whose every pixel is
 * opaque as 8-bit RGB, a quarter fewer bytes to filter and code and none of them the alpha's 255s,
 * and finds out whether it is while packing each row (a row's bytes are read once either way).
 */
#ifndef SHATTER_OPAQUE_RGB_H
#define SHATTER_OPAQUE_RGB_H

#include "cpu_tier.h"
#include <stddef.h>
#include <stdint.h>

/* One tier's twin of the packing, resolved once; every twin writes the same bytes. */
typedef struct shatter_opaque_rgb_packer {
    /*
     * Writes the R, G and B bytes of `rgba`'s pixels to `rgb` (3 bytes a pixel, nothing past the
     * last), up to the first pixel whose alpha is not 255; returns how many pixels it wrote, `pixels`
     * exactly when every one is opaque.
     */
    size_t (*pack)(const uint8_t *rgba, size_t pixels, uint8_t *rgb);
} shatter_opaque_rgb_packer;

/* The packing of `tier`'s twin (a tier the processor runs; the AVX-512 tier takes the AVX2 twin). */
shatter_opaque_rgb_packer shatter_opaque_rgb_for(shatter_tier tier);

#endif /* SHATTER_OPAQUE_RGB_H */
