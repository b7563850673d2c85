import ShatterCore

/// Paints textures that are prepared once on the CPU (the tile artwork, the label) from strokes, in
/// points: the coverage of each pixel is `clamp(0.5 − d, 0, 1)` with `d` the signed distance, in
/// pixels, from its centre to the nearest stroke. Straight alpha never appears: the result is the
/// premultiplied color times the coverage, on transparent.
struct StrokePainter {
    /// One stroke, in points, y down.
    enum Stroke: Sendable {
        /// A line of `width` with round caps.
        case segment(from: SIMD2<Double>, to: SIMD2<Double>, width: Double)
        /// A line of `width` with flat caps, cut to `rows` (flat top and bottom, as a letter's leg).
        case bar(from: SIMD2<Double>, to: SIMD2<Double>, width: Double, rows: ClosedRange<Double>)
        /// An axis-aligned rectangle.
        case rect(x: ClosedRange<Double>, y: ClosedRange<Double>)
        /// The right half of a ring: centre, outer radius, stroke width (a letter's bowl).
        case rightHalfRing(centre: SIMD2<Double>, outerRadius: Double, width: Double)

        /// Signed distance in points from `p`.
        func distance(_ p: SIMD2<Double>) -> Double {
            switch self {
            case .segment(let a, let b, let width):
                let ab = b - a
                let ap = p - a
                let h = min(max((ap * ab).sum() / (ab * ab).sum(), 0), 1)
                return length(ap - ab * h) - width / 2
            case .bar(let a, let b, let width, let rows):
                let ab = b - a
                let l = length(ab)
                let axis = ab / l
                let ap = p - a
                let along = (ap * axis).sum()
                let across = ap.x * axis.y - ap.y * axis.x
                let box = Self.box(SIMD2(abs(along - l / 2) - l / 2, abs(across) - width / 2))
                return max(box, rows.lowerBound - p.y, p.y - rows.upperBound)
            case .rect(let x, let y):
                let centre = SIMD2((x.lowerBound + x.upperBound) / 2, (y.lowerBound + y.upperBound) / 2)
                let half = SIMD2((x.upperBound - x.lowerBound) / 2, (y.upperBound - y.lowerBound) / 2)
                let q = p - centre
                return Self.box(SIMD2(abs(q.x), abs(q.y)) - half)
            case .rightHalfRing(let centre, let outerRadius, let width):
                let ring = abs(length(p - centre) - (outerRadius - width / 2)) - width / 2
                return max(ring, centre.x - p.x)
            }
        }

        private static func box(_ q: SIMD2<Double>) -> Double {
            length(SIMD2(max(q.x, 0), max(q.y, 0))) + min(max(q.x, q.y), 0)
        }

        private func length(_ v: SIMD2<Double>) -> Double { Self.length(v) }
        private static func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
    }

    /// An image of `pixelWidth`×`pixelHeight` showing `strokes` in `color` (straight RGB, 0…1, opaque),
    /// at `scale` pixels per point.
    static func paint(
        _ strokes: [Stroke], pixelWidth: Int, pixelHeight: Int, scale: Double,
        color: SIMD3<Double>
    ) -> Image {
        var image = Image(width: pixelWidth, height: pixelHeight)
        for y in 0..<pixelHeight {
            for x in 0..<pixelWidth {
                let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5) / scale
                let d = strokes.reduce(Double.infinity) { min($0, $1.distance(p)) }
                let coverage = min(max(0.5 - d * scale, 0), 1)
                guard coverage > 0 else { continue }
                func byte(_ v: Double) -> UInt8 { UInt8((v * coverage * 255).rounded()) }
                image[x, y] = RGBA8(r: byte(color.x), g: byte(color.y), b: byte(color.z), a: byte(1))
            }
        }
        return image
    }
}
