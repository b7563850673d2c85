#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A 2D affine transform in Core Graphics' convention: a point (x, y) maps to
/// `(a·x + c·y + tx, b·x + d·y + ty)`. In a y-down layer space a positive rotation is clockwise.
///
/// Animations interpolate transforms by decomposition (translation, rotation along the shorter
/// way round, scale, shear), not element by element, so rotate-and-scale keyframes turn rather than
/// collapse through a squashed matrix.
///
/// ```swift
/// let start = AffineTransform(rotationAngle: -.pi / 4).concatenating(AffineTransform(scaleX: 0.25, y: 0.25))
/// let half = start.interpolated(to: .identity, fraction: 0.5)  // rotation −π/8, scale 0.625
/// ```
public struct AffineTransform: Interpolatable, Hashable {
    /// x scale / rotation part: the x axis maps to (a, b).
    public var a: Double
    /// See ``a``.
    public var b: Double
    /// y axis image, first coordinate: the y axis maps to (c, d).
    public var c: Double
    /// See ``c``.
    public var d: Double
    /// Horizontal translation.
    public var tx: Double
    /// Vertical translation.
    public var ty: Double

    /// Creates a transform from its six numbers.
    ///
    /// ```swift
    /// let flip = AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 100)
    /// ```
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    /// The identity: the neutral value of additive transform animations.
    public static let zero = identity

