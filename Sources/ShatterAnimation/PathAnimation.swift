/// A point animation along a ``Path``, as `CAKeyframeAnimation` with `path`.
///
/// Every point of the path except move-tos is a keyframe; the time between two keyframes is
/// spent along the segment joining them (at the Bézier's own parameter in linear mode, at constant
/// speed along the whole path's arc length in paced mode). Cubic mode is treated as linear and
/// cubic-paced as paced, since the path already supplies the curve. `rotationMode` is not modelled.
/// An empty path shows nothing.
///
/// ```swift
/// // Thanos dust: one quadratic segment walked at constant speed in 1 s.
/// var path = Path()
/// path.move(to: Point(x: 100, y: 50))
/// path.addQuadCurve(to: Point(x: 128, y: 58), control: Point(x: 130, y: 50))
/// let drift = PathAnimation(path: path, timing: MediaTiming(duration: 1), calculationMode: .paced)
/// ```
public struct PathAnimation: PropertyAnimation {
    public var timing: MediaTiming
    /// The path travelled.
    public var path: Path { didSet { measure() } }
    /// Fractions of the duration for each keyframe (first point, then each segment's end).
    public var keyTimes: [Double]?
    /// One curve per segment, used in linear mode.
    public var timingFunctions: [TimingFunction]?
    /// A curve over the whole duration; nil is linear.
    public var timingFunction: TimingFunction?
    /// Linear (default), discrete or paced; see the type's notes for cubic.
    public var calculationMode: CalculationMode { didSet { measure() } }
    public var isAdditive: Bool
    /// The paced modes' arc-length tables of ``path``'s segments, measured once when the path or the
    /// mode is set, not at every frame (1,024 points a curve); nil in the other modes.
    private var arcLengths: [ArcLengthTable]?

    /// Creates a path animation.
    ///
    /// ```swift
    /// let walk = PathAnimation(path: Path([.move(to: .zero), .line(to: Point(x: 10, y: 0))]),
    ///                          timing: MediaTiming(duration: 1))
    /// ```
    public init(
        path: Path, keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
        timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil,
        calculationMode: CalculationMode = .linear, isAdditive: Bool = false
    ) {
        self.path = path
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.timing = timing
        self.timingFunction = timingFunction
        self.calculationMode = calculationMode
        self.isAdditive = isAdditive
        measure()
    }

    public func value(atFraction fraction: Double, underlying: Point) -> Point? {
        guard let (start, segments) = path.keyframeSegments else { return nil }
        guard !segments.isEmpty else { return start }
        var timeline = Self.timeline(start: start, segments: segments)
        timeline.arcLengths = arcLengths
        return timeline.value(
            at: timingFunction?.progress(at: fraction) ?? fraction, mode: mode,
            keyTimes: keyTimes, timingFunctions: timingFunctions)
    }

    /// Cubic mode is taken as linear and cubic-paced as paced: the path already supplies the curve.
    private var mode: CalculationMode {
        switch calculationMode {
        case .cubic: .linear
        case .cubicPaced: .paced
        default: calculationMode
        }
    }

    /// The path's keyframes: its first point, then each segment's end, each segment walked between.
    private static func timeline(start: Point, segments: [PathSegment]) -> KeyframeTimeline<Point> {
        KeyframeTimeline<Point>(
            count: segments.count + 1,
            keyframe: { $0 == 0 ? start : segments[$0 - 1].end },
            piece: { segments[$0].point(at: $1) },
            samples: { segments[$0].isStraight ? 1 : 1024 },
            distance: { $0.distance(to: $1) })
    }

    /// Fills ``arcLengths`` for the path and mode as they now are.
    private mutating func measure() {
        guard mode == .paced, let (start, segments) = path.keyframeSegments, !segments.isEmpty else {
            arcLengths = nil
            return
        }
        arcLengths = Self.timeline(start: start, segments: segments).arcLengthTables()
    }
}
