#version 300 es
// The shattered transition's pieces: BrokenGlassEffect's Metal vertex function, which only places a
// piece whose position the CPU has updated (so here: PointMotionStage, the CPU renderer's own motion
// code, uploads each centre per frame). Every operation is exact on any conformant GLES
// (docs/parity.md, "Point sprites"): integers, and one product by a power of two.
// Swift twin: Sources/ShatterCore/PointSpriteRaster.swift (first, glCentreX, glCentreY, baseX, baseY).
precision highp float;
precision highp int;

layout(location = 0) in ivec2 a_centre;   // eighths of a pixel, window coordinates (y up); x < 0: dropped
layout(location = 1) in ivec4 a_piece;    // xy: the piece's texel origin, 1/256 texel (x right, y down the
                                          // snapshot); zw: its extent, whole pixels (its share, PieceTiling)

uniform int u_coverage;                   // the point's side, whole pixels: the largest extent
uniform ivec2 u_step;                     // texel step per pixel, 1/256 texel
uniform float u_inverseViewport8;         // 1 / (8·K): the viewport is K × K, K a power of two

flat out ivec2 v_base;                    // texel position of the sprite's top-left pixel, 1/256 texel
flat out ivec2 v_extent;                  // the piece's pixels along x and y, counted from its top-left

void main() {
    gl_PointSize = float(u_coverage);
    if (a_centre.x < 0) {
        // Outside the clip volume: the CPU found the piece's centre off the frame.
        gl_Position = vec4(2.0, 2.0, 0.0, 1.0);
        v_base = ivec2(0);
        v_extent = ivec2(0);
        return;
    }
    ivec2 extent = a_piece.zw;
    // The piece's first pixel along each axis; the point's left and top edges are the piece's, on pixel
    // boundaries (its side is whole), so every fragment past the piece's extent is one to discard.
    ivec2 first = (a_centre - 4 * extent + 4) >> 3;
    ivec2 centre16 = ivec2(16 * first.x + 8 * u_coverage, 16 * (first.y + extent.y) - 8 * u_coverage);
    // centre16 / 16 window pixels is NDC centre16 / (8·K) − 1: an exact product and difference.
    gl_Position = vec4(vec2(centre16) * u_inverseViewport8 - 1.0, 0.0, 1.0);
    // The phase (first pixel's centre minus the true centre, eighths; y down) scaled by the step.
    ivec2 phase = ivec2(8 * first.x + 4 - a_centre.x, a_centre.y - 8 * (first.y + extent.y) + 4);
    v_base = a_piece.xy + ((phase * u_step) >> 3);
    v_extent = extent;
}
