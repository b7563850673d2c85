/// A value an animation can move between: scalars, points, sizes, rects, colors, transforms.
///
/// `interpolated(to:fraction:)` must accept fractions outside 0…1 (extrapolation): cubic keyframes
/// are built from such blends, and timing curves with overshooting control points produce them.
///
/// ```swift
/// let mid = Point(x: 0, y: 0).interpolated(to: Point(x: 10, y: 4), fraction: 0.5)  // (5, 2)
/// let moved = Point(x: 1, y: 1).adding(Point(x: 2, y: 0))                          // (3, 1)
/// ```
public protocol Interpolatable: Sendable, Equatable {
    /// The neutral value of ``adding(_:)`` (0, the origin, the identity transform).
    static var zero: Self { get }
    /// The blend `self + (other − self) · fraction` (for transforms: of their decompositions).
    func interpolated(to other: Self, fraction: Double) -> Self
    /// Composition used by additive animations and `byValue` (transforms concatenate).
    func adding(_ other: Self) -> Self
    /// The inverse of ``adding(_:)``: `a.subtracting(b).adding(b) == a`.
    func subtracting(_ other: Self) -> Self
    /// A distance for paced keyframes (Euclidean over the components).
    func distance(to other: Self) -> Double
}

/// An ``Interpolatable`` value made of independent numeric components (everything but transforms).
/// Conformers only say how to combine two values component by component.
///
/// ```swift
/// let sum = Size(width: 1, height: 2).componentwise(Size(width: 3, height: 4), +)  // 4 × 6
/// ```
public protocol ComponentwiseInterpolatable: Interpolatable {
    /// A value whose every component is `combine(own, other's)`.
    func componentwise(_ other: Self, _ combine: (Double, Double) -> Double) -> Self
    /// The sum of the squared components (the squared Euclidean length).
    var squaredLength: Double { get }
}

extension ComponentwiseInterpolatable {
    public func interpolated(to other: Self, fraction: Double) -> Self {
        componentwise(other) { a, b in a + (b - a) * fraction }
    }

    public func adding(_ other: Self) -> Self { componentwise(other, +) }

    public func subtracting(_ other: Self) -> Self { componentwise(other, -) }

    public func distance(to other: Self) -> Double { other.subtracting(self).squaredLength.squareRoot() }
}

extension Double: ComponentwiseInterpolatable {
    public func componentwise(_ other: Double, _ combine: (Double, Double) -> Double) -> Double {
        combine(self, other)
    }

    public var squaredLength: Double { self * self }
}
