#version 300 es
// One Thanos-dust layer: the pixel centre is mapped back into the snapshot (inverse of the layer's
// move and rotation about its anchor) and the snapshot is sampled bilinearly by hand, each of the four
// texels counted only when this layer owns it. Texels outside the snapshot count as transparent.
// Swift twin: Sources/ShatterSoftware/DustLayerProgram.swift
precision highp float;
precision highp int;

uniform sampler2D u_snapshot;             // premultiplied, rows stored top first
uniform sampler2D u_assignment;           // r, g = the two layers each snapshot pixel belongs to
uniform int u_layer;
uniform vec2 u_anchor;                    // layer centre at rest, pixels
uniform vec2 u_position;                  // layer centre now, pixels
uniform vec2 u_rotation;                  // cos, sin of the layer's clockwise rotation
uniform vec2 u_texelScale;                // snapshot texels per output pixel
uniform float u_opacity;
uniform float u_guard;                    // guard band, pixels
uniform vec2 u_viewSize;

out vec4 fragColor;

vec4 layerTexel(ivec2 p) {
    ivec2 size = textureSize(u_snapshot, 0);
    if (p.x < 0 || p.y < 0 || p.x >= size.x || p.y >= size.y) return vec4(0.0);
    ivec2 owners = ivec2(texelFetch(u_assignment, p, 0).rg * 255.0 + 0.5);
    if (owners.x != u_layer && owners.y != u_layer) return vec4(0.0);
    return texelFetch(u_snapshot, p, 0);
}

void main() {
    // Image pixel centre, top-left origin (GL's window rows run bottom to top, the band around).
    vec2 pixel = vec2(gl_FragCoord.x - u_guard, u_viewSize.y + u_guard - gl_FragCoord.y);
    vec2 d = pixel - u_position;
    vec2 local = vec2(d.x * u_rotation.x + d.y * u_rotation.y, d.y * u_rotation.x - d.x * u_rotation.y) + u_anchor;
    vec2 f = local * u_texelScale - 0.5;
    vec2 base = floor(f);
    vec2 a = f - base;
    ivec2 p = ivec2(base);
    vec4 top = layerTexel(p) * (1.0 - a.x) + layerTexel(p + ivec2(1, 0)) * a.x;
    vec4 bottom = layerTexel(p + ivec2(0, 1)) * (1.0 - a.x) + layerTexel(p + ivec2(1, 1)) * a.x;
    fragColor = (top * (1.0 - a.y) + bottom * a.y) * u_opacity;
}
