/// An animation of one value: a ``BasicAnimation``, ``KeyframeAnimation`` or ``PathAnimation``.
///
/// Conformers say what value they show at a fraction of their simple duration; timing, fill,
/// additivity and removal are handled here the same way for all of them.
///
/// ```swift
/// let fade = BasicAnimation(from: 1.0, to: 0.0, timing: MediaTiming(duration: 1))
/// fade.presentationValue(at: 0.25, model: 1.0)   // 0.75
/// ```
public protocol PropertyAnimation<Value>: Sendable {
    /// The animated value's type.
    associatedtype Value: Interpolatable
    /// When and how long the animation plays.
    var timing: MediaTiming { get }
    /// When true the animation's value is added to the underlying value (`CAPropertyAnimation.isAdditive`).
    var isAdditive: Bool { get }
    /// The value at `fraction` (0…1) of the simple duration, given the value underneath
    /// (the model value plus any earlier animations); nil when the definition has nothing to show
    /// (no values, an empty path).
    func value(atFraction fraction: Double, underlying: Value) -> Value?
}

extension PropertyAnimation {
    /// The value shown at `time` (in the same clock as ``MediaTiming/beginTime``) over a property
    /// whose model value is `model`: the model value itself where the animation is inactive or
    /// removed.
    ///
    /// ```swift
    /// let grow = BasicAnimation(to: 2.0, timing: MediaTiming(beginTime: 1, duration: 2))
    /// grow.presentationValue(at: 2, model: 1.0)   // 1.5
    /// ```
    public func presentationValue(at time: Double, model: Value) -> Value {
        applied(to: model, at: .layer(time))
    }

    /// The value at `context` over `underlying`.
    func applied(to underlying: Value, at context: TimeContext) -> Value {
        guard let local = timing.resolve(context),
            let value = value(atFraction: local.time / local.duration, underlying: underlying)
        else { return underlying }
        return isAdditive ? underlying.adding(value) : value
    }
}
