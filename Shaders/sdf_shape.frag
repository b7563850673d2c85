#version 300 es
// One anti-aliased shape from its signed distance (the Uber splash logo's pie wipe, line and
// square), times an optional rounded-box mask. Coverage is the pixel's box-filtered overlap with
// the shape across its nearest edge, which is clamp(0.5 - d, 0, 1) (d in pixels) for shapes at least a
// pixel thick and shrinks with the thickness below that (a zero-width line leaves nothing, a
// half-pixel one half a pixel), and likewise for the pie's gap when it is thinner than a pixel.
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

// A sector of a disk of radius r, symmetric about +y, with c = (sin, cos) of its half-angle: the
// signed distance to its two straight edges alone (the rim is taken apart, in pieCoverage).
float wedgeDistance(vec2 p, vec2 c, float r) {
    p.x = abs(p.x);
    float m = length(p - c * clamp(dot(p, c), 0.0, r));
    return m * sign(c.y * p.x - c.x * p.y);
}

float boxDistance(vec2 p, vec2 halfSize, float r) {
    vec2 q = abs(p) - halfSize + r;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}

// How much of the pixel a band of thickness w (pixels) covers, whose nearest edge is at signed
// distance d from the pixel centre: the overlap of [-0.5, 0.5] with [d, d + w]. For w >= 1 it is
// exactly clamp(0.5 - d, 0, 1).
float coverage(float d, float w) {
    return clamp(min(0.5, d + w) - max(-0.5, d), 0.0, 1.0);
}

// The same for a hole of thickness g in a shape (d: the signed distance to the shape's edge at the
// hole): one minus the hole's overlap. For g >= 1 it is exactly clamp(0.5 - d, 0, 1).
float holeCoverage(float d, float g) {
    return clamp((0.5 + max(-0.5, -d)) + (0.5 - min(0.5, g - d)), 0.0, 1.0);
}

// The pie: the disk's rim, and the wedge between its edges, whose width at the pixel's radius is
// 2·|p|·sin a (a thin sliver when the wipe starts, a thin gap as it closes; a full disk has none).
float pieCoverage(vec2 p, vec2 c, float r, float pixelsPerUnit) {
    float rim = coverage((length(p) - r) * pixelsPerUnit, 2.0 * r * pixelsPerUnit);
    float d = wedgeDistance(p, c, r) * pixelsPerUnit;
    float width = 2.0 * length(p) * c.x * pixelsPerUnit;
    float wedge = c.y >= 0.0 ? coverage(d, width) : holeCoverage(d, width);
    return min(rim, wedge);
}

// A rounded box is as thick as its shorter side; one shorter than a pixel along both sides covers
// at most its area.
float boxCoverage(vec2 p, vec2 halfSize, float r, float pixelsPerUnit) {
    vec2 extent = 2.0 * halfSize * pixelsPerUnit;
    float d = boxDistance(p, halfSize, r) * pixelsPerUnit;
    return coverage(d, min(extent.x, extent.y)) * min(max(extent.x, extent.y), 1.0);
}

void main() {
    // The pixel centre in image pixels, top-left origin: exact, whatever the quad's edges.
    vec2 pixel = vec2(gl_FragCoord.x - u_guard, u_viewSize.y + u_guard - gl_FragCoord.y);
    vec2 p = vec2(u_toLocalX.x * pixel.x + u_toLocalX.y * pixel.y + u_toLocalX.z,
                  u_toLocalY.x * pixel.x + u_toLocalY.y * pixel.y + u_toLocalY.z);
    float alpha = u_kind == 0 ? pieCoverage(p, u_shape.yz, u_shape.x, u_pixelsPerUnit)
                              : boxCoverage(p, u_shape.xy, u_shape.z, u_pixelsPerUnit);
    if (u_mask.w > 0.0) {
        vec2 m = vec2(u_maskToLocalX.x * pixel.x + u_maskToLocalX.y * pixel.y + u_maskToLocalX.z,
                      u_maskToLocalY.x * pixel.x + u_maskToLocalY.y * pixel.y + u_maskToLocalY.z);
        alpha = alpha * boxCoverage(m, u_mask.xy, u_mask.z, u_mask.w);
    }
    if (alpha <= 0.0) {
        discard;                          // untouched, not blended with zero
    }
    fragColor = u_color * alpha;
}
