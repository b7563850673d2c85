/// How a keyframe animation fills the time between its keyframes (`CAAnimationCalculationMode`).
///
/// ```swift
/// var sprite = KeyframeAnimation(values: [0.0, 0.5], timing: MediaTiming(duration: 2))
/// sprite.calculationMode = .discrete
/// ```
public enum CalculationMode: Sendable, Hashable, CaseIterable {
    /// Straight blends between neighbours at the key times, shaped by per-segment timing functions.
    case linear
    /// No blending: each value holds until the next key time. Key times: one more than values.
    case discrete
    /// Linear blends at an even pace (key times follow the distances; key times and per-segment
    /// timing functions are ignored).
    case paced
    /// A Catmull-Rom spline through the values (Kochanek–Bartels with tension, continuity and bias 0).
    case cubic
    /// The cubic spline travelled at an even pace along its length.
    case cubicPaced
}
