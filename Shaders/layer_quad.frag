#version 300 es
// A texture on a transformed layer: the pixel centre is mapped into the texture's unit square and
// filtered bilinearly by hand (texelFetch, clamp-to-edge), so both backends do the same arithmetic.
// Swift twin: Sources/ShatterSoftware/LayerQuadProgram.swift (same names, same order of operations).
precision highp float;

uniform vec2 u_viewSize;                  // image size in pixels
uniform float u_guard;                    // guard band in pixels
uniform sampler2D u_texture;              // premultiplied, rows stored top first
uniform vec3 u_toTextureX;                // image pixel -> texture uv, first row
uniform vec3 u_toTextureY;                // second row
uniform float u_opacity;

out vec4 fragColor;

vec4 bilinear(vec2 uv) {
    ivec2 size = textureSize(u_texture, 0);
    vec2 f = uv * vec2(size) - 0.5;
    vec2 f0 = floor(f);
    vec2 a = f - f0;
    ivec2 i0 = ivec2(f0);
    ivec2 ia = clamp(i0, ivec2(0), size - 1);
    ivec2 ib = clamp(i0 + 1, ivec2(0), size - 1);
    vec4 top = texelFetch(u_texture, ivec2(ia.x, ia.y), 0) * (1.0 - a.x) + texelFetch(u_texture, ivec2(ib.x, ia.y), 0) * a.x;
    vec4 bottom = texelFetch(u_texture, ivec2(ia.x, ib.y), 0) * (1.0 - a.x) + texelFetch(u_texture, ivec2(ib.x, ib.y), 0) * a.x;
    return top * (1.0 - a.y) + bottom * a.y;
}

void main() {
    vec2 pixel = vec2(gl_FragCoord.x - u_guard, u_viewSize.y + u_guard - gl_FragCoord.y);
    vec2 uv = vec2(u_toTextureX.x * pixel.x + u_toTextureX.y * pixel.y + u_toTextureX.z,
                   u_toTextureY.x * pixel.x + u_toTextureY.y * pixel.y + u_toTextureY.z);
    if (uv.x < 0.0 || uv.x > 1.0 || uv.y < 0.0 || uv.y > 1.0) {
        discard;                          // outside the layer: untouched
    }
    fragColor = bilinear(uv) * u_opacity;
}
