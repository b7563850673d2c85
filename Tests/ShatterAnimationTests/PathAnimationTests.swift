import ShatterAnimation
import ShatterTestSupport
import Testing

@Suite("Path animations")
struct PathAnimationTests {
    func value(_ animation: PathAnimation, _ fraction: Double) -> Point {
        var held = animation
        held.timing = MediaTiming(duration: 1, fillMode: .forwards, isRemovedOnCompletion: false)
        return held.presentationValue(at: fraction, model: Point(x: -1, y: -1))
    }

    static let start = Point(x: 0, y: 0), control = Point(x: 80, y: 60), end = Point(x: 100, y: 0)

    static var quad: Path {
        var path = Path()
        path.move(to: start)
        path.addQuadCurve(to: end, control: control)
        return path
    }

    @Test("Paced quadratic Bézier follows arc length", arguments: [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0])
    func pacedQuad(fraction: Double) {
        let paced = PathAnimation(path: Self.quad, calculationMode: .paced)
        let expected = bruteForcePacedQuad(Self.start, Self.control, Self.end, fraction: fraction)
        #expect(isClose(value(paced, fraction), expected, 1e-3))
    }

    @Test func linearQuadFollowsTheCurveParameter() {
        let linear = PathAnimation(path: Self.quad)
        // B(0.5) = ¼·P0 + ½·C + ¼·P2
        let half = Point(x: 0.25 * 0 + 0.5 * 80 + 0.25 * 100, y: 0.5 * 60)
        #expect(isClose(value(linear, 0.5), half))
        // The asymmetric control makes the paced half-way point differ visibly.
        let paced = value(PathAnimation(path: Self.quad, calculationMode: .paced), 0.5)
        #expect(abs(paced.x - half.x) > 1)
    }

    @Test func segmentsAreKeyframes() {
        var path = Path()
        path.move(to: .zero)
        path.addLine(to: Point(x: 10, y: 0))
        path.addLine(to: Point(x: 10, y: 30))
        // Linear: two segments, half the time each.
        #expect(isClose(value(PathAnimation(path: path), 0.5), Point(x: 10, y: 0)))
        #expect(isClose(value(PathAnimation(path: path), 0.75), Point(x: 10, y: 15)))
        // Paced: lengths 10 and 30 of 40.
        let paced = PathAnimation(path: path, calculationMode: .paced)
        #expect(isClose(value(paced, 10.0 / 40), Point(x: 10, y: 0)))
        #expect(isClose(value(paced, 0.5), Point(x: 10, y: 20 - 10)))
        // Discrete: three keyframes, each a third of the time.
        let discrete = PathAnimation(path: path, calculationMode: .discrete)
        #expect(value(discrete, 0.3) == .zero)
        #expect(value(discrete, 0.5) == Point(x: 10, y: 0))
        #expect(value(discrete, 0.7) == Point(x: 10, y: 30))
        // Key times move the corner.
        let late = PathAnimation(path: path, keyTimes: [0, 0.8, 1])
        #expect(isClose(value(late, 0.4), Point(x: 5, y: 0)))
    }

    @Test func closeAndCubicSegments() {
        var square = Path()
        square.move(to: .zero)
        square.addLine(to: Point(x: 10, y: 0))
        square.addLine(to: Point(x: 10, y: 10))
        square.addLine(to: Point(x: 0, y: 10))
        square.closeSubpath()
        let paced = PathAnimation(path: square, calculationMode: .paced)
        #expect(isClose(value(paced, 0.875), Point(x: 0, y: 5)))

        var s = Path()
        s.move(to: .zero)
        s.addCurve(to: Point(x: 3, y: 0), control1: Point(x: 1, y: 2), control2: Point(x: 2, y: -2))
        // Cubic B(0.5) = (P0 + 3·C1 + 3·C2 + P3) / 8
        let mid = Point(x: (0 + 3 * 1 + 3 * 2 + 3) / 8.0, y: (0 + 3 * 2 + 3 * -2 + 0) / 8.0)
        #expect(isClose(value(PathAnimation(path: s), 0.5), mid))
    }

    /// The paced mode measures its path's lengths once, when the path or the mode is set: a path or mode
    /// changed afterwards walks the new path at its own pace, as an animation made with it does.
    @Test func pacedAfterThePathOrModeChanges() {
        var other = Path()
        other.move(to: Point(x: 10, y: 10))
        other.addQuadCurve(to: Point(x: 10, y: 90), control: Point(x: 90, y: 10))
        var moved = PathAnimation(path: Self.quad, calculationMode: .paced)
        moved.path = other
        var switched = PathAnimation(path: other)
        switched.calculationMode = .cubicPaced
        let fresh = PathAnimation(path: other, calculationMode: .paced)
        for fraction in [0.1, 0.3, 0.5, 0.8] {
            #expect(value(moved, fraction) == value(fresh, fraction))
            #expect(value(switched, fraction) == value(fresh, fraction))
        }
        var linear = fresh
        linear.calculationMode = .linear
        #expect(value(linear, 0.5) == value(PathAnimation(path: other), 0.5))
        #expect(value(linear, 0.5) != value(fresh, 0.5))
    }

    @Test func emptyOrMoveOnlyPaths() {
        #expect(value(PathAnimation(path: Path()), 0.5) == Point(x: -1, y: -1))  // model
        #expect(value(PathAnimation(path: Path([.move(to: Point(x: 4, y: 2))])), 0.5) == Point(x: 4, y: 2))
    }
}
