/// A layer: model values plus attached animations, evaluated at any time into presentation values.
///
/// Animations apply in the order they were added, each seeing the value left by the ones before
/// it (so a `toValue`-only animation starts from that value, and an additive one adds to it).
/// Adding an animation under an existing key replaces it, as `CALayer.add(_:forKey:)`.
///
/// ```swift
/// var layer = Layer()
/// layer.add(.property(\.opacity, BasicAnimation(to: 0.0, timing: MediaTiming(duration: 1))), forKey: "fade")
/// layer.presentation(at: 0.25).opacity   // 0.75
/// ```
public struct Layer: Sendable {
    /// The model values (what the layer shows without animations).
    public var model: LayerState
    private var attached: [(key: String?, animation: LayerAnimation)] = []

    /// Creates a layer with the given model values.
    ///
    /// ```swift
    /// var state = LayerState(); state.opacity = 0
    /// let ghost = Layer(model: state)
    /// ```
    public init(model: LayerState = LayerState()) {
        self.model = model
    }

    /// The keys of the attached animations, in application order (nil for unkeyed ones).
    ///
    /// ```swift
    /// Layer().animationKeys   // []
    /// ```
    public var animationKeys: [String?] { attached.map(\.key) }

    /// Attaches an animation; one with the same non-nil key is replaced in place.
    ///
    /// ```swift
    /// var layer = Layer()
    /// layer.add(.property(\.strokeEnd, BasicAnimation(from: 0.0, to: 1.0)), forKey: "stroke")
    /// ```
    public mutating func add(_ animation: LayerAnimation, forKey key: String? = nil) {
        if let key, let index = attached.firstIndex(where: { $0.key == key }) {
            attached[index].animation = animation
        } else {
            attached.append((key, animation))
        }
    }

    /// Detaches the animation with `key`, if any.
    ///
    /// ```swift
    /// var layer = Layer(); layer.removeAnimation(forKey: "fade")
    /// ```
    public mutating func removeAnimation(forKey key: String) {
        attached.removeAll { $0.key == key }
    }

    /// Detaches every animation.
    ///
    /// ```swift
    /// var layer = Layer(); layer.removeAllAnimations()
    /// ```
    public mutating func removeAllAnimations() {
        attached.removeAll()
    }

    /// The presentation values at `time` (the clock that the animations' `beginTime` uses).
    ///
    /// ```swift
    /// let opacity = Layer().presentation(at: 1.5).opacity
    /// ```
    public func presentation(at time: Double) -> LayerState {
        var state = model
        for entry in attached { entry.animation.apply(to: &state, at: time) }
        return state
    }
}
