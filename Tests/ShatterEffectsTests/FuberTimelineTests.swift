import ShatterAnimation
import ShatterEffects
import ShatterTestSupport
import Testing

/// Fuber's curves (effects-originals §4.1), as control points for the test's own Bézier.
enum FuberCurves {
    static let strokeEnd = (1.0, 0.0, 0.35, 1.0)
    static let square = (0.25, 0.0, 0.20, 1.0)
    static let circle = (0.65, 0.0, 0.40, 1.0)
    static let fadeInSquare = (0.15, 0.0, 0.85, 1.0)
    static let tile = (0.25, 0.0, 0.2, 1.0)
    static let containerMiddle = (0.6, 0.0, 0.15, 1.0)
    static let easeInEaseOut = (0.42, 0.0, 0.58, 1.0)
    static let easeOut = (0.0, 0.0, 0.58, 1.0)

    static let blue = Color(red: 15.0 / 255, green: 78.0 / 255, blue: 101.0 / 255)
}

/// Expected logo state at one instant. Logo local time = (t + 2.1) mod 3.
struct LogoInstant: Sendable, CustomTestStringConvertible {
    let time: Double
    let strokeEnd: Double
    let circleRotationDegrees: Double
    let circleScale: Double
    let lineWidth: Double
    let squareSide: Double
    /// 0 = white, 1 = fuberBlue.
    let squareBlueness: Double
    let maskSide: Double
    let maskRadius: Double

    var testDescription: String { "t = \(time)" }
}

/// Expected tile (1, 1) state. Tile local time = (t + 1.05 − delay) mod 3, or 1.05 before the delay.
struct TileInstant: Sendable, CustomTestStringConvertible {
    let time: Double
    let opacity: Double
    let scale: Double
    /// Fraction of the ripple offset added to the position.
    let ripple: Double

    var testDescription: String { "t = \(time)" }
}

/// SplashLogo and SplashTileGrid (built with the Core Animation model) against values worked out from the spec.
@Suite("Fuber splash timeline")
struct FuberTimelineTests {
    static let fiveSixths = 1 - 0.5 / 3

    static let logo = SplashLogo()
    static let grid = SplashTileGrid()

    static func se(_ x: Double) -> Double { reference(FuberCurves.strokeEnd, x) }
    static func circleCurve(_ x: Double) -> Double { reference(FuberCurves.circle, x) }

    /// The logo at `time`, `local` seconds into its 3 s loop, while the circle still draws (local < 2.5):
    /// line and square in their first segment, the mask a full square.
    static func drawing(time: Double, local: Double, squareBlueness: Double) -> LogoInstant {
        let stroke = se(local / 2.5)
        let segment = (local / 3) / fiveSixths
        return LogoInstant(
            time: time, strokeEnd: stroke, circleRotationDegrees: -45 * (1 - stroke), circleScale: 0.25 + 0.75 * stroke,
            lineWidth: 5 * se(segment), squareSide: 14 + 7 * reference(FuberCurves.fadeInSquare, segment),
            squareBlueness: squareBlueness, maskSide: 75, maskRadius: 0)
    }

    /// The logo in its loop's last half second (local ≥ 2.5): circle done, line and square in their last
    /// segment, the mask collapsing.
    static func collapsing(time: Double, local: Double) -> LogoInstant {
        let segment = (local / 3 - fiveSixths) / (1 - fiveSixths)
        let mask = circleCurve((local - 2.5) / 0.5)
        return LogoInstant(
            time: time, strokeEnd: 1, circleRotationDegrees: 0, circleScale: 1, lineWidth: 5 - 5 * circleCurve(segment),
            squareSide: 21 - 21 * reference(FuberCurves.square, segment), squareBlueness: 1,
            maskSide: 75 + (14 - 75) * mask, maskRadius: 37.5 + (2 - 37.5) * mask)
    }

    static let logoInstants: [LogoInstant] = [
        // t 0 → local 2.1: circle wiping, line and square in their first segment, square already blue.
        drawing(time: 0, local: 2.1, squareBlueness: 1),
        // t 0.45 → local 2.55: circle children over (model), line/square in the last segment, mask collapsing.
        collapsing(time: 0.45, local: 2.55),
        collapsing(time: 0.65, local: 2.75),
        // t 0.85 → local 2.95: just before the wrap.
        collapsing(time: 0.85, local: 2.95),
        // t 0.95 → local 0.05: wrapped to the start; the square is white again (backwards fill).
        drawing(time: 0.95, local: 0.05, squareBlueness: 0),
        // t 1.5 → local 0.6: the square's color change (begins 1/3, lasts 1.2) is under way.
        drawing(time: 1.5, local: 0.6, squareBlueness: reference(FuberCurves.square, (0.6 - 1.0 / 3) / 1.2)),
        // t 2.9 → local 2.0: color change over (held blue by its forward fill).
        drawing(time: 2.9, local: 2.0, squareBlueness: 1),
        // t 3.5 → local 2.6 of the second loop.
        collapsing(time: 3.5, local: 2.6),
    ]

