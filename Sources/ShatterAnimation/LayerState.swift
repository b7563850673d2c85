/// The animatable properties of a layer at one instant: a layer's model values, or its
/// presentation values once animations are applied. Animations target these through key paths,
/// e.g. `\.opacity`, `\.position.x`, `\.transform.rotation`, `\.transform.scale`,
/// `\.contentsRect.origin.x`. Defaults are Core Animation's.
///
/// ```swift
/// var square = LayerState()
/// square.bounds = Rect(x: 0, y: 0, width: 21, height: 21)
/// square.backgroundColor = Color(red: 15 / 255, green: 78 / 255, blue: 101 / 255)
/// ```
public struct LayerState: Sendable, Hashable {
    /// Where the anchor point sits in the superlayer.
    public var position: Point = .zero
    /// The layer's own rectangle (its size is what `bounds` animations usually change).
    public var bounds: Rect = .zero
    /// The point of the bounds (in unit coordinates) that `position` places and transforms pivot on.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// The layer's transform about its anchor point.
    public var transform: AffineTransform = .identity
    /// Opacity, 0…1.
    public var opacity: Double = 1
    /// Fill color of the bounds.
    public var backgroundColor: Color = .clear
    /// Radius of the bounds' rounded corners.
    public var cornerRadius: Double = 0
    /// Stroke width of a shape layer.
    public var lineWidth: Double = 1
    /// Start of the stroked part of a shape layer's path, 0…1.
    public var strokeStart: Double = 0
    /// End of the stroked part of a shape layer's path, 0…1.
    public var strokeEnd: Double = 1
    /// The part of the contents image shown, in unit image coordinates.
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)

    /// A layer state with every property at Core Animation's default.
    ///
    /// ```swift
    /// let state = LayerState()   // opacity 1, identity transform, anchor (0.5, 0.5)
    /// ```
    public init() {}
}
