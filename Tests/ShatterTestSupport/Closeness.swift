import ShatterAnimation

// Closeness and an independent Bézier for the timeline tests of ShatterAnimationTests and ShatterEffectsTests.

/// True when `a` and `b` differ by at most `tolerance`.
public func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

public func isClose(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.x, b.x, tolerance) && isClose(a.y, b.y, tolerance)
}

public func isClose(_ a: Color, _ b: Color, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.red, b.red, tolerance) && isClose(a.green, b.green, tolerance)
        && isClose(a.blue, b.blue, tolerance) && isClose(a.alpha, b.alpha, tolerance)
}

public func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

/// Independent evaluation of a CSS-style cubic-bezier(x1, y1, x2, y2) at time `x`: the Bernstein
/// form, and 200 plain bisection steps on the curve parameter (no Newton, no polynomial form).
public func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func bernstein(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
        let middle = (low + high) / 2
        if bernstein(middle, x1, x2) < x { low = middle } else { high = middle }
    }
    return bernstein((low + high) / 2, y1, y2)
}

/// `referenceBezier` for a curve given as a tuple of control points.
public func reference(_ curve: (Double, Double, Double, Double), _ x: Double) -> Double {
    referenceBezier(curve.0, curve.1, curve.2, curve.3, at: x)
}
