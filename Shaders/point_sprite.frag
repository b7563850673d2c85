#version 300 es
// The original's fragment function: the sprite shows its own cell of the snapshot, addressed through
// the point coordinate. gl_PointCoord only names which pixel of the sprite this is,
// floor(gl_PointCoord · size), right for any error under 1/2 px (the point's side is whole and its
// edges lie on pixel boundaries); pixels past the piece's own extent are discarded, so pieces tile the
// screen; the texel position is integers from there.
// The snapshot is filtered here, not by texture(): texelFetch and 8-bit weights in integers, so no
// GPU's own filter rounding enters the result, and the written bytes are whole (k/255).
// Swift twin: Sources/ShatterSoftware/PointSpriteProgram+Fragment.swift (fragment(x:y:snapshot:),
// TextureSampler.fixedTap, FixedPointBilinear).
precision highp float;
precision highp int;

uniform highp sampler2D u_snapshot;       // rows stored top first
uniform int u_linear;                     // 1: bilinear, 0: nearest
uniform int u_coverage;                   // the point's side, whole pixels
uniform ivec2 u_step;                     // texel step per pixel, 1/256 texel

flat in ivec2 v_base;
flat in ivec2 v_extent;
out vec4 fragColor;

// One axis at position p (1/256 texel): the two texels and the second's weight in 1/256 (0 for nearest).
ivec3 filterTap(int p, int size) {
    if (u_linear == 0) {
        int index = clamp((p + 128) >> 8, 0, size - 1);
        return ivec3(index, index, 0);
    }
    int index = p >> 8;                   // sign-extending: floor for negative positions
    return ivec3(clamp(index, 0, size - 1), clamp(index + 1, 0, size - 1), p & 255);
}

uvec4 texelBytes(int x, int y) {
    return uvec4(texelFetch(u_snapshot, ivec2(x, y), 0) * 255.0 + 0.5);
}

uvec4 lerp8(uvec4 a, uvec4 b, uint w) {
    return (a * (256u - w) + b * w + 128u) >> 8u;
}

void main() {
    // Which pixel of the sprite (x from the left, y from the top: gl_PointCoord's upper-left origin).
    ivec2 k = clamp(ivec2(floor(gl_PointCoord * float(u_coverage))), ivec2(0), ivec2(u_coverage - 1));
    if (k.x >= v_extent.x || k.y >= v_extent.y) {
        discard;                          // the neighbouring piece's pixel
    }
    ivec2 position = v_base + k * u_step;
    ivec2 size = textureSize(u_snapshot, 0);
    ivec3 x = filterTap(position.x, size.x);
    ivec3 y = filterTap(position.y, size.y);
    uvec4 top = lerp8(texelBytes(x.x, y.x), texelBytes(x.y, y.x), uint(x.z));
    uvec4 bottom = lerp8(texelBytes(x.x, y.y), texelBytes(x.y, y.y), uint(x.z));
    fragColor = vec4(lerp8(top, bottom, uint(y.z))) * (1.0 / 255.0);
}
