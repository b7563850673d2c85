#version 300 es
// One anti-aliased shape from its signed distance (the Uber splash logo's pie wipe, line and
// square), times an optional rounded-box mask. Coverage is clamp(0.5 - d, 0, 1), d in pixels.
// Swift twin: Sources/ShatterSoftware/SDFShapeProgram.swift (same names, same order of operations).
precision highp float;

uniform vec2 u_viewSize;                  // image size in pixels
uniform float u_guard;                    // guard band in pixels
uniform int u_kind;                       // 0: pie, 1: rounded box
uniform vec3 u_toLocalX;                  // image pixel -> shape space, first row
uniform vec3 u_toLocalY;                  // second row
uniform vec4 u_shape;                     // pie: (radius, sin a, cos a, 0); box: (half w, half h, radius, 0)
uniform float u_pixelsPerUnit;
uniform vec4 u_color;                    // premultiplied
uniform vec3 u_maskToLocalX;
uniform vec3 u_maskToLocalY;
uniform vec4 u_mask;                      // (half w, half h, radius, pixels per unit); w = 0: no mask

out vec4 fragColor;

// A sector of a disk of radius r, symmetric about +y, with c = (sin, cos) of its half-angle.
float pieDistance(vec2 p, vec2 c, float r) {
    p.x = abs(p.x);
    float l = length(p) - r;
    float m = length(p - c * clamp(dot(p, c), 0.0, r));
    return max(l, m * sign(c.y * p.x - c.x * p.y));
}

float boxDistance(vec2 p, vec2 halfSize, float r) {
    vec2 q = abs(p) - halfSize + r;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}

float coverage(float d) {
    return clamp(0.5 - d, 0.0, 1.0);
}

void main() {
    // The pixel centre in image pixels, top-left origin: exact, whatever the quad's edges.
    vec2 pixel = vec2(gl_FragCoord.x - u_guard, u_viewSize.y + u_guard - gl_FragCoord.y);
    vec2 p = vec2(u_toLocalX.x * pixel.x + u_toLocalX.y * pixel.y + u_toLocalX.z,
                  u_toLocalY.x * pixel.x + u_toLocalY.y * pixel.y + u_toLocalY.z);
    float d = u_kind == 0 ? pieDistance(p, u_shape.yz, u_shape.x) : boxDistance(p, u_shape.xy, u_shape.z);
    float alpha = coverage(d * u_pixelsPerUnit);
    if (u_mask.w > 0.0) {
        vec2 m = vec2(u_maskToLocalX.x * pixel.x + u_maskToLocalX.y * pixel.y + u_maskToLocalX.z,
                      u_maskToLocalY.x * pixel.x + u_maskToLocalY.y * pixel.y + u_maskToLocalY.z);
        alpha = alpha * coverage(boxDistance(m, u_mask.xy, u_mask.z) * u_mask.w);
    }
    if (alpha <= 0.0) {
        discard;                          // untouched, not blended with zero
    }
    fragColor = u_color * alpha;
}
