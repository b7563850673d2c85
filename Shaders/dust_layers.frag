#version 300 es
// The Thanos dust: every layer, bottom first, composited source-over in float, blended once.
// For each layer the pixel centre is mapped back into the snapshot (inverse of the layer's move and
// rotation about the anchor) and the snapshot is filtered bilinearly by hand, each of the four texels
// counted only when that layer owns it. Texels outside the snapshot count as transparent.
// Swift twin: Sources/ShatterSoftware/DustLayersProgram.swift
precision highp float;
precision highp int;

uniform sampler2D u_snapshot;             // premultiplied, rows stored top first
uniform sampler2D u_assignment;           // r, g = the two layers each snapshot pixel belongs to
uniform vec2 u_anchor;                    // layer centre at rest, pixels
uniform vec2 u_texelScale;                // snapshot texels per output pixel
uniform float u_guard;                    // guard band, pixels
uniform vec2 u_viewSize;
uniform int u_layerCount;

layout(std140) uniform DustLayers {
    // Per layer: (position.x, position.y, cos, sin), (opacity, index, first column, last column).
    vec4 u_layers[510];
};

out vec4 fragColor;

vec4 layerTexel(ivec2 p, int layer) {
    ivec2 size = textureSize(u_snapshot, 0);
    if (p.x < 0 || p.y < 0 || p.x >= size.x || p.y >= size.y) return vec4(0.0);
    ivec2 owners = ivec2(texelFetch(u_assignment, p, 0).rg * 255.0 + 0.5);
    if (owners.x != layer && owners.y != layer) return vec4(0.0);
    return texelFetch(u_snapshot, p, 0);
}

void main() {
    // Image pixel centre, top-left origin (GL's window rows run bottom to top, the band around).
    vec2 pixel = vec2(gl_FragCoord.x - u_guard, u_viewSize.y + u_guard - gl_FragCoord.y);
    vec4 color = vec4(0.0);
    for (int i = 0; i < u_layerCount; i++) {
        vec4 pose = u_layers[2 * i];
        vec4 more = u_layers[2 * i + 1];
        vec2 d = pixel - pose.xy;
        vec2 local = vec2(d.x * pose.z + d.y * pose.w, d.y * pose.z - d.x * pose.w) + u_anchor;
        vec2 f = local * u_texelScale - 0.5;
        vec2 base = floor(f);
        // The footprint misses every column of this layer: it adds nothing.
        if (base.x + 1.0 < more.z || base.x > more.w) continue;
        vec2 a = f - base;
        ivec2 p = ivec2(base);
        int layer = int(more.y);
        vec4 top = layerTexel(p, layer) * (1.0 - a.x) + layerTexel(p + ivec2(1, 0), layer) * a.x;
        vec4 bottom = layerTexel(p + ivec2(0, 1), layer) * (1.0 - a.x) + layerTexel(p + ivec2(1, 1), layer) * a.x;
        vec4 c = (top * (1.0 - a.y) + bottom * a.y) * more.x;
        color = c + color * (1.0 - c.a);
    }
    fragColor = color;
}
