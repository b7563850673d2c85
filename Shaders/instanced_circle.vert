#version 300 es
// Replicated anti-aliased circles, one instance per copy: Core Animation's CAReplicatorLayer with an
// instanceTransform that rotates about the replicator's centre and an instanceColor with per-instance
// offsets (the breathing flower's petals and ghost petals). Each instance's centre and color come
// computed on the CPU (InstancedCircleBatch.instances(), shared with the twin) as per-instance
// attributes: GLSL ES leaves cos and sin's precision to the implementation, so turning the circle
// here could place it differently on every GL. What is left is one correctly rounded addition per step
// in the order written (centre ± halfSide, then the window origin) and a product by a power of two
// (the K × K viewport), the same fused or not (docs/parity.md, "Clip coordinates").
// Each instance is a square 2 px wider than its circle on every side; the fragment program decides
// coverage, so no pixel depends on the rasteriser's edge rules.
// Swift twin: Sources/ShatterSoftware/InstancedCircleProgram.swift (same names, same order of operations);
// the outputs as transform feedback captures them: Sources/ShatterSoftware/VertexProgramTwin.swift.
precision highp float;

layout(location = 0) in vec2 a_corner;    // (0,0) (1,0) (0,1) (1,1), y down
layout(location = 1) in vec2 a_circleCentre; // per instance: the circle's centre, pixels, y down
layout(location = 2) in vec3 a_color;     // per instance: its color, clamped to [0, 1]

uniform vec2 u_windowOrigin;              // (guard band, guard band + image height): image pixel -> window
uniform float u_inverseHalfViewport;      // 2 / K: the viewport is K × K, K a power of two
uniform float u_radius;                   // pixels

flat out vec2 v_circleCentre;             // pixels, y down
flat out vec3 v_color;

const float margin = 2.0;                 // beyond the anti-aliased edge (radius + 0.5)

void main() {
    float halfSide = u_radius + margin;
    vec2 pixel = a_circleCentre + (a_corner * 2.0 - 1.0) * halfSide;
    vec2 window = vec2(u_windowOrigin.x + pixel.x, u_windowOrigin.y - pixel.y);
    gl_Position = vec4(window * u_inverseHalfViewport - 1.0, 0.0, 1.0);
    v_circleCentre = a_circleCentre;
    v_color = a_color;
}
