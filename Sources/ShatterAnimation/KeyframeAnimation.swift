/// An animation through a list of values, as `CAKeyframeAnimation` with `values`.
///
/// The overall ``timingFunction`` warps the whole duration first; then ``keyTimes`` (fractions of
/// the duration) place the values and ``timingFunctions`` shape each segment (linear and cubic
/// modes). Definitions Core Animation would reject are ignored rather than trapped on:
/// key times of the wrong count, decreasing or non-finite → evenly spaced; a segment without a
/// timing function → linear; no values → the animation shows nothing. Key times that do not
/// reach 0 or 1 hold the first value before the first key time and the last after the last.
///
/// ```swift
/// // Breathe: the petal moves out between 10 % and 40 % of the cycle and back by 95 %.
/// let petalX = KeyframeAnimation(values: [184.0, 104, 104, 184],
///                                keyTimes: [0.1, 0.4, 0.5, 0.95],
///                                timing: MediaTiming(duration: 10.5, repeatCount: .infinity))
/// ```
public struct KeyframeAnimation<Value: Interpolatable>: PropertyAnimation {
    public var timing: MediaTiming
    /// The keyframe values.
    public var values: [Value]
    /// Where each value applies, as fractions of the duration (nil: evenly spaced). Discrete mode
    /// takes one more than there are values (the last is where the last value ends) or exactly as
    /// many (the last value then lasts to the end).
    public var keyTimes: [Double]?
    /// One curve per segment (`values.count − 1`), used by linear and cubic modes.
    public var timingFunctions: [TimingFunction]?
    /// A curve over the whole duration, applied before the key times; nil is linear.
    public var timingFunction: TimingFunction?
    /// How values between keyframes are found.
    public var calculationMode: CalculationMode
    public var isAdditive: Bool

    /// Creates a keyframe animation.
    ///
    /// ```swift
    /// let frames = KeyframeAnimation(values: (0..<48).map { Double($0) / 48 },
    ///                                timing: MediaTiming(duration: 2), calculationMode: .discrete)
    /// ```
    public init(
        values: [Value], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
        timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil,
        calculationMode: CalculationMode = .linear, isAdditive: Bool = false
    ) {
        self.values = values
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.timing = timing
        self.timingFunction = timingFunction
        self.calculationMode = calculationMode
        self.isAdditive = isAdditive
    }

    public func value(atFraction fraction: Double, underlying: Value) -> Value? {
        guard !values.isEmpty else { return nil }
        let values = self.values
        let curved = calculationMode == .cubic || calculationMode == .cubicPaced
        let timeline = KeyframeTimeline<Value>(
            count: values.count,
            keyframe: { values[$0] },
            piece: curved
                ? { Self.catmullRom(values, segment: $0, u: $1) }
                : { values[$0].interpolated(to: values[$0 + 1], fraction: $1) },
            samples: { _ in curved ? 64 : 1 },
            distance: { $0.distance(to: $1) })
        return timeline.value(
            at: timingFunction?.progress(at: fraction) ?? fraction, mode: calculationMode,
            keyTimes: keyTimes, timingFunctions: timingFunctions)
    }

    /// Uniform Catmull-Rom between `values[segment]` and `values[segment + 1]`, written as
    /// repeated blends (Barry–Goldman) so it needs nothing but ``Interpolatable/interpolated(to:fraction:)``.
    /// The end values are repeated to supply the missing outer neighbours.
    static func catmullRom(_ values: [Value], segment i: Int, u: Double) -> Value {
        let p0 = values[max(i - 1, 0)]
        let p1 = values[i]
        let p2 = values[i + 1]
        let p3 = values[min(i + 2, values.count - 1)]
        let a1 = p0.interpolated(to: p1, fraction: u + 1)
        let a2 = p1.interpolated(to: p2, fraction: u)
        let a3 = p2.interpolated(to: p3, fraction: u - 1)
        let b1 = a1.interpolated(to: a2, fraction: (u + 1) / 2)
        let b2 = a2.interpolated(to: a3, fraction: u / 2)
        return b1.interpolated(to: b2, fraction: u)
    }
}
