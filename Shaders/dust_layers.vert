#version 300 es
// The Thanos dust: one rectangle (top-left origin, pixels) around everything the layers can touch;
// the fragment program composites the layers and decides coverage.
// Swift twin: Sources/ShatterSoftware/DustLayersProgram.swift
precision highp float;

layout(location = 0) in vec2 a_corner;    // (0,0) (1,0) (0,1) (1,1), y down

uniform vec4 u_bounds;                    // x, y, width, height in pixels
uniform vec2 u_inverseViewSize;           // 1 / image size: multiplied (correctly rounded in GLSL ES), never divided (a/b may be a·rcp(b))
uniform vec2 u_clipScale;                 // image NDC -> framebuffer NDC (guard band)

void main() {
    vec2 pixel = u_bounds.xy + a_corner * u_bounds.zw;
    vec2 ndc = vec2(pixel.x * u_inverseViewSize.x * 2.0 - 1.0, 1.0 - pixel.y * u_inverseViewSize.y * 2.0);
    gl_Position = vec4(ndc * u_clipScale, 0.0, 1.0);
}
