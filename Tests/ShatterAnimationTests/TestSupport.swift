import ShatterAnimation

/// True when `a` and `b` differ by at most `tolerance`.
func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

func isClose(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.x, b.x, tolerance) && isClose(a.y, b.y, tolerance)
}

func isClose(_ a: Color, _ b: Color, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.red, b.red, tolerance) && isClose(a.green, b.green, tolerance)
        && isClose(a.blue, b.blue, tolerance) && isClose(a.alpha, b.alpha, tolerance)
}

func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

/// Independent evaluation of a CSS-style cubic-bezier(x1, y1, x2, y2) at time `x`: the Bernstein
/// form, and 200 plain bisection steps on the curve parameter (no Newton, no polynomial form).
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
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
func reference(_ curve: (Double, Double, Double, Double), _ x: Double) -> Double {
    referenceBezier(curve.0, curve.1, curve.2, curve.3, at: x)
}

/// The point `fraction` of the way along a quadratic Bézier by arc length, found by brute force:
/// 200 000 straight steps, walking until the accumulated length passes the target.
func bruteForcePacedQuad(_ p0: Point, _ control: Point, _ p2: Point, fraction: Double) -> Point {
    func at(_ s: Double) -> Point {
        let u = 1 - s
        return Point(
            x: u * u * p0.x + 2 * u * s * control.x + s * s * p2.x,
            y: u * u * p0.y + 2 * u * s * control.y + s * s * p2.y)
    }
    let steps = 200_000
    var total = 0.0
    var previous = p0
    for step in 1...steps {
        let next = at(Double(step) / Double(steps))
        total += ((next.x - previous.x) * (next.x - previous.x) + (next.y - previous.y) * (next.y - previous.y)).squareRoot()
        previous = next
    }
    let target = fraction * total
    var walked = 0.0
    previous = p0
    for step in 1...steps {
        let next = at(Double(step) / Double(steps))
        let piece = ((next.x - previous.x) * (next.x - previous.x) + (next.y - previous.y) * (next.y - previous.y)).squareRoot()
        if walked + piece >= target {
            let within = piece > 0 ? (target - walked) / piece : 0
            return Point(x: previous.x + (next.x - previous.x) * within, y: previous.y + (next.y - previous.y) * within)
        }
        walked += piece
        previous = next
    }
    return p2
}
