#version 300 es
// The original's fragment function: the sprite shows its own cell of the snapshot, addressed through
// the point coordinate (upper-left origin in GLES as in Metal, hence 1 - pc.y).
// Swift twin: Sources/ShatterSoftware/PointSpriteProgram.swift
precision highp float;

uniform sampler2D u_snapshot;             // rows stored top first
uniform vec2 u_texcoordScale;             // (p / W, p / H)

in vec2 v_uvOrigin;
out vec4 fragColor;

void main() {
    vec2 pc = gl_PointCoord;
    vec2 uv = v_uvOrigin + vec2(pc.x * u_texcoordScale.x, (1.0 - pc.y) * u_texcoordScale.y);
    // uv.y counts up from the bottom of the screen; the snapshot's first row is its top.
    fragColor = texture(u_snapshot, vec2(uv.x, 1.0 - uv.y));
}
