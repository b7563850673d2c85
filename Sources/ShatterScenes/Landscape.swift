import ShatterCore
import ShatterDrawing

/// The presented screen's 50×50 pt picture: sky, sun, a snow-capped mountain and a green hill.
///
/// Stands in for the original demo's photo. It is deliberately busy and colorful so that when an
/// effect cuts the screen into pieces, each piece's motion is easy to follow.
enum Landscape {
    private typealias RGB = (r: Double, g: Double, b: Double)

    /// The opaque color at picture coordinates `u`, `v` in 0…1 (v down); `pixelsAcross` is the
    /// picture's side in pixels, used to make every shape edge one pixel soft.
    static func color(u: Double, v: Double, pixelsAcross: Double) -> RGBA8 {
        let soft = max(1, pixelsAcross)
        func coverage(_ signedInside: Double) -> Double { min(1, max(0, signedInside * soft + 0.5)) }

        var c = mix((52, 120, 230), (255, 176, 110), min(1, max(0, v / 0.7)))

        let dx = u - 0.7
        let dy = v - 0.3
        c = mix(c, (255, 214, 64), coverage(0.13 - (dx * dx + dy * dy).squareRoot()))

        let mountainTop = 0.4 + abs(u - 0.32)
        let mountain = mix((112, 92, 168), (255, 255, 255), coverage(0.5 - v))
        c = mix(c, mountain, coverage(v - mountainTop))

        let hillTop = 0.66 + 0.35 * (u - 0.65) * (u - 0.65)
        let grass = mix((80, 180, 72), (28, 104, 48), min(1, max(0, (v - 0.66) / 0.34)))
        c = mix(c, grass, coverage(v - hillTop))

        func byte(_ x: Double) -> UInt8 { UInt8(min(255, max(0, x.rounded()))) }
        return RGBA8(r: byte(c.r), g: byte(c.g), b: byte(c.b), a: 255)
    }

    private static func mix(_ a: RGB, _ b: RGB, _ t: Double) -> RGB {
        (a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t)
    }
}
