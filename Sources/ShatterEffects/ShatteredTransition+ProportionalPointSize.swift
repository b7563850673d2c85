/// The original's look at any output size. The original draws 2-point pieces on a 375-point-wide
/// screen (the iPhone it was made on); a 1920-pixel-wide output with 2-pixel pieces has five times as
/// many across and reads as TV static. Scaling the piece with the output's width keeps the proportion.
extension ShatteredTransition {
    /// The original's piece, in points.
    public static let originalPointSize = 2.0
    /// The original's screen width, in points.
    public static let originalScreenWidth = 375.0

    /// The point size, in points at `scale`, whose pieces take the share of an output `pixelWidth`
    /// pixels wide that the original's take of its screen: `2 / 375 · pixelWidth` pixels, rounded to the
    /// nearest 1/8 px (the point-sprite program places only whole eighths, `PointSizeNotEighths`), and
    /// at least 1 px, the smallest point GL draws. 375 px wide gives 2 px, 1280 gives 6.875, 1920 gives
    /// 10.25 (10.24 rounded), 3840 gives 20.5.
    ///
    /// ```swift
    /// var parameters = ShatteredTransition.Parameters(width: 1920, height: 1080)
    /// parameters.pointSize = ShatteredTransition.proportionalPointSize(pixelWidth: 1920)   // 10.25
    /// ```
    public static func proportionalPointSize(pixelWidth: Int, scale: Double = 1) -> Double {
        let pixels = originalPointSize / originalScreenWidth * Double(pixelWidth)
        let eighths = max(8, (pixels * 8).rounded())
        return eighths / 8 / scale
    }
}

extension ShatteredTransition.Parameters {
    /// ``ShatteredTransition/proportionalPointSize(pixelWidth:scale:)`` for these parameters' output
    /// width and scale: `parameters.pointSize = parameters.proportionalPointSize`.
    public var proportionalPointSize: Double {
        ShatteredTransition.proportionalPointSize(pixelWidth: pixelWidth, scale: scale)
    }
}
