/*
 * An opaque RGBA8 image's RGB bytes (opaque_rgb.c): PNGEncoder writes an image whose every pixel is
 * opaque as 8-bit RGB, a quarter fewer bytes to filter and code and none of them the alpha's 255s,
 * and finds out whether it is while packing each row (a row's bytes are read once either way).
 */
#ifndef SHATTER_OPAQUE_RGB_H
#define SHATTER_OPAQUE_RGB_H

#include <stddef.h>
#include <stdint.h>

/*
 * Writes the R, G and B bytes of `rgba`'s pixels to `rgb` (3 bytes a pixel, nothing past the last),
 * up to the first pixel whose alpha is not 255; returns how many pixels it wrote, `pixels` exactly
 * when every one is opaque. `avx2`: take the AVX2 twin (only where shatter_instruction_set() ≥ 1);
 * both write the same bytes.
 */
size_t shatter_opaque_rgb(const uint8_t *rgba, size_t pixels, uint8_t *rgb, int avx2);

#endif /* SHATTER_OPAQUE_RGB_H */
