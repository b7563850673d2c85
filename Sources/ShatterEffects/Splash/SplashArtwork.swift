import ShatterAnimation
import ShatterCore

/// The pictures the splash draws from, made by the project: the Chimes tile (traced line geometry,
/// effects-originals §4.2) and the "F         BER" label (a geometric sans from bars and arcs).
enum SplashArtwork {
    /// Tile line width in points.
    static let tileLineWidth = 1.25

    /// The tile's lines in tile points (90×90, y down), symmetric about both mid-lines.
    static var tileStrokes: [StrokePainter.Stroke] {
        func line(_ a: (Double, Double), _ b: (Double, Double)) -> StrokePainter.Stroke {
            .segment(from: SIMD2(a.0, a.1), to: SIMD2(b.0, b.1), width: tileLineWidth)
        }
        func polyline(_ points: [(Double, Double)]) -> [StrokePainter.Stroke] {
            zip(points, points.dropFirst()).map { line($0, $1) }
        }
        return [line((0, 0), (90, 90)), line((90, 0), (0, 90)), line((25, 45), (65, 45))]
            + polyline([(0, 45), (45, 11.25), (90, 45), (45, 78.75), (0, 45)])  // outer rhombus
            + polyline([(45, 11.25), (25, 45), (45, 78.75), (65, 45), (45, 11.25)])  // inner rhombus
            + polyline([(27.5, 0), (25, 45), (27.5, 90)]) + polyline([(62.5, 0), (65, 45), (62.5, 90)])
            + [
                line((8.5, 9.5), (15, 33)), line((81.5, 9.5), (75, 33)),
                line((8.5, 80.5), (15, 57)), line((81.5, 80.5), (75, 57)),
            ]
    }

    /// The tile picture: light blue lines on transparent, `90·scale` pixels square.
    static func tile(scale: Double) -> Texture {
        let side = max(1, Int((Fuber.tileSide * scale).rounded(.up)))
        let blue = Fuber.lightBlue
        return Texture(
            image: StrokePainter.paint(
                tileStrokes, pixelWidth: side, pixelHeight: side,
                scale: Double(side) / Fuber.tileSide,
                color: SIMD3(blue.red, blue.green, blue.blue)))
    }

    // MARK: Label

    /// `systemFont(50)`: cap height 0.705 em, regular stems about 0.086 em.
    static let capHeight = 35.25
    static let stem = 4.3
    /// Advances of F, the space (×9) and B, E, R at 50 points.
    static let advances = (f: 27.5, space: 12.2, b: 31.5, e: 27.5, r: 30.0)
    /// The label's size after `sizeToFit` (line height 1.19 em), and where its centre sits in the
    /// centre tile: (midX + 31, midY).
    static var labelSize: Size {
        Size(width: advances.f + 9 * advances.space + advances.b + advances.e + advances.r, height: 59.6)
    }
    static let labelCentreInTile = Point(x: Fuber.tileSide / 2 + 31, y: Fuber.tileSide / 2)

    /// The strokes of "F         BER" in label points (y down), caps centred vertically.
    static var labelStrokes: [StrokePainter.Stroke] {
        let top = (labelSize.height - capHeight) / 2
        let bottom = top + capHeight
        let s = stem
        let middle = top + 16.3  // the middle bar sits a little above half the cap height
        var strokes: [StrokePainter.Stroke] = []
        func stemAndBar(_ x: Double, _ bars: [(y: Double, to: Double)]) {
            strokes.append(.rect(x: (x + 4)...(x + 4 + s), y: top...bottom))
            for bar in bars { strokes.append(.rect(x: (x + 4)...(x + bar.to), y: bar.y...(bar.y + s))) }
        }
        // A bowl: bars at its top and bottom edges from the stem, closed by a right half ring.
        func bowl(_ x: Double, from y0: Double, to y1: Double, right: Double) {
            let radius = (y1 - y0) / 2
            let centreX = x + right - radius
            strokes.append(.rightHalfRing(centre: SIMD2(centreX, y0 + radius), outerRadius: radius, width: s))
            strokes.append(.rect(x: (x + 4)...centreX, y: y0...(y0 + s)))
            strokes.append(.rect(x: (x + 4)...centreX, y: (y1 - s)...y1))
        }
        var x = 0.0
        stemAndBar(x, [(top, 24.5), (middle - s / 2, 22.5)])  // F
        x += advances.f + 9 * advances.space
        stemAndBar(x, [])  // B
        bowl(x, from: top, to: middle + s / 2, right: 25.5)
        bowl(x, from: middle - s / 2, to: bottom, right: 27)
        x += advances.b
        stemAndBar(x, [(top, 24), (middle - s / 2, 22.5), (bottom - s, 24.5)])  // E
        x += advances.e
        stemAndBar(x, [])  // R
        bowl(x, from: top, to: middle + s / 2 + 0.6, right: 26)
        strokes.append(
            .bar(
                from: SIMD2(x + 14, middle), to: SIMD2(x + 26.5, bottom), width: s * 1.05,
                rows: (middle + s / 2)...bottom))
        return strokes
    }

    /// The white label, `labelSize · scale` pixels (rounded up).
    static func label(scale: Double) -> Texture {
        let size = labelSize
        return Texture(
            image: StrokePainter.paint(
                labelStrokes, pixelWidth: max(1, Int((size.width * scale).rounded(.up))),
                pixelHeight: max(1, Int((size.height * scale).rounded(.up))), scale: scale, color: SIMD3(1, 1, 1)))
    }
}
