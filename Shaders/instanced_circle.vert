#version 300 es
// Replicated anti-aliased circles, one instance per copy: Core Animation's CAReplicatorLayer with an
// instanceTransform that rotates about the replicator's centre and an instanceColor with per-instance
// offsets (the breathing flower's petals and ghost petals). Each instance's centre and color come
// computed on the CPU (InstancedCircleBatch.instances(), shared with the twin) as per-instance
// attributes: GLSL ES leaves cos and sin's precision to the implementation, so turning the circle
// here could place it differently on every GL. What is left is exact: the corner offset is ±halfSide.
// Each instance is a square 2 px wider than its circle on every side; the fragment program decides
// coverage, so no pixel depends on the rasteriser's edge rules.
// Swift twin: Sources/ShatterSoftware/InstancedCircleProgram.swift (same names, same order of operations).
precision highp float;

layout(location = 0) in vec2 a_corner;    // (0,0) (1,0) (0,1) (1,1), y down
layout(location = 1) in vec2 a_circleCentre; // per instance: the circle's centre, pixels, y down
layout(location = 2) in vec3 a_color;     // per instance: its color, clamped to [0, 1]

uniform vec2 u_inverseViewSize;           // 1 / image size: multiplied (correctly rounded in GLSL ES), never divided (a/b may be a·rcp(b))
uniform vec2 u_clipScale;                 // image NDC -> framebuffer NDC (guard band)
uniform float u_radius;                   // pixels

flat out vec2 v_circleCentre;             // pixels, y down
flat out vec3 v_color;

const float margin = 2.0;                 // beyond the anti-aliased edge (radius + 0.5)

void main() {
    float halfSide = u_radius + margin;
    vec2 pixel = a_circleCentre + (a_corner * 2.0 - 1.0) * halfSide;
    vec2 ndc = vec2(pixel.x * u_inverseViewSize.x * 2.0 - 1.0, 1.0 - pixel.y * u_inverseViewSize.y * 2.0);
    gl_Position = vec4(ndc * u_clipScale, 0.0, 1.0);
    v_circleCentre = a_circleCentre;
    v_color = a_color;
}
