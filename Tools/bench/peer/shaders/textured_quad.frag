#version 300 es
// Swift twin: Sources/ShatterSoftware/TexturedQuadProgram.swift
precision highp float;

uniform sampler2D u_texture;              // premultiplied, rows stored top first
uniform float u_opacity;

in vec2 v_uv;
out vec4 fragColor;

void main() {
    fragColor = texture(u_texture, v_uv) * u_opacity;
}
