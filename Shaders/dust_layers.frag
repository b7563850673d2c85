#version 300 es
// The Thanos dust: every layer, bottom first, composited source-over in float, blended once, over
// the covering quad (covering_quad.vert) around everything the layers can touch.
// Each pixel runs only the layers of its tile's list (DustTileLists: the layers that can reach some
// pixel of the tile, bottom first). A layer left out adds exactly nothing where it is left out (its
// color is 0, and 0 + color * (1 - 0) = color in IEEE float), so the result is the loop over every
// layer's, bit for bit, at a fraction of the cost. The layers resting at the top of the stack are in
// no list: a pixel takes only those that own its own texel (the end of main).
// For each layer the pixel centre is mapped back into the snapshot (inverse of the layer's move and
// rotation about the anchor) and the snapshot is filtered bilinearly by hand, each of the four texels
// counted only when that layer owns it. Texels outside the snapshot count as transparent.
// Swift twin: Sources/ShatterSoftware/DustLayersProgram.swift
precision highp float;
precision highp int;
precision highp usampler2D;

uniform sampler2D u_snapshot;             // premultiplied, rows stored top first
uniform sampler2D u_assignment;           // r, g = the two layers each snapshot pixel belongs to
uniform vec2 u_anchor;                    // layer centre at rest, pixels
uniform vec2 u_texelScale;                // snapshot texels per output pixel
uniform float u_guard;                    // guard band, pixels
uniform vec2 u_viewSize;
uniform usampler2D u_tiles;               // per tile, row by row: first entry of its list, its length
uniform usampler2D u_tileLayers;          // the lists, layer indices, 2048 entries a row
uniform ivec2 u_tileOrigin;               // image pixel at the first tile's top-left corner
uniform int u_tileSize;                   // pixels
// The layers at the stack's top that rest (DustRestingLayers, in no tile's list): from place
// u_restingFrom on (255: none), each assignment index's place in u_restingSlots (255: none of them).
uniform int u_restingFrom;
uniform usampler2D u_restingSlots;        // 256 x 1

// One layer at this instant; Swift: DustLayerUniform (Sources/ShatterCore/DustLayerStack.swift), whose
// layout is this struct's under std140 (32 bytes).
struct DustLayer {
    vec2 position;                        // where the anchor is now, pixels
    float cosine;                         // of the layer's rotation
    float sine;
    float opacity;
    float index;                          // in the assignment texture
    float firstColumn;                    // the snapshot columns holding the layer's pixels
    float lastColumn;
};

layout(std140) uniform DustLayers {
    DustLayer u_layers[255];              // DustLayerStack.maximumLayers; those of the stack are used
};

out vec4 fragColor;

vec4 layerTexel(ivec2 p, int layer) {
    ivec2 size = textureSize(u_snapshot, 0);
    if (p.x < 0 || p.y < 0 || p.x >= size.x || p.y >= size.y) return vec4(0.0);
    ivec2 owners = ivec2(texelFetch(u_assignment, p, 0).rg * 255.0 + 0.5);
    if (owners.x != layer && owners.y != layer) return vec4(0.0);
    return texelFetch(u_snapshot, p, 0);
}

// `color` with a resting layer `l` that owns texel p composited over it; the program's column test at
// the footprint's column p.x first.
vec4 resting(DustLayer l, ivec2 p, vec4 color) {
    if (float(p.x) + 1.0 < l.firstColumn || float(p.x) > l.lastColumn) return color;
    vec4 c = texelFetch(u_snapshot, p, 0) * l.opacity;
    return c + color * (1.0 - c.a);
}

void main() {
    // Image pixel centre, top-left origin (GL's window rows run bottom to top, the band around).
    vec2 pixel = vec2(gl_FragCoord.x - u_guard, u_viewSize.y + u_guard - gl_FragCoord.y);
    vec4 color = vec4(0.0);
    // A pixel outside every tile (the guard band, never read back) runs no layer.
    ivec2 tile = (ivec2(floor(pixel)) - u_tileOrigin) / u_tileSize;
    uvec2 list = uvec2(0u);
    if (all(greaterThanEqual(ivec2(floor(pixel)), u_tileOrigin)) && all(lessThan(tile, textureSize(u_tiles, 0)))) {
        list = texelFetch(u_tiles, tile, 0).rg;
    }
    for (uint k = list.x; k < list.x + list.y; k++) {
        DustLayer l = u_layers[texelFetch(u_tileLayers, ivec2(k & 2047u, k >> 11u), 0).r];
        vec2 d = pixel - l.position;
        vec2 local = vec2(d.x * l.cosine + d.y * l.sine, d.y * l.cosine - d.x * l.sine) + u_anchor;
        vec2 f = local * u_texelScale - 0.5;
        vec2 base = floor(f);
        // The footprint misses every column of this layer: it adds nothing.
        if (base.x + 1.0 < l.firstColumn || base.x > l.lastColumn) continue;
        vec2 a = f - base;
        ivec2 p = ivec2(base);
        int layer = int(l.index);
        vec4 top = layerTexel(p, layer) * (1.0 - a.x) + layerTexel(p + ivec2(1, 0), layer) * a.x;
        vec4 bottom = layerTexel(p + ivec2(0, 1), layer) * (1.0 - a.x) + layerTexel(p + ivec2(1, 1), layer) * a.x;
        vec4 c = (top * (1.0 - a.y) + bottom * a.y) * l.opacity;
        color = c + color * (1.0 - c.a);
    }
    // The resting layers, above every moving one. At rest a pixel centre maps exactly onto texel
    // p = floor(pixel) with weights 0, so a layer's color is that texel's (t * 1.0 + u * 0.0 = t) when it
    // owns it, times its opacity, and 0 when not: only p's owners, lower place first, are composited.
    ivec2 p = ivec2(floor(pixel));
    if (u_restingFrom < 255 && all(greaterThanEqual(p, ivec2(0))) && all(lessThan(p, textureSize(u_snapshot, 0)))) {
        ivec2 owners = ivec2(texelFetch(u_assignment, p, 0).rg * 255.0 + 0.5);
        int a = int(texelFetch(u_restingSlots, ivec2(owners.x, 0), 0).r);
        int b = int(texelFetch(u_restingSlots, ivec2(owners.y, 0), 0).r);
        int lower = min(a, b);
        int upper = max(a, b);
        if (lower < 255) color = resting(u_layers[lower], p, color);
        if (upper < 255 && upper != lower) color = resting(u_layers[upper], p, color);
    }
    fragColor = color;
}
