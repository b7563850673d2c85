/// A single-segment animation between two values, as `CABasicAnimation`.
///
/// The end points come from `fromValue`, `toValue` and `byValue` by Core Animation's rules:
/// from+to; from → from+by; to−by → to; from → underlying; underlying → to;
/// underlying → underlying+by. With none set the animation shows nothing. For an additive
/// animation the "underlying" end is ``Interpolatable/zero`` (its values are offsets).
///
/// ```swift
/// let spin = BasicAnimation(to: 0.5, timing: MediaTiming(duration: 1))      // from the model value
/// let shift = BasicAnimation<Double>(by: 10, timing: MediaTiming(duration: 1))
/// ```
public struct BasicAnimation<Value: Interpolatable>: PropertyAnimation {
    public var timing: MediaTiming
    /// Start value, or nil.
    public var fromValue: Value?
    /// End value, or nil.
    public var toValue: Value?
    /// Relative change, or nil.
    public var byValue: Value?
    /// Pacing over the whole duration; nil is linear.
    public var timingFunction: TimingFunction?
    public var isAdditive: Bool

    /// Creates a basic animation.
    ///
    /// ```swift
    /// let color = BasicAnimation(from: Color.white, to: Color.black,
    ///                             timing: MediaTiming(beginTime: 1.0 / 3, duration: 1.2, fillMode: .both),
    ///                             timingFunction: TimingFunction(controlPoints: 0.25, 0, 0.2, 1))
    /// ```
    public init(
        from fromValue: Value? = nil, to toValue: Value? = nil, by byValue: Value? = nil,
        timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil,
        isAdditive: Bool = false
    ) {
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
    }

    public func value(atFraction fraction: Double, underlying: Value) -> Value? {
        let base = isAdditive ? Value.zero : underlying
        let ends: (from: Value, to: Value)
        switch (fromValue, toValue, byValue) {
        case (let from?, let to?, _): ends = (from, to)
        case (let from?, nil, let by?): ends = (from, from.adding(by))
        case (nil, let to?, let by?): ends = (to.subtracting(by), to)
        case (let from?, nil, nil): ends = (from, base)
        case (nil, let to?, nil): ends = (base, to)
        case (nil, nil, let by?): ends = (base, base.adding(by))
        case (nil, nil, nil): return nil
        }
        let progress = timingFunction?.progress(at: fraction) ?? fraction
        return ends.from.interpolated(to: ends.to, fraction: progress)
    }
}
