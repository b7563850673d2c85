#version 300 es
// Coverage of one replicated circle at this pixel's centre, from the signed distance to its edge,
// times the instance color and the layer opacity, premultiplied. Pixels outside are discarded, so
// the bounding square leaves the framebuffer untouched there.
// Swift twin: Sources/ShatterSoftware/InstancedCircleProgram.swift
precision highp float;

uniform float u_radius;                   // pixels
uniform float u_opacity;
uniform vec2 u_fragOrigin;                // (guard band, guard band + image height): gl_FragCoord -> image pixel

flat in vec2 v_circleCentre;
flat in vec3 v_color;
out vec4 fragColor;

void main() {
    // gl_FragCoord counts up from the framebuffer's bottom; image pixels count down from its top.
    vec2 pixel = vec2(gl_FragCoord.x - u_fragOrigin.x, u_fragOrigin.y - gl_FragCoord.y);
    float d = length(pixel - v_circleCentre) - u_radius;
    float coverage = clamp(0.5 - d, 0.0, 1.0);
    if (coverage <= 0.0) {
        discard;
    }
    float alpha = coverage * u_opacity;
    fragColor = vec4(v_color * alpha, alpha);
}
