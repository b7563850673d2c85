import ShatterAnimation

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
