#version 300 es
// The shattered transition's pieces: a port of BrokenGlassEffect's Metal vertex function, with the
// per-frame CPU Euler step replaced by the motion in closed form at u_time, or (u_steps >= 0) by the
// original's steps themselves, all evaluated here so that any frame renders alone.
// Swift twin: Sources/ShatterPointSprites/PointSpriteProgram.swift (same names, same order of operations).
precision highp float;

layout(location = 0) in vec2 a_centre;    // NDC at t = 0, row 0 at the bottom
layout(location = 1) in vec2 a_uvOrigin;  // the sprite's cell in the snapshot, v up
layout(location = 2) in vec2 a_motion;    // (x speed, y acceleration), NDC units per second

uniform float u_time;
uniform float u_pointSize;                // pixels
uniform vec2 u_clipScale;                 // image NDC -> framebuffer NDC (guard band)
uniform vec3 u_physics;                   // (max fall speed, wall restitution, stop speed)
uniform int u_steps;                      // < 0: closed form at u_time; else this many steps
uniform float u_stepSeconds;              // of this length

// PointMotion.maxSteps: the loop's bound (10 s at 60 Hz), refused beyond by both backends.
const int maxSteps = 600;

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

// BrokenGlassEffectView.update, u_steps times, in its order: fall speed += dt·a, capped; translate
// by dt·speed; then at or past a wall, reverse the x speed keeping the restitution (0 below the stop
// speed). A piece that overshoots the wall by more than the reversed step stays outside, flipping.
vec2 steppedPosition(vec2 centre, vec2 motion) {
    float xSpeed = motion.x, ySpeed = 0.0, translateX = 0.0, translateY = 0.0;
    for (int step = 0; step < maxSteps; step++) {
        if (step >= u_steps) {
            break;
        }
        ySpeed += u_stepSeconds * motion.y;
        if (ySpeed < u_physics.x) {
            ySpeed = u_physics.x;
        }
        translateX += u_stepSeconds * xSpeed;
        translateY += u_stepSeconds * ySpeed;
        float realX = translateX + centre.x;
        if (realX <= -1.0 || realX >= 1.0) {
            xSpeed = -xSpeed * u_physics.y;
            if (abs(xSpeed) < u_physics.z) {
                xSpeed = 0.0;
            }
        }
    }
    return vec2(translateX + centre.x, translateY + centre.y);
}

void main() {
    gl_PointSize = u_pointSize;
    v_uvOrigin = a_uvOrigin;
    if (u_steps >= 0) {
        vec2 position = steppedPosition(a_centre, a_motion);
        // The original draws with no guard band, so the GPU drops a piece whose centre is off screen
        // (the pieces stuck past a wall vanish there); outside the clip volume here too.
        if (abs(position.x) > 1.0 || abs(position.y) > 1.0) {
            gl_Position = vec4(2.0, 2.0, 0.0, 1.0);
        } else {
            gl_Position = vec4(position.x * u_clipScale.x, position.y * u_clipScale.y, 0.0, 1.0);
        }
        return;
    }
    float x = driftPosition(a_centre.x, a_motion.x, u_time);
    float y = a_centre.y + fallOffset(a_motion.y, u_time);
    gl_Position = vec4(x * u_clipScale.x, y * u_clipScale.y, 0.0, 1.0);
}