    @Test("Logo groups", arguments: logoInstants)
    func logoGroups(_ expected: LogoInstant) {
        let state = Self.logo.state(at: expected.time)
        let circle = state.circle
        #expect(isClose(circle.strokeEnd, expected.strokeEnd, 1e-6))
        #expect(isClose(circle.transform.rotation, radians(expected.circleRotationDegrees), 1e-6))
        #expect(isClose(circle.transform.scale, expected.circleScale, 1e-6))
        #expect(isClose(state.line.lineWidth, expected.lineWidth, 1e-6))
        let square = state.square
        #expect(isClose(square.bounds.size.width, expected.squareSide, 1e-6))
        let blue = FuberCurves.blue
        let p = expected.squareBlueness
        #expect(
            isClose(
                square.backgroundColor,
                Color(
                    red: 1 + (blue.red - 1) * p, green: 1 + (blue.green - 1) * p,
                    blue: 1 + (blue.blue - 1) * p), 1e-6))
        let mask = state.mask
        #expect(isClose(mask.bounds.size.width, expected.maskSide, 1e-6))
        #expect(isClose(mask.cornerRadius, expected.maskRadius, 1e-6))
    }

    @Test func lineShrinksThroughDecomposedTransforms() {
        // Local 2.6: second segment (identity → scale 0.15), no rotation left.
        let line = Self.logo.line.presentation(at: 3.5)
        let u = reference(FuberCurves.circle, (2.6 / 3 - Self.fiveSixths) / (1 - Self.fiveSixths))
        #expect(isClose(line.transform.scale, 1 + (0.15 - 1) * u, 1e-6))
        #expect(isClose(line.transform.rotation, 0, 1e-9))
    }

    // Tile (x 1, y 1): centre (135, 135); the centre tile's centre is (315, 495).
    static let tileCentre = Point(x: 135, y: 135)
    static let dx: Double = 135 - 315, dy: Double = 135 - 495
    static let delay: Double = 0.0006666 * (dx * dx + dy * dy).squareRoot()
    static let rippleOffset = Point(x: 0.025 * dx, y: 0.025 * dy)

    static var tile: SplashTileGrid.Tile { grid.tile(column: 1, row: 1)! }

    static func tileCurve(_ x: Double) -> Double { reference(FuberCurves.tile, x) }

    static let tileInstants: [TileInstant] = [
        // Before the ripple delay: backwards fill shows local 1.05 (fraction 0.35, first opacity segment).
        TileInstant(time: 0, opacity: reference(FuberCurves.easeInEaseOut, 0.35 / 0.61), scale: 1, ripple: 0),
        TileInstant(time: 0.1, opacity: reference(FuberCurves.easeInEaseOut, 0.35 / 0.61), scale: 1, ripple: 0),
        // delay + 0.5 → local 1.55.
        TileInstant(time: delay + 0.5, opacity: reference(FuberCurves.easeInEaseOut, (1.55 / 3) / 0.61), scale: 1, ripple: 0),
        // delay + 0.95 → local 2.0 (fraction 2/3): flash dimming, ripple swelling.
        TileInstant(
            time: delay + 0.95, opacity: 1 + (0.45 - 1) * tileCurve((2.0 / 3 - 0.61) / (0.7 - 0.61)),
            scale: 1 + 0.05 * tileCurve((2.0 / 3 - 0.61) / (0.7 - 0.61)),
            ripple: tileCurve((2.0 / 3 - 0.61) / (0.7 - 0.61))),
        // delay + 1.45 → local 2.5 (fraction 5/6): fading out, ripple settling back.
        TileInstant(
            time: delay + 1.45, opacity: 0.6 + (0 - 0.6) * reference(FuberCurves.easeOut, (2.5 / 3 - 0.767) / (0.95 - 0.767)),
            scale: 1.05 + (1 - 1.05) * tileCurve((2.5 / 3 - 0.7) / (0.887 - 0.7)),
            ripple: 1 - tileCurve((2.5 / 3 - 0.7) / (0.887 - 0.7))),
        // delay + 1.9 → local 2.95: invisible, at rest.
        TileInstant(time: delay + 1.9, opacity: 0, scale: 1, ripple: 0),
        // delay + 2.0 → local 0.05: the timeOffset wrap, fading in again.
        TileInstant(time: delay + 2.0, opacity: reference(FuberCurves.easeInEaseOut, (0.05 / 3) / 0.61), scale: 1, ripple: 0),
        // One loop later, same as delay + 0.95.
        TileInstant(
            time: delay + 3.95, opacity: 1 + (0.45 - 1) * tileCurve((2.0 / 3 - 0.61) / (0.7 - 0.61)),
            scale: 1 + 0.05 * tileCurve((2.0 / 3 - 0.61) / (0.7 - 0.61)),
            ripple: tileCurve((2.0 / 3 - 0.61) / (0.7 - 0.61))),
    ]

    @Test("Tile group", arguments: tileInstants)
    func tileGroup(_ expected: TileInstant) {
        #expect(Self.delay > 0.1)  // so t = 0.1 is really before the ripple starts
        #expect(isClose(Self.tile.rippleDelay, Self.delay, 1e-12) && isClose(Self.tile.rippleOffset, Self.rippleOffset, 1e-12))
        let tile = Self.tile.layer.presentation(at: expected.time)
        #expect(isClose(tile.opacity, expected.opacity, 1e-6))
        #expect(isClose(tile.transform.scale, expected.scale, 1e-6))
        #expect(isClose(tile.position, Self.tileCentre + Self.rippleOffset * expected.ripple, 1e-6))
    }

    // Container local = (t + 1.05) mod 3.
    @Test(
        "Container zoom",
        arguments: [
            (0.0, 0.75),
            (0.6, 0.75 + 0.25 * reference(FuberCurves.containerMiddle, (1.65 / 3 - 0.45) / (0.887 - 0.45))),
            (1.0, 0.75 + 0.25 * reference(FuberCurves.containerMiddle, (2.05 / 3 - 0.45) / (0.887 - 0.45))),
            (1.7, 1.0),
            (2.0, 0.75),
            (3.6, 0.75 + 0.25 * reference(FuberCurves.containerMiddle, (1.65 / 3 - 0.45) / (0.887 - 0.45))),
        ])
    func containerZoom(time: Double, scale: Double) {
        #expect(isClose(Self.grid.container.presentation(at: time).transform.scale, scale, 1e-6))
    }
}
