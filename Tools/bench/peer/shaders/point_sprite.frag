#version 300 es
// The original's fragment function: the sprite shows its own cell of the snapshot, addressed through
// the point coordinate (upper-left origin in GLES as in Metal, hence 1 - pc.y).
// The snapshot is filtered here, not by texture(): texelFetch and integer arithmetic, with the texel
// position snapped to 1/256 texel (ties to even) and 8-bit weights, as llvmpipe filters unorm8. No
// GPU's own filter rounding (unpublished, and not llvmpipe's on NVIDIA) enters the result, and the
// written bytes are whole (k/255), so no store rounding does either.
// Swift twin: Sources/ShatterSoftware/PointSpriteProgram+Fragment.swift (TextureSampler.filterTap, FixedPointBilinear)
precision highp float;
precision highp int;

uniform highp sampler2D u_snapshot;       // rows stored top first
uniform vec2 u_texcoordScale;             // (p / W, p / H)
uniform int u_linear;                     // 1: bilinear, 0: nearest

in vec2 v_uvOrigin;
out vec4 fragColor;

// One axis: the two texels and the second's weight in 1/256 (0 for nearest).
ivec3 filterTap(float coordinate, int size) {
    if (u_linear == 0) {
        int index = clamp(int(floor(coordinate * float(size))), 0, size - 1);
        return ivec3(index, index, 0);
    }
    int fixedPoint = int(roundEven((coordinate * float(size) - 0.5) * 256.0));
    int index = fixedPoint >> 8;          // sign-extending: floor for negative positions
    return ivec3(clamp(index, 0, size - 1), clamp(index + 1, 0, size - 1), fixedPoint & 255);
}

uvec4 texelBytes(int x, int y) {
    return uvec4(texelFetch(u_snapshot, ivec2(x, y), 0) * 255.0 + 0.5);
}

uvec4 lerp8(uvec4 a, uvec4 b, uint w) {
    return (a * (256u - w) + b * w + 128u) >> 8u;
}

void main() {
    vec2 pc = gl_PointCoord;
    vec2 uv = v_uvOrigin + vec2(pc.x * u_texcoordScale.x, (1.0 - pc.y) * u_texcoordScale.y);
    // uv.y counts up from the bottom of the screen; the snapshot's first row is its top.
    ivec2 size = textureSize(u_snapshot, 0);
    ivec3 x = filterTap(uv.x, size.x);
    ivec3 y = filterTap(1.0 - uv.y, size.y);
    uvec4 top = lerp8(texelBytes(x.x, y.x), texelBytes(x.y, y.x), uint(x.z));
    uvec4 bottom = lerp8(texelBytes(x.x, y.y), texelBytes(x.y, y.y), uint(x.z));
    fragColor = vec4(lerp8(top, bottom, uint(y.z))) * (1.0 / 255.0);
}
