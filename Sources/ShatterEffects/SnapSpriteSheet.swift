import ShatterCore
import ShatterDrawing

/// The project's stand-in for the gauntlet's snap sprite (Google's artwork is not ours to ship):
/// 48 frames of 80×80 px in one row, as `thanos_snap.png`. A golden fist with six stones raises two
/// fingers, snaps at frame 18, and a ring of light spreads and fades while the stones glow.
///
/// ```swift
/// let sheet = SnapSpriteSheet.drawn()   // 3840×80, transparent around the fist
/// ```
public enum SnapSpriteSheet {
    public static let frameSide = 80
    public static let frameCount = 48
    /// The frame at which the fingers snap.
    static let snapFrame = 18

    static let gold = RGBA8(r: 214, g: 163, b: 48, a: 255)
    static let shadow = RGBA8(r: 150, g: 104, b: 24, a: 255)
    static let stones = [
        RGBA8(r: 140, g: 60, b: 220, a: 255),  // power, centre
        RGBA8(r: 40, g: 110, b: 240, a: 255), RGBA8(r: 230, g: 40, b: 50, a: 255),
        RGBA8(r: 250, g: 140, b: 30, a: 255), RGBA8(r: 40, g: 200, b: 90, a: 255),
        RGBA8(r: 250, g: 230, b: 60, a: 255),
    ]

    public static func drawn() -> Image {
        var canvas = Canvas(width: frameSide * frameCount, height: frameSide, fill: .transparent)
        for k in 0..<frameCount { drawFrame(k, into: &canvas, left: Double(k * frameSide)) }
        return canvas.image
    }

    static func drawFrame(_ k: Int, into canvas: inout Canvas, left x: Double) {
        let snapped = k >= snapFrame
        // Wind-up: the raised fingers press a little higher just before the snap.
        let press = snapped ? 0 : Double(max(0, k - (snapFrame - 6)))
        if snapped {
            canvas.fillRoundedRect(x: x + 26, y: 26, width: 22, height: 14, radius: 6, color: shadow)
        } else {
            canvas.fillRoundedRect(x: x + 27, y: 16 - press, width: 9, height: 24, radius: 4.5, color: shadow)
            canvas.fillRoundedRect(x: x + 37, y: 10 - press, width: 9, height: 30, radius: 4.5, color: gold)
        }
        canvas.fillRoundedRect(x: x + 22, y: 32, width: 38, height: 40, radius: 11, color: gold)
        canvas.fillRoundedRect(x: x + 14, y: snapped ? 36 : 40, width: 13, height: 20, radius: 6, color: shadow)
        // After the snap the stones pulse brighter, then settle.
        let glow = snapped ? max(0, 1 - Double(k - snapFrame) / 20) : 0
        let spots = [(41.0, 52.0, 4.5), (31, 42, 2.8), (39, 40, 2.8), (47, 40, 2.8), (54, 46, 2.8), (52, 60, 2.8)]
        for (i, spot) in spots.enumerated() {
            let r = spot.2 + glow * 1.5
            canvas.fillRoundedRect(
                x: x + spot.0 - r, y: spot.1 - r, width: 2 * r, height: 2 * r, radius: r,
                color: brighten(stones[i], by: glow))
        }
        if snapped && k < snapFrame + 22 { drawRing(k - snapFrame, into: &canvas, left: x) }
    }

    /// A ring of light from the fingertips: radius grows, opacity falls; anti-aliased from the
    /// distance to the ring's centre line. It grows to 19.8 px, so with its 2-px margin it stays
    /// within the 22 px above the fingertips: the layer masks to its 80×80 bounds.
    static func drawRing(_ age: Int, into canvas: inout Canvas, left x: Double) {
        let cx = x + 41
        let cy = 22.0
        let radius = 3 + Double(age) * 0.8
        let fade = 1 - Double(age) / 22
        let outer = radius + 2
        canvas.fillRoundedRect(x: cx - outer, y: cy - outer, width: 2 * outer, height: 2 * outer, radius: outer) { px, py in
            let d = ((Double(px) + 0.5 - cx) * (Double(px) + 0.5 - cx) + (Double(py) + 0.5 - cy) * (Double(py) + 0.5 - cy))
                .squareRoot()
            let coverage = min(1, max(0, 1.5 - abs(d - radius))) * fade
            let a = UInt8((255 * coverage).rounded())
            return RGBA8(r: a, g: UInt8((235 * coverage).rounded()), b: UInt8((160 * coverage).rounded()), a: a)
        }
    }

    static func brighten(_ c: RGBA8, by amount: Double) -> RGBA8 {
        func lift(_ v: UInt8) -> UInt8 { UInt8((Double(v) + (255 - Double(v)) * amount * 0.6).rounded()) }
        return RGBA8(r: lift(c.r), g: lift(c.g), b: lift(c.b), a: c.a)
    }
}
