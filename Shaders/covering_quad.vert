#version 300 es
// A rectangle of whole pixels (top-left origin): the pixels a textured quad covers, or those that
// merely cover a shape or layer whose coverage the fragment stage decides per pixel. Every value is a
// whole number of pixels and the K × K viewport's scale is a power of two, so gl_Position is exact on
// any conformant GLES, fused or not, in any order (docs/parity.md, "Clip coordinates").
// Shared by textured_quad, sdf_shape, layer_quad and dust_layers.
// Swift twin: Sources/ShatterSoftware/VertexProgramTwin.swift (coveringQuad)
precision highp float;

layout(location = 0) in vec2 a_corner;    // (0,0) (1,0) (0,1) (1,1), y down

uniform vec4 u_bounds;                    // first column, first row, columns, rows (whole pixels)
uniform vec2 u_windowOrigin;              // (guard band, guard band + image height): image pixel -> window
uniform float u_inverseHalfViewport;      // 2 / K: the viewport is K × K, K a power of two

void main() {
    vec2 pixel = u_bounds.xy + a_corner * u_bounds.zw;
    vec2 window = vec2(u_windowOrigin.x + pixel.x, u_windowOrigin.y - pixel.y);
    gl_Position = vec4(window * u_inverseHalfViewport - 1.0, 0.0, 1.0);
}
