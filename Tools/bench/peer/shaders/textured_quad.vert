#version 300 es
// A texture stretched over a pixel rectangle (top-left origin): destination screens, layers.
// Swift twin: Sources/ShatterSoftware/TexturedQuadProgram.swift
precision highp float;

layout(location = 0) in vec2 a_corner;    // (0,0) (1,0) (0,1) (1,1), y down

uniform vec4 u_rect;                      // x, y, width, height in pixels
uniform vec2 u_inverseViewSize;           // 1 / image size: multiplied (correctly rounded in GLSL ES), never divided (a/b may be a·rcp(b))
uniform vec2 u_clipScale;                 // image NDC -> framebuffer NDC (guard band)

out vec2 v_uv;

void main() {
    vec2 pixel = u_rect.xy + a_corner * u_rect.zw;
    vec2 ndc = vec2(pixel.x * u_inverseViewSize.x * 2.0 - 1.0, 1.0 - pixel.y * u_inverseViewSize.y * 2.0);
    gl_Position = vec4(ndc * u_clipScale, 0.0, 1.0);
    v_uv = a_corner;
}
