import ShatterAnimation

/// The Uber splash's constants (raywenderlich "Fuber", effects-originals §4.1): one place, named as
/// in the original.
enum Fuber {
    /// kAnimationDuration: one loop.
    static let duration = 3.0
    /// kAnimationDurationDelay: the length of the loop's last part (mask collapse, line and square shrink).
    static let durationDelay = 0.5
    /// kAnimationTimeOffset = 0.35 × 3: where the grid starts in its loop.
    static let gridTimeOffset = 0.35 * duration
    /// startTimeOffset = 0.7 × 3: where the logo starts in its loop.
    static let logoTimeOffset = 0.7 * duration
    static let rippleMagnitudeMultiplier = 0.025
    static let rippleDelayMultiplier = 0.0006666

    /// The logo's radius (the white disk's), and its square's side.
    static let radius = 37.5
    static let squareLength = 21.0
    static let squareCornerRadius = 1.5

    static let strokeEnd = TimingFunction(controlPoints: 1.00, 0.0, 0.35, 1.0)
    static let squareCurve = TimingFunction(controlPoints: 0.25, 0.0, 0.20, 1.0)
    static let circleCurve = TimingFunction(controlPoints: 0.65, 0.0, 0.40, 1.0)
    static let fadeInSquare = TimingFunction(controlPoints: 0.15, 0.0, 0.85, 1.0)
    /// The tiles' curve: the original's 0.25 (a Swift-3 copy has 0.15).
    static let tileCurve = TimingFunction(controlPoints: 0.25, 0.0, 0.2, 1.0)
    static let containerMiddle = TimingFunction(controlPoints: 0.6, 0.0, 0.15, 1.0)

    static let blue = Color(red: 15.0 / 255, green: 78.0 / 255, blue: 101.0 / 255)
    static let lightBlue = Color(red: 77.0 / 255, green: 181.0 / 255, blue: 217.0 / 255)

    /// Tile side (the Chimes artwork's size), the grid container and its layout.
    static let tileSide = 90.0
    static let containerSize = Size(width: 630, height: 990)
    static let columns = Int(((containerSize.width - tileSide / 2) / tileSide).rounded(.up))  // 7
    static let rows = Int(((containerSize.height - tileSide / 2) / tileSide).rounded(.up))  // 11
    static let rippleKeyTimes = [0, 0.61, 0.7, 0.887, 1]
}
