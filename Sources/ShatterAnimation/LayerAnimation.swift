/// An animation attached to a layer: one property animation bound to a ``LayerState`` key path,
/// or a group of them.
///
/// ```swift
/// let fade = LayerAnimation.property(\.opacity, BasicAnimation(to: 0.0, timing: MediaTiming(duration: 1)))
/// let spin = LayerAnimation.property(\.transform.rotation, BasicAnimation(to: Double.pi, timing: MediaTiming(duration: 1)))
/// ```
public struct LayerAnimation: Sendable {
    private let apply: @Sendable (TimeContext, inout LayerState) -> Void

    private init(_ apply: @escaping @Sendable (TimeContext, inout LayerState) -> Void) {
        self.apply = apply
    }

    /// Animates the property at `keyPath` with `animation`.
    ///
    /// ```swift
    /// let sprite = LayerAnimation.property(\.contentsRect.origin.x,
    ///     KeyframeAnimation(values: (0..<48).map { Double($0) / 48 },
    ///                       timing: MediaTiming(duration: 2), calculationMode: .discrete))
    /// ```
    public static func property<Animation: PropertyAnimation>(
        _ keyPath: WritableKeyPath<LayerState, Animation.Value> & Sendable, _ animation: Animation
    ) -> LayerAnimation {
        LayerAnimation { context, state in
            state[keyPath: keyPath] = animation.applied(to: state[keyPath: keyPath], at: context)
        }
    }

    /// Runs `group`'s animations in its local time.
    ///
    /// ```swift
    /// let both = LayerAnimation.group(AnimationGroup(timing: MediaTiming(duration: 1), animations: [
    ///     .property(\.opacity, BasicAnimation(to: 0.0)),
    /// ]))
    /// ```
    public static func group(_ group: AnimationGroup) -> LayerAnimation {
        LayerAnimation { context, state in
            guard let local = group.timing.resolve(context) else { return }
            for child in group.animations { child.apply(local, &state) }
        }
    }

    /// Applies the animation to `state` at layer time `time` (the clock of the top-level `beginTime`).
    ///
    /// ```swift
    /// var state = LayerState()
    /// LayerAnimation.property(\.opacity, BasicAnimation(to: 0.0, timing: MediaTiming(duration: 1)))
    ///     .apply(to: &state, at: 0.5)   // state.opacity == 0.5
    /// ```
    public func apply(to state: inout LayerState, at time: Double) {
        apply(.layer(time), &state)
    }
}

/// Animations that run together in one time space, as `CAAnimationGroup`.
///
/// Children's `beginTime`, `duration` and fill modes are read in the group's local time; they are
/// clipped to the group's active interval, never scaled. A child whose duration is 0 takes the
/// group's. Children's `isRemovedOnCompletion` is ignored. When the group holds its end state
/// (forward fill), a child that ends exactly with the group holds its own end state too.
/// A group-level timing function is not modelled.
///
/// ```swift
/// let dust = AnimationGroup(
///     timing: MediaTiming(beginTime: 0.5, duration: 1, fillMode: .forwards, isRemovedOnCompletion: false),
///     animations: [.property(\.opacity, BasicAnimation(to: 0.0))])
/// ```
public struct AnimationGroup: Sendable {
    /// The group's own timing.
    public var timing: MediaTiming
    /// The children, applied in order.
    public var animations: [LayerAnimation]

    /// Creates a group.
    ///
    /// ```swift
    /// let g = AnimationGroup(timing: MediaTiming(duration: 3, repeatCount: .infinity), animations: [])
    /// ```
    public init(timing: MediaTiming, animations: [LayerAnimation]) {
        self.timing = timing
        self.animations = animations
    }
}
