/// An RGBA color with components as plain numbers (sRGB-encoded, not premultiplied), interpolated
/// component by component as Core Animation does.
///
/// ```swift
/// let fuberBlue = Color(red: 15 / 255, green: 78 / 255, blue: 101 / 255)
/// let halfway = Color.white.interpolated(to: fuberBlue, fraction: 0.5)
/// ```
public struct Color: ComponentwiseInterpolatable, Hashable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0…1.
    public var alpha: Double

    /// Creates a color; alpha defaults to opaque.
    ///
    /// ```swift
    /// let petal = Color(red: 0.17, green: 0.59, blue: 0.60)
    /// ```
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Transparent black, the neutral value of additive color animations.
    public static let zero = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Transparent black (a layer's default background).
    public static let clear = Color.zero
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)

    public func componentwise(_ other: Color, _ combine: (Double, Double) -> Double) -> Color {
        Color(
            red: combine(red, other.red), green: combine(green, other.green),
            blue: combine(blue, other.blue), alpha: combine(alpha, other.alpha))
    }

    public var squaredLength: Double { red * red + green * green + blue * blue + alpha * alpha }
}
