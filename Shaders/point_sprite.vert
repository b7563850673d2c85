#version 300 es
// The shattered transition's pieces: a port of BrokenGlassEffect's Metal vertex function, with the
// per-frame CPU Euler step replaced by the same motion in closed form at u_time.
// Swift twin: Sources/ShatterSoftware/PointSpriteProgram.swift (same names, same order of operations).
precision highp float;

layout(location = 0) in vec2 a_centre;    // NDC at t = 0, row 0 at the bottom
layout(location = 1) in vec2 a_uvOrigin;  // the sprite's cell in the snapshot, v up
layout(location = 2) in vec2 a_motion;    // (x speed, y acceleration), NDC units per second

uniform float u_time;
uniform float u_pointSize;                // pixels
uniform vec2 u_clipScale;                 // image NDC -> framebuffer NDC (guard band)
uniform vec3 u_physics;                   // (max fall speed, wall restitution, stop speed)

out vec2 v_uvOrigin;

// Vertical offset: v = max(a·t, vmax), integrated. Squares are grouped as (t * t) on purpose: GLSL
// compilers may reassociate a * t * t, and this is the grouping they settle on, so the Swift twin can
// match it bit for bit.
float fallOffset(float acceleration, float t) {
    if (acceleration >= 0.0) {
        return 0.0;
    }
    float limitTime = u_physics.x / acceleration;
    if (t <= limitTime) {
        return 0.5 * acceleration * (t * t);
    }
    return 0.5 * acceleration * (limitTime * limitTime) + u_physics.x * (t - limitTime);
}

// Horizontal position with the walls at |x| = 1: each hit keeps `restitution` of the speed, reversed.
float driftPosition(float x, float speed, float t) {
    for (int bounce = 0; bounce < 16; bounce++) {
        if (speed == 0.0) {
            break;
        }
        float wall = speed > 0.0 ? 1.0 : -1.0;
        float hitTime = max((wall - x) / speed, 0.0);
        if (hitTime >= t) {
            break;
        }
        x = x + speed * hitTime;
        t = t - hitTime;
        speed = -u_physics.y * speed;
        if (abs(speed) < u_physics.z) {
            speed = 0.0;
        }
    }
    return x + speed * t;
}

void main() {
    float x = driftPosition(a_centre.x, a_motion.x, u_time);
    float y = a_centre.y + fallOffset(a_motion.y, u_time);
    gl_Position = vec4(x * u_clipScale.x, y * u_clipScale.y, 0.0, 1.0);
    gl_PointSize = u_pointSize;
    v_uvOrigin = a_uvOrigin;
}
