#version 300 es
// Replicated anti-aliased circles, one instance per copy: Core Animation's CAReplicatorLayer with an
// instanceTransform that rotates about the replicator's centre and an instanceColor with per-instance
// offsets (the breathing flower's petals and ghost petals). Instance k is rotated by
// u_rotation + k·u_angleStep and colored u_instanceColor + k·u_colorOffset.
// Each instance is a square 2 px wider than its circle on every side; the fragment program decides
// coverage, so no pixel depends on the rasteriser's edge rules.
// Swift twin: Sources/ShatterSoftware/InstancedCircleProgram.swift (same names, same order of operations).
precision highp float;

layout(location = 0) in vec2 a_corner;    // (0,0) (1,0) (0,1) (1,1), y down

uniform vec2 u_inverseViewSize;           // 1 / image size: multiplied (correctly rounded in GLSL ES), never divided (a/b may be a·rcp(b))
uniform vec2 u_clipScale;                 // image NDC -> framebuffer NDC (guard band)
uniform vec2 u_centre;                    // the replicator's centre, pixels, y down
uniform vec2 u_circleCentre;              // instance 0's circle centre relative to u_centre, unrotated
uniform float u_radius;                   // pixels
uniform float u_rotation;                 // radians, clockwise on screen (y down)
uniform float u_angleStep;                // radians added per instance
uniform vec3 u_instanceColor;             // instance 0's color
uniform vec3 u_colorOffset;               // added per instance

flat out vec2 v_circleCentre;             // pixels, y down
flat out vec3 v_color;

const float margin = 2.0;                 // beyond the anti-aliased edge (radius + 0.5)

void main() {
    float k = float(gl_InstanceID);
    float angle = u_rotation + k * u_angleStep;
    float c = cos(angle);
    float s = sin(angle);
    vec2 centre = u_centre + vec2(c * u_circleCentre.x - s * u_circleCentre.y,
                                  s * u_circleCentre.x + c * u_circleCentre.y);
    float halfSide = u_radius + margin;
    vec2 pixel = centre + (a_corner * 2.0 - 1.0) * halfSide;
    vec2 ndc = vec2(pixel.x * u_inverseViewSize.x * 2.0 - 1.0, 1.0 - pixel.y * u_inverseViewSize.y * 2.0);
    gl_Position = vec4(ndc * u_clipScale, 0.0, 1.0);
    v_circleCentre = centre;
    v_color = clamp(u_instanceColor + k * u_colorOffset, 0.0, 1.0);
}
