// The OBS transition's two halves: the module (module.c, transition.c: OBS's C interface, drawing with
// OBS's graphics) and the pieces' motion, which ShatterOBS (Swift) exports with these functions. The
// motion is the project's own (ShatterPointSprites), so OBS shows the centres `shatter render` draws.
#ifndef SHATTER_OBS_H
#define SHATTER_OBS_H

#include <stddef.h>
#include <stdint.h>

/// What a transition's properties say, as the motion reads them.
struct shatter_obs_settings {
    /// Pieces' side in pixels, rounded to eighths; 0 or less: auto (2/375 of the canvas width).
    double point_size;
    /// Seconds of the pieces' fall the transition shows (0.1 … 10).
    double duration;
    uint64_t seed;
    /// 0 original, 1 textbook, 2 original in 60 Hz steps, 3 textbook in steps (`--physics`).
    int physics;
};

/// The floats each piece writes: six vertices (two triangles) of four position floats (OBS's
/// `struct vec3`, x y 0 0) and, in the other array, two texture coordinates.
#define SHATTER_OBS_VERTICES_PER_PIECE 6

/// The pieces of one `width`×`height` canvas under `settings`, built once; NULL where none can be
/// built (a size over 16384). Frees nothing it is not given.
void *shatter_obs_pieces_create(uint32_t width, uint32_t height, const struct shatter_obs_settings *settings);
void shatter_obs_pieces_destroy(void *pieces);
/// How many pieces the grid has: the most a frame writes.
size_t shatter_obs_pieces_count(const void *pieces);
/// The point size in pixels the pieces have (auto resolved, raised where the grid would be too large).
double shatter_obs_pieces_point_size(const void *pieces);
/// The pieces still on screen `seconds` into their fall, bottom row first (later ones cover earlier
/// ones): each as two triangles over its own pixels of the canvas (x right, y down, pixels), with the
/// texture coordinates (0…1, y down) of the outgoing picture it shows. Returns how many pieces it
/// wrote, at most `capacity`; no allocation after the first call.
size_t shatter_obs_pieces_frame(
    void *pieces, double seconds, float *positions, float *texcoords, size_t capacity);

/// The dust transition's properties.
struct shatter_obs_dust_settings {
    /// Layers of dust, 1 … SHATTER_OBS_DUST_MAX_LAYERS (the original: 32).
    int layers;
    /// How far the dust drifts: 60 × 30 points times this (0.5: the original's 30 × 15).
    double drift;
    uint64_t seed;
};

/// The most layers the OBS dust draws (the CLI's: 255): each frame's poses are a float texture of two
/// texels a layer, and its loop runs over every visible layer for every pixel.
#define SHATTER_OBS_DUST_MAX_LAYERS 64
/// Floats per layer a frame writes: (position x, y, cos, sin), (opacity, index, first, last column).
#define SHATTER_OBS_DUST_FLOATS_PER_LAYER 8

/// The dust of one `width`×`height` canvas (the layer split and every layer's motion, as `shatter join
/// --transition dust` builds them); NULL where none can be built.
void *shatter_obs_dust_create(uint32_t width, uint32_t height, const struct shatter_obs_dust_settings *settings);
void shatter_obs_dust_destroy(void *dust);
/// Seconds from the snap to the last layer's fading (2.3078 s for 32 layers): progress 1.
double shatter_obs_dust_seconds(const void *dust);
/// Which layers own each pixel, `width`×`height` RGBA8 (r: the first, g: the second), top row first,
/// into `rgba` of `size` bytes; 0 where `size` is not the canvas's.
int shatter_obs_dust_assignment(const void *dust, uint8_t *rgba, size_t size);
/// The layers visible `seconds` after the snap, bottom first, SHATTER_OBS_DUST_FLOATS_PER_LAYER floats
/// each; returns how many it wrote, at most `capacity`.
size_t shatter_obs_dust_frame(const void *dust, double seconds, float *layers, size_t capacity);

#endif