    /// A translation.
    ///
    /// ```swift
    /// let t = AffineTransform(translationX: 10, y: -5)
    /// ```
    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A rotation by `angle` radians (clockwise on a y-down screen).
    ///
    /// ```swift
    /// let sixth = AffineTransform(rotationAngle: -2 * .pi / 6)
    /// ```
    public init(rotationAngle angle: Double) {
        self.init(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
    }

    /// A scale.
    ///
    /// ```swift
    /// let shrink = AffineTransform(scaleX: 0.15, y: 0.15)
    /// ```
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// `self` followed by `other` (as `CGAffineTransform.concatenating`).
    ///
    /// ```swift
    /// let scaleThenMove = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 5, y: 0))
    /// ```
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The inverse, or nil when the transform is singular (a zero scale).
    ///
    /// ```swift
    /// AffineTransform(scaleX: 2, y: 4).inverted()   // scale (0.5, 0.25)
    /// ```
    public func inverted() -> AffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        let ia = d / determinant
        let ib = -b / determinant
        let ic = -c / determinant
        let id = a / determinant
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// Where the transform takes `point`.
    ///
    /// ```swift
    /// AffineTransform(rotationAngle: .pi / 2).apply(to: Point(x: 1, y: 0))   // ≈ (0, 1)
    /// ```
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    // MARK: Decomposition

    /// The parts a transform is animated through: scale (with shear), then rotation, then translation.
    ///
    /// ```swift
    /// let parts = AffineTransform(rotationAngle: 0.3).decomposed()   // rotation 0.3, scale (1, 1)
    /// ```
    public struct Components: Sendable, Hashable {
        /// Where the origin goes.
        public var translation: Point
        /// Rotation in radians, in (−π, π].
        public var rotation: Double
        /// Scale along the (pre-rotation) x and y axes; a negative `height` records a flip.
        public var scale: Size
        /// x added per unit of y before scaling (a skew); 0 for rotate-and-scale transforms.
        public var shear: Double

        /// Creates components.
        ///
        /// ```swift
        /// let c = AffineTransform.Components(translation: .zero, rotation: .pi / 4,
        ///                                    scale: Size(width: 1, height: 1), shear: 0)
        /// ```
        public init(translation: Point, rotation: Double, scale: Size, shear: Double) {
            self.translation = translation
            self.rotation = rotation
            self.scale = scale
            self.shear = shear
        }
    }

    /// Splits the transform into ``Components``; `AffineTransform(components:)` rebuilds it exactly.
    ///
    /// ```swift
    /// let scale = AffineTransform(scaleX: 0.25, y: 0.25).decomposed().scale.width   // 0.25
    /// ```
    public func decomposed() -> Components {
        let scaleX = (a * a + b * b).squareRoot()
        let rotation = scaleX > 0 ? atan2(b, a) : 0
        let cosine = cos(rotation)
        let sine = sin(rotation)
        // The y row seen in the rotated frame: its perpendicular part is the y scale (signed, so a
        // mirror survives), its parallel part the shear.
        let scaleY = -c * sine + d * cosine
        let parallel = c * cosine + d * sine
        let shear = scaleY != 0 ? parallel / scaleY : 0
        return Components(
            translation: Point(x: tx, y: ty), rotation: rotation,
            scale: Size(width: scaleX, height: scaleY), shear: shear)
    }

    /// Rebuilds a transform from its parts.
    ///
    /// ```swift
    /// let t = AffineTransform(components: AffineTransform(rotationAngle: 1).decomposed())
    /// ```
    public init(components parts: Components) {
        let cosine = cos(parts.rotation)
        let sine = sin(parts.rotation)
        let sx = parts.scale.width
        let sy = parts.scale.height
        self.init(
            a: sx * cosine, b: sx * sine,
            c: sy * (parts.shear * cosine - sine), d: sy * (parts.shear * sine + cosine),
            tx: parts.translation.x, ty: parts.translation.y)
    }

    /// The rotation part, as animated by the `transform.rotation` key path. Setting it keeps the
    /// scale, shear and translation.
    ///
    /// ```swift
    /// var t = AffineTransform.identity
    /// t.rotation = .pi / 3
    /// ```
    public var rotation: Double {
        get { decomposed().rotation }
        set { updateComponents { $0.rotation = newValue } }
    }

    /// The uniform scale, as animated by the `transform.scale` key path: reading gives the mean of
    /// the x and y scales, setting makes both equal to the new value (keeping a mirror's sign).
    ///
    /// ```swift
    /// var petal = AffineTransform.identity
    /// petal.scale = 80.0 / 24.0
    /// ```
    public var scale: Double {
        get {
            let parts = decomposed()
            return (parts.scale.width + abs(parts.scale.height)) / 2
        }
        set {
            updateComponents { parts in
                parts.scale = Size(width: newValue, height: parts.scale.height < 0 ? -newValue : newValue)
            }
        }
    }

    /// The translation part (`transform.translation`).
    ///
    /// ```swift
    /// var t = AffineTransform(rotationAngle: 1)
    /// t.translation = Point(x: 5, y: 0)
    /// ```
    public var translation: Point {
        get { Point(x: tx, y: ty) }
        set {
            tx = newValue.x
            ty = newValue.y
        }
    }

    private mutating func updateComponents(_ change: (inout Components) -> Void) {
        var parts = decomposed()
        change(&parts)
        self = AffineTransform(components: parts)
    }

    // MARK: Interpolatable

    public func interpolated(to other: AffineTransform, fraction: Double) -> AffineTransform {
        let from = decomposed()
        let to = other.decomposed()
        var turn = (to.rotation - from.rotation).truncatingRemainder(dividingBy: 2 * .pi)
        if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
        return AffineTransform(
            components: Components(
                translation: from.translation.interpolated(to: to.translation, fraction: fraction),
                rotation: from.rotation + turn * fraction,
                scale: from.scale.interpolated(to: to.scale, fraction: fraction),
                shear: from.shear + (to.shear - from.shear) * fraction))
    }

    /// Additive transform animations apply the animated transform after the underlying one.
    public func adding(_ other: AffineTransform) -> AffineTransform { concatenating(other) }

    /// Undoes ``adding(_:)``; a singular `other` cannot be undone and leaves `self` unchanged.
    public func subtracting(_ other: AffineTransform) -> AffineTransform {
        other.inverted().map(concatenating) ?? self
    }

    public func distance(to other: AffineTransform) -> Double {
        let p = decomposed()
        let q = other.decomposed()
        let parts = [
            p.translation.distance(to: q.translation), p.rotation - q.rotation,
            p.scale.distance(to: q.scale), p.shear - q.shear,
        ]
        return parts.reduce(0) { $0 + $1 * $1 }.squareRoot()
    }
}
