/// A pacing curve: a cubic Bézier from (0, 0) to (1, 1), as `CAMediaTimingFunction`.
///
/// The curve maps an input time fraction `x` to an output progress `y`. The x coordinates of the
/// control points are clamped to 0…1 (as Core Animation requires) so that x is monotonic and every
/// input has exactly one output; y coordinates may overshoot 0…1.
///
/// ```swift
/// let ease = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
/// ease.progress(at: 0.5)          // 0.5
/// TimingFunction.easeIn.progress(at: 0.25)
/// ```
public struct TimingFunction: Sendable, Hashable {
    /// The first control point's x (time) coordinate, in 0…1.
    public let x1: Double
    /// The first control point's y (progress) coordinate.
    public let y1: Double
    /// The second control point's x (time) coordinate, in 0…1.
    public let x2: Double
    /// The second control point's y (progress) coordinate.
    public let y2: Double

    /// Creates a curve from its two control points (the end points are fixed at (0, 0) and (1, 1)).
    ///
    /// ```swift
    /// let strokeEnd = TimingFunction(controlPoints: 1.0, 0.0, 0.35, 1.0)
    /// ```
    public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// Straight line: progress equals time. `CAAnimation` uses it when `timingFunction` is nil.
    ///
    /// ```swift
    /// TimingFunction.linear.progress(at: 0.3)   // 0.3
    /// ```
    public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
    /// Starts slowly: control points (0.42, 0) and (1, 1).
    ///
    /// ```swift
    /// TimingFunction.easeIn.progress(at: 0.5)   // ≈ 0.315
    /// ```
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    /// Ends slowly: control points (0, 0) and (0.58, 1).
    ///
    /// ```swift
    /// TimingFunction.easeOut.progress(at: 0.5)  // ≈ 0.685
    /// ```
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    /// Starts and ends slowly: control points (0.42, 0) and (0.58, 1).
    ///
    /// ```swift
    /// TimingFunction.easeInEaseOut.progress(at: 0.5)  // 0.5
    /// ```
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// The system default curve (CSS `ease`): control points (0.25, 0.1) and (0.25, 1).
    ///
    /// ```swift
    /// TimingFunction.default.progress(at: 0.25)  // ≈ 0.409
    /// ```
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    /// The progress at time fraction `x` (clamped to 0…1), with x solved to within 1e-10.
    ///
    /// ```swift
    /// let y = TimingFunction.easeOut.progress(at: 0.25)
    /// ```
    public func progress(at x: Double) -> Double {
        guard x.isFinite else { return x > 0 ? 1 : 0 }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if x1 == y1 && x2 == y2 { return x }  // control points on the diagonal: the identity
        return Self.bezier(solveCurveParameter(forX: x), y1, y2)
    }

    /// One coordinate of the Bézier with end points 0 and 1 and inner control values `p1`, `p2`.
    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }

    private static func bezierSlope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return (3 * a * s + 2 * b) * s + c
    }

    /// The curve parameter whose x is `x`. Newton converges in a few steps on ordinary curves;
    /// flat spots (slope near 0, e.g. x1 = 1) make it stall, so bisection finishes the job.
    private func solveCurveParameter(forX x: Double) -> Double {
        let tolerance = 1e-10
        var s = x
        for _ in 0..<8 {
            let error = Self.bezier(s, x1, x2) - x
            if abs(error) < tolerance { return s }
            let slope = Self.bezierSlope(s, x1, x2)
            if abs(slope) < 1e-6 { break }
            s -= error / slope
            if s < 0 || s > 1 { break }
        }
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<64 {
            let value = Self.bezier(s, x1, x2)
            if abs(value - x) < tolerance { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}
