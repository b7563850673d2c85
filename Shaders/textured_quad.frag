#version 300 es
// A texture stretched over the pixels of a quad, times an opacity. The covered pixels and each pixel's
// texel position come from the CPU in integers (TexturedQuadRaster): the quad is drawn on whole pixels,
// gl_FragCoord names the pixel exactly, and the texture is filtered here with texelFetch and 8-bit
// weights in integers, as point_sprite.frag does (filterTap, texelBytes and lerp8 are its functions),
// so no GPU's own filter rounding or varying interpolation enters the result.
// Swift twin: Sources/ShatterSoftware/TexturedQuadProgram.swift
precision highp float;
precision highp int;

uniform highp sampler2D u_texture;        // premultiplied, rows stored top first
uniform float u_opacity;
uniform int u_linear;                     // 1: bilinear, 0: nearest
uniform ivec2 u_fragOrigin;               // (guard band, guard band + image height - 1): gl_FragCoord -> image pixel
uniform ivec2 u_first;                    // the first covered image pixel (x, y down)
uniform ivec2 u_base;                     // its texel position, 1/65536 texel, less half a texel
uniform ivec2 u_step;                     // texel position per pixel, 1/65536 texel

out vec4 fragColor;

ivec3 filterTap(int p, int size) {
    if (u_linear == 0) {
        int index = clamp((p + 128) >> 8, 0, size - 1);
        return ivec3(index, index, 0);
    }
    int index = p >> 8;                   // sign-extending: floor for negative positions
    return ivec3(clamp(index, 0, size - 1), clamp(index + 1, 0, size - 1), p & 255);
}

uvec4 texelBytes(int x, int y) {
    return uvec4(texelFetch(u_texture, ivec2(x, y), 0) * 255.0 + 0.5);
}

uvec4 lerp8(uvec4 a, uvec4 b, uint w) {
    return (a * (256u - w) + b * w + 128u) >> 8u;
}

void main() {
    // gl_FragCoord is the pixel's centre, n + 0.5: its floor is the pixel, exactly; rows count up.
    ivec2 fragment = ivec2(gl_FragCoord.xy);
    ivec2 pixel = ivec2(fragment.x - u_fragOrigin.x, u_fragOrigin.y - fragment.y);
    // To the filter's 1/256 texel, halves up (sign-extending shift: floor for negative positions).
    ivec2 position = (u_base + (pixel - u_first) * u_step + 128) >> 8;
    ivec2 size = textureSize(u_texture, 0);
    ivec3 x = filterTap(position.x, size.x);
    ivec3 y = filterTap(position.y, size.y);
    uvec4 top = lerp8(texelBytes(x.x, y.x), texelBytes(x.y, y.x), uint(x.z));
    uvec4 bottom = lerp8(texelBytes(x.x, y.y), texelBytes(x.y, y.y), uint(x.z));
    fragColor = vec4(lerp8(top, bottom, uint(y.z))) * (1.0 / 255.0) * u_opacity;
}
