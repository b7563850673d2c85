/// A point in layer coordinates (points, y down).
///
/// ```swift
/// let centre = Point(x: 184, y: 224)
/// let left = centre - Point(x: 80, y: 0)
/// ```
public struct Point: ComponentwiseInterpolatable, Hashable {
    /// Horizontal coordinate (points, growing right).
    public var x: Double
    /// Vertical coordinate (points, growing down).
    public var y: Double

    /// Creates a point.
    ///
    /// ```swift
    /// let p = Point(x: 3, y: 4)
    /// ```
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    public func componentwise(_ other: Point, _ combine: (Double, Double) -> Double) -> Point {
        Point(x: combine(x, other.x), y: combine(y, other.y))
    }

    public var squaredLength: Double { x * x + y * y }

    /// Component sum, e.g. `centre + offset`.
    public static func + (a: Point, b: Point) -> Point { a.adding(b) }
    /// Component difference, e.g. `end - start`.
    public static func - (a: Point, b: Point) -> Point { a.subtracting(b) }
    /// Scales both coordinates, e.g. `offset * 0.5`.
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    /// Scales both coordinates, e.g. `0.5 * offset`.
    public static func * (k: Double, a: Point) -> Point { a * k }
}

/// A width and height.
///
/// ```swift
/// let tile = Size(width: 90, height: 90)
/// ```
public struct Size: ComponentwiseInterpolatable, Hashable, Codable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// Creates a size.
    ///
    /// ```swift
    /// let square = Size(width: 21, height: 21)
    /// ```
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size.
    public static let zero = Size(width: 0, height: 0)

    public func componentwise(_ other: Size, _ combine: (Double, Double) -> Double) -> Size {
        Size(width: combine(width, other.width), height: combine(height, other.height))
    }

    public var squaredLength: Double { width * width + height * height }
}

/// An origin and a size; animates origin and size component by component (`bounds`, `contentsRect`).
///
/// ```swift
/// let mask = Rect(x: -37.5, y: -37.5, width: 75, height: 75)
/// ```
public struct Rect: ComponentwiseInterpolatable, Hashable {
    /// The corner with the smallest coordinates.
    public var origin: Point
    /// Width and height.
    public var size: Size

    /// Creates a rect from its origin and size.
    ///
    /// ```swift
    /// let r = Rect(origin: .zero, size: Size(width: 1, height: 1))
    /// ```
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rect from its four numbers.
    ///
    /// ```swift
    /// let unit = Rect(x: 0, y: 0, width: 1, height: 1)
    /// ```
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rect at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    public func componentwise(_ other: Rect, _ combine: (Double, Double) -> Double) -> Rect {
        Rect(origin: origin.componentwise(other.origin, combine), size: size.componentwise(other.size, combine))
    }

    public var squaredLength: Double { origin.squaredLength + size.squaredLength }
}
