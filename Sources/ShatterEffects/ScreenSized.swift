/// Effect parameters with a size in points and a scale: the output's pixel size follows from them the
/// same way for every effect.
public protocol ScreenSized {
    /// Size in points.
    var width: Int { get }
    var height: Int { get }
    /// Output pixels per point.
    var scale: Double { get }
}

extension ScreenSized {
    /// Output size in pixels: points × scale, rounded.
    public var pixelWidth: Int { Int((Double(width) * scale).rounded()) }
    public var pixelHeight: Int { Int((Double(height) * scale).rounded()) }
}
